// The job change cursor on PostgreSQL: the catch-up read (after the LISTEN connection comes back,
// and the safety poll) returns what changed since a coordinator's last position, never skips a
// transaction that commits out of order, and reads an index range however many old unfinished jobs
// there are. The cluster side is in cluster-change-cursor.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { openStore } from '../../coordinator/store/open.js';
import { JOB_CHANGES_SQL } from '../../coordinator/store/postgres/job-reads.js';
import type { JobRecord } from '../../coordinator/store/records.js';
import type { JobChanges } from '../../coordinator/store/store-events.js';
import type { Store } from '../../coordinator/store/types.js';
import { postgresSkip } from '../helpers/needs.js';
import { type FreshPostgres, freshPostgresUrl } from '../helpers/postgres.js';
import { pendingJob as pendingOf } from '../helpers/records.js';

const skip = await postgresSkip();

const pendingJob = (ownerId: string, url = 'https://example.com/'): JobRecord => pendingOf(ownerId, { url });

function changes(store: Store, since: string | null): Promise<JobChanges> {
  assert.ok(store.readJobChanges, 'a shared store reads its change feed');
  return store.readJobChanges(since);
}

describe('job change cursor (store)', { skip }, () => {
  let db: FreshPostgres;
  let store: Store;
  let client: pg.Client;

  before(async () => {
    db = await freshPostgresUrl();
    store = await openStore(db.url);
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  after(async () => {
    await client?.end();
    await store?.close();
    await db?.drop();
  });

  it('reads inserts and requeues as pending, completions and failures as finished, not claims', async () => {
    const start = await changes(store, null);
    assert.deepEqual([start.pendingIds, start.finishedIds], [[], []], 'a first read is only the position');
    const [a, b, c] = [pendingJob('o'), pendingJob('o'), pendingJob('o')];
    for (const j of [a, b, c]) await store.insertJob(j);
    const first = await changes(store, start.cursor);
    assert.deepEqual(first.pendingIds.sort(), [a.id, b.id, c.id].sort());

    const lease = { coordinatorId: 'c1', untilMs: Date.now() + 60_000 };
    for (const j of [a, b, c]) assert.ok(await store.claimJob(j.id, 'dev', 1, lease));
    // Claims are changes too, but running jobs are left out of the read.
    const claimed = await changes(store, first.cursor);
    assert.deepEqual([claimed.pendingIds, claimed.finishedIds], [[], []]);

    await store.renewLeases('c1', Date.now() + 120_000);
    assert.ok(await store.requeueJob(a.id, 1, Date.now() + 60_000));
    assert.ok(await store.failJob(b.id, 'timeout', 'late', new Date().toISOString()));
    const later = await changes(store, claimed.cursor);
    assert.deepEqual(later.pendingIds, [a.id]);
    assert.deepEqual(later.finishedIds, [b.id]);
    // A lease renewal alone is not a change: c (still running, renewed) never shows up. The position
    // is the cluster's oldest running transaction, and another database's (a suite beside this one)
    // may hold it back: a and b may then be read again (the reader takes changes at least once),
    // but nothing else.
    const idle = await changes(store, later.cursor);
    assert.ok(
      idle.pendingIds.every((id) => id === a.id) && idle.finishedIds.every((id) => id === b.id),
      JSON.stringify(idle),
    );
  });

  it('a transaction that commits after a later one is still read: the position stays before it', async () => {
    const slow = pendingJob('o');
    await client.query('BEGIN');
    await client.query(
      "INSERT INTO jobs (id, owner_id, url, method, status, submitted_at, submitted_at_ms, timeout_sec, placement, storage_type, request, queue_deadline_ms) VALUES ($1, 'o', 'https://example.com/', 'GET', 'pending', 'x', 0, 30, '{}', 'local', '{}', 0)",
      [slow.id],
    );
    let mid: JobChanges;
    try {
      await store.insertJob(pendingJob('o'));
      mid = await changes(store, null);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    }
    // A sequence number would have moved past the slow row (the later insert committed first);
    // the position is the oldest transaction still open, so the slow one is read next time.
    const next = await changes(store, mid.cursor);
    assert.ok(next.pendingIds.includes(slow.id), JSON.stringify(next));
  });

  it('with 20,000 old unfinished jobs, the read is an index range over the new changes only', async () => {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO jobs (id, owner_id, url, method, status, submitted_at, submitted_at_ms, timeout_sec,
         placement, storage_type, request, attempt, queue_deadline_ms, coordinator_id, lease_until_ms)
       SELECT 'old-' || g, 'old', 'https://example.com/', 'GET',
         CASE WHEN g % 2 = 0 THEN 'pending' ELSE 'running' END, 'x', 0, 30, '{}', 'local', '{}', 1, 0,
         'gone', 9000000000000
       FROM generate_series(1, 20000) g`,
    );
    const bulk = BigInt((await client.query('SELECT pg_current_xact_id()::text AS x')).rows[0].x);
    await client.query('COMMIT');
    await client.query('ANALYZE jobs');
    // The position is the oldest open transaction in the whole server; another database's
    // transaction may hold it back for a moment. Wait until it is past the bulk insert.
    let cursor = (await changes(store, null)).cursor;
    for (let i = 0; BigInt(cursor) <= bulk; i++) {
      assert.ok(i < 200, 'the position did not pass the bulk insert within 10 s');
      await new Promise((r) => setTimeout(r, 50));
      cursor = (await changes(store, null)).cursor;
    }
    const fresh = [pendingJob('o'), pendingJob('o'), pendingJob('o')];
    for (const j of fresh) await store.insertJob(j);

    const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${JOB_CHANGES_SQL}`, [cursor]);
    const scans: Array<Record<string, unknown>> = [];
    const walk = (node: Record<string, unknown>): void => {
      if (node['Relation Name'] === 'jobs') scans.push(node);
      for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
    };
    walk((rows[0]['QUERY PLAN'] as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
    assert.equal(scans.length, 1, JSON.stringify(rows[0]));
    const scan = scans[0]!;
    assert.equal(scan['Node Type'], 'Index Scan', JSON.stringify(scan));
    assert.equal(scan['Index Name'], 'jobs_change');
    // Rows the scan produced (plus any it filtered out): the three new jobs, none of the 20,000.
    const read = Number(scan['Actual Rows']) + Number(scan['Rows Removed by Filter'] ?? 0);
    assert.equal(read, 3, JSON.stringify(scan));
    const got = await changes(store, cursor);
    assert.deepEqual(got.pendingIds.sort(), fresh.map((j) => j.id).sort());
  });
});
