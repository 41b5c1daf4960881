// Waiting for a job's end, for Firecrawl's synchronous scrape: the job owner's transitions on this
// coordinator end a wait at once; an end applied by another coordinator of the cluster wakes the
// waits through the push service's wake-ups (a job_terminal store event), and one read of the
// store per owner then tells which of the waited jobs ended. Nothing polls: a wait ends with its
// job, at its deadline, or when its caller goes away or the coordinator closes.
import type { JobEvent } from '../../jobs/events.js';
import type { Services } from '../../services.js';

/** How a wait ended. */
export type WaitOutcome = 'ended' | 'deadline' | 'aborted';

interface Waiter {
  ownerId: string;
  jobId: string;
  done(outcome: WaitOutcome): void;
}

export class JobWaiter {
  private readonly waiting = new Map<string, Set<Waiter>>();
  private offJobs: (() => void) | null = null;
  private offWake: (() => void) | null = null;
  private checkQueued = false;

  constructor(private readonly services: Services) {}

  /**
   * Resolves once `jobId` (of `ownerId`) is completed or failed ('ended'), at `deadlineMs`
   * ('deadline'), or when `signal` aborts or the coordinator closes ('aborted').
   */
  wait(ownerId: string, jobId: string, deadlineMs: number, signal: AbortSignal): Promise<WaitOutcome> {
    return new Promise((resolve) => {
      const closing = this.services.push.closing;
      if (signal.aborted || closing.aborted) return resolve('aborted');
      let timer: NodeJS.Timeout | undefined;
      const waiter: Waiter = {
        ownerId,
        jobId,
        done: (outcome) => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          closing.removeEventListener('abort', onAbort);
          this.remove(waiter);
          resolve(outcome);
        },
      };
      const onAbort = () => waiter.done('aborted');
      timer = setTimeout(() => waiter.done('deadline'), Math.max(0, deadlineMs - Date.now()));
      signal.addEventListener('abort', onAbort, { once: true });
      closing.addEventListener('abort', onAbort, { once: true });
      this.add(waiter);
      // The job may have ended before the listeners were attached.
      this.scheduleCheck();
    });
  }

  private add(w: Waiter): void {
    let set = this.waiting.get(w.jobId);
    if (!set) {
      set = new Set();
      this.waiting.set(w.jobId, set);
    }
    set.add(w);
    if (!this.offJobs)
      this.offJobs = this.services.jobs.addListener({ onJobEvent: (e) => this.onJobEvent(e) });
    if (!this.offWake) this.offWake = this.services.push.onWake(() => this.scheduleCheck());
  }

  private remove(w: Waiter): void {
    const set = this.waiting.get(w.jobId);
    set?.delete(w);
    if (set && set.size === 0) this.waiting.delete(w.jobId);
    if (this.waiting.size === 0) {
      this.offJobs?.();
      this.offWake?.();
      this.offJobs = null;
      this.offWake = null;
    }
  }

  private onJobEvent(e: JobEvent): void {
    if (e.transition !== 'complete' && e.transition !== 'fail') return;
    this.end(e.job.id);
  }

  private end(jobId: string): void {
    const set = this.waiting.get(jobId);
    if (!set) return;
    for (const w of [...set]) w.done('ended');
  }

  /** One store read per owner for every wake-up that came in the same turn. */
  private scheduleCheck(): void {
    if (this.checkQueued) return;
    this.checkQueued = true;
    setImmediate(() => {
      this.checkQueued = false;
      this.check().catch((err: unknown) =>
        this.services.log.warn({ err }, 'could not read the jobs a scrape waits for'),
      );
    });
  }

  private async check(): Promise<void> {
    const byOwner = new Map<string, string[]>();
    for (const [jobId, set] of this.waiting) {
      const first = set.values().next().value;
      if (!first) continue;
      const ids = byOwner.get(first.ownerId) ?? [];
      ids.push(jobId);
      byOwner.set(first.ownerId, ids);
    }
    for (const [ownerId, ids] of byOwner) {
      for (const view of await this.services.store.getJobViews(ownerId, ids)) {
        if (view.status === 'completed' || view.status === 'failed') this.end(view.id);
      }
    }
  }
}
