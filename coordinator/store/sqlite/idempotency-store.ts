// Idempotency keys in SQLite (see store/idempotency-types.ts). One process owns the file, so the
// insert-or-read runs in one transaction (a savepoint of the store's write batch).
import type Database from 'better-sqlite3';
import {
  type IdempotencyBegin,
  type IdempotencyRecord,
  type IdempotencyRow,
  type IdempotencyStore,
  idempotencyFromRow,
} from '../idempotency-types.js';

type Prepare = Database.Database['prepare'];
/** Runs writes in the store's group commit (write-batch.ts). */
type Write = <T>(run: () => T) => Promise<T>;

export class SqliteIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly db: Database.Database,
    private readonly prepare: Prepare,
    private readonly write: Write,
  ) {}

  async begin(r: IdempotencyRecord, ttlMs: number): Promise<IdempotencyBegin> {
    const expire = this.prepare(
      'DELETE FROM idempotency_keys WHERE owner_id = ? AND key = ? AND created_at_ms < ?',
    );
    const insert = this.prepare(
      'INSERT OR IGNORE INTO idempotency_keys (owner_id, key, request_hash, resource_id, status_code, response, created_at_ms) VALUES (?, ?, ?, ?, NULL, NULL, ?)',
    );
    const read = this.prepare<[string, string], IdempotencyRow>(
      'SELECT * FROM idempotency_keys WHERE owner_id = ? AND key = ?',
    );
    return this.write(
      this.db.transaction((): IdempotencyBegin => {
        expire.run(r.ownerId, r.key, r.createdAtMs - ttlMs);
        const inserted = insert.run(r.ownerId, r.key, r.requestHash, r.resourceId, r.createdAtMs).changes;
        if (inserted > 0) return { kind: 'new' };
        return { kind: 'existing', record: idempotencyFromRow(read.get(r.ownerId, r.key) as IdempotencyRow) };
      }),
    );
  }

  async finish(ownerId: string, key: string, statusCode: number, response: string): Promise<void> {
    const stmt = this.prepare(
      'UPDATE idempotency_keys SET status_code = ?, response = ? WHERE owner_id = ? AND key = ?',
    );
    await this.write(() => stmt.run(statusCode, response, ownerId, key));
  }

  async release(ownerId: string, key: string): Promise<void> {
    const stmt = this.prepare('DELETE FROM idempotency_keys WHERE owner_id = ? AND key = ?');
    await this.write(() => stmt.run(ownerId, key));
  }

  async prune(beforeMs: number): Promise<number> {
    return this.prepare('DELETE FROM idempotency_keys WHERE created_at_ms < ?').run(beforeMs).changes;
  }
}
