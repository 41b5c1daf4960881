// Archival: content of completed jobs older than its backend's retention is deleted and the job is
// marked archived (download answers 410; status and detail keep working). Stateless between runs:
// the database says what is due, so a restart loses nothing and repeats nothing.
import type { Logger } from 'pino';
import type { JobRequests } from '../jobs/reports.js';
import type { ContentStorage, StorageType } from '../storage/types.js';
import { jobPrefix } from '../storage/types.js';
import type { Store } from '../store/types.js';

const BATCH = 500;

export interface ArchiverOptions {
  store: Store;
  /** Marks each job archived (a job state change like any other). */
  jobs: Pick<JobRequests, 'archive'>;
  storage: (type: StorageType) => ContentStorage | null;
  retentionMs: Record<StorageType, number>;
  intervalMs: number;
  log: Logger;
}

export class Archiver {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly opts: ArchiverOptions) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.opts.intervalMs);
    this.timer.unref();
  }

  /** One pass over every backend; returns how many jobs it archived. `nowMs` is injectable for tests. */
  runOnce(nowMs: number = Date.now()): Promise<number> {
    this.running ??= this.pass(nowMs).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(nowMs: number): Promise<number> {
    let archived = 0;
    for (const type of ['local', 's3'] as const) {
      const storage = this.opts.storage(type);
      if (!storage) continue;
      const before = new Date(nowMs - this.opts.retentionMs[type]).toISOString();
      for (;;) {
        const due = await this.opts.store.listArchivable(type, before, BATCH);
        for (const job of due) {
          try {
            await storage.deletePrefix(jobPrefix(job.ownerId, job.id));
            await this.opts.jobs.archive(job);
            archived++;
          } catch (err) {
            // Left as it is: the next pass tries again. Content is never marked gone while it exists.
            this.opts.log.warn({ err, jobId: job.id, storage: type }, 'archival of a job failed');
            return archived;
          }
        }
        if (due.length < BATCH) break;
      }
    }
    if (archived > 0) this.opts.log.info({ archived }, 'archived job content past retention');
    return archived;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
