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

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export const JOB_METHODS = [...HTTP_METHODS, 'SOLANA_JSON_RPC', 'CRAWL_FULL_PAGE'] as const;
export type JobMethod = (typeof JOB_METHODS)[number];

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
] as const;
export type DeviceErrorType = (typeof DEVICE_ERROR_TYPES)[number];

export const REGIONS = ['NA', 'EU', 'APAC', 'LATAM', 'MEA'] as const;
export type Region = (typeof REGIONS)[number];
export const DEVICE_TYPES = ['mobile', 'desktop', 'server'] as const;
export const NETWORK_TYPES = ['wifi', 'cellular', 'ethernet'] as const;
