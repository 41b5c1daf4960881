// Multi-statement writes on PostgreSQL: the transaction helper. PostgreSQL's own, since a transaction
// there holds one pooled connection from BEGIN to COMMIT (SQLite's are savepoints in its group commit).
import type pg from 'pg';

/** Runs `fn` in BEGIN … COMMIT on one pooled connection; ROLLBACK and rethrow on failure. */
export async function withTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const out = await fn(client);
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch((rollbackErr: unknown) => {
      // The connection itself failed: do not hand it back to the pool.
      broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
    });
    throw err;
  } finally {
    client.release(broken);
  }
}
