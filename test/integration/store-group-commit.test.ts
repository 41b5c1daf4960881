// Group commit on the SQLite store (coordinator/store/sqlite/write-batch.ts), on real files: writes
// of one turn share a transaction, and each caller still gets what one transaction per write gave —
// durable when answered, its own error, typed errors for a failed batch, order kept, its own writes
// visible to its reads — and nothing answered is lost when the process is killed.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { JobRecord, SweepRecord } from '../../coordinator/store/records.js';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import { StoreBatchError } from '../../coordinator/store/sqlite/write-batch.js';
import { ROOT } from '../helpers/cluster.js';
import { insertSweep, pendingJob, resultRecord } from '../helpers/records.js';

function job(overrides: Partial<JobRecord> = {}): JobRecord {
  return {
    ...pendingJob('owner-gc', { url: 'http://127.0.0.1/x' }),
    ...overrides,
  };
}

const lease = { coordinatorId: 'c1', untilMs: Date.now() + 60_000 };

describe('SQLite group commit', () => {
  let dir: string;
  const stores: SqliteStore[] = [];
  const open = (name: string, opts?: ConstructorParameters<typeof SqliteStore>[1]) => {
    const s = new SqliteStore(path.join(dir, name), opts);
    stores.push(s);
    return s;
  };
  /** A second connection to the file: sees only what was committed. */
  const reader = (name: string) => new Database(path.join(dir, name), { readonly: true });

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'crawl-gc-'));
  });
  after(async () => {
    for (const s of stores) await s.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('commits the writes of one turn together, each answered only once committed', async () => {
    const store = open('many.db');
    const other = reader('many.db');
    const seen = other.prepare<[string], { status: string }>('SELECT status FROM jobs WHERE id = ?');
    const before = { ...store.batch.stats };
    const jobs = Array.from({ length: 200 }, () => job());
    const visibleWhenAnswered = await Promise.all(
      jobs.map((j) => store.insertJob(j).then(() => seen.get(j.id)?.status ?? null)),
    );
    assert.deepEqual(visibleWhenAnswered, Array(200).fill('pending'));
    assert.equal(store.batch.stats.writes - before.writes, 200);
    assert.equal(store.batch.stats.batches - before.batches, 1, 'one commit for the turn');
    other.close();
  });

  it('a full batch is committed at once, the rest in the next', async () => {
    const store = open('cap.db', { maxBatchWrites: 16 });
    const before = store.batch.stats.batches;
    await Promise.all(Array.from({ length: 40 }, () => store.insertJob(job())));
    assert.equal(store.batch.stats.batches - before, 3);
  });

  it("a job's push event rides with the next commit, or commits alone after soonMs", async () => {
    const appendEvent = (store: SqliteStore) => {
      const id = `msg_${randomUUID()}`;
      return store.push.appendEvent({
        id,
        ownerId: 'o',
        type: 'job.completed',
        jobId: null,
        sweepId: null,
        dedupeKey: id,
        createdAtMs: Date.now(),
        payload: '{}',
        deliveries: [],
      });
    };
    const waiting = open('soon-wait.db', { soonMs: 60_000 });
    const other = reader('soon-wait.db');
    const count = other.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM push_events');
    // Not committed at the end of its turn, as any other write would be…
    const b0 = waiting.batch.stats.batches;
    let settled = false;
    const event = appendEvent(waiting).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(settled, false);
    assert.equal(count.get()?.n, 0, 'nothing committed yet');
    // …but with the next write, of a later turn: one commit for both.
    await Promise.all([event, waiting.insertJob(job())]);
    assert.equal(waiting.batch.stats.batches - b0, 1, 'one commit');
    assert.equal(count.get()?.n, 1);
    other.close();
    // Alone, it commits on its own a moment later (2 ms by default).
    const alone = open('soon-alone.db');
    await appendEvent(alone);
    assert.equal(alone.batch.stats.batches, 1);
  });

  it('a failing write rejects alone; the others of its batch commit', async () => {
    const store = open('fail-one.db');
    const existing = job();
    await store.insertJob(existing);
    const [a, b, c] = [job(), job({ id: existing.id, url: 'http://127.0.0.1/dup' }), job()];
    const outcomes = await Promise.allSettled([a, b, c].map((j) => store.insertJob(j)));
    assert.equal(outcomes[0]?.status, 'fulfilled');
    assert.equal(outcomes[2]?.status, 'fulfilled');
    assert.equal(outcomes[1]?.status, 'rejected');
    assert.match(String((outcomes[1] as PromiseRejectedResult).reason?.code), /SQLITE_CONSTRAINT/);
    assert.equal((await store.getJob(a.id))?.status, 'pending');
    assert.equal((await store.getJob(c.id))?.status, 'pending');
    assert.equal((await store.getJob(existing.id))?.url, existing.url, 'the duplicate changed nothing');
  });

  it('a write of several statements that fails leaves none of them, and not the others’ writes', async () => {
    const store = open('fail-sweep.db');
    const taken = job();
    await store.insertJob(taken);
    const sweepId = randomUUID();
    const fresh = job({ sweepId });
    const clash = job({ id: taken.id, sweepId });
    const sweep: SweepRecord = {
      id: sweepId,
      ownerId: 'owner-gc',
      url: 'http://127.0.0.1/x',
      regions: ['eu'],
      triesPerRegion: 2,
      timeoutSec: 30,
      deviceType: 'desktop',
      createdAt: new Date().toISOString(),
      reportToken: 'tok',
      jobs: [
        { jobId: fresh.id, region: 'eu', tryIndex: 0 },
        { jobId: clash.id, region: 'eu', tryIndex: 1 },
      ],
    };
    const alongside = job();
    const [sweepOutcome, alongsideOutcome] = await Promise.allSettled([
      insertSweep(store, sweep, [fresh, clash]),
      store.insertJob(alongside),
    ]);
    assert.equal(sweepOutcome.status, 'rejected');
    assert.equal(alongsideOutcome.status, 'fulfilled');
    assert.equal(await store.getSweep(sweepId), null);
    assert.equal(await store.getJob(fresh.id), null, 'the sweep’s first job went with it');
    assert.equal((await store.getJob(alongside.id))?.status, 'pending');
  });

  it('a batch that cannot commit fails every write in it with STORE_BATCH_FAILED', async () => {
    const store = open('busy.db', { busyTimeoutMs: 20 });
    await store.insertJob(job()); // creates the file's WAL before the other connection locks it
    const locker = new Database(path.join(dir, 'busy.db'));
    locker.exec('BEGIN IMMEDIATE');
    const jobs = [job(), job(), job()];
    const outcomes = await Promise.allSettled(jobs.map((j) => store.insertJob(j)));
    for (const o of outcomes) {
      assert.equal(o.status, 'rejected');
      const err = (o as PromiseRejectedResult).reason;
      assert.ok(err instanceof StoreBatchError);
      assert.equal(err.code, 'STORE_BATCH_FAILED');
    }
    locker.exec('ROLLBACK');
    locker.close();
    for (const j of jobs) assert.equal(await store.getJob(j.id), null);
    const later = job();
    await store.insertJob(later);
    assert.equal((await store.getJob(later.id))?.status, 'pending', 'the store goes on after a failed batch');
  });

  it('keeps the order writes were started in, within one batch', async () => {
    const store = open('order.db');
    const j = job();
    const [, claimed, outcome] = await Promise.all([
      store.insertJob(j),
      store.claimJob(j.id, 'dev-1', 1, lease),
      store.completeJob(j.id, resultRecord({ deviceId: 'dev-1' }), new Date().toISOString()),
    ]);
    assert.equal(claimed, true);
    assert.equal(outcome, 'stored');
    assert.equal((await store.getJob(j.id))?.status, 'completed');
    // Started before the insert, the claim finds nothing to claim.
    const k = job();
    const [early] = await Promise.all([store.claimJob(k.id, 'dev-1', 1, lease), store.insertJob(k)]);
    assert.equal(early, false);
    assert.equal((await store.getJob(k.id))?.status, 'pending');
  });

  it('a read after a write resolved sees it', async () => {
    const store = open('ryw.db');
    const j = job();
    await store.insertJob(j);
    assert.equal((await store.getJob(j.id))?.status, 'pending');
    assert.equal(await store.claimJob(j.id, 'dev-1', 1, lease), true);
    const running = await store.getJob(j.id);
    assert.equal(running?.status, 'running');
    assert.equal(running?.deviceId, 'dev-1');
    const consumed = await store.limits.consumeLimits('key-1', [
      { name: 'jobs', windowStartMs: 0, amount: 1, limit: 10 },
    ]);
    assert.ok(consumed.ok);
    const usage = await store.limits.readUsage('key-1', 'owner-gc', [{ name: 'jobs', windowStartMs: 0 }]);
    assert.deepEqual(usage.counts, [1]);
  });

  it('writes after close reject with STORE_CLOSED; those started before it are committed', async () => {
    const file = 'close.db';
    const store = open(file);
    const j = job();
    const pending = store.insertJob(j);
    await store.close();
    await pending;
    await assert.rejects(store.insertJob(job()), { code: 'STORE_CLOSED' });
    const again = open(file);
    assert.equal((await again.getJob(j.id))?.status, 'pending');
  });

  it('no answered insert is lost when the process is killed (SIGKILL) mid-stream', async () => {
    const file = path.join(dir, 'crash.db');
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/sqlite-writer.ts', file], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const answered: string[] = [];
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    for await (const line of createInterface({ input: child.stdout })) {
      answered.push(line);
      if (answered.length === 300) child.kill('SIGKILL');
    }
    await exited;
    assert.ok(answered.length >= 300);
    const store = open('crash.db');
    const found = await store.getJobs(answered);
    assert.equal(found.length, answered.length, 'every answered insert survived the kill');
  });
});
