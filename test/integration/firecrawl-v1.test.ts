// The Firecrawl-compatible API's v1 endpoints through Firecrawl's own SDK, unchanged
// (@mendable/firecrawl-js, pinned; its v1 client, what LangChain's loader and older integrations
// speak) with apiUrl set to a real coordinator, a real agent and a local site (docs/compat.md):
// scrape (formats, json and extract with a schema, a prompt refused), crawl (waited for by the
// SDK, and started then polled page by page), map, batch scrape (waited for: the SDK polls a batch
// at /v1/crawl/{id}; and started then polled), errors (the v1 SDK reads them with DELETE), cancel,
// the refused endpoints, a bad key, a daily quota as 402 — and the Globalping facade's /v1 routes
// answering as before beside them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { FirecrawlAppV1 } from '@mendable/firecrawl-js';
import { createApiKey, setKeyLimits } from '../../coordinator/auth/admin-ops.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import {
  ARTICLE_SENTENCE,
  type FirecrawlSite,
  FOOTER_TEXT,
  HOME_TITLE,
  NAV_TEXT,
  PRODUCTS,
  startFirecrawlSite,
} from '../helpers/firecrawl-site.js';
import type { Obj } from '../helpers/json.js';

const FAST = ['--crawl-host-rate', '1000', '--crawl-domain-rate', '1000', '--crawl-host-concurrency', '8'];

/** The v1 SDK's error (FirecrawlError: message and statusCode) for `call`, which must fail. */
async function v1Error(call: () => Promise<unknown>): Promise<{ message: string; statusCode: number }> {
  try {
    await call();
  } catch (err) {
    const e = err as { message?: unknown; statusCode?: unknown };
    assert.equal(typeof e.statusCode, 'number', `not a FirecrawlError: ${String(err)}`);
    return { message: String(e.message), statusCode: Number(e.statusCode) };
  }
  throw new Error('the call did not fail');
}

/**
 * Every value carries its place. The v1 SDK types a schema as a zod one; a plain JSON Schema goes
 * through it unchanged (its utils/zodSchemaToJson.ts), hence the casts below.
 */
const SHOP_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string', 'x-selector': 'h1.title' },
    names: { type: 'array', 'x-selector': 'li.product a.name', items: { type: 'string' } },
    skus: { type: 'array', 'x-selector': 'li.product', items: { type: 'string', 'x-attribute': 'data-sku' } },
  },
};
const SHOP_VALUE = {
  title: 'The harbour shop',
  names: PRODUCTS.map((p) => p.name),
  skus: PRODUCTS.map((p) => p.sku),
};

