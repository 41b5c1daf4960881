// Idempotency keys (idempotency-types.ts), written once for both stores over the SqlRunner
// (sql-runner.ts). Taking a key is one statement, atomic on both: an insert that, on a key already
// there, takes it over only when it has expired (the upsert's WHERE), so a live key is never taken
// twice, across coordinators included (PostgreSQL's unique index orders two inserts of one key, and
// the loser's WHERE is checked against the winner's row).
import {
  type IdempotencyBegin,
  type IdempotencyRecord,
  type IdempotencyRow,
  type IdempotencyStore,
  idempotencyFromRow,
} from './idempotency-types.js';
import type { SqlRunner } from './sql-runner.js';

/** Parameters: the record's five columns, then the time before which a key has expired. */
const TAKE_KEY_SQL = `INSERT INTO idempotency_keys (owner_id, key, request_hash, resource_id, created_at_ms)
  VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (owner_id, key) DO UPDATE SET request_hash = excluded.request_hash,
    resource_id = excluded.resource_id, status_code = NULL, response = NULL,
    created_at_ms = excluded.created_at_ms
  WHERE idempotency_keys.created_at_ms < ?`;

export class SqlIdempotencyStore implements IdempotencyStore {
  constructor(private readonly db: SqlRunner) {}

  async begin(r: IdempotencyRecord, ttlMs: number): Promise<IdempotencyBegin> {
    for (;;) {
      const taken = await this.db.run(TAKE_KEY_SQL, [
        r.ownerId,
        r.key,
        r.requestHash,
        r.resourceId,
        r.createdAtMs,
        r.createdAtMs - ttlMs,
      ]);
      if (taken > 0) return { kind: 'new' };
      const record = await this.db.get<IdempotencyRow, IdempotencyRecord>(
        'SELECT * FROM idempotency_keys WHERE owner_id = ? AND key = ?',
        [r.ownerId, r.key],
        idempotencyFromRow,
      );
      if (record) return { kind: 'existing', record };
      // Released (or pruned) between the two statements: take it again.
    }
  }

  async finish(ownerId: string, key: string, statusCode: number, response: string): Promise<void> {
    await this.db.run(
      'UPDATE idempotency_keys SET status_code = ?, response = ? WHERE owner_id = ? AND key = ?',
      [statusCode, response, ownerId, key],
    );
  }

  async release(ownerId: string, key: string): Promise<void> {
    await this.db.run('DELETE FROM idempotency_keys WHERE owner_id = ? AND key = ?', [ownerId, key]);
  }

  prune(beforeMs: number): Promise<number> {
    return this.db.run('DELETE FROM idempotency_keys WHERE created_at_ms < ?', [beforeMs]);
  }
}
