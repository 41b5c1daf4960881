// The PostgreSQL group commit writes a one-stage batch as ONE statement (postgres/batch-statements.ts):
// whatever kinds of writes a turn gathered (inserts, claims, completions, counters, push events with
// their webhook deliveries, the NOTIFY), one round trip, a transaction of its own. A batch that writes
// a job twice is split into stages, one statement each inside BEGIN … COMMIT. The client's queries
// are counted here, and every outcome and row is checked against what the statement stored.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { openStore } from '../../coordinator/store/open.js';
import { PgWriteBatch } from '../../coordinator/store/postgres/write-batch.js';
import type { JobRecord, ResultRecord } from '../../coordinator/store/records.js';
import type { Store } from '../../coordinator/store/types.js';
import { postgresSkip } from '../helpers/needs.js';
import { type FreshPostgres, freshPostgresUrl } from '../helpers/postgres.js';
import { pendingJob, resultRecord } from '../helpers/records.js';

const skip = await postgresSkip();
const CHANNEL = 'crawl_events_batch_statement_test';

/** A pending job with the id a test names. */
const job = (id: string): JobRecord => ({ ...pendingJob('owner-1'), id });
const result = (deviceId: string): ResultRecord => resultRecord({ deviceId });

const lease = { coordinatorId: 'coord-a', untilMs: Date.now() + 3_600_000 };

