// Reading sweeps back on PostgreSQL: one sweep with its job refs, or the newest few (the dashboard)
// with all their refs in a second query.
import type pg from 'pg';
import type { SweepRecord } from '../records.js';
import { rowToSweep, type SweepJobRow, type SweepRow } from '../rows.js';

export async function readSweep(pool: pg.Pool, id: string): Promise<SweepRecord | null> {
  const [row] = (await pool.query<SweepRow>('SELECT * FROM sweeps WHERE id = $1', [id])).rows;
  if (!row) return null;
  const refs = await pool.query<SweepJobRow>(
    'SELECT * FROM sweep_jobs WHERE sweep_id = $1 ORDER BY position',
    [id],
  );
  return rowToSweep(row, refs.rows);
}

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
