// Crawls of an older version become groups (coordinator/store/schema/crawl-groups.ts): a database
// at the version before, with a running crawl under a lease and an ended one, is opened by this
// version's store. Each crawl gets its group (kind crawl, driven), its page jobs become members
// counted by status, the running one keeps its lease on the group, and the crawls' own lease
// columns are gone. On SQLite and on PostgreSQL.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { migrationsFor } from '../../coordinator/store/migrations.js';
import { openStore } from '../../coordinator/store/open.js';
import { JOB_COLUMNS, jobToRow } from '../../coordinator/store/rows.js';
import type { Store } from '../../coordinator/store/types.js';
import { postgresSkip } from '../helpers/needs.js';
import { freshPostgresUrl } from '../helpers/postgres.js';
import { pendingJob } from '../helpers/records.js';

const pgSkip = await postgresSkip();
/** This change's version: the first migration that gives groups a driver. */
const VERSION = migrationsFor('sqlite').find((m) => m.sql.includes('ADD COLUMN driven'))?.version ?? 0;

/** Runs statements with `?` placeholders on the database at the older version. */
type Exec = (sql: string, params?: unknown[]) => Promise<void>;

const LEASE_UNTIL_MS = Date.now() + 3_600_000;

/** The older version's data: a running crawl under a lease with two page jobs (one ended), and an ended crawl. */
async function olderData(exec: Exec) {
  const owner = 'owner-m';
  const crawl = (id: string, status: string, finishedAt: string | null, lease: string | null) =>
    exec(
      `INSERT INTO crawls (id, owner_id, status, spec, created_at, finished_at, error, pages_found, next_seq, lease_owner, lease_until_ms)
       VALUES (?, ?, ?, '{"mode":"crawl"}', ?, ?, NULL, 2, 2, ?, ?)`,
      [id, owner, status, new Date().toISOString(), finishedAt, lease, lease ? LEASE_UNTIL_MS : 0],
    );
  const job = async (status: 'pending' | 'completed') => {
    const j = {
      ...pendingJob(owner),
      status,
      completedAt: status === 'completed' ? new Date().toISOString() : null,
    };
    const row = jobToRow(j) as unknown as Record<string, unknown>;
    const columns = JOB_COLUMNS.filter((c) => c !== 'group_id');
    await exec(
      `INSERT INTO jobs (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      columns.map((c) => row[c]),
    );
    return j.id;
  };
  const page = (crawlId: string, n: number, state: string, jobId: string) =>
    exec(
      `INSERT INTO crawl_pages (crawl_id, url_hash, url, kind, host, depth, parent, seq, priority, state, job_id, tries)
       VALUES (?, ?, ?, 'page', 'https://a.test', 0, NULL, ?, 1, ?, ?, 1)`,
      [crawlId, `h${n}`, `https://a.test/${n}`, n, state, jobId],
    );
  const running = 'crawl-running';
  const ended = 'crawl-ended';
  await crawl(running, 'running', null, 'coordinator-old');
  await crawl(ended, 'completed', '2024-01-01T00:00:00.000Z', null);
  const done = await job('completed');
  const inFlight = await job('pending');
  await page(running, 0, 'done', done);
  await page(running, 1, 'running', inFlight);
  await page(ended, 0, 'done', await job('completed'));
  return { running, ended, done, inFlight };
}

async function assertMigrated(store: Store, data: Awaited<ReturnType<typeof olderData>>): Promise<void> {
  const group = await store.groups.getGroup(data.running);
  assert.deepEqual(
    group && [group.kind, group.driven, group.total, group.completed, group.failed, group.finishedAt],
    ['crawl', true, 2, 1, 0, null],
  );
  assert.deepEqual(
    (await store.getJobs([data.done, data.inFlight])).map((j) => j.groupId),
    [data.running, data.running],
  );
  const old = await store.groups.getGroup(data.ended);
  assert.deepEqual(old && [old.kind, old.total, old.finishedAt], ['crawl', 1, '2024-01-01T00:00:00.000Z']);
  // The running crawl's lease carried over: another coordinator waits for it to run out.
  const now = Date.now();
  assert.deepEqual(await store.groups.claimGroups('crawl', 'coordinator-new', now, now + 1000, 10), []);
  assert.deepEqual(await store.groups.renewGroups('coordinator-old', [data.running], now + 1000), [
    data.running,
  ]);
  assert.deepEqual(
    await store.groups.claimGroups('crawl', 'coordinator-new', LEASE_UNTIL_MS + 1, LEASE_UNTIL_MS + 2, 10),
    [data.running],
  );
  // The in-flight page's end counts in its group; the driver ends the crawl.
  assert.equal(await store.failJob(data.inFlight, 'timeout', 'no answer', new Date().toISOString()), true);
  assert.equal(
    await store.groups.finishGroup({ kind: 'crawl', id: data.running, status: 'completed', error: null }),
    true,
  );
  assert.equal((await store.crawls.getCrawl(data.running))?.status, 'completed');
}

describe('crawls of an older version become groups', () => {
  it('SQLite', async () => {
    assert.ok(VERSION > 0, 'the migration is in the list');
    const dir = await mkdtemp(path.join(tmpdir(), 'crawl-groups-'));
    const file = path.join(dir, 'crawl.db');
    try {
      const db = new Database(file);
      db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT)');
      for (const m of migrationsFor('sqlite').filter((x) => x.version < VERSION)) {
        db.exec(m.sql);
        db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(m.version, '');
      }
      const data = await olderData(async (sql, params = []) => {
        db.prepare(sql).run(...params);
      });
      db.close();
      const store = await openStore(`sqlite:${file}`);
      try {
        await assertMigrated(store, data);
        const columns = new Database(file, { readonly: true })
          .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('crawls')")
          .all()
          .map((c) => c.name);
        assert.ok(!columns.includes('lease_owner') && !columns.includes('lease_until_ms'), columns.join());
      } finally {
        await store.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('PostgreSQL', { skip: pgSkip }, async () => {
    const fresh = await freshPostgresUrl();
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    try {
      await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT)');
      for (const m of migrationsFor('postgres').filter((x) => x.version < VERSION || x.version > 1000)) {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [
          m.version,
          '',
        ]);
      }
      const data = await olderData(async (sql, params = []) => {
        let n = 0;
        await client.query(
          sql.replaceAll('?', () => `$${++n}`),
          params,
        );
      });
      const store = await openStore(fresh.url);
      try {
        await assertMigrated(store, data);
        const { rows } = await client.query(
          "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'crawls'",
        );
        const columns = rows.map((r: { column_name: string }) => r.column_name);
        assert.ok(!columns.includes('lease_owner') && !columns.includes('lease_until_ms'), columns.join());
      } finally {
        await store.close();
      }
    } finally {
      await client.end();
      await fresh.drop();
    }
  });
});
