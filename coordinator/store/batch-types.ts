// Batches as stored (POST /crawl/v1/batch/new): the batch, the jobs it created in order, and the
// part of the store behind it. A batch is a group of jobs (group-types.ts); its SQL is batch-sql.ts.

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
  /** Accepted jobs that are completed or failed (the batch's group's counts). */
  finishedCount: number;
  /** Set by the last accepted job's end (at creation when none was accepted): its group's. */
  completedAt: string | null;
  itemErrors: BatchItemError[];
}

/** Job counts of a batch by status. */
export type BatchCounts = Record<'pending' | 'running' | 'completed' | 'failed', number>;

/** Batches are written as groups (Store.groups.insertGroup: the batch, its jobs, their positions). */
export interface BatchStore {
  /** The batch with its group's counts (`finishedCount`, `completedAt`). */
  getBatch(id: string): Promise<BatchRecord | null>;
  /** The batch's jobs by status (one grouped read). */
  countBatchJobs(batchId: string): Promise<BatchCounts>;
  /** Up to `limit` of the batch's job ids after request position `afterIndex` (-1: from the start). */
  listBatchJobs(
    batchId: string,
    afterIndex: number,
    limit: number,
  ): Promise<Array<{ index: number; jobId: string }>>;
}
