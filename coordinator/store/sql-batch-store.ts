// Batches (batch-types.ts), read once for both stores over the SqlRunner (sql-runner.ts). A batch
// is written as a group (sql-group-store.ts), and its counts are its group's.
import {
  type BatchWithGroupRow,
  COUNT_BATCH_JOBS_SQL,
  countsOf,
  GET_BATCH_SQL,
  rowToBatch,
} from './batch-sql.js';
import type { BatchCounts, BatchRecord, BatchStore } from './batch-types.js';
import type { SqlRunner } from './sql-runner.js';

export class SqlBatchStore implements BatchStore {
  constructor(private readonly db: SqlRunner) {}

  getBatch(id: string): Promise<BatchRecord | null> {
    return this.db.get<BatchWithGroupRow, BatchRecord>(GET_BATCH_SQL, [id], rowToBatch);
  }

  async countBatchJobs(batchId: string): Promise<BatchCounts> {
    return countsOf(
      await this.db.all<{ status: string; n: number | string }>(COUNT_BATCH_JOBS_SQL, [batchId]),
    );
  }

  async listBatchJobs(
    batchId: string,
    afterIndex: number,
    limit: number,
  ): Promise<Array<{ index: number; jobId: string }>> {
    const rows = await this.db.all<{ position: number | string; job_id: string }>(
      'SELECT position, job_id FROM batch_jobs WHERE batch_id = ? AND position > ? ORDER BY position LIMIT ?',
      [batchId, afterIndex, limit],
    );
    return rows.map((r) => ({ index: Number(r.position), jobId: r.job_id }));
  }
}
