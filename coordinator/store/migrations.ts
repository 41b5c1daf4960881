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
// New entries go at the end of their range, in version order. Their texts that create tables stand
// in schema/, one file per family of tables; the *-types.ts files hold only types and row mapping.
//
// Timestamps stay ISO-8601 TEXT on both; the ones sorted or compared (created_at, submitted_at,
// completed_at) are COLLATE "C" on PostgreSQL so they order bytewise, exactly like SQLite, whatever
// the database's default collation. JSON stays TEXT: rows.ts parses strings, and TEXT round-trips.
import { BATCH_TABLES_SQL } from './schema/batches.js';
import { CORE_TABLES_SQL } from './schema/core.js';
import { CRAWL_GROUPS_SQL } from './schema/crawl-groups.js';
import { CRAWL_TABLES_SQL } from './schema/crawls.js';
import { GROUP_MEASUREMENTS_SQL, GROUP_TABLES_SQL } from './schema/groups.js';
import { IDEMPOTENCY_TABLE_SQL } from './schema/idempotency.js';
import { LIMIT_TABLES_SQL } from './schema/limits.js';
import { MEASUREMENT_TABLE_SQL } from './schema/measurements.js';
import { DELIVERY_SUBJECT_SQL, PUSH_TABLES_SQL } from './schema/push.js';
import { RELEASE_TABLES_SQL } from './schema/releases.js';
import { SCHEDULE_TABLES_SQL } from './schema/schedules.js';
import { SWEEP_GROUPS_SQL } from './schema/sweep-groups.js';
import { SWEEP_TABLES_SQL } from './schema/sweeps.js';
import { TRUST_TABLES_SQL } from './schema/trust.js';

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
    sql: CORE_TABLES_SQL,
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
    sql: SWEEP_TABLES_SQL,
  },
  {
    version: 4,
    // 4: device standing (canaries, disputes, quarantine) and disputes between devices.
    sql: TRUST_TABLES_SQL,
  },
  {
    version: 5,
    // 5: per-key limits and their fixed-window counters (coordinator/limits/).
    sql: LIMIT_TABLES_SQL,
  },
  {
    version: 6,
    // 6: idempotency keys of job and sweep submissions (coordinator/api/idempotency.ts).
    sql: IDEMPOTENCY_TABLE_SQL,
  },
  {
    version: 7,
    // 7: push: the event log (SSE replays it), the webhook outbox and delivery log, webhook settings.
    sql: PUSH_TABLES_SQL,
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
    // The Job view's columns in one index, so SQLite's batch status read (store/sql-job-reads.ts)
    // is a search of this index alone: the table's rows, which carry the request and result JSON,
    // are never visited. Its order is the read's: id, then owner_id (the read's filter), then the
    // view's columns. PostgreSQL gets no twin (it records the version and changes nothing): a B-tree
    // entry is limited to about 2.7 KB (a third of a page), and a url may be 8,192 characters, so
    // such an index would refuse to store a job with a long url. Its batch status read stays
    // primary-key lookups (the same read).
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
    version: 18,
    // 18: sweeps become groups of jobs (schema/sweep-groups.ts), their completion their group's.
    sql: SWEEP_GROUPS_SQL,
  },
  {
    version: 19,
    // 19: site crawls become driven groups; the crawl's lease moves to its group (schema/crawl-groups.ts).
    sql: (t) => CRAWL_GROUPS_SQL(t.bigint),
  },
  {
    version: 20,
    // 20: usage counters in shards (store/limit-types.ts): a coordinator adds its unchecked counts
    // to a row of its own, checked charges go to shard '', and a counter is the sum of its rows, so
    // no row is written by every coordinator. SQLite cannot change a primary key: the table anew.
    // PostgreSQL numbers events by their transaction's id (postgres/batch-statements.ts, eventPart),
    // with no lock; the column's default follows, so a coordinator of before this version, still
    // running in a rolling upgrade, numbers its events by the same rule (one event a transaction:
    // its multi-row insert collides on seq, and its batch writes each event in a transaction of
    // its own) and readers' horizon holds for them too.
    sqlite: `
  CREATE TABLE limit_counters_sharded (
    key_id TEXT NOT NULL,
    name TEXT NOT NULL,
    window_start_ms INTEGER NOT NULL,
    shard TEXT NOT NULL DEFAULT '',
    count INTEGER NOT NULL,
    PRIMARY KEY (key_id, name, window_start_ms, shard)
  );
  INSERT INTO limit_counters_sharded (key_id, name, window_start_ms, count)
    SELECT key_id, name, window_start_ms, count FROM limit_counters;
  DROP TABLE limit_counters;
  ALTER TABLE limit_counters_sharded RENAME TO limit_counters;
  CREATE INDEX limit_counters_window ON limit_counters (window_start_ms);
  `,
    postgres: `
  ALTER TABLE limit_counters ADD COLUMN shard TEXT NOT NULL DEFAULT '';
  ALTER TABLE limit_counters DROP CONSTRAINT limit_counters_pkey;
  ALTER TABLE limit_counters ADD PRIMARY KEY (key_id, name, window_start_ms, shard);
  ALTER TABLE push_events ALTER COLUMN seq SET DEFAULT pg_current_xact_id()::text::bigint * 1024 + 1023;
  `,
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
