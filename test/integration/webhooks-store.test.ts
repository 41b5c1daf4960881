// The push tables on both store backends (SQLite on a temp file, PostgreSQL on a fresh database):
// events keyed once, deliveries queued with their event, one claimant per delivery under a lease,
// order per job or sweep, a coordinator's leases handed back, and the delivery log read for one job
// or one sweep (rows written before that migration included).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { MIGRATIONS } from '../../coordinator/store/migrations.js';
import { openStore } from '../../coordinator/store/open.js';
import type { NewPushEvent } from '../../coordinator/store/push-types.js';
import { DELIVERY_SUBJECT_SQL } from '../../coordinator/store/schema/push.js';
import type { Store } from '../../coordinator/store/types.js';
import { removeDir, tempDir } from '../helpers/cluster.js';
import { postgresSkip } from '../helpers/needs.js';
import { type FreshPostgres, freshPostgresUrl } from '../helpers/postgres.js';

const pgSkip = await postgresSkip();

function event(ownerId: string, orderKey: string, urls: string[], createdAtMs = Date.now()): NewPushEvent {
  const id = `msg_${randomUUID()}`;
  return {
    id,
    ownerId,
    type: 'job.completed',
    jobId: orderKey,
    sweepId: null,
    dedupeKey: `test:${id}`,
    createdAtMs,
    payload: JSON.stringify({ id }),
    deliveries: urls.map((url) => ({ url, orderKey })),
  };
}

const backends: Array<[string, string | false]> = [
  ['sqlite', false],
  ['postgres', pgSkip],
];

