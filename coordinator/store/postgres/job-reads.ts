// Job reads on PostgreSQL of many rows: by ids, batch status's view columns, and the change
// cursor that lets a coordinator catch up on what it missed without scanning every unfinished job.
import type pg from 'pg';
import type { JobRecord, JobViewRecord } from '../records.js';
import { JOB_VIEW_COLUMNS, type JobRow, type JobViewTuple, rowToJob, tupleToJobView } from '../rows.js';
import type { JobChanges } from '../store-events.js';

/** ids per getJobs round trip: one array parameter has no bind limit, but results stay bounded. */
const GET_JOBS_CHUNK = 1_000;

export async function readJobs(pool: pg.Pool, ids: readonly string[]): Promise<JobRecord[]> {
  const out: JobRecord[] = [];
  for (let i = 0; i < ids.length; i += GET_JOBS_CHUNK) {
    const chunk = ids.slice(i, i + GET_JOBS_CHUNK);
    const { rows } = await pool.query('SELECT * FROM jobs WHERE id = ANY($1::text[])', [chunk]);
    for (const row of rows as JobRow[]) out.push(rowToJob(row));
  }
  return out;
}

/** Batch status's read: $1 the ids as a text array, $2 the owner. */
export const JOB_VIEWS_SQL = `SELECT ${JOB_VIEW_COLUMNS} FROM jobs WHERE id = ANY($1::text[]) AND owner_id = $2`;

export async function readJobViews(
  pool: pg.Pool,
  ownerId: string,
  ids: readonly string[],
): Promise<JobViewRecord[]> {
  if (ids.length === 0) return [];
  // One array parameter whatever the count: one statement text, planned as primary-key lookups.
  // Rows as arrays: pg builds no object with fifteen named keys per row.
  const { rows } = await pool.query<JobViewTuple>({
    text: JOB_VIEWS_SQL,
    values: [ids, ownerId],
    rowMode: 'array',
  });
  return rows.map(tupleToJobView);
}

/**
 * One statement, one snapshot: the position (`xmin` of the statement's own snapshot: the oldest
 * transaction still running) and every job whose `change_xid` is at or past `since`, found by a
 * range scan of the `jobs_change` index. Running jobs are left out (nothing to do for them here).
 * The one-row left side keeps the position when no job matches, and when `since` is null (the
 * comparison with NULL matches nothing: a first read returns only where the feed stands now).
 */
export const JOB_CHANGES_SQL = `
  SELECT s.cursor, j.id, j.status
  FROM (SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS cursor) s
  LEFT JOIN jobs j ON j.change_xid >= $1::xid8 AND j.status <> 'running'`;

export async function readJobChanges(pool: pg.Pool, since: string | null): Promise<JobChanges> {
  const { rows } = await pool.query<{ cursor: string; id: string | null; status: string | null }>(
    JOB_CHANGES_SQL,
    [since],
  );
  const out: JobChanges = { cursor: rows[0]?.cursor ?? since ?? '0', pendingIds: [], finishedIds: [] };
  for (const r of rows) {
    if (r.id === null) continue;
    if (r.status === 'pending') out.pendingIds.push(r.id);
    else out.finishedIds.push(r.id);
  }
  return out;
}
