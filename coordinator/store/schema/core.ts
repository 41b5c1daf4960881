// The first tables: API keys, devices, sessions and jobs (store/records.ts, rows.ts). Later
// migrations add columns to them in place (migrations.ts).

/** Migration 1 on both stores, over the column types the dialects spell differently. */
export const CORE_TABLES_SQL = (t: {
  flag: string;
  no: string;
  sortedText: string;
  bigint: string;
}): string => `
  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    name TEXT NOT NULL,
    hash TEXT NOT NULL UNIQUE,
    admin ${t.flag} NOT NULL DEFAULT ${t.no},
    created_at ${t.sortedText} NOT NULL,
    revoked_at TEXT
  );
  CREATE TABLE devices (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at ${t.sortedText} NOT NULL,
    revoked_at TEXT,
    last_seen_at TEXT
  );
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at ${t.sortedText} NOT NULL,
    expires_at TEXT NOT NULL,
    expires_at_ms ${t.bigint} NOT NULL,
    closed_at TEXT,
    device_id TEXT,
    placement TEXT
  );
  CREATE INDEX sessions_active_expiry ON sessions (expires_at_ms) WHERE status = 'active';
  CREATE TABLE jobs (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    url TEXT NOT NULL,
    method TEXT NOT NULL,
    status TEXT NOT NULL,
    submitted_at ${t.sortedText} NOT NULL,
    submitted_at_ms ${t.bigint} NOT NULL,
    timeout_sec INTEGER NOT NULL,
    placement TEXT NOT NULL,
    session_id TEXT,
    sweep_id TEXT,
    storage_type TEXT NOT NULL,
    request TEXT NOT NULL,
    attempt INTEGER NOT NULL DEFAULT 0,
    device_id TEXT,
    queue_deadline_ms ${t.bigint} NOT NULL,
    completed_at ${t.sortedText},
    failure_type TEXT,
    error_message TEXT,
    archived_at TEXT,
    result TEXT
  );
  CREATE INDEX jobs_session ON jobs (session_id, submitted_at_ms) WHERE session_id IS NOT NULL;
  CREATE INDEX jobs_sweep ON jobs (sweep_id) WHERE sweep_id IS NOT NULL;
  CREATE INDEX jobs_unfinished ON jobs (status) WHERE status IN ('pending', 'running');
  CREATE INDEX jobs_archivable ON jobs (storage_type, completed_at)
    WHERE status = 'completed' AND archived_at IS NULL;
  `;
