// The schema migrations of both stores, written once: one ordered list, each entry applied once per
// database, in a transaction, recorded in schema_migrations under its version (sqlite/sqlite-store.ts
// and postgres/migrations.ts run them). Version N is the same schema change on both stores.
//
// An entry is one of:
// - `sql: '…'`: SQL both dialects accept (TEXT, INTEGER/BIGINT, no AUTOINCREMENT/SERIAL, no JSONB);
// - `sql: (t) => \`…${t.bigint}…\``: written once over the few column types the dialects spell
//   differently (DialectTypes below);
// - `sqlite: '…', postgres: '…'`: truly dialect-specific; a dialect left out skips the version
//   (PostgreSQL-only changes are numbered from 1001).
// New entries go at the end of their range, in version order.
//
// Timestamps stay ISO-8601 TEXT on both; the ones sorted or compared (created_at, submitted_at,
// completed_at) are COLLATE "C" on PostgreSQL so they order bytewise, exactly like SQLite, whatever
// the database's default collation. JSON stays TEXT: rows.ts parses strings, and TEXT round-trips.
import { BATCH_TABLES_SQL } from './batch-sql.js';
import { CRAWL_TABLES_SQL } from './crawl-types.js';
import { GROUP_MEASUREMENTS_SQL, GROUP_TABLES_SQL } from './group-types.js';
import { IDEMPOTENCY_TABLE_SQL } from './idempotency-types.js';
import { MEASUREMENT_TABLE_SQL } from './measure-types.js';
import { DELIVERY_SUBJECT_SQL } from './push-types.js';
import { RELEASE_TABLES_SQL } from './release-types.js';
import { SCHEDULE_TABLES_SQL } from './schedule-types.js';
import { TRUST_TABLES_SQL } from './trust-types.js';

export type Dialect = 'sqlite' | 'postgres';

/** Column types the two dialects spell differently. */
export interface DialectTypes {
  /** Epoch milliseconds and other 64-bit integers (SQLite's INTEGER is 64-bit already). */
  bigint: string;
  /** ISO-8601 text that is sorted or compared: bytewise on both. */
  sortedText: string;
  /** A true/false column and its false. */
  flag: string;
  no: string;
  /** An auto-numbered 64-bit primary key. */
  serial: string;
}

const TYPES: Record<Dialect, DialectTypes> = {
  sqlite: {
    bigint: 'INTEGER',
    sortedText: 'TEXT',
    flag: 'INTEGER',
    no: '0',
    serial: 'INTEGER PRIMARY KEY AUTOINCREMENT',
  },
  postgres: {
    bigint: 'BIGINT',
    sortedText: 'TEXT COLLATE "C"',
    flag: 'BOOLEAN',
    no: 'false',
    serial: 'BIGSERIAL PRIMARY KEY',
  },
};

