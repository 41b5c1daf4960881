// The Firecrawl-compatible API through Firecrawl's own SDK, unchanged (@mendable/firecrawl-js,
// pinned; its default v2 client) with apiUrl set to a real coordinator, a real agent and local
// sites (docs/compat.md): scrape in several formats (a JSON Schema with selectors as extraction, a
// prompt refused), crawl (waited for, and started then polled page by page through `next`), map,
// batch scrape (waited for, and started then polled), cancel, errors, active crawls, the refused
// endpoints, a bad key, and the key's quotas as 402 and 429. Page actions and screenshots run in a
// real Chromium (skipped only where none is installed; CI installs it).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { BrowserExecutor } from '../../agent/executors/browser/index.js';
import { HttpExecutor } from '../../agent/executors/http.js';
import type { Executor } from '../../agent/executors/types.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { createApiKey, setKeyLimits } from '../../coordinator/auth/admin-ops.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import {
  ARTICLE_SENTENCE,
  DATA_IMAGE,
  type FirecrawlSite,
  FOOTER_TEXT,
  HOME_TITLE,
  NAV_TEXT,
  PRODUCTS,
  startFirecrawlSite,
} from '../helpers/firecrawl-site.js';
import type { Obj } from '../helpers/json.js';
import { chromiumNeed } from '../helpers/needs.js';
import { type SiteServer, startSiteServer } from '../helpers/site-server.js';

const { browser, skip: noBrowser } = await chromiumNeed();
/** Generous politeness for loopback sites. */
const FAST = ['--crawl-host-rate', '1000', '--crawl-domain-rate', '1000', '--crawl-host-concurrency', '8'];

/** The SDK's error for `call`, which must fail. */
async function sdkError(call: () => Promise<unknown>): Promise<SdkError> {
  try {
    await call();
  } catch (err) {
    assert.ok(err instanceof SdkError, `not an SdkError: ${String(err)}`);
    return err;
  }
  throw new Error('the call did not fail');
}

const SHOP_SCHEMA = {
  type: 'object',
  required: ['title', 'products'],
  properties: {
    title: { type: 'string', 'x-selector': 'h1.title' },
    products: {
      type: 'array',
      'x-selector': '#products > li.product',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', 'x-selector': 'a.name' },
          sku: { type: 'string', 'x-attribute': 'data-sku' },
          url: { type: 'string', format: 'uri', 'x-selector': 'a.name', 'x-attribute': 'href' },
          price: { type: 'number', 'x-selector': '.price' },
          images: {
            type: 'array',
            'x-selector': 'img',
            items: { type: 'string', format: 'uri', 'x-attribute': 'src' },
          },
        },
      },
    },
  },
};

