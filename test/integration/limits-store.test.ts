// The store's limit counters, key limits and recent sweeps, the same on SQLite and PostgreSQL:
// conditional fixed-window increments (all or nothing), unfinished-job counts, refunds, pruning,
// and on PostgreSQL two stores racing for the last units of one window.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { openStore } from '../../coordinator/store/open.js';
import type { JobRecord, SweepRecord } from '../../coordinator/store/records.js';
import type { Store } from '../../coordinator/store/types.js';
import { postgresSkip } from '../helpers/needs.js';
import { freshPostgresUrl } from '../helpers/postgres.js';
import { insertSweep, pendingJob } from '../helpers/records.js';

const job = (ownerId: string, sweepId: string | null = null): JobRecord => pendingJob(ownerId, { sweepId });

function sweep(createdAt: string): { sweep: SweepRecord; jobs: JobRecord[] } {
  const id = randomUUID();
  const jobs = [job('sweeper', id), job('sweeper', id)];
  return {
    sweep: {
      id,
      ownerId: 'sweeper',
      url: 'https://example.com/',
      regions: ['EU'],
      triesPerRegion: 2,
      timeoutSec: 60,
      deviceType: 'mobile',
      createdAt,
      reportToken: randomUUID(),
      jobs: jobs.map((j, i) => ({ jobId: j.id, region: 'EU', tryIndex: i })),
    },
    jobs,
  };
}

const W = 1_700_000_040_000;

