// Who hears of job changes, for the owner of job state (job-lifecycle.ts, which alone imports this
// file): every applied transition told to every listener once, synchronously after its store
// change (a listener that throws is logged, never stops the others), and jobs ended on another
// coordinator told to the listeners that follow them (a site crawl's driver, for its pages in
// flight), read once for all of them and only when one follows the job.
import type { Logger } from 'pino';
import type { JobRecord } from '../store/records.js';
import type { JobEvent, JobListener } from './events.js';

export class JobListeners {
  private readonly listeners = new Set<JobListener>();

  constructor(
    private readonly log: Logger,
    /** Reads a job by id (the store's getJob). */
    private readonly read: (jobId: string) => Promise<JobRecord | null>,
    /** True once the owner is closed: no more reads for remote ends. */
    private readonly closed: () => boolean,
  ) {}

  add(listener: JobListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: JobEvent): void {
    for (const l of this.listeners) {
      try {
        l.onJobEvent(event);
      } catch (err) {
        this.log.error({ err, jobId: event.job.id, transition: event.transition }, 'job listener failed');
      }
    }
  }

  /**
   * A job ended on another coordinator. After this turn: an end applied here comes back too (on
   * SQLite from inside the store's call, before the owner's own event), and by then its followers
   * have heard it and follow it no more.
   */
  endedElsewhere(jobId: string): void {
    if (this.hasRemoteEndListener()) setImmediate(() => this.announceRemoteEnd(jobId));
  }

  private hasRemoteEndListener(): boolean {
    for (const l of this.listeners) if (l.onRemoteEnd) return true;
    return false;
  }

  /**
   * Told to the listeners that follow the job: read once for all of them, and only when one follows
   * it, so the ends nobody follows cost no read. A read that fails is tried again while someone
   * still follows the job: its end is heard once, and a follower waits for nothing else.
   */
  private announceRemoteEnd(jobId: string, retryMs = 250): void {
    const followers = [...this.listeners].filter((l) => l.onRemoteEnd && l.followsJob?.(jobId));
    if (followers.length === 0 || this.closed()) return;
    this.read(jobId).then(
      (job) => {
        if (job?.status !== 'completed' && job?.status !== 'failed') return;
        for (const l of followers) {
          try {
            l.onRemoteEnd?.(job);
          } catch (err) {
            this.log.error({ err, jobId }, 'job listener failed on a remote end');
          }
        }
      },
      (err: unknown) => {
        this.log.warn({ err, jobId }, 'could not read a job ended elsewhere; trying again');
        setTimeout(() => this.announceRemoteEnd(jobId, Math.min(retryMs * 2, 5000)), retryMs).unref();
      },
    );
  }
}
