// Devices' standing and the disputes between them (store/trust-types.ts).

/** Migration 4 on both stores (BOOLEAN is an INTEGER affinity on SQLite). */
export const TRUST_TABLES_SQL = `
  CREATE TABLE device_trust (
    device_id TEXT PRIMARY KEY,
    score DOUBLE PRECISION NOT NULL,
    quarantined BOOLEAN NOT NULL,
    reason TEXT NOT NULL,
    canary_streak INTEGER NOT NULL,
    canary_passes INTEGER NOT NULL,
    canary_failures INTEGER NOT NULL,
    disputes INTEGER NOT NULL,
    strikes INTEGER NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE disputes (
    id TEXT PRIMARY KEY,
    job_id TEXT NOT NULL,
    check_job_id TEXT NOT NULL,
    device_a TEXT NOT NULL,
    device_b TEXT NOT NULL,
    detail TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX disputes_created ON disputes (created_at);
`;
