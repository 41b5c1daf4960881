// Site crawls end to end: a real coordinator and agent crawl a generated local site
// (test/helpers/site-server.ts) through POST /crawl/v1/crawl/new; the site counts every request.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runCli } from '../../cli/program.js';
import { CrawlClient } from '../../client/index.js';
import { createApiKey, setKeyLimits } from '../../coordinator/auth/admin-ops.js';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator, tempDir } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { type SiteServer, startSiteServer } from '../helpers/site-server.js';
import { openSse } from '../helpers/sse-client.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

/** Generous politeness for loopback sites: the limits under test are the crawl's own. */
const FAST = ['--crawl-host-rate', '1000', '--crawl-domain-rate', '1000', '--crawl-host-concurrency', '8'];
/** Webhooks to the test's own receiver on loopback. */
const LAB = ['--webhook-allow-cidrs', '127.0.0.0/8', '--webhook-retry-base-ms', '40'];

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
  let hook: WebhookReceiver;
  const sites: SiteServer[] = [];
  const site = async (o: Parameters<typeof startSiteServer>[0]) => {
    const s = await startSiteServer(o);
    sites.push(s);
    return s;
  };
  before(async () => {
    hook = await startWebhookReceiver();
    c = await startTestCoordinator({ flags: [...FAST, ...LAB] });
    api = new ApiClient(c.url, c.apiKey);
    // The owner's signing secret, without a default URL: only crawls that name a webhook send.
    assert.equal((await api.request('PUT', '/crawl/v1/webhooks/default', {})).status, 200);
    const token = await c.newDevice('crawl-agent-1');
    stopAgent = (
      await startTestAgent({ deviceId: 'crawl-agent-1', token, coordinators: [c.url], maxConcurrent: 8 })
    ).stop;
  });
  after(async () => {
    await stopAgent();
    await c.stop();
    await hook.close();
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

  test('robots.txt: disallowed URLs are skipped and reported, Crawl-delay spaces the requests', async () => {
    const s = await site({
      pages: 16,
      robots: 'User-agent: *\nDisallow: /p/2\nDisallow: /private\nCrawl-delay: 0.2\n',
      extraLinks: ['/private/x'],
    });
    const res = await api.request('POST', '/crawl/v1/crawl/new', {
      url: `${s.url}/p/0`,
      max_pages: 100,
      sitemap: 'skip',
    });
    const done = await waitCrawl(api, (res.body as Obj).crawl_id);
    assert.equal(done.status, 'completed');
    assert.equal(done.counts.skipped_robots, 2);
    assert.equal(done.counts.done, 9);
    const skipped = (done.pages as Obj[])
      .filter((p) => p.status === 'skipped_robots')
      .map((p) => new URL(p.url).pathname);
    assert.deepEqual(skipped.sort(), ['/p/2', '/private/x']);
    assert.equal(s.count('/robots.txt'), 1, 'robots.txt fetched once for the host');
    assert.equal(s.count('/p/2'), 0);
    assert.equal(s.count('/private/x'), 0);
    const times = s.requests.filter((r) => r.path.startsWith('/p/')).map((r) => r.atMs);
    // Slots are 200 ms apart at the gate; arrivals vary by the dispatch path's jitter, which on a
    // loaded machine reaches tens of ms, so one gap may shrink by up to half the delay. Without the
    // delay the crawl's own rate here (1000/s) would put them a few ms apart: both checks catch it.
    for (let i = 1; i < times.length; i++) {
      const gap = (times[i] as number) - (times[i - 1] as number);
      assert.ok(gap >= 100, `requests ${i - 1} and ${i} only ${gap} ms apart under Crawl-delay 0.2`);
    }
    const mean = ((times.at(-1) as number) - (times[0] as number)) / (times.length - 1);
    assert.ok(mean >= 180, `mean gap ${mean} ms under Crawl-delay 0.2`);
  });

  test('robots: false is refused unless an admin allowed it for the key', async () => {
    const s = await site({ pages: 2 });
    const res = await api.request('POST', '/crawl/v1/crawl/new', { url: `${s.url}/p/0`, robots: false });
    assert.equal(res.status, 400);
    assert.equal(
      res.body,
      'invalid request: robots may be false only for a key an admin allowed to crawl without robots.txt',
    );
  });

  test('robots: false on a key an admin allowed: robots.txt is neither read nor obeyed', async () => {
    const s = await site({ pages: 4, robots: 'User-agent: *\nDisallow: /\n' });
    const key = await c.newKey();
    const record = (await c.coordinator.store.listApiKeys()).find((k) => k.name === 'other' && !k.limits);
    assert.ok(record);
    const set = await setKeyLimits(c.coordinator.store, record.id, { 'crawl-robots': 'optional' });
    assert.ok('limits' in set);
    const other = new ApiClient(c.url, key);
    const res = await other.request('POST', '/crawl/v1/crawl/new', {
      url: `${s.url}/p/0`,
      robots: false,
      sitemap: 'skip',
    });
    assert.equal(res.status, 201, res.text);
    const done = await waitCrawl(other, (res.body as Obj).crawl_id);
    assert.equal(done.counts.done, 4);
    assert.equal(s.count('/robots.txt'), 0);
  });

  test("a crawl's pages count against its key's job quotas: concurrent holds pages back, a spent day ends it", async () => {
    const limited = async (limits: Record<string, string>) => {
      const { key, record } = await createApiKey(c.coordinator.store, {
        name: 'quota',
        ownerId: randomUUID(),
      });
      assert.ok('limits' in (await setKeyLimits(c.coordinator.store, record.id, limits)));
      return new ApiClient(c.url, key);
    };
    // Two unfinished jobs at most: the site never sees more than two pages at once.
    const s = await site({ pages: 12, delayMs: 40 });
    const two = await limited({ 'concurrent-jobs': '2' });
    const res = await two.request('POST', '/crawl/v1/crawl/new', {
      url: `${s.url}/p/0`,
      max_pages: 12,
      sitemap: 'skip',
    });
    assert.equal(res.status, 201, res.text);
    const done = await waitCrawl(two, (res.body as Obj).crawl_id);
    assert.equal(done.status, 'completed');
    assert.equal(done.counts.done, 12);
    assert.ok(s.maxInFlight <= 2, `${s.maxInFlight} pages in flight under concurrent-jobs 2`);
    // Each page and the host's robots.txt: every fetch through a device is a job.
    assert.equal(((await two.request('GET', '/crawl/v1/usage')).body as Obj).usage.jobs_today, 13);

    // Five jobs a day: robots.txt and four pages, then the crawl fails with the limiter's message.
    const s2 = await site({ pages: 40 });
    const five = await limited({ 'jobs-per-day': '5' });
    const second = await five.request('POST', '/crawl/v1/crawl/new', {
      url: `${s2.url}/p/0`,
      max_pages: 40,
      sitemap: 'skip',
    });
    assert.equal(second.status, 201, second.text);
    const spent = await waitCrawl(five, (second.body as Obj).crawl_id);
    assert.equal(spent.status, 'failed');
    assert.equal(spent.error, 'too many requests: this API key is over its jobs per day, please retry later');
    assert.equal(spent.counts.done, 4);
    assert.equal(pagePaths(s2).length, 4);
    assert.equal(((await five.request('GET', '/crawl/v1/usage')).body as Obj).usage.jobs_today, 5);
  });

  test('a sitemap index with a gzipped sitemap is read, its pages crawled', async () => {
    const s = await site({ pages: 4, sitemapOnlyPages: 10, sitemap: true });
    const res = await api.request('POST', '/crawl/v1/crawl/new', { url: `${s.url}/p/0`, max_pages: 100 });
    const done = await waitCrawl(api, (res.body as Obj).crawl_id);
    assert.equal(done.counts.done, 14);
    for (let i = 0; i < 10; i++) assert.equal(s.count(`/s/${i}`), 1);
    assert.equal(s.count('/sitemap.xml'), 1);
    assert.equal(s.count('/sitemap-a.xml'), 1);
    assert.equal(s.count('/sitemap-b.xml.gz'), 1);
  });

  test('an infinite calendar and a redirect loop end at the limits', async () => {
    const s = await site({ pages: 2, calendar: true, redirectLoop: true });
    const res = await api.request('POST', '/crawl/v1/crawl/new', {
      url: `${s.url}/p/0`,
      max_pages: 25,
      max_depth: 100,
      sitemap: 'skip',
    });
    const done = await waitCrawl(api, (res.body as Obj).crawl_id, 60_000);
    assert.equal(done.status, 'completed');
    assert.equal(done.counts.found, 25);
    const loop = (done.pages as Obj[]).find((p) => p.url.endsWith('/loop/a')) as Obj;
    assert.equal(loop.status, 'failed');
    const calendar = pagePaths(s).filter((p) => p.startsWith('/calendar/'));
    assert.equal(new Set(calendar).size, calendar.length, 'no month fetched twice');

    const deep = await api.request('POST', '/crawl/v1/crawl/new', {
      url: `${s.url}/calendar/2000-01`,
      max_pages: 1000,
      max_depth: 6,
      sitemap: 'skip',
    });
    const shallow = await waitCrawl(api, (deep.body as Obj).crawl_id);
    assert.equal(shallow.counts.done, 7);
  });

  test('a 429 with Retry-After holds the host, then the page is fetched again', async () => {
    const s = await site({ pages: 1 });
    s.throttleNext(1, 1);
    const res = await api.request('POST', '/crawl/v1/crawl/new', { url: `${s.url}/p/0`, sitemap: 'skip' });
    const done = await waitCrawl(api, (res.body as Obj).crawl_id);
    assert.equal(done.counts.done, 1);
    const tries = s.requests.filter((r) => r.path === '/p/0');
    assert.equal(tries.length, 2);
    const gap = (tries[1]?.atMs ?? 0) - (tries[0]?.atMs ?? 0);
    assert.ok(gap >= 950, `retried ${gap} ms after a 429 with Retry-After: 1`);
  });

  test('cancel stops new fetches at once, and cancels the pages in flight on their devices', async () => {
    const s = await site({ pages: 500 });
    s.hold(true);
    const res = await api.request('POST', '/crawl/v1/crawl/new', {
      url: `${s.url}/p/0`,
      max_pages: 500,
      sitemap: 'skip',
      politeness: { concurrency: 1 },
    });
    const id = (res.body as Obj).crawl_id;
    // The first page is held by the site: exactly one request in flight.
    while (pagePaths(s).length < 1) await new Promise((r) => setTimeout(r, 10));
    s.hold(false);
    while (pagePaths(s).length < 3) await new Promise((r) => setTimeout(r, 5));
    s.hold(true);
    // A page's request is held by the site (concurrency 1: every page before it was recorded).
    while (
      s.inFlight === 0 ||
      (await api.request('GET', `/crawl/v1/crawl/${id}`)).text.includes('"running":0')
    )
      await new Promise((r) => setTimeout(r, 5));
    const cancelled = await api.request('POST', `/crawl/v1/crawl/${id}/cancel`);
    assert.equal(cancelled.status, 200);
    assert.equal((cancelled.body as Obj).status, 'cancelled');
    const atCancel = pagePaths(s).length;
    // The pages in flight were cancelled with the crawl (failure type `cancelled`, not `no_device`),
    // before the site answered them: their devices cut the held requests.
    const view = (await api.request('GET', `/crawl/v1/crawl/${id}?limit=1000`)).body as Obj;
    const inFlight = (view.pages as Obj[]).filter((p) => p.job_id && p.status === 'failed');
    assert.ok(inFlight.length > 0, 'a page was in flight at the cancel');
    for (const p of inFlight) {
      assert.equal(p.error, 'the crawl was cancelled');
      const job = (await api.status(p.job_id)).body as Obj;
      assert.equal(job.status, 'failed', JSON.stringify(job));
      assert.equal(job.error_type, 'cancelled');
      assert.equal(job.error_message, 'the crawl was cancelled');
    }
    const cutBy = Date.now() + 2_000;
    while (s.inFlight > 0 && Date.now() < cutBy) await new Promise((r) => setTimeout(r, 10));
    assert.equal(s.inFlight, 0, 'the held requests were cut on their devices');
    s.hold(false);
    // Every job the crawl started has ended; none starts after the cancel.
    for (const p of view.pages as Obj[]) if (p.job_id) await api.waitTerminal(p.job_id);
    assert.equal(pagePaths(s).length, atCancel);
    assert.ok(atCancel < 10);
    const after = (await api.request('GET', `/crawl/v1/crawl/${id}`)).body as Obj;
    assert.equal(after.status, 'cancelled');
    assert.ok(after.counts.queued > 0);
  });

  test('cancel: a page job still waiting for a device fails `cancelled`, not `no_device`', async () => {
    const s = await site({ pages: 3 });
    // No device in Brazil: the crawl's first job (its host's robots.txt) waits.
    const res = await api.request('POST', '/crawl/v1/crawl/new', {
      url: `${s.url}/p/0`,
      sitemap: 'skip',
      placement: { country: 'BR' },
    });
    assert.equal(res.status, 201, res.text);
    const id = (res.body as Obj).crawl_id as string;
    let waiting: { id: string } | undefined;
    while (!waiting) {
      const unfinished = await c.coordinator.store.listUnfinishedJobs();
      waiting = unfinished.find((j) => j.url === `${s.url}/robots.txt`);
      if (!waiting) await new Promise((r) => setTimeout(r, 10));
    }
    assert.equal(((await api.status(waiting.id)).body as Obj).status, 'pending');
    const cancelled = await api.request('POST', `/crawl/v1/crawl/${id}/cancel`);
    assert.equal(cancelled.status, 200, cancelled.text);
    const job = (await api.status(waiting.id)).body as Obj;
    assert.equal(job.status, 'failed');
    assert.equal(job.error_type, 'cancelled');
    assert.equal(job.error_message, 'the crawl was cancelled');
    assert.equal(s.requests.length, 0, 'nothing was fetched');
  });

  test("crawl.completed reaches the crawl's webhook once, and the owner's event stream", async () => {
    const stream = await openSse(`${c.url}/crawl/v1/events`, c.apiKey);
    const s = await site({ pages: 20 });
    const res = await api.request('POST', '/crawl/v1/crawl/new', {
      url: `${s.url}/p/0`,
      max_pages: 20,
      sitemap: 'skip',
      webhook: { url: `${hook.url}/done` },
    });
    assert.equal(res.status, 201, res.text);
    const id = (res.body as Obj).crawl_id as string;
    const done = await waitCrawl(api, id);
    assert.equal(done.status, 'completed');
    // Page jobs carry no webhook of their own: the crawl's one event is all the hook gets.
    const [received] = await hook.waitFor(1);
    const event = JSON.parse(received?.body ?? '{}') as Obj;
    assert.equal(event.type, 'crawl.completed');
    const view = (event.data as Obj).crawl as Obj;
    assert.equal(view.crawl_id, id);
    assert.equal(view.status, 'completed');
    assert.deepEqual(view.counts, done.counts);
    assert.deepEqual(view.pages, []);
    for (;;) {
      const e = await stream.next(10_000);
      assert.ok(e, 'stream ended before crawl.completed');
      if (e.event === 'crawl.completed' && e.data.includes(id)) break;
    }
    stream.close();
    // A cancelled crawl sends it too, with its status; a bad webhook is refused before anything runs.
    const s2 = await site({ pages: 50 });
    s2.hold(true);
    const second = await api.request('POST', '/crawl/v1/crawl/new', {
      url: `${s2.url}/p/0`,
      sitemap: 'skip',
      webhook: { url: `${hook.url}/cancelled`, events: ['crawl.completed'] },
    });
    const secondId = (second.body as Obj).crawl_id as string;
    assert.equal((await api.request('POST', `/crawl/v1/crawl/${secondId}/cancel`)).status, 200);
    s2.hold(false);
    const all = await hook.waitFor(2);
    const cancelled = JSON.parse(all.find((r) => r.body.includes(secondId))?.body ?? '{}') as Obj;
    assert.equal(((cancelled.data as Obj).crawl as Obj).status, 'cancelled');
    const refused = await api.request('POST', '/crawl/v1/crawl/new', {
      url: `${s2.url}/p/0`,
      webhook: { url: 'http://10.0.0.1/hook' },
    });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(hook.received.length, 2, 'one event per crawl');
  });

  test('map: sitemap URLs without fetching them, and a shallow walk', async () => {
    const s = await site({ pages: 8, sitemapOnlyPages: 30, sitemap: true });
    const res = await api.request('POST', '/crawl/v1/map', { url: `${s.url}/p/0`, max_fetches: 3 });
    assert.equal(res.status, 200, res.text);
    const map = res.body as Obj;
    assert.equal(map.status, 'completed');
    const links = new Set(map.links as string[]);
    for (let i = 0; i < 30; i++) assert.ok(links.has(`${s.url}/s/${i}`));
    for (let i = 0; i < 8; i++) assert.ok(links.has(`${s.url}/p/${i}`));
    assert.equal(map.total, 38);
    for (let i = 0; i < 30; i++) assert.equal(s.count(`/s/${i}`), 0, 'sitemap entries are not fetched');
    assert.ok(pagePaths(s).length <= 4, `fetched ${pagePaths(s).join(', ')}`);
    const paged = await api.request('GET', `/crawl/v1/map/${map.map_id}?limit=10`);
    assert.equal((paged.body as Obj).links.length, 10);
    assert.equal(typeof (paged.body as Obj).next_cursor, 'number');
  });

  test('map: a URL that robots.txt disallows is never listed, under a limit smaller than the site', async () => {
    const s = await site({
      pages: 8,
      robots: 'User-agent: *\nDisallow: /private\n',
      extraLinks: ['/private/other.html'],
    });
    const res = await api.request('POST', '/crawl/v1/map', {
      url: `${s.url}/p/0`,
      max_fetches: 1,
      sitemap: 'skip',
    });
    assert.equal(res.status, 200, res.text);
    const map = res.body as Obj;
    assert.equal(map.status, 'completed');
    const links = map.links as string[];
    assert.ok(links.includes(`${s.url}/p/2`), `an allowed URL found past the limit is listed: ${links}`);
    assert.ok(!links.includes(`${s.url}/private/other.html`), `listed: ${links.join(', ')}`);
    assert.equal(map.total, links.length);
    assert.equal(s.count('/private/other.html'), 0);
    // The same list a page at a time, and the crawl-style counts agree.
    const paged = await api.request('GET', `/crawl/v1/map/${map.map_id}?limit=1`);
    assert.equal(paged.status, 200, paged.text);
    assert.ok(!((paged.body as Obj).links as string[]).some((u) => u.includes('/private/')));
  });

  test('typed client, CLI `crawl site -o DIR` (markdown per page) and `crawl map`, MCP crawl_site and map_site', async () => {
    const s = await site({ pages: 6, sitemapOnlyPages: 3, sitemap: true });
    const client = new CrawlClient({ baseUrl: c.url, apiKey: c.apiKey });
    const created = await client.createCrawl({ url: `${s.url}/p/0`, max_pages: 6, sitemap: 'skip' });
    const finished = await client.waitForCrawl(created.crawl_id, { minIntervalMs: 20 });
    assert.equal(finished.status, 'completed');
    const listed = [];
    for await (const page of client.crawlPages(created.crawl_id)) listed.push(page.url);
    assert.equal(listed.length, 6);

    const dir = tempDir('crawl-site-out');
    let stdout = '';
    let stderr = '';
    const io = {
      stdout: { write: (d: string | Uint8Array) => (stdout += String(d)) },
      stderr: { write: (d: string | Uint8Array) => (stderr += String(d)) },
      env: { CRAWL_URL: c.url, CRAWL_API_KEY: c.apiKey },
      homeDir: dir,
      interrupt: new AbortController().signal,
      readFile: (p: string) => readFile(p),
      writeFile: (p: string, data: string | Uint8Array) => writeFile(p, data),
      makeDir: async (p: string) => {
        await mkdir(p, { recursive: true });
      },
    };
    const code = await runCli(
      ['site', `${s.url}/p/0`, '--max-pages', '4', '--sitemap', 'skip', '-o', `${dir}/out`],
      io,
    );
    assert.equal(code, 0, stderr);
    assert.match(stdout, /completed, 4 pages done, 4 files in/);
    // The pages, beside the index of them (index.jsonl, test/integration/cli-outcomes.test.ts).
    const files = (await readdir(`${dir}/out`)).filter((f) => f.endsWith('.md')).sort();
    assert.equal(files.length, 4);
    assert.ok(files[0]?.endsWith('_127.0.0.1_p_0.md'), files.join(', '));
    assert.match(await readFile(`${dir}/out/${files[0]}`, 'utf8'), /page 0/);
    stdout = '';
    const held = await site({ pages: 50 });
    held.hold(true);
    assert.equal(await runCli(['site', `${held.url}/p/0`, '--sitemap', 'skip', '--no-wait'], io), 0, stderr);
    const crawlId = stdout.trim();
    stdout = '';
    assert.equal(await runCli(['cancel', crawlId], io), 0, stderr);
    assert.match(stdout, new RegExp(`^crawl ${crawlId}: cancelled, 0 pages done`));
    assert.equal((await client.getCrawl(crawlId)).status, 'cancelled');
    held.hold(false);
    stdout = '';
    assert.equal(await runCli(['cancel', '00000000-0000-4000-8000-000000000000'], io), 3, 'unknown crawl');
    stdout = '';
    stderr = '';
    assert.equal(await runCli(['map', `${s.url}/p/0`], io), 0, stderr);
    const mapped = stdout.trim().split('\n');
    assert.ok(mapped.includes(`${s.url}/s/2`), stdout);

    const mcp = new Client({ name: 'test', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${c.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${c.apiKey}` } },
      }),
    );
    try {
      const crawled = (await mcp.callTool({
        name: 'crawl_site',
        arguments: { url: `${s.url}/p/0`, max_pages: 3, wait_sec: 60 },
      })) as Obj;
      const crawledText = (crawled.content as Obj[]).map((p) => p.text).join('');
      assert.match(crawledText, /: completed;/);
      assert.match(crawledText, /## http:\/\/127\.0\.0\.1:\d+\/p\/0/);
      const map = (await mcp.callTool({ name: 'map_site', arguments: { url: `${s.url}/p/0` } })) as Obj;
      assert.match((map.content as Obj[]).map((p) => p.text).join(''), /\/s\/1/);
    } finally {
      await mcp.close();
    }
  });
});
