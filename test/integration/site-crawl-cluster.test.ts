// Site crawls on two coordinators sharing PostgreSQL: a host's request rate holds across both
// (the politeness slots are in the store), and a coordinator SIGKILLed mid-crawl leaves a crawl
// that the other (and the restarted one) finishes, every page fetched once — a page in flight at
// the kill at most twice (its job is run again when its attempt is taken back).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import type { Store } from '../../coordinator/store/types.js';
import { ApiClient } from '../helpers/client.js';
import { type CoordinatorProcess, spawnCoordinator, startTestAgent } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { postgresSkip } from '../helpers/needs.js';
import { type PgCluster, startPgCluster } from '../helpers/pg-cluster.js';
import { type SiteServer, startSiteServer } from '../helpers/site-server.js';

const pgSkip = await postgresSkip();
const RATE = 5;
const FLAGS = [
  '--crawl-host-rate',
  String(RATE),
  '--crawl-host-concurrency',
  '4',
  '--crawl-domain-rate',
  '1000',
  '--crawl-lease-ms',
  '1500',
  '--lease-ms',
  '1500',
  '--heartbeat-interval-ms',
  '500',
];

async function waitCrawl(api: ApiClient, id: string, timeoutMs: number): Promise<Obj> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.request('GET', `/crawl/v1/crawl/${id}?limit=1000`);
    const body = res.body as Obj;
    if (res.status === 200 && body.status !== 'running') return body;
    if (Date.now() > until) throw new Error(`crawl ${id} not finished: ${res.text.slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('site crawls across coordinators', { skip: pgSkip }, () => {
  let cluster: PgCluster;
  let store: Store;
  let c1: CoordinatorProcess;
  let c2: CoordinatorProcess;
  let key: string;
  const stops: Array<() => Promise<void>> = [];
  const sites: SiteServer[] = [];

  before(async () => {
    cluster = await startPgCluster('site-crawl', FLAGS);
    ({ store } = cluster);
    [c1, c2] = cluster.coordinators as [CoordinatorProcess, CoordinatorProcess];
    key = (await createApiKey(store)).key;
    for (const [i, c] of [c1, c2].entries()) {
      const id = `site-agent-${i}`;
      const agent = await startTestAgent({
        deviceId: id,
        token: (await createDevice(store, { id })).token,
        coordinators: [c.url],
        maxConcurrent: 8,
      });
      stops.push(agent.stop);
    }
  });
  after(async () => {
    for (const stop of stops) await stop();
    await cluster.stop();
    for (const s of sites) await s.close();
  });

  test("a host's rate holds across two coordinators, each driving its own crawl of it", async () => {
    const site = await startSiteServer({ pages: 64 });
    sites.push(site);
    const body = { url: `${site.url}/p/0`, max_pages: 12, sitemap: 'skip' };
    const a = await new ApiClient(c1.url, key).request('POST', '/crawl/v1/crawl/new', body);
    const b = await new ApiClient(c2.url, key).request('POST', '/crawl/v1/crawl/new', body);
    assert.equal(a.status, 201, a.text);
    assert.equal(b.status, 201, b.text);
    const doneA = await waitCrawl(new ApiClient(c1.url, key), (a.body as Obj).crawl_id, 30_000);
    const doneB = await waitCrawl(new ApiClient(c2.url, key), (b.body as Obj).crawl_id, 30_000);
    assert.equal(doneA.counts.done, 12);
    assert.equal(doneB.counts.done, 12);
    // Two crawls, one robots.txt each: 26 requests. The slots are taken one interval apart across
    // both coordinators; a request reaches the site a device's dispatch later, which varies by some
    // tens of ms on a loaded machine, so one request of that jitter is allowed in a second. Without a
    // shared limit each coordinator would send RATE a second: twice the rate, which both checks catch.
    const times = site.requests.map((r) => r.atMs).sort((x, y) => x - y);
    assert.equal(times.length, 26);
    const whole = (times[times.length - 1] as number) - (times[0] as number);
    // The 24 pages' slots alone span 23 intervals (the robots.txt fetches may fall between them).
    const least = (23 / RATE) * 1000 * 0.9;
    assert.ok(whole >= least, `26 requests within ${whole} ms at ${RATE}/s (at least ${least} ms)`);
    for (let i = 0; i + RATE + 1 < times.length; i++) {
      const span = (times[i + RATE + 1] as number) - (times[i] as number);
      assert.ok(span >= 950, `${RATE + 2} requests within ${span} ms at ${RATE}/s`);
    }
  });

  test('a coordinator SIGKILLed mid-crawl: the crawl finishes elsewhere and after its restart, pages fetched once', async (t) => {
    const site = await startSiteServer({ pages: 30 });
    sites.push(site);
    const api1 = new ApiClient(c1.url, key);
    const res = await api1.request('POST', '/crawl/v1/crawl/new', {
      url: `${site.url}/p/0`,
      max_pages: 30,
      sitemap: 'skip',
    });
    assert.equal(res.status, 201, res.text);
    const id = (res.body as Obj).crawl_id;
    const started = Date.now() + 60_000;
    while (site.requests.length < 8) {
      if (Date.now() > started) throw new Error(`crawl ${id}: ${site.requests.length} requests after 60 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    c1.child.kill('SIGKILL');
    await c1.exited;
    const atKill = site.requests.length;
    const restarted = await spawnCoordinator([
      '--store',
      cluster.pg.url,
      '--data-dir',
      cluster.dataDir,
      ...FLAGS,
    ]);
    cluster.coordinators.push(restarted);
    const done = await waitCrawl(new ApiClient(restarted.url, key), id, 60_000);
    assert.equal(done.status, 'completed');
    assert.equal(
      done.counts.done,
      30,
      JSON.stringify({
        counts: done.counts,
        pages: (done.pages as Obj[]).filter((p) => p.status !== 'done'),
      }),
    );
    const paths = site.requests.map((r) => r.path);
    for (let i = 0; i < 30; i++) assert.ok(paths.includes(`/p/${i}`), `/p/${i} fetched`);
    const twice = [...new Set(paths)].filter((p) => paths.filter((q) => q === p).length > 1);
    for (const p of twice)
      assert.ok(paths.filter((q) => q === p).length <= 2, `${p} fetched more than twice`);
    // Only what was in flight at the kill (at most the host's concurrency) may come twice.
    assert.ok(twice.length <= 4, `fetched twice: ${twice.join(', ')}`);
    t.diagnostic(
      `${atKill} requests before the kill; fetched twice: ${twice.length ? twice.join(', ') : 'none'}`,
    );
  });
});
