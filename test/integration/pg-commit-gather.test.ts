// The PostgreSQL group commit's gathering wait (postgres/write-batch.ts): a writer that is busy
// (writes arrived while its last batch committed) waits up to gatherMs for gatherWrites pending
// writes before its next commit, so coordinators sharing a job rate do not each commit as often as
// the round trips allow; an idle writer commits a lone write at once, and close() ends the wait.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { parsePostgresSpec } from '../../coordinator/store/postgres/connection-spec.js';
import { PgWriteBatch } from '../../coordinator/store/postgres/write-batch.js';
import { postgresSkip } from '../helpers/needs.js';
import { type FreshPostgres, freshPostgresUrl } from '../helpers/postgres.js';

const skip = await postgresSkip();

/** A write that needs no table: one wake-up for the transaction's NOTIFY. */
const ping = (w: PgWriteBatch, i: number) =>
  w.write({ kind: 'notify', event: { type: 'job_pending', jobId: `job-${i}` } });

/** Resolves on the next turn, once the writer has taken what was pending into its batch. */
const nextTurn = () => new Promise<void>((r) => setImmediate(r));

describe('PostgreSQL group commit: gathering while busy', { skip }, () => {
  let db: FreshPostgres;
  let pool: pg.Pool;

  before(async () => {
    db = await freshPostgresUrl();
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
  });
  after(async () => {
    await pool?.end();
    await db?.drop();
  });

  it('an idle writer commits a lone write at once, whatever gatherMs', async () => {
    const w = new PgWriteBatch(pool, 'crawl_events', { gatherMs: 60_000 });
    const t = performance.now();
    await ping(w, 0);
    await ping(w, 1);
    assert.ok(performance.now() - t < 10_000, 'neither write waited for the gathering timer');
    assert.deepEqual(w.stats, { batches: 2, writes: 2 });
    await w.close();
  });

  it('writes that arrive while a batch commits wait for more, and go when gatherWrites are pending', async () => {
    const w = new PgWriteBatch(pool, 'crawl_events', { gatherMs: 60_000, gatherWrites: 10 });
    const first = ping(w, 0);
    await nextTurn();
    // The first batch is committing: these find the writer busy.
    const early = [1, 2, 3].map((i) => ping(w, i));
    await first;
    // Later arrivals (a job's next write comes a few ms after its previous one).
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(w.stats, { batches: 1, writes: 1 }, 'the three early writes are still gathering');
    const t = performance.now();
    const late = [4, 5, 6, 7, 8, 9, 10].map((i) => ping(w, i));
    await Promise.all([...early, ...late]);
    assert.ok(performance.now() - t < 10_000, 'the tenth pending write ended the wait, not the timer');
    assert.deepEqual(w.stats, { batches: 2, writes: 11 }, 'the ten shared one commit');
    await w.close();
  });

  it('without gathering (gatherMs 0) the early writes commit on their own', async () => {
    const w = new PgWriteBatch(pool, 'crawl_events', { gatherMs: 0, gatherWrites: 10 });
    const first = ping(w, 0);
    await nextTurn();
    const early = [1, 2, 3].map((i) => ping(w, i));
    await Promise.all([first, ...early]);
    assert.deepEqual(w.stats, { batches: 2, writes: 4 });
    await w.close();
  });

  it('the wait ends after gatherMs with what gathered', async () => {
    const w = new PgWriteBatch(pool, 'crawl_events', { gatherMs: 30, gatherWrites: 100 });
    const first = ping(w, 0);
    await nextTurn();
    const early = [1, 2].map((i) => ping(w, i));
    await Promise.all([first, ...early]);
    assert.deepEqual(w.stats, { batches: 2, writes: 3 });
    await w.close();
  });

  it('close() ends a gathering wait: what gathered commits at once', async () => {
    const w = new PgWriteBatch(pool, 'crawl_events', { gatherMs: 60_000, gatherWrites: 100 });
    const first = ping(w, 0);
    await nextTurn();
    const early = [1, 2, 3].map((i) => ping(w, i));
    await first;
    const t = performance.now();
    await w.close();
    await Promise.all(early);
    assert.ok(performance.now() - t < 10_000, 'close did not wait for the gathering timer');
    assert.deepEqual(w.stats, { batches: 2, writes: 4 });
  });

  it('the store spec takes commit_gather_ms from 0 to 100', () => {
    assert.equal(parsePostgresSpec('postgres://h/db?commit_gather_ms=0').commitGatherMs, 0);
    assert.equal(parsePostgresSpec('postgres://h/db?commit_gather_ms=12').commitGatherMs, 12);
    assert.equal(parsePostgresSpec('postgres://h/db').commitGatherMs, null);
    assert.equal(parsePostgresSpec('postgres://h/db?commit_gather_ms=5').connectionString, 'postgres://h/db');
    assert.throws(() => parsePostgresSpec('postgres://h/db?commit_gather_ms=101'), /commit_gather_ms/);
    assert.throws(() => parsePostgresSpec('postgres://h/db?commit_gather_ms=1.5'), /commit_gather_ms/);
  });
});
