// A real PostgreSQL for tests: is one reachable, and a throwaway database per suite.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Loopback only; TEST_POSTGRES_URL points elsewhere for a CI service container. */
export const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** True when ADMIN_URL accepts a connection (see postgresProblem). */
export async function postgresAvailable(): Promise<boolean> {
  return (await postgresProblem()) === null;
}

/**
 * Null when ADMIN_URL accepts a connection and a query; else what went wrong. A server that is not
 * there refuses at once; the 10 s are for one that is, on a machine busy with other suites (a 1 s
 * limit failed a CI run under load with PostgreSQL running).
 */
export async function postgresProblem(): Promise<string | null> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 10_000 });
  // A refused connection may also surface as an 'error' event; it must not crash the test run.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (err) {
    const e = err as { message?: string; code?: string } | undefined;
    return e?.message || e?.code || String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface FreshPostgres {
  /** postgres://… of an empty database of its own. */
  url: string;
  /** Drops the database, ending whatever is still connected to it. Safe twice. */
  drop(): Promise<void>;
}

/** Creates crawl_test_<random>; call drop() in after(). */
export async function freshPostgresUrl(): Promise<FreshPostgres> {
  const name = `crawl_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | null = null;
  return {
    url: url.toString(),
    drop() {
      dropped ??= admin(async (c) => {
        // WITH (FORCE) terminates the database's sessions first (a leaked pool would block DROP).
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
      return dropped;
    },
  };
}
