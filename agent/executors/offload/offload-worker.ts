// An offload worker thread (offload-pool.ts starts it): runs one task at a time, as the messages
// come, and answers each with its id. Whatever a task throws is its answer; a task that never ends
// is the pool's to stop (it terminates this thread).
import { parentPort } from 'node:worker_threads';
import { OFFLOAD_TASKS, type OffloadTaskName } from './tasks.js';

/** A task as the pool posts it. */
export interface TaskMessage {
  id: number;
  task: OffloadTaskName;
  input: unknown;
}

/** The answer to one task. */
export type AnswerMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('offload-worker.ts runs only as a worker thread');

port.on('message', (msg: TaskMessage) => {
  let answer: AnswerMessage;
  try {
    // The task's input type is its own; the pool posts the input that belongs to `task`.
    const run = OFFLOAD_TASKS[msg.task] as (input: unknown) => unknown;
    answer = { id: msg.id, ok: true, value: run(msg.input) };
  } catch (err) {
    answer = { id: msg.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(answer);
});
