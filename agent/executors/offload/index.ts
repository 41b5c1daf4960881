// The offload pool: worker threads for the jobs' uninterruptible CPU work (offload-pool.ts).
export { OffloadError, type OffloadErrorCode } from './errors.js';
export {
  type OffloadLimits,
  OffloadPool,
  type OffloadPoolOptions,
  type OffloadPoolStats,
} from './offload-pool.js';
export {
  finishExtractionOffloaded,
  pageReaderOffloaded,
  responseReaderOffloaded,
} from './page-work.js';
