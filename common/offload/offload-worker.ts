// An offload worker thread (offload-pool.ts starts it): loads the task module the pool names in
// workerData, then runs one task at a time, as the messages come, and answers each with its id.
// Whatever a task throws is its answer; a task that never ends is the pool's to stop (it terminates
// this thread).
import { parentPort, workerData } from 'node:worker_threads';
import { TASKS_EXPORT } from './tasks.js';

/** What the pool gives the worker at its start. */
export interface WorkerStart {
  /** The task module's URL (file:), exporting OFFLOAD_TASKS. */
  tasksUrl: string;
}

/** A task as the pool posts it. */
export interface TaskMessage {
  id: number;
  task: string;
  input: unknown;
}

/** The answer to one task. */
export type AnswerMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string };

type TaskFn = (input: unknown) => unknown;

const port = parentPort;
if (!port) throw new Error('offload-worker.ts runs only as a worker thread');
const { tasksUrl } = workerData as WorkerStart;
// Listening at once: a task posted while the module loads waits for it here, in order. A module
// that fails to load makes every task's answer that failure.
const loaded: Promise<Record<string, TaskFn>> = import(tasksUrl).then(
  (mod: Record<string, unknown>) => mod[TASKS_EXPORT] as Record<string, TaskFn>,
);
loaded.catch(() => undefined);

port.on('message', async (msg: TaskMessage) => {
  let answer: AnswerMessage;
  try {
    const run = (await loaded)[msg.task];
    if (typeof run !== 'function') throw new Error(`no task ${msg.task} in ${tasksUrl}`);
    answer = { id: msg.id, ok: true, value: run(msg.input) };
  } catch (err) {
    answer = { id: msg.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(answer);
});
