// Worker threads for CPU work that JavaScript cannot interrupt once it runs and that whoever holds
// an API key drives: a caller's JSON Schema pattern that backtracks for an hour, a selector list
// quadratic in the document, Readability or turndown over a page a target serves. On a main thread
// such work would stop everything else the process does (an agent's heartbeats and status port, a
// coordinator's whole API); here it runs beside it, and a deadline stops it: a task still queued is
// dropped, a running one has its worker terminated (V8 stops the thread wherever it is, a regular
// expression included) and replaced. Each worker's heap is capped (resourceLimits), so a document
// that needs more memory stops its task instead of the process.
//
// One pool per process side (the agent's executors share one, the coordinator's app owns one), small,
// started on first use (or warm()) and kept. Which tasks it runs is the side's own: a task module
// (tasks.ts) loaded by each worker (offload-worker.ts). Lifecycle: close() (graceful, safe twice),
// destroy() (abort); users that share a pool may retain() it and release() it, the last release
// closing it.
import { Worker } from 'node:worker_threads';
import { type Logger, pino } from 'pino';
import { OffloadError } from './errors.js';
import type { AnswerMessage, TaskMessage, WorkerStart } from './offload-worker.js';
import { type OffloadTaskMap, siblingModule } from './tasks.js';

export interface OffloadPoolOptions {
  /** The task module the workers load (file: URL of a module exporting OFFLOAD_TASKS). */
  tasks: URL;
  /** Who owns the pool, for the message of work refused once it closes ("the agent"). Default "the process". */
  owner?: string;
  /** Worker threads at most; each runs one task at a time and the rest wait in order. Default 2. */
  size?: number;
  /** Old-generation heap of each worker (resourceLimits.maxOldGenerationSizeMb), MiB. Default 512. */
  maxHeapMb?: number;
  /** Young generation of each worker (resourceLimits.maxYoungGenerationSizeMb), MiB. Default 48. */
  maxYoungHeapMb?: number;
  log?: Logger;
}

export interface OffloadLimits {
  /** Time the task may take, waiting for a worker included, ms; at 0 or less it is not run. */
  timeoutMs: number;
  /** Aborting it drops the task (its worker is terminated if it runs). */
  signal?: AbortSignal;
}

export interface OffloadPoolStats {
  /** Workers alive (idle or busy). */
  workers: number;
  busy: number;
  queued: number;
  /** Workers started since the pool was made. */
  started: number;
  /** Workers terminated at a deadline or abort, or lost (out of memory, exited). */
  stopped: number;
}

interface Slot {
  worker: Worker;
  task: Pending | null;
}

interface Pending {
  id: number;
  message: TaskMessage;
  resolve(value: unknown): void;
  reject(err: OffloadError): void;
  timer: NodeJS.Timeout;
  signal: AbortSignal | undefined;
  onAbort: () => void;
  slot: Slot | null;
}

/** The worker's own entry: .ts when running from source under tsx, .js if ever compiled. */
const WORKER_URL = siblingModule(import.meta.url, 'offload-worker');

export class OffloadPool<T extends OffloadTaskMap<T>> {
  readonly #tasksUrl: string;
  readonly #owner: string;
  readonly #size: number;
  readonly #maxHeapMb: number;
  readonly #maxYoungHeapMb: number;
  readonly #log: Logger;
  readonly #slots = new Set<Slot>();
  readonly #queue: Pending[] = [];
  readonly #pending = new Set<Pending>();
  readonly #idleWaiters: Array<() => void> = [];
  #nextId = 1;
  #users = 0;
  #started = 0;
  #stopped = 0;
  #closing: Promise<void> | null = null;

  constructor(options: OffloadPoolOptions) {
    this.#tasksUrl = options.tasks.href;
    this.#owner = options.owner ?? 'the process';
    this.#size = Math.max(1, options.size ?? 2);
    this.#maxHeapMb = options.maxHeapMb ?? 512;
    this.#maxYoungHeapMb = options.maxYoungHeapMb ?? 48;
    this.#log = options.log ?? pino({ enabled: false });
  }

  /** The heap limit of each worker, MiB (what an OFFLOAD_MEMORY stop ran into). */
  get maxHeapMb(): number {
    return this.#maxHeapMb;
  }

