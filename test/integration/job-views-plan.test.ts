// The batch status read's plans. SQLite: a search of the jobs_view covering index alone (migration
// 10), on a fresh database and after ANALYZE has statistics to weigh, and the view read from that
// index equals the one read from the table. PostgreSQL (no covering index there: a url may be
// longer than a B-tree entry): lookups in the primary key, never a scan of the table.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openStore } from '../../coordinator/store/open.js';
import { numberMarks, POSTGRES_IN_LIST } from '../../coordinator/store/postgres/sql-runner.js';
import type { JobRecord } from '../../coordinator/store/records.js';
import { JOB_VIEW_COLUMNS } from '../../coordinator/store/rows.js';
import { jobViewsSql } from '../../coordinator/store/sql-job-reads.js';
import { SQLITE_IN_LIST } from '../../coordinator/store/sqlite/sql-runner.js';
import type { Store } from '../../coordinator/store/types.js';
import { postgresSkip } from '../helpers/needs.js';
import { type FreshPostgres, freshPostgresUrl } from '../helpers/postgres.js';
import { pendingJob } from '../helpers/records.js';

/** The read each store runs: the shared text with its dialect's list, numbered for pg. */
const JOB_VIEWS_SQL = jobViewsSql(SQLITE_IN_LIST);
const PG_JOB_VIEWS_SQL = numberMarks(jobViewsSql(POSTGRES_IN_LIST));

const job = (ownerId: string, i: number): JobRecord =>
  pendingJob(ownerId, { url: `https://example.com/${i}`, placement: i % 2 ? { country: 'DE' } : {} });

describe('SQLite batch status read', () => {
  let dir: string;
  let file: string;
  let store: Store;
  let db: Database.Database;
  const owner = randomUUID();
  const ids: string[] = [];

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'job-views-'));
    file = path.join(dir, 'crawl.db');
    store = await openStore(`sqlite:${file}`);
    for (let i = 0; i < 300; i++) {
      const j = job(i % 3 === 0 ? owner : randomUUID(), i);
      await store.insertJob(j);
      if (i % 3 === 0) ids.push(j.id);
    }
    await store.failJob(ids[0]!, 'timeout', 'no device in time', new Date().toISOString());
    db = new Database(file, { readonly: true });
  });
  after(async () => {
    db.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const plan = () =>
    (
      db.prepare(`EXPLAIN QUERY PLAN ${JOB_VIEWS_SQL}`).all(JSON.stringify(ids), owner) as {
        detail: string;
      }[]
    )
      .map((r) => r.detail)
      .join('\n');

  it('searches the jobs_view covering index, never the table', () => {
    assert.match(plan(), /SEARCH jobs USING COVERING INDEX jobs_view \(id=\? AND owner_id=\?\)/);
  });

  it('still does once ANALYZE has statistics', () => {
    const rw = new Database(file);
    try {
      rw.exec('ANALYZE');
    } finally {
      rw.close();
    }
    assert.match(plan(), /SEARCH jobs USING COVERING INDEX jobs_view \(id=\? AND owner_id=\?\)/);
  });

  it('reads from the index what the table holds', async () => {
    const views = await store.getJobViews(owner, ids);
    assert.equal(views.length, ids.length);
    const fromTable = db
      .prepare(`SELECT ${JOB_VIEW_COLUMNS} FROM jobs NOT INDEXED WHERE owner_id = ? ORDER BY id`)
      .raw(true)
      .all(owner);
    const fromIndex = db.prepare(`${JOB_VIEWS_SQL} ORDER BY id`).raw(true).all(JSON.stringify(ids), owner);
    assert.deepEqual(fromIndex, fromTable);
    assert.equal(views.find((v) => v.id === ids[0])?.failureType, 'timeout');
    assert.deepEqual(views.find((v) => v.id === ids[1])?.placement, { country: 'DE' });
    assert.deepEqual(views.find((v) => v.id === ids[2])?.placement, {});
  });
});

const pgSkip = await postgresSkip();

describe('PostgreSQL batch status read', { skip: pgSkip }, () => {
  let db: FreshPostgres;
  let pool: pg.Pool;
  const owner = randomUUID();
  const ids: string[] = [];

  before(async () => {
    db = await freshPostgresUrl();
    const store = await openStore(db.url);
    const mine = Array.from({ length: 20 }, (_, i) => job(owner, i));
    for (const j of mine) await store.insertJob(j);
    ids.push(...mine.map((j) => j.id));
    await store.close();
    pool = new pg.Pool({ connectionString: db.url, max: 1 });
    // Enough other rows that reading 20 of them by scanning the table would be the planner's mistake.
    await pool.query(`INSERT INTO jobs (id, owner_id, url, method, status, submitted_at, submitted_at_ms,
        timeout_sec, placement, storage_type, request, queue_deadline_ms)
      SELECT gen_random_uuid()::text, 'other', 'https://example.com/' || i, 'GET', 'pending', '', 0, 30,
        '{}', 'local', '{}', 0 FROM generate_series(1, 5000) i`);
    await pool.query('ANALYZE jobs');
  });
  after(async () => {
    await pool?.end();
    await db?.drop();
  });

  it('looks the ids up in the primary key, never scanning the table', async () => {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${PG_JOB_VIEWS_SQL}`, [ids, owner]);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    assert.match(plan, /Index Scan using jobs_pkey|Bitmap Index Scan on jobs_pkey/);
    assert.doesNotMatch(plan, /Seq Scan/);
  });
});
