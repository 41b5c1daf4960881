// Vocabulary shared by both ends of the link.

export const PROTOCOL_VERSION = 1;
/** WebSocket path on the coordinator that agents connect to. */
export const AGENT_LINK_PATH = '/agent/v1/link';

/** Default largest frame either side accepts: a chunk plus envelope overhead. */
export const DEFAULT_MAX_FRAME_BYTES = 1_048_576 + 16_384;
/** Default size of one content chunk. */
export const DEFAULT_MAX_CHUNK_BYTES = 256 * 1024;
/** Largest frame accepted before the agent's hello (tight: unauthenticated peers). */
export const PRE_HELLO_MAX_FRAME_BYTES = 16_384;

/** WebSocket close codes: 4xxx with HTTP-like meanings. */
export const CloseCode = {
  BadFrame: 4400,
  Unauthorized: 4401,
  Forbidden: 4403,
  HelloTimeout: 4408,
  Replaced: 4409,
  TooLarge: 4413,
  GoingAway: 4503,
} as const;

// The job methods, regions, device and network types are the public API's vocabulary: one list
// each, in contract/common.ts (which imports nothing of ours), shared by both ends of the link.
export {
  DEVICE_TYPES,
  HTTP_METHODS,
  JOB_METHODS,
  type JobMethod,
  NETWORK_TYPES,
  REGIONS,
  type Region,
} from '../contract/common.js';

/** `error_type` values a device reports with `success: false`. */
export const DEVICE_ERROR_TYPES = [
  'timeout',
  'dns',
  'connect',
  'tls',
  'blocked',
  'too_large',
  'browser',
  'rpc',
  'invalid_response',
  // A page action failed (docs/actions.md): metadata.failed_action names its index.
  'action',
] as const;
export type DeviceErrorType = (typeof DEVICE_ERROR_TYPES)[number];
