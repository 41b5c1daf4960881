// A site crawl whose coordinators are SIGKILLed between its writes (--crash-after, coordinator/
// crash-points.ts): the crawl and its group stored (group-stored), its pages stored as members
// (members-added), a page's terminal write (member-ended), its end stamped on it (group-ended). One
// crawl goes through every crash in turn. After the last restart no crawl runs for ever, every page
// is done, the group's counts match its members, crawl.completed is written once, and no page is
// fetched twice on SQLite (a restarted coordinator holds the jobs that were running for their
// devices); on PostgreSQL a page in flight at a crash is fetched at most twice (docs/crawl.md). Real
// coordinator processes, real agents, a local site.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import { openStore } from '../../coordinator/store/open.js';
import type { Store } from '../../coordinator/store/types.js';
import { ApiClient } from '../helpers/client.js';
import {
  type CoordinatorProcess,
  removeDir,
  spawnCoordinator,
  startTestAgent,
  tempDir,
} from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { postgresSkip } from '../helpers/needs.js';
import { startPgCluster } from '../helpers/pg-cluster.js';
import { type SiteServer, startSiteServer } from '../helpers/site-server.js';

/** Pages of the site (a binary tree from /p/0), few so that every restart has work left. */
const PAGES = 7;
/**
 * The flags of every coordinator here; `crawlLeaseMs`: on PostgreSQL a crawl's lease outlasts a
 * loaded machine's stalls, so the survivor keeps driving the crawl once it took it over (its
 * restarted peer could otherwise take it back).
 */
const flags = (crawlLeaseMs: number): string[] => [
  '--heartbeat-interval-ms',
  '500',
  '--lease-ms',
  '1500',
  '--crawl-lease-ms',
  String(crawlLeaseMs),
  '--crawl-host-rate',
  '100',
  '--crawl-host-concurrency',
  '4',
  '--crawl-domain-rate',
  '200',
  '--canary-interval',
  '0s',
  '--verify-share',
  '0',
];
const FLAGS = flags(1500);
const PG_FLAGS = flags(4000);
const pgSkip = await postgresSkip();
const sites: SiteServer[] = [];
after(async () => {
  for (const s of sites) await s.close();
});

/** Reads rows straight from the database the coordinators share (what no API shows: a lease). */
type Sql = (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** Waits for `check` to hold, reading every 50 ms (the state is in another process's store). */
async function until<T>(what: string, check: () => Promise<T | null | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== null && v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function startCrawl(api: ApiClient, site: SiteServer): Promise<string | null> {
  // A page's job may wait for a device while its coordinator restarts: its queue deadline (the
  // job's timeout) is the longest there is.
  const body = { url: `${site.url}/p/0`, max_pages: PAGES, sitemap: 'skip', timeout_sec: 120 };
  const res = await api.request('POST', '/crawl/v1/crawl/new', body).catch(() => null);
  if (!res) return null;
  assert.equal(res.status, 201, res.text);
  return (res.body as Obj).crawl_id as string;
}

/** Two devices linked to the coordinator at `url` (again after each restart on the same port). */
async function startDevices(store: Store, url: string, tag: string): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  for (let i = 0; i < 2; i++) {
    const deviceId = `${tag}-dev-${i}`;
    const agent = await startTestAgent({
      deviceId,
      token: (await createDevice(store, { id: deviceId })).token,
      coordinators: [url],
      maxConcurrent: 2,
    });
    stops.push(agent.stop);
  }
  return async () => {
    for (const stop of stops) await stop();
  };
}

/** Waits (at most 90 s) for the coordinator to die at its crash point. */
async function killedBy(c: CoordinatorProcess, point: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), 90_000);
  });
  const code = await Promise.race([c.exited, late]);
  clearTimeout(timer);
  assert.notEqual(code, 'late', `not killed by its crash point ${point} within 90 s`);
  assert.equal(code, null, `killed by its crash point ${point}`);
  assert.equal(c.child.signalCode, 'SIGKILL');
}

/**
 * What the crawl must show once its last coordinator is back: ended completed, every page done,
 * each fetched at most `fetchesAtMost` times (twice only for pages in flight at a crash), its
 * group finished with counts that match its members (all ended), and one crawl.completed.
 */
async function assertRecovered(
  store: Store,
  sql: Sql,
  api: ApiClient,
  ownerId: string,
  id: string,
  site: SiteServer,
  fetchesAtMost: number,
): Promise<string> {
  const view = await until('the crawl ends', async () => {
    const res = await api.request('GET', `/crawl/v1/crawl/${id}?limit=100`);
    return res.status === 200 && (res.body as Obj).status !== 'running' ? (res.body as Obj) : null;
  });
  assert.equal(view.status, 'completed', JSON.stringify(view));
  assert.equal(view.counts.done, PAGES, JSON.stringify(view.counts));
  const twice: string[] = [];
  for (const p of [...Array.from({ length: PAGES }, (_, i) => `/p/${i}`), '/robots.txt']) {
    const n = site.count(p);
    assert.ok(n >= 1 && n <= fetchesAtMost, `${p} fetched ${n} times`);
    if (n > 1) twice.push(p);
  }
  const group = await store.groups.getGroup(id);
  assert.ok(group?.finishedAt && group.driven && group.kind === 'crawl', JSON.stringify(group));
  const [members] = await sql(
    `SELECT COUNT(*) AS n, SUM(CASE WHEN status IN ('completed', 'failed') THEN 1 ELSE 0 END) AS ended
       FROM jobs WHERE group_id = ?`,
    [id],
  );
  assert.equal(Number(members?.n), group.total, 'the total counts every member stored');
  assert.equal(Number(members?.ended), group.total, 'every member ended');
  assert.equal(group.completed + group.failed, group.total, JSON.stringify(group));
  const completedEvents = await until('crawl.completed is written', async () => {
    const events = await store.push.listEvents({ ownerId, afterSeq: 0, limit: 1000 });
    const mine = events.filter((e) => e.type === 'crawl.completed' && e.payload.includes(id));
    return mine.length > 0 ? mine : null;
  });
  assert.equal(completedEvents.length, 1);
  return twice.length > 0 ? twice.join(', ') : 'none';
}

