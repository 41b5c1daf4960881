// Opens the store named by the `store` setting.
import type { StoreLog } from './postgres/event-subscription.js';
import type { Store } from './types.js';

export interface OpenStoreOptions {
  /** Where a PostgreSQL store reports connection trouble (a pino Logger fits). Default: nowhere. */
  log?: StoreLog;
  /**
   * SQLite: checkpoint the WAL from a worker thread instead of inside the event loop's commits
   * (the coordinator's own store; a CLI that opens the file for a moment needs no thread).
   */
  checkpointInWorker?: boolean;
}

/**
 * `sqlite:<path>`, or `postgres://…` / `postgresql://…` with optional `?schema=<name>` (created if
 * missing), `?pool_size=<n>` and `?commit_gather_ms=<n>`. Backends load lazily so one never pulls in the other's driver.
 */
export async function openStore(spec: string, options: OpenStoreOptions = {}): Promise<Store> {
  if (spec.startsWith('sqlite:')) {
    const { SqliteStore } = await import('./sqlite/sqlite-store.js');
    return new SqliteStore(spec.slice('sqlite:'.length), { checkpointInWorker: options.checkpointInWorker });
  }
  if (/^postgres(ql)?:\/\//.test(spec)) {
    const [{ PostgresStore }, { parsePostgresSpec }] = await Promise.all([
      import('./postgres/postgres-store.js'),
      import('./postgres/connection-spec.js'),
    ]);
    const parsed = parsePostgresSpec(spec);
    return PostgresStore.open(parsed.connectionString, {
      schema: parsed.schema,
      poolSize: parsed.poolSize ?? undefined,
      commitGatherMs: parsed.commitGatherMs ?? undefined,
      log: options.log,
    });
  }
  throw new Error(`unsupported store ${spec.split(':')[0]}: expected sqlite:<path> or postgres://…`);
}
