// The batch tables (store/batch-sql.ts reads and writes them).

/**
 * Migration 14, as it was: migration 16 drops its counters (`finished_count`, `completed_at`,
 * `batch_jobs.finished`), which a batch's group now keeps in its members' terminal statements.
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
