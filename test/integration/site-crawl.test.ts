// Site crawls end to end: a real coordinator and agent crawl a generated local site
// (test/helpers/site-server.ts) through POST /crawl/v1/crawl/new; the site counts every request.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { type SiteServer, startSiteServer } from '../helpers/site-server.js';

/** Generous politeness for loopback sites: the limits under test are the crawl's own. */
const FAST = ['--crawl-host-rate', '1000', '--crawl-domain-rate', '1000', '--crawl-host-concurrency', '8'];

async function waitCrawl(api: ApiClient, id: string, timeoutMs = 30_000): Promise<Obj> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.request('GET', `/crawl/v1/crawl/${id}?limit=1000`);
    assert.equal(res.status, 200, res.text);
    const body = res.body as Obj;
    if (body.status !== 'running') return body;
    if (Date.now() > until) throw new Error(`crawl ${id} still running: ${res.text.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const pagePaths = (site: SiteServer) =>
  site.requests.map((r) => r.path).filter((p) => !p.startsWith('/robots') && !p.startsWith('/sitemap'));

describe('site crawl', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let stopAgent: () => Promise<void>;
  const sites: SiteServer[] = [];
  const site = async (o: Parameters<typeof startSiteServer>[0]) => {
    const s = await startSiteServer(o);
    sites.push(s);
    return s;
  };
  before(async () => {
    c = await startTestCoordinator({ flags: FAST });
    api = new ApiClient(c.url, c.apiKey);
    const token = await c.newDevice('crawl-agent-1');
    stopAgent = (
      await startTestAgent({ deviceId: 'crawl-agent-1', token, coordinators: [c.url], maxConcurrent: 8 })
    ).stop;
  });
  after(async () => {
    await stopAgent();
    await c.stop();
    for (const s of sites) await s.close();
  });

  test('max_pages is exact, every page is fetched once, and the list names parents and jobs', async () => {
    const s = await site({ pages: 200 });
    const res = await api.request('POST', '/crawl/v1/crawl/new', {
      url: `${s.url}/p/0`,
      max_pages: 37,
      max_depth: 20,
      sitemap: 'skip',
    });
    assert.equal(res.status, 201, res.text);
    const created = res.body as Obj;
    assert.equal(created.status, 'running');
    const done = await waitCrawl(api, created.crawl_id);
    assert.equal(done.status, 'completed');
    assert.equal(done.counts.found, 37);
    assert.equal(done.counts.done, 37);
    assert.equal(done.pages.length, 37);
    const fetched = pagePaths(s);
    assert.equal(fetched.length, 37);
    assert.equal(new Set(fetched).size, 37, 'no page fetched twice');
    const first = done.pages[0] as Obj;
    assert.equal(first.url, `${s.url}/p/0`);
    assert.equal(first.depth, 0);
    assert.equal(first.parent, null);
    assert.equal(first.status, 'done');
    assert.equal(first.status_code, 200);
    assert.match(first.job_id, /^[0-9a-f-]{36}$/);
    const child = (done.pages as Obj[]).find((p) => p.url === `${s.url}/p/1`) as Obj;
    assert.equal(child.parent, `${s.url}/p/0`);
    assert.equal(child.depth, 1);
    const job = await api.request('GET', `/crawl/v1/status/${first.job_id}`);
    assert.equal((job.body as Obj).status, 'completed');
  });

  test('max_depth is exact', async () => {
    const s = await site({ pages: 100 });
    const res = await api.request('POST', '/crawl/v1/crawl/new', {
      url: `${s.url}/p/0`,
      max_pages: 1000,
      max_depth: 3,
      sitemap: 'skip',
    });
    const done = await waitCrawl(api, (res.body as Obj).crawl_id);
    // Depths 0..3 of a binary tree: 1 + 2 + 4 + 8 pages.
    assert.equal(done.counts.done, 15);
    assert.ok((done.pages as Obj[]).every((p) => p.depth <= 3));
    assert.equal(pagePaths(s).length, 15);
  });

  test('include and exclude patterns are exact', async () => {
    const s = await site({ pages: 64, extraLinks: ['/blog/a', '/blog/b', '/blog/drafts/c', '/shop/x'] });
    const res = await api.request('POST', '/crawl/v1/crawl/new', {
      url: `${s.url}/p/0`,
      max_pages: 1000,
      include_paths: ['/p/0', '/blog/*'],
      exclude_paths: ['/blog/drafts/*'],
      sitemap: 'skip',
    });
    const done = await waitCrawl(api, (res.body as Obj).crawl_id);
    const urls = (done.pages as Obj[]).map((p) => new URL(p.url).pathname).sort();
    assert.deepEqual(urls, ['/blog/a', '/blog/b', '/p/0']);
    assert.deepEqual(pagePaths(s).sort(), ['/blog/a', '/blog/b', '/p/0']);
  });
});
