// Idempotency keys in PostgreSQL (see store/idempotency-types.ts): the insert is atomic across
// coordinators (ON CONFLICT DO NOTHING); whoever inserted holds the key.
import type pg from 'pg';
import {
  type IdempotencyBegin,
  type IdempotencyRecord,
  type IdempotencyRow,
  type IdempotencyStore,
  idempotencyFromRow,
} from '../idempotency-types.js';

export class PostgresIdempotencyStore implements IdempotencyStore {
  constructor(private readonly pool: pg.Pool) {}

  async begin(r: IdempotencyRecord, ttlMs: number): Promise<IdempotencyBegin> {
    await this.pool.query(
      'DELETE FROM idempotency_keys WHERE owner_id = $1 AND key = $2 AND created_at_ms < $3',
      [r.ownerId, r.key, r.createdAtMs - ttlMs],
    );
    const inserted = await this.pool.query(
      'INSERT INTO idempotency_keys (owner_id, key, request_hash, resource_id, status_code, response, created_at_ms) VALUES ($1, $2, $3, $4, NULL, NULL, $5) ON CONFLICT (owner_id, key) DO NOTHING',
      [r.ownerId, r.key, r.requestHash, r.resourceId, r.createdAtMs],
    );
    if ((inserted.rowCount ?? 0) > 0) return { kind: 'new' };
    const { rows } = await this.pool.query<IdempotencyRow>(
      'SELECT * FROM idempotency_keys WHERE owner_id = $1 AND key = $2',
      [r.ownerId, r.key],
    );
    // Gone between the two statements (expired and deleted by another request): take it again.
    if (!rows[0]) return this.begin(r, ttlMs);
    return { kind: 'existing', record: idempotencyFromRow(rows[0]) };
  }

  async finish(ownerId: string, key: string, statusCode: number, response: string): Promise<void> {
    await this.pool.query(
      'UPDATE idempotency_keys SET status_code = $1, response = $2 WHERE owner_id = $3 AND key = $4',
      [statusCode, response, ownerId, key],
    );
  }

  async release(ownerId: string, key: string): Promise<void> {
    await this.pool.query('DELETE FROM idempotency_keys WHERE owner_id = $1 AND key = $2', [ownerId, key]);
  }

  async prune(beforeMs: number): Promise<number> {
    const res = await this.pool.query('DELETE FROM idempotency_keys WHERE created_at_ms < $1', [beforeMs]);
    return res.rowCount ?? 0;
  }
}
