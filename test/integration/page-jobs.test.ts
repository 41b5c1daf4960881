// Page jobs end to end (docs/actions.md): submit with actions, extract, har or pdf → coordinator →
// agent with a real Chromium → the result's metadata and its download forms. A login in one job of
// a session and the members page in the next; extraction equal to the expected JSON and a schema
// mismatch reported; a HAR valid against HAR 1.2 listing every request; a PDF pdftoppm renders;
// a secret nowhere in the URL log or the stored results. Skipped only without Chromium.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { BrowserExecutor } from '../../agent/executors/browser/index.js';
import { HttpExecutor } from '../../agent/executors/http.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { MEMBERS_TEXT, PRODUCTS, SECRET_PASSWORD } from '../helpers/action-pages.js';
import { ApiClient } from '../helpers/client.js';
import { ROOT, startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { type FixtureSites, startFixtureSites } from '../helpers/fixture-sites.js';
import type { Obj } from '../helpers/json.js';
import { chromiumNeed } from '../helpers/needs.js';

const { browser, skip } = await chromiumNeed();
const run = promisify(execFile);
// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

/** The product list as a schema: nested list, attributes, numbers, absolute URLs. */
const PRODUCT_SCHEMA = {
  fields: [
    { name: 'title', selector: 'h1.title', transforms: ['trim'] },
    {
      name: 'products',
      selector: '#products > li.product',
      type: 'list',
      fields: [
        { name: 'name', selector: 'a.name', transforms: ['trim'] },
        { name: 'sku', type: 'attribute', attribute: 'data-sku' },
        {
          name: 'url',
          selector: 'a.name',
          type: 'attribute',
          attribute: 'href',
          transforms: ['absolute_url'],
        },
        { name: 'price', selector: '.price', transforms: ['number'] },
        { name: 'tags', selector: '.tags li', type: 'list' },
      ],
    },
    { name: 'first_name', xpath: '//li[@class="product"][1]/a', transforms: ['trim'] },
  ],
};

describe('page jobs end to end', { skip }, () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let sites: FixtureSites;
  let stateDir: string;
  let stopAgent: () => Promise<void>;
  before(async () => {
    sites = await startFixtureSites();
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    const policy = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] });
    const token = await c.newDevice('page-1');
    const agent = await startTestAgent({
      deviceId: 'page-1',
      token,
      coordinators: [c.url],
      deviceType: 'desktop',
      extra: ['--url-log', 'url'],
      executors: [
        new HttpExecutor({ policy, maxBodyBytes: 10_000_000 }),
        new BrowserExecutor({
          executablePath: browser?.path ?? '',
          policy,
          maxBodyBytes: 10_000_000,
          settleMs: 100,
        }),
      ],
    });
    stopAgent = agent.stop;
    stateDir = agent.stateDir;
  });
  after(async () => {
    await stopAgent?.();
    await c?.stop();
    await sites?.close();
  });

  const expectedProducts = () => ({
    title: 'The harbour shop',
    products: PRODUCTS.map((p) => ({
      name: p.name,
      sku: p.href.slice(3),
      url: `${sites.url}${p.href}`,
      price: Number(p.price.replace(/[^\d.]/g, '')),
      tags: p.tags,
    })),
  });

  test('a login in a session, then the members page; the secret is in no stored result or URL log', async () => {
    const session = await api.request('POST', '/crawl/v1/session/new', { duration_seconds: 120 });
    assert.equal(session.status, 201, session.text);
    const sessionId = (session.body as { id: string }).id;
    const login = await api.run(
      {
        url: `${sites.url}/login?method=get`,
        method: 'CRAWL_FULL_PAGE',
        session_id: sessionId,
        har: true,
        actions: [
          { type: 'type', selector: '#user', text: 'ada' },
          { type: 'type', selector: '#pass', text: SECRET_PASSWORD, secret: true },
          { type: 'click', selector: '#go' },
          { type: 'wait_for', selector: '#welcome', timeout_ms: 5000 },
        ],
      },
      60_000,
    );
    assert.equal(login.job.status, 'completed', JSON.stringify(login.job));
    const dl = (await api.download(login.id)) as Obj;
    assert.deepEqual(
      dl.metadata.actions.map((a: Obj) => [a.type, a.status]),
      [
        ['type', 'ok'],
        ['type', 'ok'],
        ['click', 'ok'],
        ['wait_for', 'ok'],
      ],
    );
    const members = await api.run(
      { url: `${sites.url}/members`, method: 'CRAWL_FULL_PAGE', session_id: sessionId },
      60_000,
    );
    const next = (await api.download(members.id)) as Obj;
    assert.ok(next.fullPage.includes(MEMBERS_TEXT), 'the next job of the session is logged in');

    const stored = [
      JSON.stringify(dl),
      JSON.stringify(await api.detail(login.id)),
      (await api.request('GET', `/crawl/v1/jobs/${login.id}/download?format=har`)).text,
    ].join('\n');
    assert.ok(stored.includes('[secret]'));
    assert.ok(!stored.includes(SECRET_PASSWORD), 'the secret is in no stored result');
    const logDir = path.join(stateDir, 'url-log');
    const urlLog = readdirSync(logDir)
      .map((f) => readFileSync(path.join(logDir, f), 'utf8'))
      .join('');
    assert.ok(urlLog.includes('/login'), 'the URL log has the job');
    assert.ok(!urlLog.includes(SECRET_PASSWORD), 'the secret is not in the URL log');
  });

  test('a product list extracts to the expected JSON, in the download and as format=extract', async () => {
    const { id, job } = await api.run(
      { url: `${sites.url}/products`, method: 'CRAWL_FULL_PAGE', extract: PRODUCT_SCHEMA },
      60_000,
    );
    assert.equal(job.status, 'completed', JSON.stringify(job));
    const dl = (await api.download(id)) as Obj;
    const expected = { ...expectedProducts(), first_name: PRODUCTS[0]?.name };
    assert.deepEqual(dl.extracted, expected);
    assert.deepEqual(dl.extractErrors, []);
    const form = await api.request('GET', `/crawl/v1/jobs/${id}/download?format=extract`);
    assert.equal(form.status, 200);
    assert.deepEqual(form.body, expected);

    // A plain GET job: the same schema on the parsed HTML, XPath included, gives the same value.
    const get = await api.run(
      { url: `${sites.url}/products`, method: 'GET', extract: PRODUCT_SCHEMA },
      30_000,
    );
    const got = (await api.download(get.id)) as Obj;
    assert.deepEqual(got.extracted, expected);
    assert.deepEqual(got.extractErrors, []);
    // XPath on a GET job: attributes, text nodes, a list, and a bad expression named.
    const xp = await api.run(
      {
        url: `${sites.url}/products`,
        method: 'GET',
        extract: {
          fields: [
            { name: 'skus', xpath: '//li[@class="product"]/@data-sku', type: 'list' },
            { name: 'second', xpath: '(//LI[@class="product"])[2]//a', transforms: ['trim'] },
            { name: 'broken', xpath: '//li[' },
          ],
        },
      },
      30_000,
    );
    const xpGot = (await api.download(xp.id)) as Obj;
    assert.deepEqual(xpGot.extracted, {
      skus: PRODUCTS.map((p) => p.href.slice(3)),
      second: PRODUCTS[1]?.name,
      broken: null,
    });
    assert.equal(xpGot.extractErrors.length, 1);
    assert.match(xpGot.extractErrors[0], /^broken: bad xpath: /);
  });

  test('a schema mismatch is reported in extract_errors, not as a silent null', async () => {
    const { id } = await api.run(
      {
        url: `${sites.url}/products`,
        method: 'GET',
        extract: {
          fields: [
            { name: 'title', selector: 'h1.missing' },
            { name: 'count', selector: '.price', transforms: ['number'] },
          ],
          json_schema: {
            type: 'object',
            required: ['title', 'count'],
            properties: { title: { type: 'string' }, count: { type: 'integer' } },
          },
        },
      },
      30_000,
    );
    const dl = (await api.download(id)) as Obj;
    assert.deepEqual(dl.extracted, { title: null, count: 1249.5 });
    assert.deepEqual(dl.extractErrors, [
      'json_schema: /title must be string',
      'json_schema: /count must be integer',
    ]);
    assert.deepEqual(dl.metadata.extract_errors, dl.extractErrors);
  });

  test('a HAR valid against HAR 1.2 that lists every request the page made', async () => {
    const { id } = await api.run(
      { url: `${sites.url}/subresources`, method: 'CRAWL_FULL_PAGE', har: true },
      60_000,
    );
    const res = await fetch(`${c.url}/crawl/v1/jobs/${id}/download?format=har`, {
      headers: { authorization: `Bearer ${c.apiKey}` },
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    const har = (await res.json()) as { log: { entries: Array<{ request: { url: string } }> } };
    const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
    const schema = JSON.parse(
      readFileSync(new URL('../fixtures/har-1.2.schema.json', import.meta.url), 'utf8'),
    );
    const valid = ajv.validate(schema, har);
    assert.ok(valid, JSON.stringify(ajv.errors?.slice(0, 5)));
    const harUrls = new Set(har.log.entries.map((e) => e.request.url));
    const dl = (await api.download(id)) as Obj;
    const requested = Object.keys(dl.requestResults as Obj);
    assert.ok(requested.length >= 5);
    for (const url of requested) assert.ok(harUrls.has(url), `the HAR lists ${url}`);
  });

  test('a PDF that pdftoppm renders', async () => {
    const { id } = await api.run(
      {
        url: `${sites.url}/products`,
        method: 'CRAWL_FULL_PAGE',
        pdf: { format: 'A4', print_background: true },
      },
      60_000,
    );
    const res = await fetch(`${c.url}/crawl/v1/jobs/${id}/download?format=pdf`, {
      headers: { authorization: `Bearer ${c.apiKey}` },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const dir = mkdtempSync(path.join(tmpdir(), 'pdf-'));
    writeFileSync(path.join(dir, 'page.pdf'), pdf);
    await run('pdftoppm', [
      '-png',
      '-r',
      '30',
      '-f',
      '1',
      '-l',
      '1',
      path.join(dir, 'page.pdf'),
      path.join(dir, 'p'),
    ]);
    const png = readdirSync(dir).find((f) => f.endsWith('.png'));
    assert.ok(png, 'pdftoppm rendered page 1');
    assert.deepEqual([...readFileSync(path.join(dir, png)).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);

    const none = await api.request('GET', `/crawl/v1/jobs/${id}/download?format=har`);
    assert.equal(none.status, 400);
    assert.equal(none.body, 'invalid request: format har needs a job run with har: true that produced one');
  });

  test('crawl get --full-page --actions --extract --har --pdf', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'crawl-page-'));
    const file = (name: string, value: unknown) => {
      writeFileSync(path.join(dir, name), JSON.stringify(value));
      return path.join(dir, name);
    };
    const actions = file('actions.json', [
      { type: 'scroll', to: 'bottom' },
      { type: 'wait_for', selector: '.product' },
    ]);
    const schema = file('schema.json', PRODUCT_SCHEMA);
    const { stdout } = await run(
      path.join(ROOT, 'scripts/crawl'),
      [
        'get',
        `${sites.url}/products`,
        '--full-page',
        '--actions',
        actions,
        '--extract',
        schema,
        '--har',
        path.join(dir, 'out.har'),
        '--pdf',
        path.join(dir, 'out.pdf'),
        '--format',
        'extract',
        '--timeout',
        '60',
      ],
      { env: { ...process.env, CRAWL_URL: c.url, CRAWL_API_KEY: c.apiKey }, timeout: 120_000 },
    );
    assert.deepEqual(JSON.parse(stdout), { ...expectedProducts(), first_name: PRODUCTS[0]?.name });
    const har = JSON.parse(readFileSync(path.join(dir, 'out.har'), 'utf8')) as { log: { version: string } };
    assert.equal(har.log.version, '1.2');
    assert.equal(readFileSync(path.join(dir, 'out.pdf')).subarray(0, 5).toString(), '%PDF-');
  });
});
