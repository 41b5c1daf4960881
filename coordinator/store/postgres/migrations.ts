// Applies the schema migrations (one list for both stores: ../migrations.ts) to PostgreSQL. Each
// runs once, in a transaction, recorded in schema_migrations; the whole run holds an advisory lock
// so coordinators starting together do not race.
import type pg from 'pg';
import { migrationsFor } from '../migrations.js';

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
      for (const { version, sql } of migrationsFor('postgres')) {
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