describe('PostgreSQL group commit: one statement a batch', { skip }, () => {
  let db: FreshPostgres;
  let store: Store;
  let pool: pg.Pool;
  let listener: pg.Client;
  /** Statements the writer's pool sent, in order. */
  const sent: string[] = [];
  const heard: string[] = [];

  before(async () => {
    db = await freshPostgresUrl();
    store = await openStore(db.url); // applies the migrations
    pool = new pg.Pool({ connectionString: db.url, max: 1 });
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      // Counts each query the writer sends on this connection, then runs it unchanged.
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        const q = args[0] as string | { text: string };
        sent.push((typeof q === 'string' ? q : q.text).trim().split(/\s+/)[0] ?? '');
        return query(...args);
      };
    });
    listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query(`LISTEN ${CHANNEL}`);
  });
  after(async () => {
    await listener?.end();
    await pool?.end();
    await store?.close();
    await db?.drop();
  });

  it('inserts, counters, an event with its delivery and the NOTIFY of one turn: one statement', async () => {
    const w = new PgWriteBatch(pool, CHANNEL, { gatherMs: 0 });
    sent.length = 0;
    const ids = [1, 2, 3].map((i) => `job-one-${i}-${randomUUID()}`);
    const eventId = `evt-${randomUUID()}`;
    const heardNow = new Promise<void>((resolve) => listener.once('notification', () => resolve()));
    const outcomes = await Promise.all([
      ...ids.map((id) => w.write({ kind: 'insert', job: job(id), lease: undefined })),
      w.write({
        kind: 'count',
        keyId: 'key-1',
        charges: [{ name: 'jobs', windowStartMs: 0, amount: 2, limit: 0 }],
        shard: 'c1',
      }),
      w.write({
        kind: 'count',
        keyId: 'key-1',
        charges: [{ name: 'jobs', windowStartMs: 0, amount: 1, limit: 0 }],
        shard: 'c1',
      }),
      w.write({
        kind: 'event',
        event: {
          id: eventId,
          dedupeKey: `job:${ids[0]}`,
          ownerId: 'owner-1',
          type: 'job.completed',
          jobId: ids[0] ?? null,
          sweepId: null,
          createdAtMs: Date.now(),
          payload: '{"x":1}',
          deliveries: [{ url: 'https://hooks.example/a', orderKey: `job:${ids[0]}` }],
        },
      }),
      w.write({ kind: 'notify', event: { type: 'job_pending', jobId: ids[0] ?? '' } }),
    ]);
    await heardNow;
    assert.deepEqual(sent, ['WITH'], 'one statement, no BEGIN or COMMIT');
    assert.deepEqual(w.stats, { batches: 1, writes: 7 });
    assert.equal(outcomes[5], true, 'the event was stored');

    const jobs = await pool.query('SELECT id, status FROM jobs WHERE id = ANY($1) ORDER BY id', [ids]);
    assert.equal(jobs.rows.length, 3);
    const counter = await pool.query("SELECT count FROM limit_counters WHERE key_id = 'key-1'");
    assert.equal(Number(counter.rows[0]?.count), 3, 'the two counts of one row summed');
    const ev = await pool.query('SELECT seq FROM push_events WHERE id = $1', [eventId]);
    const dl = await pool.query('SELECT event_seq, url FROM webhook_deliveries WHERE event_id = $1', [
      eventId,
    ]);
    assert.equal(dl.rows.length, 1);
    assert.equal(
      String(dl.rows[0]?.event_seq),
      String(ev.rows[0]?.seq),
      'the delivery carries its event seq',
    );
    // The published event, and job_pending for each job inserted unclaimed (any coordinator may place it).
    assert.deepEqual(
      (JSON.parse(heard.at(-1) ?? '[]') as Array<{ jobId: string }>).map((e) => e.jobId).sort(),
      [...ids, ids[0]].sort(),
    );
    await w.close();
  });

  /** Resolves once a NOTIFY heard (now or later) matches. */
  async function waitHeard(
    match: (events: Array<{ type: string; jobId?: string }>) => boolean,
  ): Promise<void> {
    const test = (p: string) => match(JSON.parse(p) as Array<{ type: string; jobId?: string }>);
    if (heard.some(test)) return;
    await new Promise<void>((resolve) => {
      const on = (n: pg.Notification) => {
        if (!test(n.payload ?? '[]')) return;
        listener.off('notification', on);
        resolve();
      };
      listener.on('notification', on);
    });
  }

  it('a job written twice in one turn: two stages in one transaction, each outcome its own', async () => {
    const w = new PgWriteBatch(pool, CHANNEL, { gatherMs: 0 });
    const id = `job-two-${randomUUID()}`;
    await w.write({ kind: 'insert', job: job(id), lease: undefined });
    sent.length = 0;
    const res = result('dev-1');
    const [claimed, completed, again] = await Promise.all([
      w.write({ kind: 'claim', id, deviceId: 'dev-1', attempt: 1, lease }),
      w.write({ kind: 'complete', id, result: res, completedAt: new Date().toISOString() }),
      w.write({ kind: 'complete', id, result: res, completedAt: new Date().toISOString() }),
    ]);
    assert.equal(claimed, true);
    assert.equal(completed, 'stored');
    assert.equal(again, 'duplicate', 'the second completion found the job completed');
    // A statement a stage, one NOTIFY for the stages before COMMIT, then the read that tells the
    // second completion a duplicate.
    assert.deepEqual(sent, ['BEGIN', 'WITH', 'WITH', 'WITH', 'SELECT', 'COMMIT', 'SELECT']);
    await waitHeard((events) => events.some((e) => e.type === 'job_terminal' && e.jobId === id));
    const row = await pool.query('SELECT status, device_id FROM jobs WHERE id = $1', [id]);
    assert.deepEqual(row.rows[0], { status: 'completed', device_id: 'dev-1' });
    await w.close();
  });

  it('completions announce job_terminal in their statement’s NOTIFY, only where they changed the job', async () => {
    const w = new PgWriteBatch(pool, CHANNEL, { gatherMs: 0 });
    const id = `job-done-${randomUUID()}`;
    const unknown = `job-unknown-${randomUUID()}`;
    // Stored claimed: announces nothing of its own.
    await w.write({
      kind: 'insert',
      job: { ...job(id), status: 'running', attempt: 1, deviceId: 'dev-1' },
      lease,
    });
    sent.length = 0;
    heard.length = 0;
    const heardNow = new Promise<void>((resolve) => listener.once('notification', () => resolve()));
    const at = new Date().toISOString();
    const [stored, stale] = await Promise.all([
      w.write({ kind: 'complete', id, result: result('dev-1'), completedAt: at }),
      w.write({ kind: 'complete', id: unknown, result: result('dev-1'), completedAt: at }),
    ]);
    await heardNow;
    assert.equal(stored, 'stored');
    assert.equal(stale, 'stale');
    assert.deepEqual(sent, ['WITH', 'SELECT'], 'the statement, then the status read of the one not stored');
    assert.deepEqual(JSON.parse(heard[0] ?? '[]'), [{ type: 'job_terminal', jobId: id }]);
    await w.close();
  });

  it('announcements too long for one NOTIFY give way to one resync', async () => {
    const w = new PgWriteBatch(pool, CHANNEL, { gatherMs: 0 });
    heard.length = 0;
    const heardNow = new Promise<void>((resolve) => listener.once('notification', () => resolve()));
    // 300 unclaimed inserts would announce ~16 KB of job_pending; a NOTIFY holds under 8,000 bytes.
    const ids = Array.from({ length: 300 }, (_, i) => `job-many-${i}-${randomUUID()}`);
    await Promise.all(ids.map((id) => w.write({ kind: 'insert', job: job(id), lease: undefined })));
    await heardNow;
    assert.deepEqual(JSON.parse(heard[0] ?? '[]'), [{ type: 'resync' }]);
    assert.deepEqual(w.stats, { batches: 1, writes: 300 });
    await w.close();
  });

  it('a write refused on its own rejects alone; the rest of its batch is stored once', async () => {
    const w = new PgWriteBatch(pool, CHANNEL, { gatherMs: 0 });
    const taken = `job-dup-${randomUUID()}`;
    await w.write({ kind: 'insert', job: job(taken), lease: undefined });
    const fresh = `job-fresh-${randomUUID()}`;
    const [dup, ok] = await Promise.allSettled([
      w.write({ kind: 'insert', job: job(taken), lease: undefined }),
      w.write({ kind: 'insert', job: job(fresh), lease: undefined }),
    ]);
    assert.equal(dup.status, 'rejected');
    assert.equal((dup as PromiseRejectedResult).reason.code, '23505', 'unique violation of its own');
    assert.equal(ok.status, 'fulfilled');
    const rows = await pool.query('SELECT id FROM jobs WHERE id = ANY($1)', [[taken, fresh]]);
    assert.equal(rows.rows.length, 2, 'each id once');
    await w.close();
  });
});