for (const [name, skip] of backends) {
  describe(`push store on ${name}`, { skip }, () => {
    let store: Store;
    let dir = '';
    let fresh: FreshPostgres | null = null;
    before(async () => {
      if (name === 'sqlite') {
        dir = tempDir('push-store');
        store = await openStore(`sqlite:${dir}/crawl.db`);
      } else {
        fresh = await freshPostgresUrl();
        store = await openStore(fresh.url);
      }
    });
    after(async () => {
      await store.close();
      if (dir) removeDir(dir);
      await fresh?.drop();
    });

    it('writes an event once per key, with its deliveries, in seq order per owner', async () => {
      const owner = randomUUID();
      const e = event(owner, randomUUID(), ['http://a.test/']);
      assert.equal(await store.push.appendEvent(e), true);
      assert.equal(await store.push.appendEvent({ ...e, id: `msg_${randomUUID()}` }), false);
      const e2 = event(owner, randomUUID(), []);
      await store.push.appendEvent(e2);
      const listed = await store.push.listEvents({ ownerId: owner, afterSeq: 0, limit: 10 });
      assert.deepEqual(
        listed.map((x) => x.id),
        [e.id, e2.id],
      );
      assert.ok((listed[1]?.seq ?? 0) > (listed[0]?.seq ?? 0));
      assert.deepEqual(
        await store.push.listEvents({ ownerId: owner, afterSeq: listed[0]?.seq ?? 0, limit: 10 }),
        [listed[1]],
      );
      assert.equal(
        (await store.push.listEvents({ ownerId: randomUUID(), afterSeq: 0, limit: 10 })).length,
        0,
      );
      assert.equal((await store.push.listDeliveries({ ownerId: owner, limit: 10 })).length, 1);
    });

    it('hands each due delivery to one claimant, keeps order per key, frees leases', async () => {
      const owner = randomUUID();
      const job = randomUUID();
      const url = `http://${randomUUID()}.test/`;
      const a = event(owner, job, [url], 1);
      const b = event(owner, job, [url], 2);
      await store.push.appendEvent(a);
      await store.push.appendEvent(b);
      const others = Array.from({ length: 20 }, () => event(owner, randomUUID(), [url], 3));
      for (const e of others) await store.push.appendEvent(e);
      const nowMs = Date.now();
      const [x, y] = await Promise.all([
        store.push.claimDeliveries(nowMs, 'c1', nowMs + 60_000, 1000),
        store.push.claimDeliveries(nowMs, 'c2', nowMs + 60_000, 1000),
      ]);
      const mine = (list: typeof x) => list.filter((d) => d.ownerId === owner);
      const claimed = [...mine(x), ...mine(y)];
      assert.equal(new Set(claimed.map((d) => d.id)).size, claimed.length, 'no delivery claimed twice');
      // b waits for a: same job, same url.
      assert.ok(claimed.some((d) => d.eventId === a.id));
      assert.ok(!claimed.some((d) => d.eventId === b.id));
      assert.equal(claimed.length, 21);
      const first = claimed.find((d) => d.eventId === a.id);
      assert.ok(first);
      const holder = mine(x).includes(first) ? 'c1' : 'c2';
      assert.equal(await store.push.finishDelivery(first.id, 'someone-else', delivered()), false);
      assert.equal(await store.push.finishDelivery(first.id, holder, delivered()), true);
      const next = await store.push.claimDeliveries(Date.now(), 'c3', Date.now() + 60_000, 1000);
      assert.deepEqual(
        next.filter((d) => d.ownerId === owner).map((d) => d.eventId),
        [b.id],
      );
      await store.push.releaseLeases('c3');
      await store.push.releaseLeases('not-a-holder');
      const again = await store.push.claimDeliveries(Date.now(), 'c4', Date.now() + 60_000, 1000);
      assert.deepEqual(
        again.filter((d) => d.ownerId === owner).map((d) => d.eventId),
        [b.id],
      );
      // null frees every holder's leases (a store only one process uses, after a crash): b and the
      // twenty others claimed by c1 and c2 are free again.
      await store.push.releaseLeases(null);
      const freed = (await store.push.claimDeliveries(Date.now(), 'c5', Date.now() + 60_000, 1000)).filter(
        (d) => d.ownerId === owner,
      );
      assert.equal(freed.length, 21);
      assert.ok(freed.some((d) => d.eventId === b.id));
    });

    it('prunes old events that no pending delivery needs', async () => {
      const owner = randomUUID();
      const done = event(owner, randomUUID(), ['http://done.test/'], 1_000);
      const waiting = event(owner, randomUUID(), ['http://wait.test/'], 1_000);
      const fresh = event(owner, randomUUID(), [], Date.now());
      for (const e of [done, waiting, fresh]) await store.push.appendEvent(e);
      const claimed = await store.push.claimDeliveries(Date.now(), 'p1', Date.now() + 60_000, 1000);
      const d = claimed.find((x) => x.eventId === done.id);
      assert.ok(d);
      await store.push.finishDelivery(d.id, 'p1', delivered());
      await store.push.releaseLeases('p1');
      assert.ok((await store.push.pruneEvents(Date.now() - 60_000)) >= 1);
      const left = await store.push.listEvents({ ownerId: owner, afterSeq: 0, limit: 10 });
      assert.deepEqual(
        left.map((e) => e.id),
        [waiting.id, fresh.id],
      );
      assert.deepEqual(
        (await store.push.listDeliveries({ ownerId: owner, limit: 10 })).map((x) => x.eventId),
        [waiting.id],
      );
    });

    it("names each delivery's job and sweep, and lists one job's or one sweep's", async () => {
      const owner = randomUUID();
      const sweep = randomUUID();
      const [j1, j2] = [randomUUID(), randomUUID()];
      const url = 'http://subjects.test/';
      const lone = event(owner, j1, [url]);
      const inSweep = { ...event(owner, j2, [url, 'http://second.test/']), sweepId: sweep };
      const sweepDone: NewPushEvent = {
        ...event(owner, sweep, [url]),
        type: 'sweep.completed',
        jobId: null,
        sweepId: sweep,
      };
      for (const e of [lone, inSweep, sweepDone]) await store.push.appendEvent(e);
      // Another owner's delivery of the same job id is never listed.
      await store.push.appendEvent(event(randomUUID(), j1, [url]));

      const all = await store.push.listDeliveries({ ownerId: owner, limit: 10 });
      assert.deepEqual(
        all.map((d) => [d.eventId, d.jobId, d.sweepId]),
        [
          [sweepDone.id, null, sweep],
          [inSweep.id, j2, sweep],
          [inSweep.id, j2, sweep],
          [lone.id, j1, null],
        ],
      );
      const ofJob = await store.push.listDeliveries({ ownerId: owner, limit: 10, jobId: j1 });
      assert.deepEqual(
        ofJob.map((d) => d.eventId),
        [lone.id],
      );
      const ofSweep = await store.push.listDeliveries({ ownerId: owner, limit: 10, sweepId: sweep });
      assert.deepEqual(
        ofSweep.map((d) => d.eventId),
        [sweepDone.id, inSweep.id, inSweep.id],
      );
      // Pages back within the filter, and both filters together narrow to their intersection.
      const older = await store.push.listDeliveries({
        ownerId: owner,
        limit: 10,
        sweepId: sweep,
        beforeId: ofSweep[1]?.id,
      });
      assert.deepEqual(
        older.map((d) => d.id),
        [ofSweep[2]?.id],
      );
      assert.equal(
        (await store.push.listDeliveries({ ownerId: owner, limit: 10, jobId: j2, sweepId: sweep })).length,
        2,
      );
      assert.equal((await store.push.listDeliveries({ ownerId: owner, limit: 10, jobId: sweep })).length, 0);
    });

    it("gives deliveries written before the subject migration their event's job and sweep", async () => {
      // A store of its own, taken back to the schema before the migration with rows in it.
      const own = name === 'sqlite' ? tempDir('push-migrate') : '';
      const db = name === 'sqlite' ? null : await freshPostgresUrl();
      const url = db ? db.url : `sqlite:${own}/crawl.db`;
      try {
        const owner = randomUUID();
        const [job, sweep] = [randomUUID(), randomUUID()];
        const first = await openStore(url);
        await first.push.appendEvent({ ...event(owner, job, ['http://old.test/']), sweepId: sweep });
        await first.close();
        const version = MIGRATIONS.find((m) => m.sql === DELIVERY_SUBJECT_SQL)?.version;
        assert.ok(version, 'the delivery subject migration is in the list');
        await runRaw(db ? db.url : `${own}/crawl.db`, [
          'DROP INDEX webhook_deliveries_job',
          'DROP INDEX webhook_deliveries_sweep',
          'ALTER TABLE webhook_deliveries DROP COLUMN job_id',
          'ALTER TABLE webhook_deliveries DROP COLUMN sweep_id',
          `DELETE FROM schema_migrations WHERE version = ${version}`,
        ]);
        const reopened = await openStore(url);
        try {
          const [row] = await reopened.push.listDeliveries({ ownerId: owner, limit: 10, jobId: job });
          assert.equal(row?.jobId, job);
          assert.equal(row?.sweepId, sweep);
        } finally {
          await reopened.close();
        }
      } finally {
        if (own) removeDir(own);
        await db?.drop();
      }
    });

    it('keeps webhook settings per subject and per owner', async () => {
      const owner = randomUUID();
      await store.push.setSubjectWebhook({
        subjectId: 's1',
        ownerId: owner,
        url: 'http://x.test/',
        events: [],
      });
      await store.push.setSubjectWebhook({
        subjectId: 's1',
        ownerId: owner,
        url: 'http://y.test/',
        events: ['job.failed'],
      });
      assert.deepEqual(await store.push.getSubjectWebhook('s1'), {
        subjectId: 's1',
        ownerId: owner,
        url: 'http://y.test/',
        events: ['job.failed'],
      });
      assert.equal(await store.push.getOwnerWebhook(owner), null);
      await store.push.setOwnerWebhook({ ownerId: owner, url: null, events: [], secret: 'whsec_AAAA' });
      assert.equal((await store.push.getOwnerWebhook(owner))?.secret, 'whsec_AAAA');
    });

    it("sees an owner's webhook changed by another connection to the store", async () => {
      // SQLite keeps owners' webhooks in memory; another process (the admin command) may change one.
      const owner = randomUUID();
      await store.push.setOwnerWebhook({
        ownerId: owner,
        url: 'http://a.test/',
        events: [],
        secret: 'whsec_A',
      });
      assert.equal((await store.push.getOwnerWebhook(owner))?.url, 'http://a.test/');
      const other = await openStore(name === 'sqlite' ? `sqlite:${dir}/crawl.db` : (fresh?.url ?? ''));
      try {
        await other.push.setOwnerWebhook({
          ownerId: owner,
          url: 'http://b.test/',
          events: ['job.failed'],
          secret: 'whsec_B',
        });
      } finally {
        await other.close();
      }
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(await store.push.getOwnerWebhook(owner), {
        ownerId: owner,
        url: 'http://b.test/',
        events: ['job.failed'],
        secret: 'whsec_B',
      });
      // And a change through this store shows at once, in the same turn.
      await store.push.setOwnerWebhook({
        ownerId: owner,
        url: 'http://c.test/',
        events: [],
        secret: 'whsec_C',
      });
      assert.equal((await store.push.getOwnerWebhook(owner))?.url, 'http://c.test/');
    });

    it('lists ended site crawls without a crawl.completed event (never maps, never running ones)', async () => {
      const owner = randomUUID();
      const since = new Date(Date.now() - 1000).toISOString();
      const crawl = (mode: 'crawl' | 'map') => ({
        id: randomUUID(),
        ownerId: owner,
        status: 'running' as const,
        // As the API stores it: the spec's first field is its mode.
        spec: { mode, startUrls: ['https://a.test/'] },
        createdAt: new Date().toISOString(),
        finishedAt: null,
        error: null,
        pagesFound: 0,
      });
      const [ended, cancelled, running, map] = [crawl('crawl'), crawl('crawl'), crawl('crawl'), crawl('map')];
      for (const c of [ended, cancelled, running, map]) {
        await store.groups.insertGroup({ kind: 'crawl', crawl: c, pages: [] }, []);
      }
      const finish = (id: string, status: 'completed' | 'cancelled') =>
        store.groups.finishGroup({ kind: 'crawl', id, status, error: null });
      assert.equal(await finish(ended.id, 'completed'), true);
      assert.equal(await finish(cancelled.id, 'cancelled'), true);
      assert.equal(await finish(map.id, 'completed'), true);
      const listed = await store.crawls.listEndedWithoutEvent(since, 10);
      assert.deepEqual(new Set(listed.filter((id) => id !== running.id)), new Set([ended.id, cancelled.id]));
      assert.equal(listed.length, 2);
      await store.push.appendEvent({ ...event(owner, ended.id, []), dedupeKey: `crawl:${ended.id}` });
      assert.deepEqual(await store.crawls.listEndedWithoutEvent(since, 10), [cancelled.id]);
      assert.deepEqual(
        await store.crawls.listEndedWithoutEvent(new Date(Date.now() + 1000).toISOString(), 10),
        [],
      );
    });
  });
}

/** Runs statements straight on the database: a file path (SQLite) or a postgres:// URL. */
async function runRaw(target: string, statements: string[]): Promise<void> {
  if (target.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      for (const sql of statements) await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(target);
  try {
    for (const sql of statements) db.exec(sql);
  } finally {
    db.close();
  }
}

function delivered() {
  const now = Date.now();
  return {
    status: 'delivered' as const,
    attempts: 1,
    nextAttemptMs: now,
    lastStatusCode: 200,
    lastError: null,
    deliveredAtMs: now,
  };
}