// The two stores' runs side by side: each mostly waits (a lease to run out, a process to start).
describe('a site crawl across coordinators SIGKILLed between its writes', { concurrency: true }, () => {
  describe('SQLite', () => {
    test('one crawl through a crash after each of its writes: stored, pages added, a page ended, ended', async (t) => {
      const dataDir = tempDir('crawl-crash');
      const file = path.join(dataDir, 'crawl.db');
      const store = await openStore(`sqlite:${file}`);
      const raw = new Database(file, { readonly: true });
      const sql: Sql = async (text, params = []) =>
        raw.prepare(text).all(...params) as Array<Record<string, unknown>>;
      const { key, record } = await createApiKey(store);
      const site = await startSiteServer({ pages: PAGES });
      sites.push(site);
      let port: string | null = null;
      let stopDevices = async () => {};
      let last: CoordinatorProcess | null = null;
      try {
        let id: string | null = null;
        for (const point of ['group-stored:1', 'members-added:2', 'member-ended:3', 'group-ended:1', null]) {
          const c = await spawnCoordinator([
            '--data-dir',
            dataDir,
            ...FLAGS,
            ...(port ? ['--port', port] : []),
            ...(point ? ['--crash-after', point] : []),
          ]);
          last = c;
          if (port === null) {
            port = new URL(c.url).port;
            stopDevices = await startDevices(store, c.url, 'sq');
            // Killed before it answered: the crawl is found in the store, with its group.
            assert.equal(await startCrawl(new ApiClient(c.url, key), site), null);
            const [row] = await sql('SELECT id FROM crawls');
            id = row?.id as string;
            assert.ok(id, 'the crawl was stored');
          }
          if (point) await killedBy(c, point);
        }
        const fetchedTwice = await assertRecovered(
          store,
          sql,
          new ApiClient((last as CoordinatorProcess).url, key),
          record.ownerId,
          id as string,
          site,
          1,
        );
        t.diagnostic(`fetched twice: ${fetchedTwice}`);
      } finally {
        await stopDevices();
        last?.child.kill('SIGTERM');
        await last?.exited;
        raw.close();
        await store.close();
        removeDir(dataDir);
      }
    });
  });

  describe('PostgreSQL, two coordinators', { skip: pgSkip }, () => {
    test('its driver dies after adding pages; the survivor takes it over and hears every page end from the other', async (t) => {
      // The survivor has no devices: once it drives the crawl, every page runs on the other
      // coordinator's devices and each end reaches the driver from there (JobListener.onRemoteEnd).
      const cluster = await startPgCluster(
        'crawl-crash',
        [...PG_FLAGS, '--coordinator-id', 'live', '--crash-after', 'group-ended:1'],
        1,
      );
      const client = new pg.Client({ connectionString: cluster.pg.url });
      await client.connect();
      const sql: Sql = async (text, params = []) => {
        let n = 0;
        return (
          await client.query(
            text.replaceAll('?', () => `$${++n}`),
            params,
          )
        ).rows;
      };
      const { key, record } = await createApiKey(cluster.store);
      const site = await startSiteServer({ pages: PAGES });
      sites.push(site);
      const spawned: CoordinatorProcess[] = [];
      let stopDevices = async () => {};
      const doomed = (id: string, point: string | null, port?: string) =>
        spawnCoordinator([
          '--store',
          cluster.pg.url,
          '--data-dir',
          cluster.dataDir,
          ...PG_FLAGS,
          '--coordinator-id',
          id,
          ...(port ? ['--port', port] : []),
          ...(point ? ['--crash-after', point] : []),
        ]).then((c) => {
          spawned.push(c);
          return c;
        });
      try {
        // The coordinator a crawl is made on holds its lease from the start: it drives it first.
        const first = await doomed('d1', 'members-added:2');
        const port = new URL(first.url).port;
        stopDevices = await startDevices(cluster.store, first.url, 'pg');
        const id = await startCrawl(new ApiClient(first.url, key), site);
        assert.ok(id);
        await killedBy(first, 'members-added:2');
        // The survivor takes the crawl once its lease runs out, and reads what was in flight once.
        await until('the survivor drives the crawl', async () => {
          const [row] = await sql('SELECT lease_owner FROM job_groups WHERE id = ?', [id]);
          return row?.lease_owner === 'live';
        });
        // Back on the same port (its devices link again): it runs the pages and dies after a page's end.
        const second = await doomed('d2', 'member-ended:2', port);
        await killedBy(second, 'member-ended:2');
        await doomed('d3', null, port);
        // The survivor ends the crawl and dies before its event; a restart's catch-up writes it.
        const [live] = cluster.coordinators as [CoordinatorProcess];
        await killedBy(live, 'group-ended:1');
        const restarted = await doomed('live-2', null);
        const fetchedTwice = await assertRecovered(
          cluster.store,
          sql,
          new ApiClient(restarted.url, key),
          record.ownerId,
          id,
          site,
          2,
        );
        t.diagnostic(`fetched twice: ${fetchedTwice}`);
      } finally {
        await stopDevices();
        for (const c of spawned)
          if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGTERM');
        await Promise.all(spawned.map((c) => c.exited));
        await client.end();
        await cluster.stop();
      }
    });
  });
});
