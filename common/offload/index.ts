// Offload pools: worker threads for CPU work a deadline must be able to stop (offload-pool.ts),
// shared by the agent (agent/executors/offload/) and the coordinator (coordinator/results/).
export { OffloadError, type OffloadErrorCode } from './errors.js';
export {
  type OffloadLimits,
  OffloadPool,
  type OffloadPoolOptions,
  type OffloadPoolStats,
} from './offload-pool.js';
export {
  type OffloadTask,
  type OffloadTaskMap,
  type OffloadTaskTable,
  siblingModule,
} from './tasks.js';
