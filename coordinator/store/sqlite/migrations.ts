// Ordered schema migrations; each runs once, in a transaction, recorded in schema_migrations.
import { CRAWL_TABLES_SQL } from '../crawl-types.js';
import { IDEMPOTENCY_TABLE_SQL } from '../idempotency-types.js';
import { DELIVERY_SUBJECT_SQL } from '../push-types.js';
import { SCHEDULE_TABLES_SQL } from '../schedule-types.js';
import { TRUST_TABLES_SQL } from '../trust-types.js';
export const SQLITE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    name TEXT NOT NULL,
    hash TEXT NOT NULL UNIQUE,
    admin INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    revoked_at TEXT
  );
  CREATE TABLE devices (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    revoked_at TEXT,
    last_seen_at TEXT
  );
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    expires_at_ms INTEGER NOT NULL,
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
    submitted_at TEXT NOT NULL,
    submitted_at_ms INTEGER NOT NULL,
    timeout_sec INTEGER NOT NULL,
    placement TEXT NOT NULL,
    session_id TEXT,
    sweep_id TEXT,
    storage_type TEXT NOT NULL,
    request TEXT NOT NULL,
    attempt INTEGER NOT NULL DEFAULT 0,
    device_id TEXT,
    queue_deadline_ms INTEGER NOT NULL,
    completed_at TEXT,
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
  `
  ALTER TABLE jobs ADD COLUMN coordinator_id TEXT;
  ALTER TABLE jobs ADD COLUMN lease_until_ms INTEGER;
  CREATE INDEX jobs_running_lease ON jobs (lease_until_ms) WHERE status = 'running';
  `,
  // 3: sweeps, and which region and try each sweep job is.
  `
  CREATE TABLE sweeps (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    url TEXT NOT NULL,
    regions TEXT NOT NULL,
    tries_per_region INTEGER NOT NULL,
    timeout_sec INTEGER NOT NULL,
    device_type TEXT NOT NULL,
    created_at TEXT NOT NULL,
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
  // 4: device standing (canaries, disputes, quarantine) and disputes between devices.
  TRUST_TABLES_SQL,
  // 5: per-key limits and their fixed-window counters (coordinator/limits/).
  `
  ALTER TABLE api_keys ADD COLUMN limits TEXT;
  CREATE TABLE limit_counters (
    key_id TEXT NOT NULL,
    name TEXT NOT NULL,
    window_start_ms INTEGER NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (key_id, name, window_start_ms)
  );
  CREATE INDEX limit_counters_window ON limit_counters (window_start_ms);
  CREATE INDEX sweeps_created ON sweeps (created_at);
  CREATE INDEX jobs_owner_unfinished ON jobs (owner_id) WHERE status IN ('pending', 'running');
  `,
  // 6: idempotency keys of job and sweep submissions (coordinator/api/idempotency.ts).
  IDEMPOTENCY_TABLE_SQL,
  // 7: push: the event log (SSE replays it), the webhook outbox and delivery log, webhook settings.
  `
  CREATE TABLE push_events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    dedupe_key TEXT NOT NULL UNIQUE,
    owner_id TEXT NOT NULL,
    type TEXT NOT NULL,
    job_id TEXT,
    sweep_id TEXT,
    created_at_ms INTEGER NOT NULL,
    payload TEXT NOT NULL
  );
  CREATE INDEX push_events_owner ON push_events (owner_id, seq);
  CREATE INDEX push_events_job ON push_events (job_id, seq) WHERE job_id IS NOT NULL;
  CREATE INDEX push_events_sweep ON push_events (sweep_id, seq) WHERE sweep_id IS NOT NULL;
  CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_seq INTEGER NOT NULL REFERENCES push_events (seq),
    event_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    owner_id TEXT NOT NULL,
    order_key TEXT NOT NULL,
    url TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_ms INTEGER NOT NULL,
    created_at_ms INTEGER NOT NULL,
    lease_owner TEXT,
    lease_until_ms INTEGER,
    last_status_code INTEGER,
    last_error TEXT,
    delivered_at_ms INTEGER
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
  // 8: recurring sweeps and the record of each firing (coordinator/schedules/).
  SCHEDULE_TABLES_SQL,
  // 9: the trace context a job carries from its submit to its dispatch and ingest (tracing).
  'ALTER TABLE jobs ADD COLUMN trace_parent TEXT',
  // 10: the Job view's columns in one index, so the batch status read (store/sqlite/job-views.ts)
  // is a search of this index alone: the table's rows, which carry the request and result JSON,
  // are never visited. Its order is the read's: id, then owner_id (the read's filter), then the
  // view's columns. (PostgreSQL's migration 10 adds none: see postgres/migrations.ts.)
  `CREATE INDEX jobs_view ON jobs (id, owner_id, url, method, status, submitted_at, timeout_sec,
    placement, storage_type, session_id, sweep_id, completed_at, failure_type, error_message, archived_at)`,
  // 11: the Job view names the device of the job's latest try (device_id, docs/api.md), so the
  // covering index of migration 10 holds that column too.
  `DROP INDEX jobs_view;
  CREATE INDEX jobs_view ON jobs (id, owner_id, url, method, status, submitted_at, timeout_sec,
    placement, storage_type, session_id, sweep_id, completed_at, failure_type, error_message, archived_at,
    device_id)`,
  // 12: each webhook delivery names its job and sweep; the delivery log filters by either.
  DELIVERY_SUBJECT_SQL,
  // 13 and 14 are taken by other features; empty here so the versions stay contiguous.
  'SELECT 1',
  'SELECT 1',
  // 15: site crawls, their frontier, the hosts' robots.txt and the shared politeness slots.
  CRAWL_TABLES_SQL,
];
