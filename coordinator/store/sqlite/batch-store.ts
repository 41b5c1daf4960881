// Batches in SQLite (see store/batch-types.ts): the batch, its jobs as multi-row inserts and their
// positions in one savepoint of the store's write batch.
import type Database from 'better-sqlite3';
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

type Prepare = Database.Database['prepare'];
/** Runs writes in the store's group commit (write-batch.ts). */
type Write = <T>(run: () => T) => Promise<T>;

/** Rows per INSERT: 250 rows of 24 columns stay well inside SQLite's 32,766 bound parameters. */
const ROWS_PER_INSERT = 250;

export class SqliteBatchStore implements BatchStore {
  constructor(
    private readonly db: Database.Database,
    private readonly prepare: Prepare,
    private readonly write: Write,
  ) {}

  async insertBatch(batch: BatchRecord, jobs: readonly BatchJob[]): Promise<void> {
    const b = batchToRow(batch);
    const insert = INSERT_BATCH('sqlite');
    const insertBatch = this.prepare(insert.sql);
    const values: unknown[] = [];
    const refs: unknown[] = [];
    for (const j of jobs) {
      pushClaimedValues(values, j);
      refs.push(batch.id, j.index, j.job.id);
    }
    const width = CLAIMED_COLUMNS.length;
    await this.write(
      this.db.transaction(() => {
        insertBatch.run(insert.bind(b));
        for (let at = 0; at < jobs.length; at += ROWS_PER_INSERT) {
          const n = Math.min(ROWS_PER_INSERT, jobs.length - at);
          this.insertJobs(n).run(values.slice(at * width, (at + n) * width));
          this.insertRefs(n).run(refs.slice(at * 3, (at + n) * 3));
        }
      }),
    );
  }

  private insertJobs(rows: number): Database.Statement {
    const one = `(${CLAIMED_COLUMNS.map(() => '?').join(', ')})`;
    return this.prepare(
      `INSERT INTO jobs (${CLAIMED_COLUMNS.join(', ')}) VALUES ${Array(rows).fill(one).join(', ')}`,
    );
  }

  private insertRefs(rows: number): Database.Statement {
    return this.prepare(
      `INSERT INTO batch_jobs (batch_id, position, job_id) VALUES ${Array(rows).fill('(?, ?, ?)').join(', ')}`,
    );
  }

  async getBatch(id: string): Promise<BatchRecord | null> {
    const get = GET_BATCH('sqlite');
    const row = this.prepare<unknown[], BatchRow>(get.sql).get(get.bind({ id }));
    return row ? rowToBatch(row) : null;
  }

  async countBatchJobs(batchId: string): Promise<BatchCounts> {
    return countsOf(
      this.prepare<[string], { status: string; n: number }>(COUNT_BATCH_JOBS_SQL('?')).all(batchId),
    );
  }

  async listBatchJobs(
    batchId: string,
    afterIndex: number,
    limit: number,
  ): Promise<Array<{ index: number; jobId: string }>> {
    const list = LIST_BATCH_JOBS('sqlite');
    return this.prepare<unknown[], { position: number; job_id: string }>(list.sql)
      .all(list.bind({ batchId, afterIndex, limit }))
      .map((r) => ({ index: r.position, jobId: r.job_id }));
  }

  async jobsFinished(jobIds: readonly string[], at: string): Promise<BatchRecord[]> {
    if (jobIds.length === 0) return [];
    // One statement for every job (the ids as one JSON array), one update per batch touched; the
    // whole batch row (its item errors parsed) is read only for a batch that is now complete.
    const mark = this.prepare<[string], { batch_id: string }>(
      'UPDATE batch_jobs SET finished = 1 WHERE job_id IN (SELECT value FROM json_each(?)) AND finished = 0 RETURNING batch_id',
    );
    const count = this.prepare<
      [number, number, string, string],
      { finished_count: number; accepted_count: number }
    >(
      'UPDATE batches SET finished_count = finished_count + ?, completed_at = CASE WHEN finished_count + ? >= accepted_count THEN ? ELSE completed_at END WHERE id = ? RETURNING finished_count, accepted_count',
    );
    const whole = this.prepare<[string], BatchRow>('SELECT * FROM batches WHERE id = ?');
    return this.write(
      this.db.transaction((): BatchRecord[] => {
        const per = new Map<string, number>();
        for (const { batch_id } of mark.all(JSON.stringify(jobIds)))
          per.set(batch_id, (per.get(batch_id) ?? 0) + 1);
        const done: BatchRecord[] = [];
        for (const [id, n] of per) {
          const row = count.get(n, n, at, id);
          if (!row || Number(row.finished_count) !== Number(row.accepted_count)) continue;
          const full = whole.get(id);
          if (full) done.push(rowToBatch(full));
        }
        return done;
      }),
    );
  }
}
