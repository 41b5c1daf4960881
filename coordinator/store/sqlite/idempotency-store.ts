// Idempotency keys in SQLite (see store/idempotency-types.ts). One process owns the file, so the
// insert-or-read runs in one transaction.
import type Database from 'better-sqlite3';
import {
  type IdempotencyBegin,
  type IdempotencyRecord,
  type IdempotencyRow,
  type IdempotencyStore,
  idempotencyFromRow,
} from '../idempotency-types.js';

export class SqliteIdempotencyStore implements IdempotencyStore {
  constructor(private readonly db: Database.Database) {}

  async begin(r: IdempotencyRecord, ttlMs: number): Promise<IdempotencyBegin> {
    return this.db.transaction((): IdempotencyBegin => {
      this.db
        .prepare('DELETE FROM idempotency_keys WHERE owner_id = ? AND key = ? AND created_at_ms < ?')
        .run(r.ownerId, r.key, r.createdAtMs - ttlMs);
      const inserted = this.db
        .prepare(
          'INSERT OR IGNORE INTO idempotency_keys (owner_id, key, request_hash, resource_id, status_code, response, created_at_ms) VALUES (?, ?, ?, ?, NULL, NULL, ?)',
        )
        .run(r.ownerId, r.key, r.requestHash, r.resourceId, r.createdAtMs).changes;
      if (inserted > 0) return { kind: 'new' };
      const row = this.db
        .prepare<[string, string], IdempotencyRow>(
          'SELECT * FROM idempotency_keys WHERE owner_id = ? AND key = ?',
        )
        .get(r.ownerId, r.key) as IdempotencyRow;
      return { kind: 'existing', record: idempotencyFromRow(row) };
    })();
  }

  async finish(ownerId: string, key: string, statusCode: number, response: string): Promise<void> {
    this.db
      .prepare('UPDATE idempotency_keys SET status_code = ?, response = ? WHERE owner_id = ? AND key = ?')
      .run(statusCode, response, ownerId, key);
  }

  async release(ownerId: string, key: string): Promise<void> {
    this.db.prepare('DELETE FROM idempotency_keys WHERE owner_id = ? AND key = ?').run(ownerId, key);
  }

  async prune(beforeMs: number): Promise<number> {
    return this.db.prepare('DELETE FROM idempotency_keys WHERE created_at_ms < ?').run(beforeMs).changes;
  }
}
