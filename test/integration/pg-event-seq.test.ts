// Push event seqs on PostgreSQL with no lock (store/postgres/push-store.ts): two coordinators'
// stores write events at once, numbered by their transactions' ids, and a reader that follows the
// log in seq order, resuming after the last seq it saw, receives every event exactly once: an event
// that commits after a later-numbered one is never skipped, because reads stop at the horizon.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import pg from 'pg';
import { openStore } from '../../coordinator/store/open.js';
import type { NewPushEvent } from '../../coordinator/store/push-types.js';
import type { Store } from '../../coordinator/store/types.js';
import { postgresSkip } from '../helpers/needs.js';
import { freshPostgresUrl } from '../helpers/postgres.js';

const skip = await postgresSkip();

function event(ownerId: string, n: string, url?: string): NewPushEvent {
  const id = `msg_${n}_${randomUUID().slice(0, 8)}`;
  return {
    id,
    dedupeKey: id,
    ownerId,
    type: 'job.completed',
    jobId: null,
    sweepId: null,
    createdAtMs: Date.now(),
    payload: JSON.stringify({ n }),
    deliveries: url ? [{ url, orderKey: `key:${n}` }] : [],
  };
}

/**
 * Follows the owner's log as a stream does: pages after the last seq seen, until `want` ids came,
 * or 5 s after `done()` turned true (a missed event never comes).
 */
async function follow(
  store: Store,
  ownerId: string,
  want: number,
  seen: string[],
  seqs: number[],
  done: () => boolean,
): Promise<void> {
  let after = 0;
  let deadline = Number.POSITIVE_INFINITY;
  while (seen.length < want && Date.now() < deadline) {
    const page = await store.push.listEvents({ ownerId, afterSeq: after, limit: 7 });
    for (const e of page) {
      seen.push(e.id);
      seqs.push(e.seq);
      after = e.seq;
    }
    if (done() && deadline === Number.POSITIVE_INFINITY) deadline = Date.now() + 5_000;
    if (page.length === 0) await new Promise((r) => setImmediate(r));
  }
}

describe('push event seqs across two PostgreSQL coordinators', { skip }, () => {
  it('are unique, and a reader resuming by seq misses none of two writers at once', async () => {
    const db = await freshPostgresUrl();
    const [a, b, reader] = await Promise.all([openStore(db.url), openStore(db.url), openStore(db.url)]);
    try {
      const owner = 'owner-seq';
      const written: string[] = [];
      const seen: string[] = [];
      const seqs: number[] = [];
      let writing = true;
      const following = follow(reader, owner, 600, seen, seqs, () => !writing);
      // Both writers in bursts, so their batches overlap and commit in either order.
      for (let round = 0; round < 20; round++) {
        const burst = Array.from({ length: 30 }, (_v, i) => event(owner, `${round}-${i}`));
        for (const e of burst) written.push(e.id);
        await Promise.all(burst.map((e, i) => (i % 2 === 0 ? a : b).push.appendEvent(e)));
      }
      writing = false;
      await following;
      assert.deepEqual([...seen].sort(), [...written].sort(), 'every event once, none missed');
      assert.equal(seen.length, 600);
      assert.equal(new Set(seqs).size, 600, 'seqs unique');
      assert.ok(
        seqs.every((s, i) => i === 0 || s > (seqs[i - 1] ?? 0)),
        'read in increasing seq order',
      );
    } finally {
      await Promise.all([a.close(), b.close(), reader.close()]);
      await db.drop();
    }
  });

  it('holds back an event until an older transaction still writing has committed', async () => {
    const db = await freshPostgresUrl();
    const [b, reader] = await Promise.all([openStore(db.url), openStore(db.url)]);
    // A slow writer: a transaction that took its id first and writes its event last (the seq the
    // column's default gives, the rule of the batch statement).
    const slow = new pg.Client({ connectionString: db.url });
    await slow.connect();
    try {
      const owner = 'owner-held';
      await slow.query('BEGIN');
      await slow.query('SELECT pg_current_xact_id()');
      const late = event(owner, 'late');
      await b.push.appendEvent(event(owner, 'early', 'http://127.0.0.1:9/hook'));
      await slow.query(
        'INSERT INTO push_events (id, dedupe_key, owner_id, type, created_at_ms, payload) VALUES ($1, $1, $2, $3, $4, $5)',
        [late.id, owner, late.type, late.createdAtMs, late.payload],
      );
      // Committed, but above the horizon: neither read nor its delivery claimed yet.
      assert.deepEqual(await reader.push.listEvents({ ownerId: owner, afterSeq: 0, limit: 10 }), []);
      assert.deepEqual(await reader.push.claimDeliveries(Date.now(), 'c', Date.now() + 60_000, 10), []);
      assert.equal(await reader.push.lastEventSeq(), 0);
      await slow.query('COMMIT');
      const events = await reader.push.listEvents({ ownerId: owner, afterSeq: 0, limit: 10 });
      assert.deepEqual(
        events.map((e) => JSON.parse(e.payload).n),
        ['late', 'early'],
        'the slow transaction numbered its event first',
      );
      assert.equal((await reader.push.claimDeliveries(Date.now(), 'c', Date.now() + 60_000, 10)).length, 1);
      assert.equal(await reader.push.lastEventSeq(), events[1]?.seq);
    } finally {
      await slow.end();
      await Promise.all([b.close(), reader.close()]);
      await db.drop();
    }
  });
});
