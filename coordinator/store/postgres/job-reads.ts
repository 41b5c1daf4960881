// The change cursor on PostgreSQL, which lets a coordinator catch up on what it missed without
// scanning every unfinished job. PostgreSQL only, as its SQL is: a transaction id (`xid8`) and the
// statement's own snapshot say where the feed stands; a SQLite file is never shared, so it has no
// feed to catch up on.
import type pg from 'pg';
import type { JobChanges } from '../store-events.js';

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
