// Ordered schema migrations, numbered like the SQLite ones (version N means the same schema change on
// both). Each runs once, in a transaction, recorded in schema_migrations; the whole run holds an
// advisory lock so coordinators starting together do not race.

import type pg from 'pg';
import { CRAWL_TABLES_SQL } from '../crawl-types.js';
import { IDEMPOTENCY_TABLE_SQL } from '../idempotency-types.js';
import { DELIVERY_SUBJECT_SQL } from '../push-types.js';
import { SCHEDULE_TABLES_SQL } from '../schedule-types.js';
import { TRUST_TABLES_SQL } from '../trust-types.js';

/**
 * Timestamps stay ISO-8601 TEXT as on SQLite; the ones we sort or compare (created_at, submitted_at,
 * completed_at) are COLLATE "C" so they order bytewise, exactly like SQLite, whatever the database's
 * default collation. JSON stays TEXT: rows.ts parses strings, and TEXT round-trips byte for byte.
 */
export const POSTGRES_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    name TEXT NOT NULL,
    hash TEXT NOT NULL UNIQUE,
    admin BOOLEAN NOT NULL DEFAULT false,
    created_at TEXT COLLATE "C" NOT NULL,
    revoked_at TEXT
  );
  CREATE TABLE devices (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT COLLATE "C" NOT NULL,
    revoked_at TEXT,
    last_seen_at TEXT
  );
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at TEXT COLLATE "C" NOT NULL,
    expires_at TEXT NOT NULL,
    expires_at_ms BIGINT NOT NULL,
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
    submitted_at TEXT COLLATE "C" NOT NULL,
    submitted_at_ms BIGINT NOT NULL,
    timeout_sec INTEGER NOT NULL,
    placement TEXT NOT NULL,
    session_id TEXT,
    sweep_id TEXT,
    storage_type TEXT NOT NULL,
    request TEXT NOT NULL,
    attempt INTEGER NOT NULL DEFAULT 0,
    device_id TEXT,
    queue_deadline_ms BIGINT NOT NULL,
    completed_at TEXT COLLATE "C",
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
  ALTER TABLE jobs ADD COLUMN lease_until_ms BIGINT;
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
    created_at TEXT COLLATE "C" NOT NULL,
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
    window_start_ms BIGINT NOT NULL,
    count BIGINT NOT NULL,
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
    seq BIGSERIAL PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    dedupe_key TEXT NOT NULL UNIQUE,
    owner_id TEXT NOT NULL,
    type TEXT NOT NULL,
    job_id TEXT,
    sweep_id TEXT,
    created_at_ms BIGINT NOT NULL,
    payload TEXT NOT NULL
  );
  CREATE INDEX push_events_owner ON push_events (owner_id, seq);
  CREATE INDEX push_events_job ON push_events (job_id, seq) WHERE job_id IS NOT NULL;
  CREATE INDEX push_events_sweep ON push_events (sweep_id, seq) WHERE sweep_id IS NOT NULL;
  CREATE TABLE webhook_deliveries (
    id BIGSERIAL PRIMARY KEY,
    event_seq BIGINT NOT NULL REFERENCES push_events (seq),
    event_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    owner_id TEXT NOT NULL,
    order_key TEXT NOT NULL,
    url TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_ms BIGINT NOT NULL,
    created_at_ms BIGINT NOT NULL,
    lease_owner TEXT,
    lease_until_ms BIGINT,
    last_status_code INTEGER,
    last_error TEXT,
    delivered_at_ms BIGINT
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
  // 10: SQLite's covering index of the Job view (jobs_view) has no PostgreSQL twin, so this version
  // changes nothing here: a B-tree entry is limited to about 2.7 KB (a third of a page), and a url
  // may be 8,192 characters, so such an index would refuse to store a job with a long url. The
  // batch status read stays primary-key lookups (postgres/job-reads.ts).
  'SELECT 1',
  // 11: SQLite's jobs_view gains device_id; nothing to change here, for the reason of 10.
  'SELECT 1',
  // 12: each webhook delivery names its job and sweep; the delivery log filters by either.
  DELIVERY_SUBJECT_SQL,
  // 13 and 14 are taken by other features; empty here so the versions stay contiguous.
  'SELECT 1',
  'SELECT 1',
  // 15: site crawls, their frontier, the hosts' robots.txt and the shared politeness slots.
  CRAWL_TABLES_SQL,
];

/**
 * Changes only PostgreSQL has (a SQLite file is never shared), numbered from 1001 so they never take
 * a version number the two stores share. Applied after the shared ones, each once, the same way.
 */
export const POSTGRES_ONLY_MIGRATIONS: ReadonlyArray<{ version: number; sql: string }> = [
  {
    // The job change cursor (docs/postgres.md, "Catching up"): the transaction that last inserted a
    // job or changed its status or attempt, so the catch-up read is a range of one index. Lease
    // renewals and archive marks leave it alone. The default is stable, not volatile: existing rows
    // all get the migration's own transaction without a table rewrite.
    version: 1001,
    sql: `
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

/** Any constant works; it only has to be the same in every coordinator of this program. */
const MIGRATION_LOCK_KEY = 7_281_940_113;

/**
 * Creates the schema if asked for one, then applies the migrations not yet recorded. The connection's
 * search_path already points at `schema`, so unqualified names land there.
 */
export async function migrate(pool: pg.Pool, schema: string | null): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // Session-level lock: held across the per-migration transactions, dropped with the connection
    // if this process dies halfway.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      if (schema !== null) await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT)',
      );
      const done = new Set(
        (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
          (r) => r.version,
        ),
      );
      const all = [
        ...POSTGRES_MIGRATIONS.map((sql, i) => ({ version: i + 1, sql })),
        ...POSTGRES_ONLY_MIGRATIONS,
      ];
      for (const { version, sql } of all) {
        if (done.has(version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(sql);
          await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [
            version,
            new Date().toISOString(),
          ]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (err) {
    // A connection that failed mid-way may still hold the lock or an open transaction: discard it.
    broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(broken);
  }
}
