// Job reads that are the same on both stores, written once over the SqlRunner (sql-runner.ts): one
// job, a session's jobs, the unfinished jobs a starting coordinator recovers, and the archiver's
// pages, with the two small writes beside them (renewing this coordinator's leases, marking a job
// archived). Reads by many ids (getJobs, batch status views) and the job path's writes stay with
// each store: their SQL and their group commits differ by dialect.
import type { JobRecord } from './records.js';
import { type JobRow, rowToJob } from './rows.js';
import type { SqlRunner } from './sql-runner.js';

export class SqlJobReads {
  constructor(private readonly db: SqlRunner) {}

  get(id: string): Promise<JobRecord | null> {
    return this.db.get('SELECT * FROM jobs WHERE id = ?', [id], rowToJob);
  }

  /** In submission order. */
  async listSession(sessionId: string): Promise<JobRecord[]> {
    const rows = await this.db.all<JobRow>(
      'SELECT * FROM jobs WHERE session_id = ? ORDER BY submitted_at_ms, submitted_at',
      [sessionId],
    );
    return rows.map(rowToJob);
  }

  /** In submission order. */
  async listSessionIds(sessionId: string): Promise<string[]> {
    const rows = await this.db.all<{ id: string }>(
      'SELECT id FROM jobs WHERE session_id = ? ORDER BY submitted_at_ms, submitted_at',
      [sessionId],
    );
    return rows.map((r) => r.id);
  }

  /** Pending or running, in submission order. */
  async listUnfinished(): Promise<JobRecord[]> {
    const rows = await this.db.all<JobRow>(
      "SELECT * FROM jobs WHERE status IN ('pending', 'running') ORDER BY submitted_at_ms, submitted_at",
      [],
    );
    return rows.map(rowToJob);
  }

  /** The running jobs this coordinator holds now expire at `untilMs`. */
  async renewLeases(coordinatorId: string, untilMs: number): Promise<void> {
    await this.db.run("UPDATE jobs SET lease_until_ms = ? WHERE status = 'running' AND coordinator_id = ?", [
      untilMs,
      coordinatorId,
    ]);
  }

  /** Completed, not archived yet, stored in `storageType`, completed before the given time: oldest first. */
  async listArchivable(storageType: string, completedBefore: string, limit: number): Promise<JobRecord[]> {
    const rows = await this.db.all<JobRow>(
      "SELECT * FROM jobs WHERE status = 'completed' AND archived_at IS NULL AND storage_type = ? AND completed_at < ? ORDER BY completed_at LIMIT ?",
      [storageType, completedBefore, limit],
    );
    return rows.map(rowToJob);
  }

  /** Once: a job already archived keeps its first time. */
  async markArchived(id: string, at: string): Promise<void> {
    await this.db.run('UPDATE jobs SET archived_at = ? WHERE id = ? AND archived_at IS NULL', [at, id]);
  }
}
