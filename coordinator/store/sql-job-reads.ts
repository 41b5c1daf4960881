// Job reads that are the same on both stores, written once over the SqlRunner (sql-runner.ts): one
// job, many jobs by id, batch status's views, a session's jobs, the unfinished jobs a starting
// coordinator recovers, and the archiver's pages, with the small writes beside them (renewing this
// coordinator's leases, taking back expired ones, marking a job archived). The job path's writes
// stay with each store: their group commits differ by dialect (sqlite/write-batch.ts,
// postgres/write-batch.ts).
import type { JobRecord, JobViewRecord } from './records.js';
import { JOB_VIEW_COLUMNS, type JobRow, type JobViewTuple, rowToJob, tupleToJobView } from './rows.js';
import type { SqlRunner } from './sql-runner.js';

/** ids per getJobs statement: one list parameter has no bind limit, but results stay bounded. */
const GET_JOBS_CHUNK = 1_000;

/**
 * Batch status's read, parameters the ids (SqlRunner.list) and the owner. On SQLite each id is one
 * lookup in the `jobs_view` index (migration 10), which holds every column read: the table's rows,
 * with their request and result JSON, are never visited. On PostgreSQL, primary-key lookups.
 */
export const jobViewsSql = (inList: string): string =>
  `SELECT ${JOB_VIEW_COLUMNS} FROM jobs WHERE id ${inList} AND owner_id = ?`;

export class SqlJobReads {
  private readonly jobViews: string;

  constructor(private readonly db: SqlRunner) {
    this.jobViews = jobViewsSql(db.inList);
  }

  /** The jobs of those ids that exist, in no set order. */
  async getMany(ids: readonly string[]): Promise<JobRecord[]> {
    const out: JobRecord[] = [];
    for (let i = 0; i < ids.length; i += GET_JOBS_CHUNK) {
      const chunk = ids.slice(i, i + GET_JOBS_CHUNK);
      const rows = await this.db.all<JobRow>(`SELECT * FROM jobs WHERE id ${this.db.inList}`, [
        this.db.list(chunk),
      ]);
      for (const row of rows) out.push(rowToJob(row));
    }
    return out;
  }

  /** The views of the owner's jobs among `ids`: one statement text whatever their number. */
  async views(ownerId: string, ids: readonly string[]): Promise<JobViewRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.tuples<JobViewTuple>(this.jobViews, [this.db.list(ids), ownerId]);
    return rows.map(tupleToJobView);
  }

  /**
   * Running jobs whose lease ran out go back to pending, as they are now. One statement: a
   * coordinator running the same sweep at the same moment (PostgreSQL) waits on the row locks and
   * then skips rows that are no longer running, so each job comes back exactly once.
   */
  async requeueExpired(nowMs: number, queueDeadlineMs: number): Promise<JobRecord[]> {
    const rows = await this.db.writeAll<JobRow>(
      "UPDATE jobs SET status = 'pending', queue_deadline_ms = ?, coordinator_id = NULL WHERE status = 'running' AND lease_until_ms < ? RETURNING *",
      [queueDeadlineMs, nowMs],
    );
    return rows.map(rowToJob);
  }

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
