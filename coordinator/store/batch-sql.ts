// The SQL of batches, written once for both stores: the row mapping and the reads (the tables are
// migration 14's, schema/batches.ts; 16 moved their counts to the batch's group).
import type { BatchRecord } from './batch-types.js';

/** A batch's own row (the counts are its group's: store/group-types.ts). */
export interface BatchRow {
  id: string;
  owner_id: string;
  created_at: string;
  requested_count: number | string;
  accepted_count: number | string;
  item_errors: string;
}

/** A batch row read with its group's counts (GET_BATCH_SQL). */
export interface BatchWithGroupRow extends BatchRow {
  completed_count: number | string | null;
  failed_count: number | string | null;
  finished_at: string | null;
}

export const BATCH_COLUMNS = [
  'id',
  'owner_id',
  'created_at',
  'requested_count',
  'accepted_count',
  'item_errors',
] as const;

export function batchValues(b: BatchRecord): unknown[] {
  return [b.id, b.ownerId, b.createdAt, b.requestedCount, b.acceptedCount, JSON.stringify(b.itemErrors)];
}

export const GET_BATCH_SQL = `SELECT b.*, g.completed_count, g.failed_count, g.finished_at
  FROM batches b LEFT JOIN job_groups g ON g.id = b.id WHERE b.id = ?`;

export function rowToBatch(r: BatchWithGroupRow): BatchRecord {
  return {
    id: r.id,
    ownerId: r.owner_id,
    createdAt: r.created_at,
    requestedCount: Number(r.requested_count),
    acceptedCount: Number(r.accepted_count),
    finishedCount: Number(r.completed_count ?? 0) + Number(r.failed_count ?? 0),
    completedAt: r.finished_at,
    itemErrors: JSON.parse(r.item_errors) as BatchRecord['itemErrors'],
  };
}

/** The status counts query's columns (`status`, `n`), on the batch's positions joined to jobs. */
export const COUNT_BATCH_JOBS_SQL =
  'SELECT j.status AS status, COUNT(*) AS n FROM batch_jobs b JOIN jobs j ON j.id = b.job_id WHERE b.batch_id = ? GROUP BY j.status';

export function countsOf(rows: ReadonlyArray<{ status: string; n: number | string }>) {
  const counts = { pending: 0, running: 0, completed: 0, failed: 0 };
  for (const r of rows) {
    if (r.status in counts) counts[r.status as keyof typeof counts] = Number(r.n);
  }
  return counts;
}