  stats(): OffloadPoolStats {
    let busy = 0;
    for (const slot of this.#slots) if (slot.task) busy++;
    return {
      workers: this.#slots.size,
      busy,
      queued: this.#queue.length,
      started: this.#started,
      stopped: this.#stopped,
    };
  }

  /**
   * Runs `task` on `input` in a worker. Rejects with an OffloadError when it does not answer in
   * `limits.timeoutMs` (OFFLOAD_DEADLINE), is aborted (OFFLOAD_ABORTED), runs out of heap
   * (OFFLOAD_MEMORY), its worker dies (OFFLOAD_CRASHED), it throws (OFFLOAD_FAILED), or the pool is
   * closed (OFFLOAD_CLOSED). The messages complete a sentence that starts with what the work was:
   * "extraction stopped at the job's deadline".
   */
  run<K extends keyof T & string>(
    task: K,
    input: T[K]['input'],
    limits: OffloadLimits,
  ): Promise<T[K]['output']> {
    if (this.#closing)
      return Promise.reject(new OffloadError('OFFLOAD_CLOSED', `not run: ${this.#owner} is closing`));
    const { signal } = limits;
    if (signal?.aborted) return Promise.reject(aborted());
    if (!(limits.timeoutMs > 0)) return Promise.reject(deadline());
    return new Promise<T[K]['output']>((resolve, reject) => {
      const id = this.#nextId++;
      const pending: Pending = {
        id,
        message: { id, task, input },
        resolve: resolve as (value: unknown) => void,
        reject,
        timer: setTimeout(() => this.#stop(pending, deadline()), limits.timeoutMs),
        signal,
        onAbort: () => this.#stop(pending, aborted()),
        slot: null,
      };
      signal?.addEventListener('abort', pending.onAbort, { once: true });
      this.#pending.add(pending);
      this.#queue.push(pending);
      this.#dispatch();
    });
  }

  /**
   * Starts a worker if none is running, without waiting for it: a user that may need one calls this
   * early, so the worker's start (a few hundred ms) overlaps its other work.
   */
  warm(): void {
    if (!this.#closing && this.#slots.size === 0) this.#spawn();
  }

  /** One more user: the pool stays open until each has released it. */
  retain(): void {
    this.#users++;
  }

  /** A user is done with the pool; the last one closes it. */
  release(): Promise<void> {
    this.#users = Math.max(0, this.#users - 1);
    return this.#users === 0 ? this.close() : Promise.resolve();
  }

  /**
   * Graceful: takes no new work, lets what was given finish (each task is bounded by its own
   * timeout), then terminates the workers. Safe twice.
   */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#pending.size > 0) await new Promise<void>((resolve) => this.#idleWaiters.push(resolve));
      await this.#terminateAll();
    })();
    return this.#closing;
  }

  /** Abort now: every task is rejected (OFFLOAD_CLOSED) and every worker terminated. */
  destroy(): Promise<void> {
    this.#closing ??= Promise.resolve();
    for (const p of [...this.#pending]) {
      this.#settle(p);
      p.reject(new OffloadError('OFFLOAD_CLOSED', `not run: ${this.#owner} is closing`));
    }
    return this.#terminateAll();
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      let slot: Slot | undefined;
      for (const s of this.#slots) {
        if (!s.task) {
          slot = s;
          break;
        }
      }
      if (!slot) {
        if (this.#slots.size >= this.#size) return;
        slot = this.#spawn();
      }
      const next = this.#queue.shift() as Pending;
      try {
        slot.worker.postMessage(next.message);
      } catch (err) {
        // An input that cannot be cloned (a bug of the caller): that task fails, the worker stays.
        this.#settle(next);
        next.reject(new OffloadError('OFFLOAD_FAILED', `failed: ${(err as Error).message}`, { cause: err }));
        continue;
      }
      slot.task = next;
      next.slot = slot;
    }
  }

  #spawn(): Slot {
    const worker = startWorker(
      { tasksUrl: this.#tasksUrl },
      { maxOldGenerationSizeMb: this.#maxHeapMb, maxYoungGenerationSizeMb: this.#maxYoungHeapMb },
    );
    const slot: Slot = { worker, task: null };
    this.#slots.add(slot);
    this.#started++;
    worker.on('message', (answer: AnswerMessage) => this.#answered(slot, answer));
    worker.on('error', (err: Error & { code?: string }) => {
      const memory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.#lost(
        slot,
        memory
          ? new OffloadError(
              'OFFLOAD_MEMORY',
              `stopped: it needed more than ${this.#maxHeapMb} MiB of memory`,
              {
                cause: err,
              },
            )
          : new OffloadError('OFFLOAD_CRASHED', `stopped: the worker failed: ${err.message}`, { cause: err }),
      );
    });
    worker.on('exit', (code) =>
      this.#lost(slot, new OffloadError('OFFLOAD_CRASHED', `stopped: the worker exited with code ${code}`)),
    );
    // Never what keeps the process alive (a waiting task's timer does that while work is out).
    // After the listeners: adding a 'message' listener refs the worker again.
    worker.unref();
    return slot;
  }

  #answered(slot: Slot, answer: AnswerMessage): void {
    const task = slot.task;
    if (!task || task.id !== answer.id || !this.#slots.has(slot)) return;
    slot.task = null;
    this.#settle(task);
    if (answer.ok) task.resolve(answer.value);
    else task.reject(new OffloadError('OFFLOAD_FAILED', `failed: ${answer.message}`));
    this.#dispatch();
  }

  /** A deadline or an abort: a queued task is dropped; a running one takes its worker with it. */
  #stop(task: Pending, err: OffloadError): void {
    if (!this.#pending.has(task)) return;
    this.#settle(task);
    const slot = task.slot;
    if (slot) {
      this.#retire(slot);
      this.#log.warn(
        { task: task.message.task, reason: err.code },
        'offload worker terminated: its task outlived the job',
      );
      // Replaced at once, so the next task does not wait for a worker to start.
      if (!this.#closing && this.#slots.size < this.#size) this.#spawn();
    } else {
      const at = this.#queue.indexOf(task);
      if (at >= 0) this.#queue.splice(at, 1);
      err.whileQueued = true;
    }
    task.reject(err);
    this.#dispatch();
  }

  /** The worker died on its own (out of memory, a crash, failed to start). */
  #lost(slot: Slot, err: OffloadError): void {
    if (!this.#slots.has(slot)) return;
    this.#slots.delete(slot);
    this.#stopped++;
    const task = slot.task;
    slot.task = null;
    this.#log.warn({ err, task: task?.message.task }, 'offload worker lost');
    if (task && this.#pending.has(task)) {
      this.#settle(task);
      task.reject(err);
    }
    // A new worker for what waits; none is started for nothing (a worker that cannot start at all
    // must not become a loop of starts).
    this.#dispatch();
  }

  #retire(slot: Slot): void {
    if (!this.#slots.delete(slot)) return;
    this.#stopped++;
    slot.task = null;
    void slot.worker.terminate().catch(() => undefined);
  }

  /** The task leaves the books (timer, abort listener); the caller resolves or rejects it. */
  #settle(task: Pending): void {
    clearTimeout(task.timer);
    task.signal?.removeEventListener('abort', task.onAbort);
    this.#pending.delete(task);
    if (this.#pending.size === 0) for (const wake of this.#idleWaiters.splice(0)) wake();
  }

  async #terminateAll(): Promise<void> {
    const workers = [...this.#slots].map((s) => s.worker);
    this.#slots.clear();
    await Promise.allSettled(workers.map((w) => w.terminate()));
  }
}

function deadline(): OffloadError {
  return new OffloadError('OFFLOAD_DEADLINE', "stopped at the job's deadline");
}

function aborted(): OffloadError {
  return new OffloadError('OFFLOAD_ABORTED', 'stopped: the job was cancelled');
}

/**
 * A worker running offload-worker. From source, the process runs under tsx, whose loader hooks
 * Node 20 does not carry into worker threads (the parent's `--import tsx` does not apply there):
 * the worker registers tsx itself before it imports its .ts entry (which then imports the .ts task
 * module through the same hooks).
 */
function startWorker(
  workerData: WorkerStart,
  resourceLimits: NonNullable<ConstructorParameters<typeof Worker>[1]>['resourceLimits'],
): Worker {
  if (!WORKER_URL.pathname.endsWith('.ts')) return new Worker(WORKER_URL, { workerData, resourceLimits });
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot =
    `import(${JSON.stringify(tsx)})` +
    `.then((api) => { api.register(); return import(${JSON.stringify(WORKER_URL.href)}); });`;
  return new Worker(boot, { eval: true, workerData, resourceLimits });
}
