// Batches in PostgreSQL (see store/batch-types.ts): the batch, its jobs in one multi-row insert and
// their positions in one transaction; a job's end counted in one statement, atomic across
// coordinators (the batch row's lock orders concurrent counts).
import type pg from 'pg';
import {
  type BatchRow,
  batchToRow,
  COUNT_BATCH_JOBS_SQL,
  countsOf,
  pushClaimedValues,
  rowToBatch,
} from '../batch-sql.js';
import type { BatchCounts, BatchJob, BatchRecord, BatchStore } from '../batch-types.js';
import { CLAIMED_COLUMNS } from '../rows.js';
import { GET_BATCH, INSERT_BATCH, LIST_BATCH_JOBS } from '../sql/batches.js';
import { withTransaction } from './transactions.js';

/** Rows per INSERT: 1,000 rows of 24 columns stay inside PostgreSQL's 65,535 bound parameters. */
const ROWS_PER_INSERT = 1000;

function placeholders(rows: number, width: number): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    const one: string[] = [];
    for (let c = 1; c <= width; c++) one.push(`$${r * width + c}`);
    out.push(`(${one.join(', ')})`);
  }
  return out.join(', ');
}

export class PostgresBatchStore implements BatchStore {
  constructor(private readonly pool: pg.Pool) {}

  async insertBatch(batch: BatchRecord, jobs: readonly BatchJob[]): Promise<void> {
    const b = batchToRow(batch);
    const width = CLAIMED_COLUMNS.length;
    await withTransaction(this.pool, async (client) => {
      const insert = INSERT_BATCH('postgres');
      await client.query(insert.sql, insert.bind(b));
      for (let at = 0; at < jobs.length; at += ROWS_PER_INSERT) {
        const chunk = jobs.slice(at, at + ROWS_PER_INSERT);
        const values: unknown[] = [];
        for (const j of chunk) pushClaimedValues(values, j);
        await client.query(
          `INSERT INTO jobs (${CLAIMED_COLUMNS.join(', ')}) VALUES ${placeholders(chunk.length, width)}`,
          values,
        );
      }
      if (jobs.length > 0) {
        // One statement for every position: arrays unnest into rows.
        await client.query(
          'INSERT INTO batch_jobs (batch_id, position, job_id) SELECT $1, * FROM unnest($2::int[], $3::text[])',
          [batch.id, jobs.map((j) => j.index), jobs.map((j) => j.job.id)],
        );
      }
    });
  }

  async getBatch(id: string): Promise<BatchRecord | null> {
    const get = GET_BATCH('postgres');
    const { rows } = await this.pool.query<BatchRow>(get.sql, get.bind({ id }));
    return rows[0] ? rowToBatch(rows[0]) : null;
  }

  async countBatchJobs(batchId: string): Promise<BatchCounts> {
    const { rows } = await this.pool.query<{ status: string; n: string }>(COUNT_BATCH_JOBS_SQL('$1'), [
      batchId,
    ]);
    return countsOf(rows);
  }

  async listBatchJobs(
    batchId: string,
    afterIndex: number,
    limit: number,
  ): Promise<Array<{ index: number; jobId: string }>> {
    const list = LIST_BATCH_JOBS('postgres');
    const { rows } = await this.pool.query<{ position: number; job_id: string }>(
      list.sql,
      list.bind({ batchId, afterIndex, limit }),
    );
    return rows.map((r) => ({ index: r.position, jobId: r.job_id }));
  }

  async jobsFinished(jobIds: readonly string[], at: string): Promise<BatchRecord[]> {
    if (jobIds.length === 0) return [];
    // One round trip for every job: marked, counted per batch, each batch updated once.
    const { rows } = await this.pool.query<BatchRow>(
      `WITH marked AS (
         UPDATE batch_jobs SET finished = 1 WHERE job_id = ANY($1::text[]) AND finished = 0 RETURNING batch_id
       ), counted AS (
         SELECT batch_id, COUNT(*)::int AS n FROM marked GROUP BY batch_id
       )
       UPDATE batches b SET finished_count = b.finished_count + c.n,
         completed_at = CASE WHEN b.finished_count + c.n >= b.accepted_count THEN $2 ELSE b.completed_at END
       FROM counted c WHERE b.id = c.batch_id
       RETURNING b.*`,
      [jobIds, at],
    );
    return rows.map(rowToBatch).filter((b) => b.finishedCount === b.acceptedCount);
  }
}
