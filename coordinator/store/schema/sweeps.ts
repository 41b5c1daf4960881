// Sweeps and which region and try each of their jobs is (store/records.ts, rows.ts).

/** Migration 3 on both stores. */
export const SWEEP_TABLES_SQL = (t: { sortedText: string }): string => `
  CREATE TABLE sweeps (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    url TEXT NOT NULL,
    regions TEXT NOT NULL,
    tries_per_region INTEGER NOT NULL,
    timeout_sec INTEGER NOT NULL,
    device_type TEXT NOT NULL,
    created_at ${t.sortedText} NOT NULL,
    report_token TEXT NOT NULL
  );
  CREATE TABLE sweep_jobs (
    sweep_id TEXT NOT NULL REFERENCES sweeps (id),
    job_id TEXT NOT NULL UNIQUE,
    region TEXT NOT NULL,
    try_index INTEGER NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (sweep_id, position)
  );
  `;
