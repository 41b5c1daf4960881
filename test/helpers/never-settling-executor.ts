// A test executor for the part that never settles: a job whose URL path is /never is never
// answered and its abort is ignored (as a stuck library would), until the test settles it late;
// any other job succeeds at once. Its close() can be made to never settle too.
import type { ExecOutcome, ExecRequest, Executor } from '../../agent/executors/types.js';
import { emptyOutcome } from '../../agent/executors/types.js';

export class NeverSettlingExecutor implements Executor {
  readonly methods: readonly string[] = ['GET'];
  /** Jobs started, by id, in order. */
  readonly started: string[] = [];
  readonly #stuck: Array<(outcome: ExecOutcome) => void> = [];
  readonly #arrivals: Array<() => void> = [];

  constructor(private readonly options: { closeNeverSettles?: boolean } = {}) {}

  execute(req: ExecRequest): Promise<ExecOutcome> {
    this.started.push(req.jobId);
    for (const a of this.#arrivals.splice(0)) a();
    const outcome = { ...emptyOutcome(Date.now(), req.url), success: true, statusCode: 200 };
    if (new URL(req.url).pathname !== '/never') return Promise.resolve(outcome);
    // The signal in the context is deliberately not listened to.
    return new Promise((resolve) => this.#stuck.push(() => resolve(outcome)));
  }

  /** Resolves when the next job starts. */
  nextStart(): Promise<void> {
    return new Promise((resolve) => this.#arrivals.push(resolve));
  }

  /** Settles every stuck job now, with success: what a runner that gave up must ignore. */
  settleLate(): number {
    const stuck = this.#stuck.splice(0);
    for (const settle of stuck) settle({ ...emptyOutcome(Date.now(), ''), success: true, statusCode: 200 });
    return stuck.length;
  }

  close(): Promise<void> {
    return this.options.closeNeverSettles ? new Promise(() => {}) : Promise.resolve();
  }
}