describe('Firecrawl v2 SDK against a coordinator', () => {
  let c: TestCoordinator;
  let site: FirecrawlSite;
  let big: SiteServer;
  let stopAgent: () => Promise<void>;
  let fc: Firecrawl;

  before(async () => {
    site = await startFirecrawlSite();
    big = await startSiteServer({ pages: 105, chainLinks: true, fillerBytes: 40 });
    c = await startTestCoordinator({ flags: FAST });
    const policy = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] });
    const executors: Executor[] = [new HttpExecutor({ policy, maxBodyBytes: 10_000_000 })];
    if (browser) {
      executors.push(
        new BrowserExecutor({ executablePath: browser.path, policy, maxBodyBytes: 10_000_000, settleMs: 50 }),
      );
    }
    const token = await c.newDevice('firecrawl-v2');
    stopAgent = (
      await startTestAgent({
        deviceId: 'firecrawl-v2',
        token,
        coordinators: [c.url],
        maxConcurrent: 8,
        executors,
      })
    ).stop;
    fc = new Firecrawl({ apiKey: c.apiKey, apiUrl: c.url });
  });
  after(async () => {
    await stopAgent?.();
    await c?.stop();
    await site?.close();
    await big?.close();
  });

  test('scrape: markdown, html, rawHtml, links, images and metadata, over a plain GET', async () => {
    const doc = await fc.scrape(`${site.url}/`, {
      formats: ['markdown', 'html', 'rawHtml', 'links', 'images'],
    });
    const md = doc.markdown ?? '';
    assert.ok(md.startsWith(`# ${HOME_TITLE}`), md);
    assert.ok(md.includes(ARTICLE_SENTENCE));
    // Main content only by default: no page furniture; data: images left out by default.
    assert.ok(!md.includes(NAV_TEXT) && !md.includes(FOOTER_TEXT), md);
    assert.ok(doc.html?.includes(ARTICLE_SENTENCE) && !doc.html.includes('data:image'), doc.html);
    assert.ok(doc.rawHtml?.includes(NAV_TEXT) && doc.rawHtml.includes(DATA_IMAGE));
    for (const p of ['/a', '/b', '/c']) assert.ok(doc.links?.includes(`${site.url}${p}`), String(doc.links));
    assert.deepEqual(doc.images, [`${site.url}/i/lamp.jpg`]);
    const m = doc.metadata as Obj;
    assert.equal(m.title, HOME_TITLE);
    assert.equal(m.description, 'A keeper and his lights');
    assert.equal(m.ogTitle, 'Harbour lights (OG)');
    assert.equal(m.language, 'en');
    assert.equal(m.statusCode, 200);
    assert.equal(m.sourceURL, `${site.url}/`);
    // The job behind it is this network's own, a plain GET.
    const job = await fetch(`${c.url}/crawl/v1/status/${m.scrapeId}`, {
      headers: { authorization: `Bearer ${c.apiKey}` },
    });
    assert.equal(((await job.json()) as Obj).method, 'GET');
  });

  test('scrape: onlyMainContent false keeps the furniture; includeTags and excludeTags choose the content', async () => {
    const whole = await fc.scrape(`${site.url}/`, { formats: ['markdown'], onlyMainContent: false });
    assert.ok(whole.markdown?.includes(NAV_TEXT) && whole.markdown.includes(FOOTER_TEXT), whole.markdown);
    const chosen = await fc.scrape(`${site.url}/`, {
      formats: ['markdown'],
      includeTags: ['article'],
      excludeTags: ['.aside'],
    });
    const chosenMd = chosen.markdown ?? '';
    assert.ok(chosenMd.includes(ARTICLE_SENTENCE), chosenMd);
    assert.ok(!chosenMd.includes('fishing boats') && !chosenMd.includes(NAV_TEXT), chosenMd);
    // A 404 page is a document with its status, as Firecrawl answers it.
    const missing = await fc.scrape(`${site.url}/missing`, { formats: ['markdown'] });
    assert.equal((missing.metadata as Obj).statusCode, 404);
  });

  test('scrape: a json format with a schema is extraction; a prompt and a schema without places are refused', async () => {
    const doc = await fc.scrape(`${site.url}/shop`, { formats: [{ type: 'json', schema: SHOP_SCHEMA }] });
    assert.deepEqual(doc.json, {
      title: 'The harbour shop',
      products: PRODUCTS.map((p) => ({
        name: p.name,
        sku: p.sku,
        url: `${site.url}${p.href}`,
        price: Number(p.price.replace(/[^\d.]/g, '')),
        images: p.images.map((i) => `${site.url}${i}`),
      })),
    });
    assert.equal(doc.warning, undefined);
    const prompt = await sdkError(() =>
      fc.scrape(`${site.url}/shop`, { formats: [{ type: 'json', prompt: 'the products and their prices' }] }),
    );
    assert.equal(prompt.status, 400);
    assert.equal(prompt.code, 'UNSUPPORTED_OPTION');
    assert.match(prompt.message, /formats\[0\]\.prompt is not supported here: .*language model/);
    const unplaced = await sdkError(() =>
      fc.scrape(`${site.url}/shop`, {
        formats: [{ type: 'json', schema: { type: 'object', properties: { title: { type: 'string' } } } }],
      }),
    );
    assert.equal(unplaced.status, 400);
    assert.match(unplaced.message, /formats\[0\]\.schema\.properties\.title .*x-selector/);
    const summary = await sdkError(() => fc.scrape(`${site.url}/`, { formats: ['summary'] }));
    assert.match(summary.message, /summary needs a language model/);
  });

  test("scrape: a page that cannot be fetched is Firecrawl's error with the reason", async () => {
    const err = await sdkError(() =>
      fc.scrape('http://127.0.0.1:1/', { formats: ['markdown'], timeout: 10_000 }),
    );
    assert.equal(err.status, 500);
    assert.equal(err.code, 'SCRAPE_FAILED');
    assert.match(err.message, /^connect: /);
  });

  test('crawl: waited for (crawl()), its documents, its failed page in errors', async () => {
    const done = await fc.crawl(`${site.url}/`, {
      limit: 10,
      pollInterval: 1,
      timeout: 60,
      scrapeOptions: { formats: ['markdown', 'links'] },
    });
    assert.equal(done.status, 'completed');
    const urls = done.data.map((d) => (d.metadata as Obj).sourceURL).sort();
    assert.deepEqual(
      urls,
      ['/', '/a', '/b', '/c'].map((p) => `${site.url}${p}`),
    );
    assert.equal(done.total, 5);
    assert.equal(done.completed, 5);
    assert.ok(done.data.every((d) => typeof d.markdown === 'string' && Array.isArray(d.links)));
    const errors = await fc.getCrawlErrors(done.id);
    assert.deepEqual(
      errors.errors.map((e) => [e.url, e.code]),
      [[`${site.url}/missing`, '404']],
    );
    assert.deepEqual(errors.robotsBlocked, []);
  });

  test('crawl: started, polled, its documents a page at a time through next', async () => {
    const started = await fc.startCrawl(`${big.url}/p/0`, {
      limit: 105,
      crawlEntireDomain: true,
      sitemap: 'skip',
    });
    assert.equal(started.url, `${c.url}/v2/crawl/${started.id}`);
    let first = await fc.getCrawlStatus(started.id, { autoPaginate: false });
    for (const until = Date.now() + 60_000; first.status === 'scraping' && Date.now() < until; ) {
      await sleep(200);
      first = await fc.getCrawlStatus(started.id, { autoPaginate: false });
    }
    assert.equal(first.status, 'completed');
    assert.equal(first.total, 105);
    assert.equal(first.data.length, 100);
    assert.ok(first.next?.startsWith(`${c.url}/v2/crawl/${started.id}?`), String(first.next));
    // The next page, as a client follows it.
    const res = await fetch(String(first.next), { headers: { authorization: `Bearer ${c.apiKey}` } });
    const second = (await res.json()) as Obj;
    assert.equal(second.data.length, 5);
    assert.equal('next' in second, false);
    // The SDK following next itself: every document once.
    const all = await fc.getCrawlStatus(started.id);
    const seen = new Set(all.data.map((d) => (d.metadata as Obj).sourceURL));
    assert.equal(all.data.length, 105);
    assert.equal(seen.size, 105);
    // Firecrawl's skip and limit.
    const skipped = await fetch(`${c.url}/v2/crawl/${started.id}?skip=103&limit=10`, {
      headers: { authorization: `Bearer ${c.apiKey}` },
    });
    assert.equal(((await skipped.json()) as Obj).data.length, 2);
  });

  test('crawl: listed while active, cancelled, its cancelled page in errors', async () => {
    const started = await fc.startCrawl(`${site.url}/hold`, { limit: 5 });
    await site.whenHeld(1);
    const active = await fc.getActiveCrawls();
    assert.ok(active.crawls.some((x) => x.id === started.id && x.url === `${site.url}/hold`));
    assert.equal(await fc.cancelCrawl(started.id), true);
    const status = await fc.getCrawlStatus(started.id);
    assert.equal(status.status, 'cancelled');
    const errors = await fc.getCrawlErrors(started.id);
    assert.deepEqual(
      errors.errors.map((e) => [e.url, e.error]),
      [[`${site.url}/hold`, 'the crawl was cancelled']],
    );
    assert.ok(!(await fc.getActiveCrawls()).crawls.some((x) => x.id === started.id));
    site.releaseHeld();
  });

  test("map: the site's links; search keeps those that contain it", async () => {
    const map = await fc.map(`${site.url}/`);
    const urls = map.links.map((l) => l.url);
    for (const p of ['/', '/a', '/b', '/c']) assert.ok(urls.includes(`${site.url}${p}`), String(urls));
    const searched = await fc.map(`${site.url}/`, { search: '/b' });
    assert.deepEqual(
      searched.links.map((l) => l.url),
      [`${site.url}/b`],
    );
  });

  test('batch scrape: waited for, an invalid URL set aside, its documents', async () => {
    const started = await fc.startBatchScrape([`${site.url}/a`, 'ftp://example.test/x', `${site.url}/b`], {
      options: { formats: ['markdown'] },
    });
    assert.deepEqual(started.invalidURLs, ['ftp://example.test/x']);
    const done = await fc.batchScrape([`${site.url}/a`, `${site.url}/b`], {
      options: { formats: ['markdown', 'links'] },
      pollInterval: 1,
      timeout: 30,
    });
    assert.equal(done.status, 'completed');
    assert.equal(done.total, 2);
    assert.deepEqual(
      done.data.map((d) => (d.metadata as Obj).sourceURL),
      [`${site.url}/a`, `${site.url}/b`],
    );
    assert.ok(done.data[0]?.markdown?.includes('Text of /a.'));
  });

  test('batch scrape: started then polled; a failed URL in errors; cancel', async () => {
    const started = await fc.startBatchScrape([`${site.url}/a`, 'http://127.0.0.1:1/'], {
      options: { formats: ['markdown'], timeout: 10_000 },
    });
    let status = await fc.getBatchScrapeStatus(started.id);
    for (const until = Date.now() + 30_000; status.status === 'scraping' && Date.now() < until; ) {
      await sleep(100);
      status = await fc.getBatchScrapeStatus(started.id);
    }
    assert.equal(status.status, 'completed');
    assert.equal(status.completed, 2);
    assert.deepEqual(
      status.data.map((d) => (d.metadata as Obj).sourceURL),
      [`${site.url}/a`],
    );
    const errors = await fc.getBatchScrapeErrors(started.id);
    assert.equal(errors.errors.length, 1);
    assert.equal(errors.errors[0]?.url, 'http://127.0.0.1:1/');
    assert.match(String(errors.errors[0]?.error), /^connect: /);

    const held = await fc.startBatchScrape([`${site.url}/hold`]);
    await site.whenHeld(1);
    assert.equal(await fc.cancelBatchScrape(held.id), true);
    assert.equal((await fc.getBatchScrapeStatus(held.id)).status, 'cancelled');
    site.releaseHeld();
  });

  test("refused: extract, search and agent say why, in Firecrawl's shape; unknown paths too", async () => {
    const extract = await sdkError(() => fc.extract({ urls: [`${site.url}/`], prompt: 'the title' }));
    assert.equal(extract.status, 501);
    assert.match(extract.message, /extract\) is not offered by this network: it needs a language model/);
    const search = await sdkError(() => fc.search('harbour lights'));
    assert.equal(search.status, 501);
    assert.match(search.message, /search engine/);
    for (const [method, path] of [
      ['POST', '/v2/agent'],
      ['GET', '/v2/agent/0190a9a4-0000-7000-8000-000000000000/trace'],
      ['POST', '/v2/crawl/params-preview'],
    ] as const) {
      const res = await fetch(`${c.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${c.apiKey}`, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      assert.equal(res.status, 501, path);
      const body = (await res.json()) as Obj;
      assert.equal(body.success, false);
      assert.match(body.error, /language model/);
    }
    const unknown = await fetch(`${c.url}/v2/nothing-here`, {
      headers: { authorization: `Bearer ${c.apiKey}` },
    });
    assert.equal(unknown.status, 404);
    assert.deepEqual(await unknown.json(), {
      success: false,
      error: 'GET /v2/nothing-here is not an endpoint of the Firecrawl-compatible API (docs/compat.md)',
      code: 'NOT_FOUND',
    });
  });

  test('a bad key is 401; a key over its jobs per day is 402, over its requests per minute 429', async () => {
    const bad = await sdkError(() =>
      new Firecrawl({ apiKey: 'ck_wrong', apiUrl: c.url }).scrape(`${site.url}/a`),
    );
    assert.equal(bad.status, 401);
    assert.equal(bad.message, 'unauthorized: invalid or missing API key');

    const store = c.coordinator.store;
    const daily = await createApiKey(store, { name: 'fc-daily' });
    assert.ok(!('error' in (await setKeyLimits(store, daily.record.id, { 'jobs-per-day': '1' }))));
    const fcDaily = new Firecrawl({ apiKey: daily.key, apiUrl: c.url });
    await fcDaily.scrape(`${site.url}/a`, { formats: ['markdown'] });
    const over = await sdkError(() => fcDaily.scrape(`${site.url}/b`, { formats: ['markdown'] }));
    assert.equal(over.status, 402);
    assert.match(over.message, /jobs per day/);
    const batch = await sdkError(() => fcDaily.startBatchScrape([`${site.url}/a`]));
    assert.equal(batch.status, 402);

    const minute = await createApiKey(store, { name: 'fc-minute' });
    assert.ok(!('error' in (await setKeyLimits(store, minute.record.id, { 'requests-per-minute': '1' }))));
    const fcMinute = new Firecrawl({ apiKey: minute.key, apiUrl: c.url });
    await fcMinute.map(`${site.url}/`, { limit: 1 });
    const res = await fetch(`${c.url}/v2/map`, {
      method: 'POST',
      headers: { authorization: `Bearer ${minute.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.url}/` }),
    });
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get('retry-after')) > 0);
    const body = (await res.json()) as Obj;
    assert.equal(body.success, false);
    assert.match(body.error, /requests per minute/);
  });

  test('scrape in a browser: actions, their results and a screenshot', { skip: noBrowser }, async () => {
    const doc = await fc.scrape(`${site.url}/form`, {
      formats: ['markdown', 'screenshot'],
      timeout: 30_000,
      actions: [
        { type: 'click', selector: '#q' },
        { type: 'write', text: 'Ada' },
        { type: 'click', selector: '#go' },
        { type: 'wait', milliseconds: 100 },
        { type: 'executeJavascript', script: "return document.getElementById('out').textContent" },
        { type: 'screenshot', fullPage: true },
      ],
    });
    assert.ok(doc.markdown?.includes('Hello Ada'), doc.markdown);
    assert.match(String(doc.screenshot), /^data:image\/png;base64,iVBOR/);
    const actions = doc.actions as Obj;
    assert.deepEqual(actions.javascriptReturns, [{ type: 'string', value: 'Hello Ada' }]);
    assert.equal(actions.screenshots.length, 1);
    assert.match(actions.screenshots[0], /^data:image\/png;base64,iVBOR/);
    const refused = await sdkError(() =>
      fc.scrape(`${site.url}/form`, { actions: [{ type: 'write', text: 'no field focused' }] }),
    );
    assert.match(refused.message, /click the field first/);
  });
});
