// The typed client of the coordinator API, exported as the package's ./client entry point.
export { type CallOptions, CrawlClient } from './client.js';
export {
  apiErrorFor,
  CrawlApiError,
  CrawlConflictError,
  type CrawlErrorCode,
  CrawlForbiddenError,
  CrawlGoneError,
  CrawlInvalidRequestError,
  CrawlNotFoundError,
  CrawlRateLimitedError,
  CrawlServerError,
  CrawlTransportError,
  CrawlUnauthorizedError,
  CrawlWaitTimeoutError,
} from './errors.js';
export type { CrawlClientOptions } from './http.js';
export * from './types.js';
export { sleep, type WaitOptions } from './wait.js';
