// Batches as stored (POST /crawl/v1/batch/new): the batch, the jobs it created in order, and the
// part of the store behind it. The SQL both stores share is in batch-sql.ts.
import type { JobRecord } from './records.js';

/** An item of the batch that was refused, kept so a retry of the request can answer it again. */
export interface BatchItemError {
  /** The item's position in the request. */
  index: number;
  code: string;
  message: string;
}

export interface BatchRecord {
  id: string;
  ownerId: string;
  /** ISO 8601. */
  createdAt: string;
  requestedCount: number;
  acceptedCount: number;
  /** Accepted jobs that are completed or failed. */
  finishedCount: number;
  /** Set when the last accepted job ended (at creation when none was accepted). */
  completedAt: string | null;
  itemErrors: BatchItemError[];
}

/** One job of a batch: its position in the request, and its record as it is to be stored. */
export interface BatchJob {
  index: number;
  job: JobRecord;
  /** Stored already claimed under this lease (placed the moment it was submitted). */
  lease?: { coordinatorId: string; untilMs: number };
}

/** Job counts of a batch by status. */
export type BatchCounts = Record<'pending' | 'running' | 'completed' | 'failed', number>;

export interface BatchStore {
  /**
   * The batch, its jobs (one multi-row insert) and their positions, in one transaction: all or
   * nothing. Jobs with a lease are stored running under it, as Store.insertJob does.
   */
  insertBatch(batch: BatchRecord, jobs: readonly BatchJob[]): Promise<void>;
  getBatch(id: string): Promise<BatchRecord | null>;
  /** The batch's jobs by status (one grouped read). */
  countBatchJobs(batchId: string): Promise<BatchCounts>;
  /** Up to `limit` of the batch's job ids after request position `afterIndex` (-1: from the start). */
  listBatchJobs(
    batchId: string,
    afterIndex: number,
    limit: number,
  ): Promise<Array<{ index: number; jobId: string }>>;
  /**
   * The jobs ended: each counted once towards its batch (a job counted before counts nothing; a job
   * of no batch is skipped), in one write for all of them. Returns the batches whose last job this
   * call counted (so `batch.completed` is written once each).
   */
  jobsFinished(jobIds: readonly string[], at: string): Promise<BatchRecord[]>;
}
