// Sweeps end to end: real agents in several countries and regions (in this process, real WebSocket
// links), real Chromium running the tries against a local fixture site, the Sweep object read back,
// screenshots served, and the report page opened in headless Chromium without an API key (its
// screenshot lands in test-output/). The API contract parts run without a browser.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import puppeteer from 'puppeteer-core';
import { BrowserExecutor } from '../../agent/executors/browser/index.js';
import { HttpExecutor } from '../../agent/executors/http.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { ApiClient } from '../helpers/client.js';
import { ROOT, startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { type FixtureSites, startFixtureSites } from '../helpers/fixture-sites.js';
import type { Obj } from '../helpers/json.js';
import { chromiumNeed, postgresSkip } from '../helpers/needs.js';
import { type FreshPostgres, freshPostgresUrl } from '../helpers/postgres.js';
import { RawAgent } from '../helpers/raw-agent.js';
import { TLS_CERT } from '../helpers/target-server.js';

const NOT_FOUND = 'not found: job does not exist or you are not authorized to view it';
const OUTPUT = path.join(ROOT, 'test-output');

/** Polls the sweep as a client does, until it is no longer running. */
async function waitSweepDone(api: ApiClient, id: string, timeoutMs = 90_000): Promise<Obj> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.request('GET', `/crawl/v1/sweep/${id}`);
    assert.equal(res.status, 200, res.text);
    const body = res.body as Obj;
    if (body.status !== 'running') return body;
    if (Date.now() > until) throw new Error(`sweep ${id} still running after ${timeoutMs} ms: ${res.text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('sweep API without a browser', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let stopAgent: () => Promise<void>;
  before(async () => {
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    // An HTTP-only agent: it can never run a sweep try (CRAWL_FULL_PAGE).
    const token = await c.newDevice('sweep-http-only');
    stopAgent = (
      await startTestAgent({ deviceId: 'sweep-http-only', token, coordinators: [c.url], country: 'BR' })
    ).stop;
  });
  after(async () => {
    await stopAgent?.();
    await c?.stop();
  });

  test('creation validates every field and names it', async () => {
    const bad: Array<[unknown, RegExp]> = [
      [{}, /^invalid request: url is required$/],
      [{ url: 'ftp://x' }, /^invalid request: url must be an absolute http or https URL$/],
      [{ url: 'https://a.example', regions: [] }, /^invalid request: regions must be a non-empty array/],
      [{ url: 'https://a.example', regions: 'EU' }, /^invalid request: regions must be a non-empty array/],
      [
        { url: 'https://a.example', regions: ['EU', 'MARS'] },
        /^invalid request: regions: "MARS" is not one of/,
      ],
      [{ url: 'https://a.example', regions: ['EU', 'eu'] }, /^invalid request: regions: EU is listed twice$/],
      [
        { url: 'https://a.example', tries_per_region: 11 },
        /^invalid request: tries_per_region must be an integer from 1 to 10$/,
      ],
      [{ url: 'https://a.example', tries_per_region: 1.5 }, /tries_per_region/],
      [
        { url: 'https://a.example', timeout_sec: 0 },
        /^invalid request: timeout_sec must be an integer from 1 to 120$/,
      ],
      [{ url: 'https://a.example', timeout_sec: 121 }, /timeout_sec/],
      [
        { url: 'https://a.example', device_type: 'server' },
        /^invalid request: device_type must be one of mobile, desktop$/,
      ],
      ['not json', /^invalid request: body is not valid JSON$/],
    ];
    for (const [body, message] of bad) {
      const res = await api.request('POST', '/crawl/v1/sweep/new', body);
      assert.equal(res.status, 400, `${JSON.stringify(body)} → ${res.text}`);
      assert.equal(typeof res.body, 'string', 'a bare JSON string');
      assert.match(res.body as string, message);
    }
    const anon = new ApiClient(c.url, null);
    const res = await anon.request('POST', '/crawl/v1/sweep/new', { url: 'https://a.example' });
    assert.equal(res.status, 401);
    assert.equal(res.body, 'unauthorized: invalid or missing API key');
  });

  test('defaults, 404 for missing and foreign sweeps, and a region nobody serves fails no_device at once', async () => {
    // The BR agent is in LATAM but runs no CRAWL_FULL_PAGE: nobody can serve the tries, so the
    // answer names the region and the tries have failed before it is sent, though each could
    // have waited 60 s for a device.
    const created = await api.request('POST', '/crawl/v1/sweep/new', {
      url: 'http://127.0.0.1:9/',
      regions: ['latam'],
      tries_per_region: 2,
      timeout_sec: 60,
    });
    assert.equal(created.status, 201, created.text);
    const s = created.body as Obj;
    assert.deepEqual(Object.keys(s).sort(), [
      'job_ids',
      'regions_without_devices',
      'report_url',
      'sweep_id',
      'total_jobs',
    ]);
    assert.deepEqual(s.regions_without_devices, ['LATAM']);
    assert.equal(s.total_jobs, 2);
    assert.match(
      s.report_url,
      new RegExp(`^${c.url}/crawl/v1/sweep/${s.sweep_id}/report/[A-Za-z0-9_-]{43}$`),
    );

    // The tries are ordinary jobs of the caller.
    const job = (await api.status(s.job_ids[0])).body as Obj;
    assert.equal(job.method, 'CRAWL_FULL_PAGE');
    assert.equal(job.sweep_id, s.sweep_id);
    assert.deepEqual(job.placement, { region: 'LATAM', device_type: 'mobile' });
    assert.equal(job.timeout_sec, 60);
    assert.equal(job.status, 'failed');
    assert.equal(job.error_type, 'no_device');
    assert.equal(
      job.error_message,
      'no connected device in region LATAM runs CRAWL_FULL_PAGE as a mobile device',
    );

    const done = (await api.request('GET', `/crawl/v1/sweep/${s.sweep_id}`)).body as Obj;
    assert.equal(done.status, 'failed', 'over when it is created');
    assert.equal(done.total_jobs, 2);
    assert.equal(done.completed_jobs, 0);
    assert.equal(done.failed_jobs, 2);
    assert.deepEqual(Object.keys(done.results), ['LATAM']);
    assert.equal(done.results.LATAM.status, 'failed');
    for (const e of done.results.LATAM.jobs) {
      assert.equal(e.status, 'failed');
      assert.equal(e.error_type, 'no_device');
      assert.equal(e.country, '');
      assert.equal(e.screenshot, '');
      assert.equal(e.metrics.ttfb, 0);
    }
    assert.equal(done.report_url, s.report_url, 'the report link is handed out again on read');

    // Defaults: NA, EU, APAC × 3 tries, mobile, 60 s.
    const defaults = await api.request('POST', '/crawl/v1/sweep/new', { url: 'https://example.test/' });
    assert.equal(defaults.status, 201);
    assert.equal((defaults.body as Obj).total_jobs, 9);
    assert.deepEqual((defaults.body as Obj).regions_without_devices, ['NA', 'EU', 'APAC']);
    const view = (await api.request('GET', `/crawl/v1/sweep/${(defaults.body as Obj).sweep_id}`)).body as Obj;
    assert.deepEqual(view.regions, ['NA', 'EU', 'APAC']);
    assert.equal(view.device_type, 'mobile');
    assert.equal(view.timeout_sec, 60);
    assert.equal(view.status, 'failed');
    assert.equal(view.results.NA.jobs[0].error_type, 'no_device');
    assert.equal(view.results.NA.jobs[0].country, '');

    const other = new ApiClient(c.url, await c.newKey());
    for (const [client, id] of [
      [other, s.sweep_id],
      [api, '00000000-0000-4000-8000-000000000000'],
      [api, 'not-a-uuid'],
    ] as const) {
      const res = await client.request('GET', `/crawl/v1/sweep/${id}`);
      assert.equal(res.status, 404);
      assert.equal(res.body, NOT_FOUND);
    }
    // The report page opens without a key, but only with the right token.
    const page = await fetch(s.report_url);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.match(await page.text(), /data-region="LATAM"/);
    const wrong = await fetch(s.report_url.replace(/.$/, (ch: string) => (ch === 'A' ? 'B' : 'A')));
    assert.equal(wrong.status, 404);
    assert.equal(await wrong.json(), NOT_FOUND);
  });

  test('GET /crawl/v1/devices: admin keys only; shows location, capabilities, load and version', async () => {
    const res = await api.request('GET', '/crawl/v1/devices');
    assert.equal(res.status, 403);
    assert.equal(res.body, 'forbidden: this endpoint needs an admin API key');
    const admin = new ApiClient(c.url, (await createApiKey(c.coordinator.store, { admin: true })).key);
    const list = await admin.request('GET', '/crawl/v1/devices');
    assert.equal(list.status, 200, list.text);
    const body = list.body as Obj;
    assert.equal(body.connected, 1);
    const d = body.devices.find((x: Obj) => x.device_id === 'sweep-http-only');
    assert.ok(d, list.text);
    assert.equal(d.connected, true);
    assert.deepEqual(d.location, { country: 'BR', region: 'LATAM', city: 'Berlin' });
    assert.equal(d.device_type, 'desktop');
    assert.ok(d.capabilities.methods.includes('GET'));
    assert.equal(d.capabilities.max_concurrent, 4);
    // An agent without a browser extracts from GET jobs only.
    assert.deepEqual(d.capabilities.page_features, { GET: ['extract'] });
    assert.deepEqual(d.load, { running: 0, max_concurrent: 4, ratio: 0 });
    assert.match(d.agent_version, /^\d+\.\d+\.\d+/);
    assert.ok(Date.parse(d.connected_at) <= Date.parse(d.last_seen_at));
    // A device that can run Lighthouse says so, per method: an operator sees who can.
    const lighthouse = await RawAgent.connect(
      c.url,
      'sweep-lighthouse',
      await c.newDevice('sweep-lighthouse'),
      {
        methods: ['GET', 'CRAWL_FULL_PAGE'],
        pageFeatures: ['actions', 'extract', 'har', 'pdf', 'lighthouse'],
      },
    );
    try {
      const all = (await admin.request('GET', '/crawl/v1/devices')).body as Obj;
      const l = all.devices.find((x: Obj) => x.device_id === 'sweep-lighthouse');
      assert.deepEqual(l?.capabilities.page_features, {
        GET: ['extract'],
        CRAWL_FULL_PAGE: ['actions', 'extract', 'har', 'pdf', 'lighthouse'],
      });
    } finally {
      lighthouse.close();
      await lighthouse.closed;
    }
    const offline = await admin.request('GET', '/crawl/v1/devices?connected=false');
    assert.ok((offline.body as Obj).devices.every((x: Obj) => x.connected === false));
    assert.equal((await admin.request('GET', '/crawl/v1/devices?connected=maybe')).status, 400);
    assert.equal((await new ApiClient(c.url, null).request('GET', '/crawl/v1/devices')).status, 401);
  });
});

const pgSkip = await postgresSkip();

describe('a sweep on a shared store', { skip: pgSkip }, () => {
  let pg: FreshPostgres;
  let c: TestCoordinator;
  before(async () => {
    pg = await freshPostgresUrl();
    c = await startTestCoordinator({ flags: ['--store', pg.url] });
  });
  after(async () => {
    await c?.stop();
    await pg?.drop();
  });

  test('names no region and lets the tries wait: other coordinators may hold the devices', async () => {
    const api = new ApiClient(c.url, c.apiKey);
    const created = await api.request('POST', '/crawl/v1/sweep/new', {
      url: 'http://127.0.0.1:9/',
      regions: ['MEA'],
      tries_per_region: 1,
    });
    assert.equal(created.status, 201, created.text);
    const s = created.body as Obj;
    assert.equal('regions_without_devices' in s, false);
    const job = (await api.status(s.job_ids[0])).body as Obj;
    assert.equal(job.status, 'pending');
  });
});

const { browser, skip } = await chromiumNeed();

describe('a sweep end to end with Chromium', { skip, timeout: 230_000 }, () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let sites: FixtureSites;
  let executor: BrowserExecutor;
  const stops: Array<() => Promise<void>> = [];
  // [device id, country, extra flags, device type]: agents state only a country, except the
  // Mexican one, which states region LATAM (the table would say NA).
  const AGENTS: Array<[string, string, string[], string]> = [
    ['na-us', 'US', [], 'mobile'],
    ['na-ca', 'CA', [], 'mobile'],
    ['eu-de', 'DE', [], 'mobile'],
    ['eu-fr', 'FR', [], 'mobile'],
    ['eu-de-desktop', 'DE', [], 'desktop'],
    ['apac-jp', 'JP', [], 'mobile'],
    ['apac-sg', 'SG', [], 'mobile'],
    ['latam-mx', 'MX', ['--region', 'LATAM'], 'mobile'],
  ];

  before(async () => {
    sites = await startFixtureSites();
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    const policy = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] });
    // One Chromium serves every agent here (each agent has its own link, location and slots).
    executor = new BrowserExecutor({
      executablePath: browser!.path,
      policy,
      maxBodyBytes: 5_000_000,
      maxPages: 4,
      settleMs: 200,
      ca: [TLS_CERT],
      log: pino({ enabled: false }),
    });
    const http = new HttpExecutor({ policy, maxBodyBytes: 5_000_000, ca: [TLS_CERT] });
    for (const [id, country, extra, deviceType] of AGENTS) {
      const token = await c.newDevice(id);
      const a = await startTestAgent({
        deviceId: id,
        token,
        coordinators: [c.url],
        country,
        city: `${country} city`,
        deviceType,
        maxConcurrent: 2,
        extra,
        executors: [http, executor],
      });
      stops.push(a.stop);
    }
  });
  after(async () => {
    for (const stop of stops) await stop();
    await executor?.close();
    await c?.stop();
    await sites?.close();
  });

  test('tries run on distinct devices per region; metrics, screenshots and the report page', async (t) => {
    const created = await api.request('POST', '/crawl/v1/sweep/new', {
      url: `${sites.url}/article`,
      regions: ['NA', 'EU', 'APAC', 'LATAM'],
      tries_per_region: 2,
      // The longest a try may take: on a loaded 2-core machine eight pages share one Chromium here
      // while other test files run browsers of their own.
      timeout_sec: 120,
    });
    assert.equal(created.status, 201, created.text);
    const s = created.body as Obj;
    assert.equal(s.total_jobs, 8);
    assert.deepEqual(s.regions_without_devices, [], 'every region has a device');
    const done = await waitSweepDone(api, s.sweep_id, 150_000);
    t.diagnostic(`sweep: ${JSON.stringify(done.results, (k, v) => (k === 'metrics' ? undefined : v))}`);
    assert.equal(done.status, 'completed');
    assert.equal(done.completed_jobs, 8);
    assert.equal(done.failed_jobs, 0);
    assert.deepEqual(Object.keys(done.results), ['NA', 'EU', 'APAC', 'LATAM']);

    const expected: Record<string, string[]> = {
      NA: ['CA', 'US'],
      EU: ['DE', 'FR'],
      APAC: ['JP', 'SG'],
      LATAM: ['MX', 'MX'],
    };
    for (const [region, countries] of Object.entries(expected)) {
      const r = done.results[region] as Obj;
      assert.equal(r.region, region);
      assert.equal(r.status, 'completed');
      assert.deepEqual(r.jobs.map((e: Obj) => e.country).sort(), countries, region);
      const devices = r.jobs.map((e: Obj) => e.device_id);
      if (region !== 'LATAM') assert.equal(new Set(devices).size, 2, `${region}: two distinct devices`);
      assert.ok(!devices.includes('eu-de-desktop'), 'a mobile sweep never runs on a desktop device');
      for (const e of r.jobs as Obj[]) {
        assert.equal(e.status, 'completed');
        assert.equal(e.error_type, '');
        assert.equal(e.data_error, '', `${region} ${e.job_id}: ${e.data_error}`);
        const m = e.metrics;
        for (const k of [
          'cls',
          'dom_content_loaded',
          'fcp',
          'lcp',
          'total_load_time',
          'transfer_size',
          'ttfb',
        ]) {
          assert.equal(typeof m[k], 'number', k);
          assert.ok(m[k] >= 0, `${k} ${m[k]}`);
        }
        assert.ok(m.fcp > 0 && m.lcp >= m.fcp && m.total_load_time > 0, JSON.stringify(m));
        assert.ok(m.transfer_size > 500, JSON.stringify(m));
        assert.equal(m.protocol, 'http/1.1');
        assert.equal(e.screenshot, `${c.url}/crawl/v1/jobs/${e.job_id}/screenshot`);
      }
    }

    // The screenshot link: a PNG for the owner, 401 without a key, 404 for another owner.
    const shotUrl = done.results.EU.jobs[0].screenshot as string;
    const png = await fetch(shotUrl, { headers: { authorization: `Bearer ${c.apiKey}` } });
    assert.equal(png.status, 200);
    assert.equal(png.headers.get('content-type'), 'image/png');
    assert.deepEqual([...new Uint8Array(await png.arrayBuffer()).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    assert.equal((await fetch(shotUrl)).status, 401);
    const other = await fetch(shotUrl, { headers: { authorization: `Bearer ${await c.newKey()}` } });
    assert.equal(other.status, 404);

    // Each try says why its device was chosen.
    const dl = await api.download(done.results.NA.jobs[1].job_id);
    assert.match(
      (dl.metadata as Obj).placement_reason,
      /^matched method=CRAWL_FULL_PAGE, region=NA, device_type=mobile; deciding factor: /,
    );

    // The report page, as a person opens it: headless Chromium, no API key.
    const viewer = await puppeteer.launch({
      executablePath: browser!.path,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    try {
      const page = await viewer.newPage();
      await page.setViewport({ width: 1280, height: 900 });
      const res = await page.goto(s.report_url, { waitUntil: 'load' });
      assert.equal(res?.status(), 200);
      const dom = await page.evaluate(`(() => {
        const rows = [...document.querySelectorAll('tr.region')].map((tr) => ({
          region: tr.dataset.region,
          status: tr.dataset.status,
          tries: [...tr.querySelectorAll('figure.try')].map((f) => ({
            status: f.dataset.status,
            country: f.querySelector('.country')?.textContent,
            ttfb: f.querySelector('[data-metric="ttfb"]')?.textContent,
            fcp: f.querySelector('[data-metric="fcp"]')?.textContent,
            lcp: f.querySelector('[data-metric="lcp"]')?.textContent,
            cls: f.querySelector('[data-metric="cls"]')?.textContent,
            imgLoaded: (() => { const i = f.querySelector('img.thumb'); return !!i && i.complete && i.naturalWidth > 0; })(),
          })),
        }));
        return {
          title: document.title,
          status: document.getElementById('sweep-status')?.textContent,
          rows,
          chartRegions: [...document.querySelectorAll('#region-chart g.region-bars')].map((g) => g.dataset.region),
          chartBars: document.querySelectorAll('#region-chart rect[data-series]').length,
          refresh: !!document.querySelector('meta[http-equiv="refresh"]'),
        };
      })()`);
      const d = dom as Obj;
      assert.equal(d.title, `Sweep report: ${sites.url}/article`);
      assert.equal(d.status, 'completed');
      assert.equal(d.refresh, false);
      assert.deepEqual(
        d.rows.map((r: Obj) => r.region),
        ['NA', 'EU', 'APAC', 'LATAM'],
      );
      assert.deepEqual(d.chartRegions, ['NA', 'EU', 'APAC', 'LATAM']);
      assert.equal(d.chartBars, 12, 'TTFB, FCP and LCP for each of four regions');
      for (const row of d.rows as Obj[]) {
        assert.equal(row.status, 'completed');
        assert.equal(row.tries.length, 2);
        assert.deepEqual(row.tries.map((x: Obj) => x.country).sort(), expected[row.region as string]);
        for (const tr of row.tries as Obj[]) {
          assert.equal(tr.status, 'completed');
          for (const k of ['ttfb', 'fcp', 'lcp']) assert.match(tr[k], /^\d+ ms$/, `${row.region} ${k}`);
          assert.match(tr.cls, /^\d+\.\d{3}$/);
          assert.equal(tr.imgLoaded, true, `${row.region}: thumbnail loads without an API key`);
        }
      }
      mkdirSync(OUTPUT, { recursive: true });
      const file = path.join(OUTPUT, 'sweep-report.png');
      await page.screenshot({ path: file, fullPage: true });
      t.diagnostic(`report page screenshot: ${file}`);
    } finally {
      await viewer.close();
    }
  });
});
