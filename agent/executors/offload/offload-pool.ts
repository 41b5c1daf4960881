// The agent's offload pool: the shared worker pool (common/offload/) running the agent's tasks
// (tasks.ts): the jobs' uninterruptible CPU work, stopped at the job's deadline.
//
// One pool per agent (executors/build.ts makes it and hands it to the executors that use it), small
// (two workers by default), started on first use and kept across jobs. Lifecycle: the executors
// that share it retain() it and release() it when they close; the last release closes it.
import {
  OffloadPool as SharedOffloadPool,
  type OffloadPoolOptions as SharedOffloadPoolOptions,
  siblingModule,
} from '../../../common/offload/index.js';
import type { OffloadTasks } from './tasks.js';

/** The agent's task module, loaded by each worker (never on the agent's main thread). */
const TASKS_URL = siblingModule(import.meta.url, 'tasks');

export type OffloadPoolOptions = Omit<SharedOffloadPoolOptions, 'tasks' | 'owner'>;

export class OffloadPool extends SharedOffloadPool<OffloadTasks> {
  constructor(options: OffloadPoolOptions = {}) {
    super({ ...options, tasks: TASKS_URL, owner: 'the agent' });
  }
}