export interface Migration {
  version: number;
  /** Both dialects: plain SQL, or SQL written over the dialect's column types. */
  sql?: string | ((t: DialectTypes) => string);
  /** Dialect-specific SQL; a dialect with none skips this version. */
  sqlite?: string;
  postgres?: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: (t) => `
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
  `,
  },
  {
    version: 2,
    sql: (t) => `
  ALTER TABLE jobs ADD COLUMN coordinator_id TEXT;
  ALTER TABLE jobs ADD COLUMN lease_until_ms ${t.bigint};
  CREATE INDEX jobs_running_lease ON jobs (lease_until_ms) WHERE status = 'running';
  `,
  },
  {
    version: 3,
    // 3: sweeps, and which region and try each sweep job is.
    sql: (t) => `
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
  `,
  },
  {
    version: 4,
    // 4: device standing (canaries, disputes, quarantine) and disputes between devices.
    sql: TRUST_TABLES_SQL,
  },
  {
    version: 5,
    // 5: per-key limits and their fixed-window counters (coordinator/limits/).
    sql: (t) => `
  ALTER TABLE api_keys ADD COLUMN limits TEXT;
  CREATE TABLE limit_counters (
    key_id TEXT NOT NULL,
    name TEXT NOT NULL,
    window_start_ms ${t.bigint} NOT NULL,
    count ${t.bigint} NOT NULL,
    PRIMARY KEY (key_id, name, window_start_ms)
  );
  CREATE INDEX limit_counters_window ON limit_counters (window_start_ms);
  CREATE INDEX sweeps_created ON sweeps (created_at);
  CREATE INDEX jobs_owner_unfinished ON jobs (owner_id) WHERE status IN ('pending', 'running');
  `,
  },
  {
    version: 6,
    // 6: idempotency keys of job and sweep submissions (coordinator/api/idempotency.ts).
    sql: IDEMPOTENCY_TABLE_SQL,
  },
  {
    version: 7,
    // 7: push: the event log (SSE replays it), the webhook outbox and delivery log, webhook settings.
    sql: (t) => `
  CREATE TABLE push_events (
    seq ${t.serial},
    id TEXT NOT NULL UNIQUE,
    dedupe_key TEXT NOT NULL UNIQUE,
    owner_id TEXT NOT NULL,
    type TEXT NOT NULL,
    job_id TEXT,
    sweep_id TEXT,
    created_at_ms ${t.bigint} NOT NULL,
    payload TEXT NOT NULL
  );
  CREATE INDEX push_events_owner ON push_events (owner_id, seq);
  CREATE INDEX push_events_job ON push_events (job_id, seq) WHERE job_id IS NOT NULL;
  CREATE INDEX push_events_sweep ON push_events (sweep_id, seq) WHERE sweep_id IS NOT NULL;
  CREATE TABLE webhook_deliveries (
    id ${t.serial},
    event_seq ${t.bigint} NOT NULL REFERENCES push_events (seq),
    event_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    owner_id TEXT NOT NULL,
    order_key TEXT NOT NULL,
    url TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_ms ${t.bigint} NOT NULL,
    created_at_ms ${t.bigint} NOT NULL,
    lease_owner TEXT,
    lease_until_ms ${t.bigint},
    last_status_code INTEGER,
    last_error TEXT,
    delivered_at_ms ${t.bigint}
  );
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_ms) WHERE status = 'pending';
  CREATE INDEX webhook_deliveries_order ON webhook_deliveries (order_key, event_seq) WHERE status = 'pending';
  CREATE INDEX webhook_deliveries_owner ON webhook_deliveries (owner_id, id);
  CREATE TABLE subject_webhooks (
    subject_id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    url TEXT NOT NULL,
    events TEXT NOT NULL
  );
  CREATE INDEX jobs_finished_at ON jobs (completed_at) WHERE completed_at IS NOT NULL;
  CREATE TABLE owner_webhooks (
    owner_id TEXT PRIMARY KEY,
    url TEXT,
    events TEXT NOT NULL,
    secret TEXT NOT NULL
  );
  `,
  },
  {
    version: 8,
    // 8: recurring sweeps and the record of each firing (coordinator/schedules/).
    sql: SCHEDULE_TABLES_SQL,
  },
  {
    version: 9,
    // 9: the trace context a job carries from its submit to its dispatch and ingest (tracing).
    sql: 'ALTER TABLE jobs ADD COLUMN trace_parent TEXT',
  },
  {
    version: 10,
    // The Job view's columns in one index, so SQLite's batch status read (store/sqlite/job-views.ts)
    // is a search of this index alone: the table's rows, which carry the request and result JSON,
    // are never visited. Its order is the read's: id, then owner_id (the read's filter), then the
    // view's columns. PostgreSQL gets no twin (it records the version and changes nothing): a B-tree
    // entry is limited to about 2.7 KB (a third of a page), and a url may be 8,192 characters, so
    // such an index would refuse to store a job with a long url. Its batch status read stays
    // primary-key lookups (postgres/job-reads.ts).
    sqlite: `CREATE INDEX jobs_view ON jobs (id, owner_id, url, method, status, submitted_at, timeout_sec,
    placement, storage_type, session_id, sweep_id, completed_at, failure_type, error_message, archived_at)`,
    postgres: 'SELECT 1',
  },
  {
    version: 11,
    // The Job view names the device of the job's latest try (device_id, docs/api.md), so SQLite's
    // covering index of 10 holds that column too; nothing to change on PostgreSQL, for the reason of 10.
    sqlite: `DROP INDEX jobs_view;
  CREATE INDEX jobs_view ON jobs (id, owner_id, url, method, status, submitted_at, timeout_sec,
    placement, storage_type, session_id, sweep_id, completed_at, failure_type, error_message, archived_at,
    device_id)`,
    postgres: 'SELECT 1',
  },
  {
    version: 12,
    // 12: each webhook delivery names its job and sweep; the delivery log filters by either.
    sql: DELIVERY_SUBJECT_SQL,
  },
  {
    version: 13,
    // 13: network measurements and the jobs each fanned out into (coordinator/measure/).
    sql: MEASUREMENT_TABLE_SQL,
  },
  {
    version: 14,
    // 14: batches (POST /crawl/v1/batch/new) and their jobs' positions (store/batch-sql.ts).
    sql: BATCH_TABLES_SQL,
  },
  {
    version: 15,
    // 15: site crawls, their frontier, the hosts' robots.txt and the shared politeness slots.
    sql: CRAWL_TABLES_SQL,
  },
  {
    version: 16,
    // 16: groups of jobs (store/group-types.ts): batches and measurements become groups whose
    // counts their members' terminal statements keep.
    sqlite: GROUP_TABLES_SQL(TYPES.sqlite.sortedText) + GROUP_MEASUREMENTS_SQL.sqlite,
    postgres: GROUP_TABLES_SQL(TYPES.postgres.sortedText) + GROUP_MEASUREMENTS_SQL.postgres,
  },
  {
    version: 17,
    // 17: agent releases, the fleet's rollout and per-device version pins (coordinator/releases/).
    sql: (t) => RELEASE_TABLES_SQL(t.sortedText, t.bigint),
  },
  {
    // The job change cursor (docs/postgres.md, "Catching up"): the transaction that last inserted a
    // job or changed its status or attempt, so the catch-up read is a range of one index. Lease
    // renewals and archive marks leave it alone. The default is stable, not volatile: existing rows
    // all get the migration's own transaction without a table rewrite. PostgreSQL only (a SQLite
    // file is never shared), numbered from 1001 so it never takes a version both stores use.
    version: 1001,
    postgres: `
  ALTER TABLE jobs ADD COLUMN change_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
  CREATE INDEX jobs_change ON jobs (change_xid);
  CREATE FUNCTION jobs_mark_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.change_xid := pg_current_xact_id();
    RETURN NEW;
  END
  $$;
  CREATE TRIGGER jobs_change BEFORE UPDATE ON jobs FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.attempt IS DISTINCT FROM NEW.attempt)
    EXECUTE FUNCTION jobs_mark_change();
  `,
  },
];

/** The migrations of one dialect, in version order, as the SQL to run. */
export function migrationsFor(dialect: Dialect): Array<{ version: number; sql: string }> {
  const out: Array<{ version: number; sql: string }> = [];
  for (const m of MIGRATIONS) {
    const sql = typeof m.sql === 'function' ? m.sql(TYPES[dialect]) : (m.sql ?? m[dialect]);
    if (sql !== undefined) out.push({ version: m.version, sql });
  }
  return out.sort((a, b) => a.version - b.version);
}