describe('Firecrawl v1 SDK against a coordinator', () => {
  let c: TestCoordinator;
  let site: FirecrawlSite;
  let stopAgent: () => Promise<void>;
  let fc: FirecrawlAppV1;
  const get = (path: string, key = c.apiKey) =>
    fetch(`${c.url}${path}`, { headers: { authorization: `Bearer ${key}` } });

  before(async () => {
    site = await startFirecrawlSite();
    c = await startTestCoordinator({ flags: FAST });
    const token = await c.newDevice('firecrawl-v1');
    stopAgent = (
      await startTestAgent({ deviceId: 'firecrawl-v1', token, coordinators: [c.url], maxConcurrent: 8 })
    ).stop;
    fc = new FirecrawlAppV1({ apiKey: c.apiKey, apiUrl: c.url });
  });
  after(async () => {
    await stopAgent?.();
    await c?.stop();
    await site?.close();
  });

  test('scrapeUrl: markdown, html, links and metadata; json and extract with a schema; a prompt refused', async () => {
    const doc = (await fc.scrapeUrl(`${site.url}/`, { formats: ['markdown', 'html', 'links'] })) as Obj;
    assert.equal(doc.success, true);
    assert.ok(String(doc.markdown).includes(ARTICLE_SENTENCE));
    assert.ok(!String(doc.markdown).includes(NAV_TEXT));
    assert.ok(String(doc.html).includes(ARTICLE_SENTENCE));
    assert.ok(doc.links.includes(`${site.url}/c`));
    assert.equal(doc.metadata.title, HOME_TITLE);
    assert.equal(doc.metadata.statusCode, 200);
    const whole = (await fc.scrapeUrl(`${site.url}/`, {
      formats: ['markdown'],
      onlyMainContent: false,
    })) as Obj;
    assert.ok(String(whole.markdown).includes(FOOTER_TEXT));

    const json = (await fc.scrapeUrl(`${site.url}/shop`, {
      formats: ['json'],
      jsonOptions: { schema: SHOP_SCHEMA as never },
    })) as Obj;
    assert.deepEqual(json.json, SHOP_VALUE);
    const extract = (await fc.scrapeUrl(`${site.url}/shop`, {
      formats: ['extract'],
      extract: { schema: SHOP_SCHEMA as never },
    })) as Obj;
    assert.deepEqual(extract.extract, SHOP_VALUE);
    const prompt = await v1Error(() =>
      fc.scrapeUrl(`${site.url}/shop`, { formats: ['json'], jsonOptions: { prompt: 'the products' } }),
    );
    assert.equal(prompt.statusCode, 400);
    assert.match(prompt.message, /jsonOptions\.prompt is not supported here: .*language model/);
  });

  test('crawlUrl: waited for by the SDK; asyncCrawlUrl polled page by page; errors by DELETE', async () => {
    const done = (await fc.crawlUrl(
      `${site.url}/`,
      { limit: 10, scrapeOptions: { formats: ['markdown'] } },
      1,
    )) as Obj;
    assert.equal(done.status, 'completed');
    assert.deepEqual(
      (done.data as Obj[]).map((d) => d.metadata.sourceURL).sort(),
      ['/', '/a', '/b', '/c'].map((p) => `${site.url}${p}`),
    );

    const started = (await fc.asyncCrawlUrl(`${site.url}/`, { limit: 10 })) as Obj;
    assert.equal(started.success, true);
    assert.equal(started.url, `${c.url}/v1/crawl/${started.id}`);
    let status = (await fc.checkCrawlStatus(started.id)) as Obj;
    for (const until = Date.now() + 30_000; status.status === 'scraping' && Date.now() < until; ) {
      await sleep(100);
      status = (await fc.checkCrawlStatus(started.id)) as Obj;
    }
    assert.equal(status.status, 'completed');
    // Two documents a page: the next URL carries the rest.
    const first = (await fc.checkCrawlStatus(started.id, false, undefined, 0, 2)) as Obj;
    assert.equal(first.data.length, 2);
    assert.ok(String(first.next).includes('limit=2'));
    const second = (await fc.checkCrawlStatus(started.id, false, first.next)) as Obj;
    assert.equal(second.data.length, 2);
    const all = (await fc.checkCrawlStatus(started.id, true)) as Obj;
    assert.equal(all.data.length, 4);

    const errors = (await fc.checkCrawlErrors(started.id)) as Obj;
    assert.deepEqual(
      (errors.errors as Obj[]).map((e) => e.url),
      [`${site.url}/missing`],
    );
  });

  test('cancelCrawl stops a crawl', async () => {
    const started = (await fc.asyncCrawlUrl(`${site.url}/hold`, { limit: 3 })) as Obj;
    await site.whenHeld(1);
    const cancelled = (await fc.cancelCrawl(started.id)) as Obj;
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(((await fc.checkCrawlStatus(started.id)) as Obj).status, 'cancelled');
    site.releaseHeld();
  });

  test('mapUrl: the links as strings', async () => {
    const map = (await fc.mapUrl(`${site.url}/`, { limit: 100 })) as Obj;
    assert.equal(map.success, true);
    for (const p of ['/', '/a', '/b', '/c'])
      assert.ok(map.links.includes(`${site.url}${p}`), String(map.links));
  });

  test('batchScrapeUrls: waited for (the SDK polls /v1/crawl/{id}); async, polled, errors; an invalid URL refused', async () => {
    const done = (await fc.batchScrapeUrls(
      [`${site.url}/a`, `${site.url}/b`],
      { formats: ['markdown'] },
      1,
    )) as Obj;
    assert.equal(done.status, 'completed');
    assert.deepEqual(
      (done.data as Obj[]).map((d) => d.metadata.sourceURL),
      [`${site.url}/a`, `${site.url}/b`],
    );
    const started = (await fc.asyncBatchScrapeUrls([`${site.url}/c`, 'http://127.0.0.1:1/'], {
      formats: ['markdown'],
    })) as Obj;
    let status = (await fc.checkBatchScrapeStatus(started.id)) as Obj;
    for (const until = Date.now() + 30_000; status.status === 'scraping' && Date.now() < until; ) {
      await sleep(100);
      status = (await fc.checkBatchScrapeStatus(started.id)) as Obj;
    }
    assert.equal(status.status, 'completed');
    assert.equal(status.total, 2);
    assert.deepEqual(
      (status.data as Obj[]).map((d) => d.metadata.sourceURL),
      [`${site.url}/c`],
    );
    const errors = (await fc.checkBatchScrapeErrors(started.id)) as Obj;
    assert.deepEqual(
      (errors.errors as Obj[]).map((e) => e.url),
      ['http://127.0.0.1:1/'],
    );
    // v1 refuses a batch with an invalid URL unless told to leave it out.
    const refused = await v1Error(() =>
      fc.asyncBatchScrapeUrls([`${site.url}/a`, 'ftp://x.test/'], { formats: ['markdown'] }),
    );
    assert.equal(refused.statusCode, 400);
    assert.match(refused.message, /urls\[1\] "ftp:\/\/x\.test\/" is refused/);
  });

  test('refused: search, extract, deep research, llms.txt; a bad key; a daily quota is 402', async () => {
    const search = await v1Error(() => fc.search('harbour lights', {}));
    assert.equal(search.statusCode, 501);
    assert.match(search.message, /search engine/);
    for (const path of ['/v1/extract', '/v1/deep-research', '/v1/llmstxt']) {
      const res = await fetch(`${c.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${c.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ urls: [`${site.url}/`], prompt: 'x' }),
      });
      assert.equal(res.status, 501, path);
      const body = (await res.json()) as Obj;
      assert.equal(body.success, false);
      assert.match(body.error, /language model/);
    }
    const bad = await v1Error(() =>
      new FirecrawlAppV1({ apiKey: 'ck_wrong', apiUrl: c.url }).scrapeUrl(`${site.url}/a`, {}),
    );
    assert.equal(bad.statusCode, 401);
    const res = await get('/v1/crawl/active', 'ck_wrong');
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), {
      success: false,
      error: 'unauthorized: invalid or missing API key',
      code: 'UNAUTHORIZED',
    });
    const store = c.coordinator.store;
    const daily = await createApiKey(store, { name: 'fc1-daily' });
    assert.ok(!('error' in (await setKeyLimits(store, daily.record.id, { 'jobs-per-day': '1' }))));
    const limited = new FirecrawlAppV1({ apiKey: daily.key, apiUrl: c.url });
    await limited.scrapeUrl(`${site.url}/a`, { formats: ['markdown'] });
    const over = await v1Error(() => limited.scrapeUrl(`${site.url}/b`, { formats: ['markdown'] }));
    assert.equal(over.statusCode, 402);
    assert.match(over.message, /jobs per day/);
  });

  test('the Globalping facade and unknown /v1 paths answer as before', async () => {
    const gp = await fetch(`${c.url}/v1/measurements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'nonsense', target: 'example.com' }),
    });
    assert.equal(gp.status, 400);
    assert.equal(typeof ((await gp.json()) as Obj).error.type, 'string');
    const unknown = await get('/v1/nothing-here');
    assert.equal(unknown.status, 404);
    assert.equal(await unknown.json(), 'not found: no such endpoint');
    const other = await get('/v1/crawl/0190a9a4-0000-7000-8000-000000000000');
    assert.equal(other.status, 404);
    assert.equal(((await other.json()) as Obj).success, false);
  });
});
