// The one error type every storage backend throws, so callers branch on `code`, never on message text.

export type StorageErrorCode =
  /** The key or prefix is malformed (`..`, absolute, NUL, empty segment). Never retryable. */
  | 'INVALID_KEY'
  /** The local disk (or quota) is full. Retryable: space may be freed by deleting old jobs. */
  | 'STORAGE_FULL'
  /** The backend could not be reached in time (connection refused, timeout, 5xx). Retryable. */
  | 'STORAGE_UNAVAILABLE'
  /** The storage was closed before the call. */
  | 'STORAGE_CLOSED'
  /** Anything else: permissions, a missing bucket, a failing source stream. Not retryable as is. */
  | 'STORAGE_FAILED';

const RETRYABLE: Readonly<Record<StorageErrorCode, boolean>> = {
  INVALID_KEY: false,
  STORAGE_FULL: true,
  STORAGE_UNAVAILABLE: true,
  STORAGE_CLOSED: false,
  STORAGE_FAILED: false,
};

export class StorageError extends Error {
  override readonly name = 'StorageError';
  readonly code: StorageErrorCode;
  /** True when the same call may succeed later without any change on the caller's side. */
  readonly retryable: boolean;
  override readonly cause: unknown;

  constructor(code: StorageErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.retryable = RETRYABLE[code];
    this.cause = options.cause;
  }
}

export function isStorageError(err: unknown): err is StorageError {
  return err instanceof StorageError;
}
