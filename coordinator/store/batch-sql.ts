// The SQL of batches that SQLite and PostgreSQL share: migration 14's tables, in types both accept.
import type { BatchJob, BatchRecord } from './batch-types.js';
import { CLAIMED_COLUMNS, jobToRow } from './rows.js';

/**
 * Migration 14. `batch_jobs.finished` makes counting a job's end idempotent (a catch-up pass or a
 * second coordinator reporting the same end counts it once); `job_id` is unique, so the lookup on
 * a job's end is one index probe, and a job of no batch finds nothing.
 */
export const BATCH_TABLES_SQL = `
  CREATE TABLE batches (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    requested_count INTEGER NOT NULL,
    accepted_count INTEGER NOT NULL,
    finished_count INTEGER NOT NULL DEFAULT 0,
    completed_at TEXT,
    item_errors TEXT NOT NULL
  );
  CREATE TABLE batch_jobs (
    batch_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    job_id TEXT NOT NULL UNIQUE,
    finished INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (batch_id, position)
  );
`;

export interface BatchRow {
  id: string;
  owner_id: string;
  created_at: string;
  requested_count: number | string;
  accepted_count: number | string;
  finished_count: number | string;
  completed_at: string | null;
  item_errors: string;
}

export function batchToRow(b: BatchRecord): BatchRow {
  return {
    id: b.id,
    owner_id: b.ownerId,
    created_at: b.createdAt,
    requested_count: b.requestedCount,
    accepted_count: b.acceptedCount,
    finished_count: b.finishedCount,
    completed_at: b.completedAt,
    item_errors: JSON.stringify(b.itemErrors),
  };
}

export function rowToBatch(r: BatchRow): BatchRecord {
  return {
    id: r.id,
    ownerId: r.owner_id,
    createdAt: r.created_at,
    requestedCount: Number(r.requested_count),
    acceptedCount: Number(r.accepted_count),
    finishedCount: Number(r.finished_count),
    completedAt: r.completed_at,
    itemErrors: JSON.parse(r.item_errors) as BatchRecord['itemErrors'],
  };
}

/** The status counts query's columns (`status`, `n`), on the batch's positions joined to jobs. */
export const COUNT_BATCH_JOBS_SQL = (param: string) =>
  `SELECT j.status AS status, COUNT(*) AS n FROM batch_jobs b JOIN jobs j ON j.id = b.job_id WHERE b.batch_id = ${param} GROUP BY j.status`;

export function countsOf(rows: ReadonlyArray<{ status: string; n: number | string }>) {
  const counts = { pending: 0, running: 0, completed: 0, failed: 0 };
  for (const r of rows) {
    if (r.status in counts) counts[r.status as keyof typeof counts] = Number(r.n);
  }
  return counts;
}

/** Appends one batch job's values in CLAIMED_COLUMNS order (the lease's columns null when unclaimed). */
export function pushClaimedValues(values: unknown[], { job, lease }: BatchJob): void {
  const row = jobToRow(job) as unknown as Record<string, unknown>;
  for (const c of CLAIMED_COLUMNS) {
    if (c === 'coordinator_id') values.push(lease?.coordinatorId ?? null);
    else if (c === 'lease_until_ms') values.push(lease?.untilMs ?? null);
    else values.push(row[c]);
  }
}
