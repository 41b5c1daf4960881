// Where a job's time goes on the coordinator, stage by stage, for the pipeline bench: the client's
// request sent → insert committed (the lifecycle's submit event) → claim committed (claim event,
// the Assign is written in the same turn) → result frame received (ResultIngest.ingest called) →
// content stored (lifecycle.complete called) → completion committed (job_terminal) and, beside
// them, → the 201 read by the client. Prints the p50 of each stage's duration in ms.
import type { JobLifecycle } from '../../../coordinator/jobs/job-lifecycle.js';
import type { ResultIngest } from '../../../coordinator/results/ingest.js';
import type { Store } from '../../../coordinator/store/types.js';

/** A job's moments, by index (a typed array: stamping must cost the coordinator next to nothing). */
const SLOT = { sent: 0, answered: 1, inserted: 2, claimed: 3, received: 4, stored: 5, terminal: 6 };
type Stamp = keyof typeof SLOT;
type Stamps = Float64Array;

const STAGES: Array<[name: string, from: Stamp, to: Stamp]> = [
  ['insert', 'sent', 'inserted'],
  ['claim', 'inserted', 'claimed'],
  ['agent', 'claimed', 'received'],
  ['content', 'received', 'stored'],
  ['complete', 'stored', 'terminal'],
  ['answer_201', 'sent', 'answered'],
  ['total', 'sent', 'terminal'],
];

export class StageClock {
  private jobs = new Map<string, Stamps>();
  private paused = false;

  private stamp(id: string, key: Stamp, at = performance.now()): void {
    if (this.paused) return;
    let s = this.jobs.get(id);
    if (!s) {
      s = new Float64Array(7).fill(Number.NaN);
      this.jobs.set(id, s);
    }
    const i = SLOT[key];
    if (Number.isNaN(s[i])) s[i] = at;
  }

  /** Hooks the coordinator's lifecycle, store events and result ingest (a bench-only patch). */
  attach(jobs: JobLifecycle, store: Store, ingest: ResultIngest): void {
    jobs.addListener({
      onJobEvent: (e) => {
        if (e.transition === 'submit') this.stamp(e.job.id, 'inserted');
        else if (e.transition === 'claim') this.stamp(e.job.id, 'claimed');
      },
    });
    void store.subscribe((e) => {
      if (e.type === 'job_terminal') this.stamp(e.jobId, 'terminal');
    });
    const complete = jobs.complete.bind(jobs);
    jobs.complete = (job, result) => {
      this.stamp(job.id, 'stored');
      return complete(job, result);
    };
    const original = ingest.ingest;
    const clock = this;
    ingest.ingest = function (this: ResultIngest, ...args: Parameters<ResultIngest['ingest']>) {
      clock.stamp(args[2].jobId, 'received');
      return original.apply(this, args);
    };
  }

  /** The client sends a submit at `t`; call the returned function with the job's id on its 201. */
  sent(t: number): (id: string) => void {
    return (id) => {
      this.stamp(id, 'sent', t);
      this.stamp(id, 'answered');
    };
  }

  reset(): void {
    this.jobs = new Map();
    this.paused = false;
  }

  /** Stops stamping (and forgets the stamps) until the next reset: a phase that prints no stages. */
  pause(): void {
    this.jobs = new Map();
    this.paused = true;
  }

  /** `name=p50` for each stage, over the jobs that have both its ends. */
  summary(): string {
    return STAGES.map(([name, from, to]) => {
      const d: number[] = [];
      for (const s of this.jobs.values()) {
        const a = s[SLOT[from]] as number;
        const b = s[SLOT[to]] as number;
        if (!Number.isNaN(a) && !Number.isNaN(b)) d.push(b - a);
      }
      d.sort((x, y) => x - y);
      const p50 = d[Math.floor(d.length / 2)] ?? Number.NaN;
      return `${name}_p50_ms=${p50.toFixed(2)}`;
    }).join(' ');
  }
}
