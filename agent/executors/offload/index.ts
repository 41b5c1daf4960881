// The agent's offload pool: worker threads for the jobs' uninterruptible CPU work (offload-pool.ts).
export { OffloadError, type OffloadErrorCode, type OffloadLimits } from '../../../common/offload/index.js';
export { OffloadPool, type OffloadPoolOptions } from './offload-pool.js';
export {
  finishExtractionOffloaded,
  pageReaderOffloaded,
  responseReaderOffloaded,
} from './page-work.js';
