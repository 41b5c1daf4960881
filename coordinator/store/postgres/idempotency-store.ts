// Idempotency keys in PostgreSQL (see store/idempotency-types.ts): the insert is atomic across
// coordinators (ON CONFLICT DO NOTHING); whoever inserted holds the key. The statements are the
// ones both stores share (sql/idempotency.ts).
import type pg from 'pg';
import {
  type IdempotencyBegin,
  type IdempotencyRecord,
  type IdempotencyRow,
  type IdempotencyStore,
  idempotencyFromRow,
} from '../idempotency-types.js';
import type { Compiled } from '../sql/compile.js';
import { EXPIRE_KEY, FINISH_KEY, INSERT_KEY, PRUNE_KEYS, READ_KEY, RELEASE_KEY } from '../sql/idempotency.js';

export class PostgresIdempotencyStore implements IdempotencyStore {
  constructor(private readonly pool: pg.Pool) {}

  private run<A extends object>(q: (d: 'postgres') => Compiled<A>, args: A): Promise<pg.QueryResult> {
    const c = q('postgres');
    return this.pool.query(c.sql, c.bind(args));
  }

  async begin(r: IdempotencyRecord, ttlMs: number): Promise<IdempotencyBegin> {
    const key = { ownerId: r.ownerId, key: r.key };
    await this.run(EXPIRE_KEY, { ...key, before: r.createdAtMs - ttlMs });
    const inserted = await this.run(INSERT_KEY, r);
    if ((inserted.rowCount ?? 0) > 0) return { kind: 'new' };
    const [row] = (await this.run(READ_KEY, key)).rows as IdempotencyRow[];
    // Gone between the two statements (expired and deleted by another request): take it again.
    if (!row) return this.begin(r, ttlMs);
    return { kind: 'existing', record: idempotencyFromRow(row) };
  }

  async finish(ownerId: string, key: string, statusCode: number, response: string): Promise<void> {
    await this.run(FINISH_KEY, { ownerId, key, statusCode, response });
  }

  async release(ownerId: string, key: string): Promise<void> {
    await this.run(RELEASE_KEY, { ownerId, key });
  }

  async prune(beforeMs: number): Promise<number> {
    return (await this.run(PRUNE_KEYS, { before: beforeMs })).rowCount ?? 0;
  }
}
