// Multi-statement writes on PostgreSQL: a transaction helper and the sweep insert.
import type pg from 'pg';
import type { JobRecord, SweepRecord } from '../records.js';
import { JOB_COLUMNS, jobToRow, sweepToRow } from '../rows.js';

export const INSERT_JOB_SQL = `INSERT INTO jobs (${JOB_COLUMNS.join(', ')}) VALUES (${JOB_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;
/** Runs `fn` in BEGIN … COMMIT on one pooled connection; ROLLBACK and rethrow on failure. */
export async function withTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const out = await fn(client);
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch((rollbackErr: unknown) => {
      // The connection itself failed: do not hand it back to the pool.
      broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

/** The sweep, its jobs and their region/try refs, inside the caller's transaction. */
export async function insertSweepRows(
  client: pg.PoolClient,
  sweep: SweepRecord,
  jobs: readonly JobRecord[],
): Promise<void> {
  const r = sweepToRow(sweep);
  await client.query(
    'INSERT INTO sweeps (id, owner_id, url, regions, tries_per_region, timeout_sec, device_type, created_at, report_token) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [
      r.id,
      r.owner_id,
      r.url,
      r.regions,
      r.tries_per_region,
      r.timeout_sec,
      r.device_type,
      r.created_at,
      r.report_token,
    ],
  );
  for (const job of jobs) {
    const row = jobToRow(job);
    await client.query(
      INSERT_JOB_SQL,
      JOB_COLUMNS.map((c) => row[c]),
    );
  }
  // One statement for every ref: arrays unnest into rows, in position order.
  await client.query(
    'INSERT INTO sweep_jobs (sweep_id, job_id, region, try_index, position) SELECT $1, * FROM unnest($2::text[], $3::text[], $4::int[], $5::int[])',
    [
      sweep.id,
      sweep.jobs.map((j) => j.jobId),
      sweep.jobs.map((j) => j.region),
      sweep.jobs.map((j) => j.tryIndex),
      sweep.jobs.map((_, i) => i),
    ],
  );
}
