// Errors of the typed client. Every failure the coordinator answers is a CrawlApiError carrying the
// HTTP status, a stable code and the contract's message; callers branch on `code` or on the class,
// never on the message text.

/** Stable codes of API errors, one per HTTP meaning of docs/api.md. */
export type CrawlErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_many_requests'
  | 'internal'
  | 'unexpected_status';

const CODE_BY_STATUS: Record<number, CrawlErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  429: 'too_many_requests',
};

/** An error answer of the coordinator (any status other than the endpoint's success). */
export class CrawlApiError extends Error {
  override readonly name: string = 'CrawlApiError';
  /** The contract message, e.g. `conflict: job is not yet completed`. */
  readonly apiMessage: string;
  /** Whether trying the same request later may succeed (429 and 5xx). */
  readonly retryable: boolean;
  constructor(
    readonly status: number,
    readonly code: CrawlErrorCode,
    apiMessage: string,
    /** Method and path of the request that failed. */
    readonly request: string,
  ) {
    super(`${request} answered ${status}: ${apiMessage}`);
    this.apiMessage = apiMessage;
    this.retryable = status === 429 || status >= 500;
  }
}

export class CrawlInvalidRequestError extends CrawlApiError {
  override readonly name = 'CrawlInvalidRequestError';
}
export class CrawlUnauthorizedError extends CrawlApiError {
  override readonly name = 'CrawlUnauthorizedError';
}
export class CrawlForbiddenError extends CrawlApiError {
  override readonly name = 'CrawlForbiddenError';
}
export class CrawlNotFoundError extends CrawlApiError {
  override readonly name = 'CrawlNotFoundError';
}
/** 409: the job is not completed yet (download, screenshot). */
export class CrawlConflictError extends CrawlApiError {
  override readonly name = 'CrawlConflictError';
}
/** 410: the job's content was archived. */
export class CrawlGoneError extends CrawlApiError {
  override readonly name = 'CrawlGoneError';
}
export class CrawlRateLimitedError extends CrawlApiError {
  override readonly name = 'CrawlRateLimitedError';
}
export class CrawlServerError extends CrawlApiError {
  override readonly name = 'CrawlServerError';
}

const CLASS_BY_CODE: Partial<Record<CrawlErrorCode, typeof CrawlApiError>> = {
  invalid_request: CrawlInvalidRequestError,
  unauthorized: CrawlUnauthorizedError,
  forbidden: CrawlForbiddenError,
  not_found: CrawlNotFoundError,
  conflict: CrawlConflictError,
  gone: CrawlGoneError,
  too_many_requests: CrawlRateLimitedError,
  internal: CrawlServerError,
};

/** Builds the error for an answer: the class follows the status, the message is the server's. */
export function apiErrorFor(status: number, apiMessage: string, request: string): CrawlApiError {
  const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'unexpected_status');
  const Cls = CLASS_BY_CODE[code] ?? CrawlApiError;
  return new Cls(status, code, apiMessage, request);
}

/** The coordinator could not be reached or its answer was not what the contract says. */
export class CrawlTransportError extends Error {
  override readonly name = 'CrawlTransportError';
  readonly code = 'transport';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A wait (waitForJob, waitForSweep) passed its deadline. The job or sweep keeps running. */
export class CrawlWaitTimeoutError extends Error {
  override readonly name = 'CrawlWaitTimeoutError';
  readonly code = 'wait_timeout';
  constructor(
    readonly id: string,
    readonly lastStatus: string,
    timeoutMs: number,
  ) {
    super(`${id} still ${lastStatus} after ${timeoutMs} ms`);
  }
}
