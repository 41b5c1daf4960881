// Every error the public API answers, with its HTTP status and exact contract message.

export type ApiErrorCode =
  | 'INVALID_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'JOB_NOT_FOUND'
  | 'SESSION_NOT_FOUND'
  | 'NO_SCREENSHOT'
  | 'NOT_COMPLETED'
  // A cancel of a job that had already ended (POST /crawl/v1/jobs/{id}/cancel).
  | 'JOB_ENDED'
  | 'ARCHIVED'
  | 'QUEUE_FULL'
  | 'RATE_LIMITED'
  | 'IDEMPOTENCY_IN_PROGRESS'
  | 'IDEMPOTENCY_MISMATCH'
  | 'REQUEST_TIMEOUT'
  | 'HEADERS_TOO_LARGE'
  | 'INTERNAL'
  // A measurement no connected device can run (coordinator/measure/).
  | 'NO_DEVICE'
  // Site crawls and maps (docs/crawl.md).
  | 'CRAWL_NOT_FOUND'
  // Agent releases (docs/operations.md, releases).
  | 'RELEASE_NOT_FOUND'
  | 'RELEASE_EXISTS'
  | 'RELEASE_TOO_LARGE';

const STATUS: Record<ApiErrorCode, number> = {
  INVALID_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  JOB_NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  NO_SCREENSHOT: 404,
  NOT_COMPLETED: 409,
  JOB_ENDED: 409,
  ARCHIVED: 410,
  QUEUE_FULL: 429,
  RATE_LIMITED: 429,
  // draft-ietf-httpapi-idempotency-key-header: 409 while the first request runs, 422 for another body.
  IDEMPOTENCY_IN_PROGRESS: 409,
  IDEMPOTENCY_MISMATCH: 422,
  // Both come from node's HTTP parser before any route is known; they keep HTTP's own status.
  REQUEST_TIMEOUT: 408,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  NO_DEVICE: 422,
  CRAWL_NOT_FOUND: 404,
  RELEASE_NOT_FOUND: 404,
  RELEASE_EXISTS: 409,
  RELEASE_TOO_LARGE: 413,
};

export const MESSAGES = {
  UNAUTHORIZED: 'unauthorized: invalid or missing API key',
  JOB_NOT_FOUND: 'not found: job does not exist or you are not authorized to view it',
  SESSION_NOT_FOUND: 'not found: session does not exist',
  FORBIDDEN: 'forbidden: this endpoint needs an admin API key',
  NO_SCREENSHOT: 'not found: the job has no screenshot',
  NOT_COMPLETED: 'conflict: job is not yet completed',
  JOB_ENDED: 'conflict: job has already ended',
  ARCHIVED: 'gone: job has been archived and content is no longer available',
  QUEUE_FULL: 'too many requests: the job queue is full, please retry later',
  RATE_LIMITED_REQUESTS:
    'too many requests: this API key is over its requests per minute, please retry later',
  RATE_LIMITED_JOBS: 'too many requests: this API key is over its jobs per day, please retry later',
  RATE_LIMITED_SWEEPS: 'too many requests: this API key is over its sweeps per day, please retry later',
  RATE_LIMITED_CONCURRENT: 'too many requests: this API key has too many unfinished jobs, please retry later',
  RATE_LIMITED_PROXY_BYTES:
    'too many requests: this API key is over its proxy bytes per day, please retry later',
  RATE_LIMITED_PROXY_CONNECTIONS:
    'too many requests: this API key is over its proxy connections per day, please retry later',
  INTERNAL: 'internal server error: please try again later',
  IDEMPOTENCY_IN_PROGRESS:
    'conflict: a request with this Idempotency-Key is still being processed, retry later',
  IDEMPOTENCY_MISMATCH: 'unprocessable: this Idempotency-Key was already used with a different request',
  CRAWL_NOT_FOUND: 'not found: crawl does not exist or you are not authorized to view it',
} as const;

/** An error the API answers as-is. `message` is the exact contract text. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly statusCode: number;
  constructor(code: ApiErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.code = code;
    this.statusCode = STATUS[code];
  }
}

export const invalid = (reason: string): ApiError =>
  new ApiError('INVALID_REQUEST', `invalid request: ${reason}`);
export const unauthorized = (): ApiError => new ApiError('UNAUTHORIZED', MESSAGES.UNAUTHORIZED);
export const jobNotFound = (): ApiError => new ApiError('JOB_NOT_FOUND', MESSAGES.JOB_NOT_FOUND);
export const sessionNotFound = (): ApiError => new ApiError('SESSION_NOT_FOUND', MESSAGES.SESSION_NOT_FOUND);
export const forbidden = (): ApiError => new ApiError('FORBIDDEN', MESSAGES.FORBIDDEN);
export const noScreenshot = (): ApiError => new ApiError('NO_SCREENSHOT', MESSAGES.NO_SCREENSHOT);
export const notCompleted = (): ApiError => new ApiError('NOT_COMPLETED', MESSAGES.NOT_COMPLETED);
export const jobEnded = (): ApiError => new ApiError('JOB_ENDED', MESSAGES.JOB_ENDED);
export const archived = (): ApiError => new ApiError('ARCHIVED', MESSAGES.ARCHIVED);
export const queueFull = (): ApiError => new ApiError('QUEUE_FULL', MESSAGES.QUEUE_FULL);
export const internal = (cause?: unknown): ApiError => new ApiError('INTERNAL', MESSAGES.INTERNAL, { cause });
export const requestTimeout = (): ApiError =>
  new ApiError('REQUEST_TIMEOUT', 'invalid request: the request was not received in time');
export const headersTooLarge = (): ApiError =>
  new ApiError('HEADERS_TOO_LARGE', 'invalid request: request headers are too large');
export const crawlNotFound = (): ApiError => new ApiError('CRAWL_NOT_FOUND', MESSAGES.CRAWL_NOT_FOUND);
