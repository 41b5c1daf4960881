// The newest sweeps on PostgreSQL (the dashboard), with all their refs in a second query by one
// array parameter. One sweep by id is read by the shared store/sql-sweep-reads.ts.
import type pg from 'pg';
import type { SweepRecord } from '../records.js';
import { rowToSweep, type SweepJobRow, type SweepRow } from '../rows.js';

export async function readRecentSweeps(pool: pg.Pool, limit: number): Promise<SweepRecord[]> {
  const { rows } = await pool.query<SweepRow>('SELECT * FROM sweeps ORDER BY created_at DESC, id LIMIT $1', [
    limit,
  ]);
  if (rows.length === 0) return [];
  const refs = await pool.query<SweepJobRow>(
    'SELECT * FROM sweep_jobs WHERE sweep_id = ANY($1::text[]) ORDER BY position',
    [rows.map((r) => r.id)],
  );
  return rows.map((row) =>
    rowToSweep(
      row,
      refs.rows.filter((r) => r.sweep_id === row.id),
    ),
  );
}
