// Keeps this coordinator in step with others on the same database: it hears about jobs submitted
// elsewhere, jobs finished elsewhere and sessions ended elsewhere and reports them to the owner of
// job state (job-lifecycle.ts), renews the leases of the jobs its devices run, and reports the
// lease sweep's tick (jobs whose coordinator died come back).
import type { Logger } from 'pino';
import type { StoreEvent } from '../store/store-events.js';
import type { Store } from '../store/types.js';
import type { ClusterReports } from './reports.js';

/**
 * On a shared store, NOTIFY is not queued: a wake-up sent while this coordinator's listener was
 * reconnecting is lost. The store says so (a `resync` event) and a read of the job changes since
 * this coordinator's last position catches up; this slow poll of the same read is the safety net
 * behind that.
 */
const PENDING_POLL_MS = 60_000;

export class ClusterSync {
  private unsubscribe: (() => Promise<void>) | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private reclaimTimer: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  /** Where this coordinator stands in the store's job change feed (readJobChanges). */
  private cursor: string | null = null;
  /** Catch-up reads run one at a time: two at once would race on the cursor. */
  private catchingUp: Promise<void> = Promise.resolve();
  /**
   * Jobs announced pending elsewhere during this turn, in announcement order: read with one
   * statement per turn (a NOTIFY carries a whole commit's wake-ups), not one read a job.
   */
  private announced = new Set<string>();
  private readScheduled: NodeJS.Immediate | null = null;

  constructor(
    private readonly store: Store,
    private readonly jobs: ClusterReports,
    private readonly opts: { leaseMs: number; log: Logger },
  ) {}

  async start(): Promise<void> {
    // The position first, then LISTEN: whatever changes after this read is either heard or read at
    // the next catch-up. What was pending before it is the start's own scan (JobLifecycle.resume).
    if (this.store.shared && this.store.readJobChanges) {
      this.cursor = (await this.store.readJobChanges(null)).cursor;
    }
    this.unsubscribe = await this.store.subscribe((e) => void this.onEvent(e));
    this.renewTimer = setInterval(() => void this.renew(), Math.max(100, this.opts.leaseMs / 3));
    this.renewTimer.unref();
    if (this.store.shared) {
      // Only where another coordinator may have died holding jobs. A store this process alone
      // opens (SQLite) has no other holder: the jobs a previous run left running are held for
      // their devices at start (JobLifecycle.resume), and taking them back here on their old
      // lease ran them again on another device while the first still held them.
      this.reclaimTimer = setInterval(() => void this.reclaim(), Math.max(100, this.opts.leaseMs / 3));
      this.reclaimTimer.unref();
      this.pollTimer = setInterval(() => void this.catchUp(), PENDING_POLL_MS);
      this.pollTimer.unref();
    }
  }

  async close(): Promise<void> {
    if (this.renewTimer) clearInterval(this.renewTimer);
    if (this.reclaimTimer) clearInterval(this.reclaimTimer);
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.readScheduled) clearImmediate(this.readScheduled);
    this.readScheduled = null;
    this.pollTimer = null;
    this.renewTimer = null;
    this.reclaimTimer = null;
    await this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private async onEvent(event: StoreEvent): Promise<void> {
    try {
      if (event.type === 'job_terminal') {
        this.jobs.remoteTerminal(event.jobId);
      } else if (event.type === 'job_claimed') {
        // Claimed before this turn's read of it: neither read nor queued here.
        this.announced.delete(event.jobId);
        this.jobs.remoteClaimed(event.jobId);
      } else if (event.type === 'job_pending') {
        if (this.jobs.knows(event.jobId)) return;
        this.announced.add(event.jobId);
        this.readScheduled ??= setImmediate(() => void this.readAnnounced());
      } else if (event.type === 'resync') {
        await this.catchUp();
      } else if (event.type === 'session_ended') {
        await this.jobs.remoteSessionEnded(event.sessionId);
      }
    } catch (err) {
      this.opts.log.error({ err, event }, 'could not apply a cluster event');
    }
  }

  /** Reads this turn's announced jobs in one statement and queues those still pending, in order. */
  private async readAnnounced(): Promise<void> {
    this.readScheduled = null;
    const ids = [...this.announced].filter((id) => !this.jobs.knows(id));
    this.announced = new Set();
    if (ids.length === 0) return;
    try {
      const byId = new Map((await this.store.getJobs(ids)).map((j) => [j.id, j]));
      for (const id of ids) {
        const job = byId.get(id);
        if (job) await this.jobs.remotePending(job);
      }
    } catch (err) {
      // The catch-up read of the change cursor (a resync, the slow poll) finds them again.
      this.opts.log.error({ err, jobs: ids.length }, 'could not read jobs announced pending');
    }
  }

  /** Queues the jobs that became pending, and drops the ones that finished, since the last read. */
  catchUp(): Promise<void> {
    this.catchingUp = this.catchingUp.then(() =>
      this.readChanges().catch((err: unknown) => this.opts.log.error({ err }, 'catch-up read failed')),
    );
    return this.catchingUp;
  }

  private async readChanges(): Promise<void> {
    if (!this.store.readJobChanges) {
      for (const job of await this.store.listUnfinishedJobs()) await this.jobs.remotePending(job);
      return;
    }
    if (this.cursor === null) {
      // No position yet (start could not take one): the position now, then one full scan.
      const { cursor } = await this.store.readJobChanges(null);
      for (const job of await this.store.listUnfinishedJobs()) await this.jobs.remotePending(job);
      this.cursor = cursor;
      return;
    }
    const changes = await this.store.readJobChanges(this.cursor);
    for (const id of changes.finishedIds) this.jobs.remoteTerminal(id);
    const unknown = changes.pendingIds.filter((id) => !this.jobs.knows(id));
    // Re-read: a job may have moved on since; remotePending takes only what is still pending.
    if (unknown.length > 0) {
      for (const job of await this.store.getJobs(unknown)) await this.jobs.remotePending(job);
    }
    // Only once applied: a failed read or enqueue is read again from the same position.
    this.cursor = changes.cursor;
  }

  private async renew(): Promise<void> {
    try {
      await this.jobs.renewLeases();
    } catch (err) {
      this.opts.log.error({ err }, 'lease renewal failed');
    }
  }

  private async reclaim(): Promise<void> {
    try {
      await this.jobs.reclaimExpired();
    } catch (err) {
      this.opts.log.error({ err }, 'lease reclaim failed');
    }
  }
}