function suite(
  name: string,
  make: () => Promise<{ store: Store; cleanup(): Promise<void> }>,
  skip: string | false,
) {
  describe(`limit store: ${name}`, { skip }, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    before(async () => {
      ({ store, cleanup } = await make());
    });
    after(async () => {
      await store.close();
      await cleanup();
    });

    it('keeps a key limits with its record and clears them', async () => {
      const { record, key } = await createApiKey(store);
      assert.equal(
        await store.limits.setApiKeyLimits(record.id, { requestsPerMinute: 5, jobsPerDay: null }),
        true,
      );
      const { hashSecret } = await import('../../coordinator/auth/secrets.js');
      assert.deepEqual((await store.findApiKeyByHash(hashSecret(key)))?.limits, {
        requestsPerMinute: 5,
        jobsPerDay: null,
      });
      await store.limits.setApiKeyLimits(record.id, { requestsPerMinute: null });
      assert.equal((await store.findApiKeyByHash(hashSecret(key)))?.limits, undefined);
      assert.equal(await store.limits.setApiKeyLimits('no-such-key', { jobsPerDay: 1 }), false);
    });

    it('adds within the limit, refuses past it without adding, and keeps windows apart', async () => {
      const k = randomUUID();
      const c = { name: 'requests', windowStartMs: W, amount: 1, limit: 2 };
      assert.deepEqual(await store.limits.consumeLimits(k, [c]), { ok: true, counts: [1], unfinished: null });
      assert.deepEqual(await store.limits.consumeLimits(k, [c]), { ok: true, counts: [2], unfinished: null });
      assert.deepEqual(await store.limits.consumeLimits(k, [c]), { ok: false, failed: 'requests', count: 2 });
      assert.deepEqual(await store.limits.consumeLimits(k, [{ ...c, windowStartMs: W + 60_000 }]), {
        ok: true,
        counts: [1],
        unfinished: null,
      });
      const usage = await store.limits.readUsage(k, 'nobody', [
        { name: 'requests', windowStartMs: W },
        { name: 'requests', windowStartMs: W + 60_000 },
        { name: 'jobs', windowStartMs: W },
      ]);
      assert.deepEqual(usage, { counts: [2, 1, 0], unfinished: 0 });
    });

    it('applies several charges all or nothing, and refunds with a negative amount', async () => {
      const k = randomUUID();
      const minute = { name: 'requests', windowStartMs: W, amount: 1, limit: 10 };
      const day = { name: 'jobs', windowStartMs: W, amount: 3, limit: 4 };
      assert.equal((await store.limits.consumeLimits(k, [minute, day])).ok, true);
      assert.deepEqual(await store.limits.consumeLimits(k, [minute, day]), {
        ok: false,
        failed: 'jobs',
        count: 3,
      });
      // The refused call added nothing to the minute either.
      assert.deepEqual((await store.limits.readUsage(k, 'x', [minute, day])).counts, [1, 3]);
      await store.limits.consumeLimits(k, [{ ...day, amount: -3, limit: Number.MAX_SAFE_INTEGER }]);
      assert.deepEqual((await store.limits.readUsage(k, 'x', [day])).counts, [0]);
    });

    it('adds counts without a limit, many at once summed, and gives back with a negative amount', async () => {
      const k = randomUUID();
      const other = randomUUID();
      const jobs = { name: 'jobs', windowStartMs: W, amount: 1, limit: Number.MAX_SAFE_INTEGER };
      const req = { name: 'requests', windowStartMs: W, amount: 1, limit: Number.MAX_SAFE_INTEGER };
      // Started in the same moment, as a burst of requests is: every one is counted.
      await Promise.all([
        ...Array.from({ length: 50 }, () => store.limits.addCounts(k, [jobs, req])),
        store.limits.addCounts(other, [{ ...jobs, amount: 7 }]),
        store.limits.addCounts(k, [{ ...jobs, windowStartMs: W + 86_400_000 }]),
      ]);
      assert.deepEqual((await store.limits.readUsage(k, 'x', [jobs, req])).counts, [50, 50]);
      assert.deepEqual((await store.limits.readUsage(other, 'x', [jobs])).counts, [7]);
      const nextDay = { ...jobs, windowStartMs: W + 86_400_000 };
      assert.deepEqual((await store.limits.readUsage(k, 'x', [nextDay])).counts, [1]);
      await store.limits.addCounts(k, [{ ...jobs, amount: -2 }]);
      assert.deepEqual((await store.limits.readUsage(k, 'x', [jobs])).counts, [48]);
      // The counters are the ones consumeLimits checks.
      assert.deepEqual(await store.limits.consumeLimits(k, [{ ...jobs, limit: 48 }]), {
        ok: false,
        failed: 'jobs',
        count: 48,
      });
    });

    it('counts the owner unfinished jobs against a concurrency limit', async () => {
      const owner = randomUUID();
      const k = randomUUID();
      for (let i = 0; i < 2; i++) await store.insertJob(job(owner));
      const day = { name: 'jobs', windowStartMs: W, amount: 1, limit: 100 };
      assert.deepEqual(await store.limits.consumeLimits(k, [day], { ownerId: owner, amount: 1, limit: 2 }), {
        ok: false,
        failed: 'concurrent',
        count: 2,
      });
      assert.deepEqual(await store.limits.consumeLimits(k, [day], { ownerId: owner, amount: 1, limit: 3 }), {
        ok: true,
        counts: [1],
        unfinished: 2,
      });
      assert.equal((await store.limits.readUsage(k, owner, [])).unfinished, 2);
    });

    it('prunes old windows', async () => {
      const k = randomUUID();
      await store.limits.consumeLimits(k, [{ name: 'jobs', windowStartMs: 1_000, amount: 1, limit: 5 }]);
      assert.ok((await store.limits.pruneLimitCounters(2_000)) >= 1);
      assert.deepEqual(
        (await store.limits.readUsage(k, 'x', [{ name: 'jobs', windowStartMs: 1_000 }])).counts,
        [0],
      );
    });

    it('lists recent sweeps newest first with their jobs', async () => {
      const older = sweep('2026-01-01T00:00:00.000Z');
      const newer = sweep('2026-01-02T00:00:00.000Z');
      await insertSweep(store, older.sweep, older.jobs);
      await insertSweep(store, newer.sweep, newer.jobs);
      const recent = await store.listRecentSweeps(2);
      assert.deepEqual(
        recent.map((s) => s.id),
        [newer.sweep.id, older.sweep.id],
      );
      // Each sweep gets its own refs back from the one read of every listed sweep's refs.
      assert.deepEqual(recent[0]?.jobs, newer.sweep.jobs);
      assert.deepEqual(recent[1]?.jobs, older.sweep.jobs);
      assert.equal((await store.listRecentSweeps(1)).length, 1);
    });
  });
}

suite(
  'sqlite',
  async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'crawl-limits-'));
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

