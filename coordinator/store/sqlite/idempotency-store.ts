// Idempotency keys in SQLite (see store/idempotency-types.ts). One process owns the file, so the
// insert-or-read runs in one transaction (a savepoint of the store's write batch). The statements
// are the ones both stores share (sql/idempotency.ts).
import type Database from 'better-sqlite3';
import {
  type IdempotencyBegin,
  type IdempotencyRecord,
  type IdempotencyRow,
  type IdempotencyStore,
  idempotencyFromRow,
} from '../idempotency-types.js';
import { EXPIRE_KEY, FINISH_KEY, INSERT_KEY, PRUNE_KEYS, READ_KEY, RELEASE_KEY } from '../sql/idempotency.js';

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
    const key = { ownerId: r.ownerId, key: r.key };
    const expireArgs = EXPIRE_KEY('sqlite').bind({ ...key, before: r.createdAtMs - ttlMs });
    const expire = this.prepare(EXPIRE_KEY('sqlite').sql);
    const insert = this.prepare(INSERT_KEY('sqlite').sql);
    const read = this.prepare<unknown[], IdempotencyRow>(READ_KEY('sqlite').sql);
    return this.write(
      this.db.transaction((): IdempotencyBegin => {
        expire.run(...expireArgs);
        if (insert.run(...INSERT_KEY('sqlite').bind(r)).changes > 0) return { kind: 'new' };
        return {
          kind: 'existing',
          record: idempotencyFromRow(read.get(...READ_KEY('sqlite').bind(key)) as IdempotencyRow),
        };
      }),
    );
  }

  async finish(ownerId: string, key: string, statusCode: number, response: string): Promise<void> {
    const q = FINISH_KEY('sqlite');
    const stmt = this.prepare(q.sql);
    await this.write(() => stmt.run(...q.bind({ ownerId, key, statusCode, response })));
  }

  async release(ownerId: string, key: string): Promise<void> {
    const q = RELEASE_KEY('sqlite');
    const stmt = this.prepare(q.sql);
    await this.write(() => stmt.run(...q.bind({ ownerId, key })));
  }

  async prune(beforeMs: number): Promise<number> {
    const q = PRUNE_KEYS('sqlite');
    return this.prepare(q.sql).run(...q.bind({ before: beforeMs })).changes;
  }
}
