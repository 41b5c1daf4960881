// The agent's error registry: every error the agent raises on purpose has a stable code, says whether
// retrying can help, and keeps its cause. Job failures carry the contract's device error type.
import path from 'node:path';
import type { DeviceErrorType } from '../proto/index.js';

export { OffloadError, type OffloadErrorCode } from '../common/offload/index.js';
export type { DeviceErrorType } from '../proto/index.js';
export { AgentConfigError } from './config.js';
export { StatusError, type StatusErrorCode } from './status/errors.js';

/** The error type of a finished job: empty on success, else one of the contract's device error types. */
export type JobErrorType = DeviceErrorType | '';

export type AgentErrorCode =
  | 'AGENT_CONFIG_INVALID'
  | 'AGENT_CLOSED'
  | 'AGENT_DESTROYED'
  | 'JOB_DEADLINE'
  | 'JOB_CANCELLED'
  | 'OWNER_STATE_INVALID'
  | 'URL_LOG_INVALID';

export class AgentError extends Error {
  readonly code: AgentErrorCode;
  readonly retryable: boolean;
  constructor(code: AgentErrorCode, message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AgentError';
    this.code = code;
    this.retryable = options.retryable ?? false;
  }
}

/**
 * A job that failed in a way its executor recognised: thrown inside an executor and turned into a
 * `success: false` outcome with this error type. Executors decide the type; the runtime never guesses.
 */
export class JobError extends Error {
  readonly errorType: DeviceErrorType;
  constructor(errorType: DeviceErrorType, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'JobError';
    this.errorType = errorType;
  }
}

/** The body said it was compressed with an encoding it does not hold. */
export class ContentDecodingError extends JobError {
  readonly code = 'CONTENT_DECODING_FAILED';
  constructor(encoding: string, cause: unknown) {
    super('invalid_response', `invalid response: body does not decode as ${encoding}`, { cause });
    this.name = 'ContentDecodingError';
  }
}

/** Why the kernel would not start a measurement tool, in the owner's terms. */
const START_HINTS: Record<string, string> = {
  // A binary carrying file capabilities (Debian's ping and mtr-packet: cap_net_raw=ep) cannot be
  // executed by a process whose bounding set lacks them: execve fails, it does not run unprivileged.
  EPERM: 'the system refused it a privilege it needs: CAP_NET_RAW is not in the agent’s bounding set',
  EACCES: 'the agent may not execute it',
  ENOENT: 'it is not installed (any more)',
};

/**
 * A measurement tool (ping, traceroute, mtr: executors/measure/tool.ts) that could not be started
 * at all (missing, not executable, or refused by the kernel): `blocked`, the device cannot run this
 * measurement. Node's spawn throws some of these
 * synchronously (EPERM) and reports others later (ENOENT, EACCES); both end here.
 */
export class ToolStartError extends JobError {
  readonly code = 'MEASURE_TOOL_START_FAILED';
  /** The system's error code: EPERM, EACCES, ENOENT… */
  readonly errno: string;
  constructor(file: string, cause: unknown) {
    const errno = String((cause as NodeJS.ErrnoException | undefined)?.code ?? 'unknown');
    const hint = START_HINTS[errno] ?? (cause instanceof Error ? cause.message : String(cause));
    super('blocked', `${path.basename(file)} could not start on this device (${errno}): ${hint}`, { cause });
    this.name = 'ToolStartError';
    this.errno = errno;
  }
}