describe('limit counters raced by two PostgreSQL stores', { skip: pgSkip }, () => {
  it('never lets more than the limit through', async () => {
    const db = await freshPostgresUrl();
    const [a, b] = await Promise.all([openStore(db.url), openStore(db.url)]);
    try {
      const k = randomUUID();
      const c = { name: 'requests', windowStartMs: W, amount: 1, limit: 25 };
      const outcomes = await Promise.all(
        Array.from({ length: 60 }, (_v, i) => ((i % 2 === 0 ? a : b) as Store).limits.consumeLimits(k, [c])),
      );
      assert.equal(outcomes.filter((o) => o.ok).length, 25);
      assert.deepEqual((await a.limits.readUsage(k, 'x', [c])).counts, [25]);
      // Two charges at once (a submission): all or nothing even when racing.
      const k2 = randomUUID();
      const minute = { name: 'requests', windowStartMs: W, amount: 1, limit: 1_000 };
      const day = { name: 'jobs', windowStartMs: W, amount: 1, limit: 20 };
      const both = await Promise.all(
        Array.from({ length: 60 }, (_v, i) =>
          ((i % 2 === 0 ? a : b) as Store).limits.consumeLimits(k2, [minute, day]),
        ),
      );
      assert.equal(both.filter((o) => o.ok).length, 20);
      assert.deepEqual((await a.limits.readUsage(k2, 'x', [minute, day])).counts, [20, 20]);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});

describe('usage counters of two PostgreSQL stores (coordinators)', { skip: pgSkip }, () => {
  it('each writes rows of its own, summed on read, and checked charges count them exactly', async () => {
    const db = await freshPostgresUrl();
    const [a, b] = await Promise.all([openStore(db.url), openStore(db.url)]);
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      const k = randomUUID();
      const jobs = { name: 'jobs', windowStartMs: W, amount: 1, limit: Number.MAX_SAFE_INTEGER };
      // Usage of a key without the quota: 50 additions from each coordinator at once.
      await Promise.all(
        Array.from({ length: 100 }, (_v, i) => ((i % 2 === 0 ? a : b) as Store).limits.addCounts(k, [jobs])),
      );
      const rows = await pool.query<{ shard: string; count: string }>(
        'SELECT shard, count FROM limit_counters WHERE key_id = $1 ORDER BY shard',
        [k],
      );
      assert.equal(rows.rows.length, 2, 'one row per coordinator, none shared');
      assert.deepEqual(
        rows.rows.map((r) => Number(r.count)),
        [50, 50],
      );
      assert.ok(
        rows.rows.every((r) => r.shard !== ''),
        'unchecked counts never touch the checked row',
      );
      assert.deepEqual((await a.limits.readUsage(k, 'x', [jobs])).counts, [100]);
      assert.deepEqual((await b.limits.readUsage(k, 'x', [jobs])).counts, [100]);
      // The key gets a quota of 110: the checked charges of both coordinators count the shards.
      const capped = { ...jobs, limit: 110 };
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, (_v, i) =>
          ((i % 2 === 0 ? a : b) as Store).limits.consumeLimits(
            k,
            i % 3 === 0 ? [capped] : [capped, jobs2()],
          ),
        ),
      );
      assert.equal(outcomes.filter((o) => o.ok).length, 10, 'exactly the room left');
      const counts = outcomes.flatMap((o) => (o.ok ? [o.counts[0] ?? 0] : []));
      assert.equal(Math.max(...counts), 110, 'a granted charge reports the sum over every shard');
      assert.deepEqual((await b.limits.readUsage(k, 'x', [jobs])).counts, [110]);
      // A refund (unchecked, negative) on one coordinator makes room on the other.
      await b.limits.addCounts(k, [{ ...jobs, amount: -5 }]);
      const five = await a.limits.consumeLimits(k, [{ ...capped, amount: 5 }]);
      assert.equal(five.ok, true);
      assert.deepEqual(five.ok ? five.counts : [], [110]);
      const over = await b.limits.consumeLimits(k, [capped]);
      assert.deepEqual(over, { ok: false, failed: 'jobs', count: 110 });
    } finally {
      await pool.end();
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});

/** A second charge beside the capped one: the several-charge statement takes the same care. */
function jobs2(): { name: string; windowStartMs: number; amount: number; limit: number } {
  return { name: 'requests', windowStartMs: W, amount: 1, limit: 1_000 };
}
