// The typed client of the coordinator API: `import { CrawlClient } from 'crawl-network/client'`.
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
