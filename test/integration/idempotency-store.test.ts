// The store's idempotency keys (store/sql-idempotency-store.ts), the same on SQLite and PostgreSQL:
// a live key is held by one request, an expired one is taken over afresh, a released one is free
// again, pruning forgets old keys; and on PostgreSQL two stores racing for one key (new or expired)
// let exactly one request hold it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { IdempotencyRecord } from '../../coordinator/store/idempotency-types.js';
import { openStore } from '../../coordinator/store/open.js';
import type { Store } from '../../coordinator/store/types.js';
import { postgresSkip } from '../helpers/needs.js';
import { freshPostgresUrl } from '../helpers/postgres.js';

const TTL_MS = 60_000;
const T0 = 1_700_000_000_000;

const record = (key: string, createdAtMs: number, requestHash = 'hash-a'): IdempotencyRecord => ({
  ownerId: 'owner-1',
  key,
  requestHash,
  resourceId: randomUUID(),
  statusCode: null,
  response: null,
  createdAtMs,
});

function suite(
  name: string,
  make: () => Promise<{ store: Store; cleanup(): Promise<void> }>,
  skip: string | false,
) {
  describe(`idempotency store: ${name}`, { skip }, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    before(async () => {
      ({ store, cleanup } = await make());
    });
    after(async () => {
      await store.close();
      await cleanup();
    });

    it('a live key answers its first request, with the answer once recorded', async () => {
      const key = randomUUID();
      const first = record(key, T0);
      assert.deepEqual(await store.idempotency.begin(first, TTL_MS), { kind: 'new' });
      assert.deepEqual(await store.idempotency.begin(record(key, T0 + 1, 'hash-b'), TTL_MS), {
        kind: 'existing',
        record: first,
      });
      await store.idempotency.finish('owner-1', key, 201, '{"id":1}');
      assert.deepEqual(await store.idempotency.begin(record(key, T0 + TTL_MS - 1), TTL_MS), {
        kind: 'existing',
        record: { ...first, statusCode: 201, response: '{"id":1}' },
      });
      // Another owner's key of the same name is another key.
      assert.deepEqual(await store.idempotency.begin({ ...record(key, T0), ownerId: 'owner-2' }, TTL_MS), {
        kind: 'new',
      });
    });

    it('an expired key is taken over afresh: the new request, no old answer', async () => {
      const key = randomUUID();
      await store.idempotency.begin(record(key, T0), TTL_MS);
      await store.idempotency.finish('owner-1', key, 201, '{"old":true}');
      const later = record(key, T0 + TTL_MS + 1, 'hash-b');
      assert.deepEqual(await store.idempotency.begin(later, TTL_MS), { kind: 'new' });
      assert.deepEqual(await store.idempotency.begin(record(key, T0 + TTL_MS + 2), TTL_MS), {
        kind: 'existing',
        record: later,
      });
    });

    it('a released key is free again; pruning forgets keys older than its time', async () => {
      const key = randomUUID();
      await store.idempotency.begin(record(key, T0), TTL_MS);
      await store.idempotency.release('owner-1', key);
      const again = record(key, T0 + 1);
      assert.deepEqual(await store.idempotency.begin(again, TTL_MS), { kind: 'new' });
      const young = randomUUID();
      await store.idempotency.begin(record(young, T0 + 10), TTL_MS);
      assert.ok((await store.idempotency.prune(T0 + 5)) >= 1);
      assert.deepEqual(await store.idempotency.begin(record(key, T0 + 6), TTL_MS), { kind: 'new' });
      assert.equal((await store.idempotency.begin(record(young, T0 + 11), TTL_MS)).kind, 'existing');
    });

    it('requests racing for one key: exactly one holds it', async () => {
      const key = randomUUID();
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_v, i) => store.idempotency.begin(record(key, T0 + i), TTL_MS)),
      );
      assert.equal(outcomes.filter((o) => o.kind === 'new').length, 1);
    });
  });
}

suite(
  'sqlite',
  async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'crawl-idempotency-'));
    return {
      store: await openStore(`sqlite:${path.join(dir, 'crawl.db')}`),
      cleanup: () => rm(dir, { recursive: true, force: true }),
    };
  },
  false,
);

const pgSkip = await postgresSkip();

suite(
  'postgres',
  async () => {
    const db = await freshPostgresUrl();
    return { store: await openStore(db.url), cleanup: () => db.drop() };
  },
  pgSkip,
);

describe('idempotency keys raced by two PostgreSQL stores', { skip: pgSkip }, () => {
  it('one request holds a new key, and one takes over an expired key', async () => {
    const db = await freshPostgresUrl();
    const [a, b] = await Promise.all([openStore(db.url), openStore(db.url)]);
    try {
      const key = randomUUID();
      const race = (at: number) =>
        Promise.all(
          Array.from({ length: 30 }, (_v, i) =>
            ((i % 2 === 0 ? a : b) as Store).idempotency.begin(record(key, at + i), TTL_MS),
          ),
        );
      assert.equal((await race(T0)).filter((o) => o.kind === 'new').length, 1);
      assert.equal((await race(T0 + 10 * TTL_MS)).filter((o) => o.kind === 'new').length, 1);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});
