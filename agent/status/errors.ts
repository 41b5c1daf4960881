// Errors of the status port. The agent's error registry (agent/errors.ts) may re-export these.

export type StatusErrorCode = 'STATUS_ADDR_NOT_LOOPBACK' | 'STATUS_ADDR_INVALID';

export class StatusError extends Error {
  readonly code: StatusErrorCode;
  /** A configuration problem: retrying with the same settings fails the same way. */
  readonly retryable = false;
  constructor(code: StatusErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StatusError';
    this.code = code;
  }
}
