// The fleet dashboard as a person uses it: headless Chromium signs in with an admin key through
// the form, the page fills itself from data.json (devices of agents in four countries, a busy one,
// jobs finished and failed, a sweep with its report link), and a screenshot is saved to
// test-output/dashboard.png. The key handling (cookie flags, ?key= exchange, refusals) is checked
// at the HTTP level too.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import puppeteer from 'puppeteer-core';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { ApiClient } from '../helpers/client.js';
import {
  ROOT,
  removeDir,
  startTestAgent,
  startTestCoordinator,
  type TestCoordinator,
} from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { chromiumNeed } from '../helpers/needs.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

const { browser: chromium, skip: chromiumSkip } = await chromiumNeed();
const OUTPUT = path.join(ROOT, 'test-output');

describe('fleet dashboard', () => {
  let c: TestCoordinator;
  let target: TargetServer;
  let adminKey: string;
  let sweepReport: string;
  const agents: Array<{ stop(): Promise<void> }> = [];

  before(async () => {
    c = await startTestCoordinator();
    target = await startTargetServer();
    adminKey = (await createApiKey(c.coordinator.store, { admin: true, name: 'ops' })).key;
    const fleet: Array<[string, string, number]> = [
      ['dash-de-1', 'DE', 4],
      ['dash-de-2', 'DE', 4],
      ['dash-fr', 'FR', 2],
      ['dash-us', 'US', 4],
      ['dash-jp', 'JP', 1],
    ];
    for (const [id, country, maxConcurrent] of fleet) {
      agents.push(
        await startTestAgent({
          deviceId: id,
          token: await c.newDevice(id),
          coordinators: [c.url],
          country,
          maxConcurrent,
        }),
      );
    }
    const api = new ApiClient(c.url, c.apiKey);
    for (let i = 0; i < 4; i++) {
      const { job } = await api.run({ url: `${target.httpUrl}/echo?d=${i}` });
      assert.equal(job.status, 'completed');
    }
    // Fails no_device after its 1 s wait: an error type for the last hour.
    const { job: lost } = await api.run({
      url: `${target.httpUrl}/echo`,
      timeout_sec: 1,
      placement: { country: 'BR' },
    });
    assert.equal(lost.status, 'failed');
    // Keeps the only JP slot busy while the page is looked at.
    const hold = await api.submit({
      url: `${target.httpUrl}/slow?ms=-1`,
      timeout_sec: 60,
      placement: { country: 'JP' },
    });
    assert.equal(hold.status, 201);
    const holdId = (hold.body as Obj).job_id as string;
    const deadline = Date.now() + 10_000;
    while (((await api.status(holdId)).body as Obj).status !== 'running') {
      assert.ok(Date.now() < deadline, 'the JP job never started');
      await new Promise((r) => setTimeout(r, 20));
    }
    const sweep = await api.request('POST', '/crawl/v1/sweep/new', {
      url: `${target.httpUrl}/article`,
      regions: ['EU', 'NA'],
      tries_per_region: 1,
    });
    assert.equal(sweep.status, 201);
    sweepReport = (sweep.body as Obj).report_url;
  });
  after(async () => {
    for (const a of agents) await a.stop();
    await c.stop();
    await target.close();
    removeDir(c.dataDir);
  });

  test('data.json needs an admin key; the form and ?key= set an HttpOnly SameSite=Strict cookie', async () => {
    assert.equal((await fetch(`${c.url}/dashboard/data.json`)).status, 401);
    const plain = await fetch(`${c.url}/dashboard/data.json`, {
      headers: { authorization: `Bearer ${c.apiKey}` },
    });
    assert.equal(plain.status, 403);
    assert.equal(await plain.json(), 'forbidden: this endpoint needs an admin API key');
    const bad = await fetch(`${c.url}/dashboard/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: c.apiKey }).toString(),
      redirect: 'manual',
    });
    assert.equal(bad.status, 401);
    assert.match(await bad.text(), /That is not an active admin API key\./);
    assert.equal(bad.headers.get('set-cookie'), null);

    const good = await fetch(`${c.url}/dashboard/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: adminKey }).toString(),
      redirect: 'manual',
    });
    assert.equal(good.status, 303);
    assert.equal(good.headers.get('location'), '/dashboard');
    const cookie = good.headers.get('set-cookie') ?? '';
    assert.match(
      cookie,
      /^crawl_dashboard=[^;]+; Path=\/dashboard; Max-Age=43200; HttpOnly; SameSite=Strict$/,
    );
    const data = await fetch(`${c.url}/dashboard/data.json`, {
      headers: { cookie: cookie.split(';')[0] as string },
    });
    assert.equal(data.status, 200);
    const view = (await data.json()) as Obj;
    assert.equal(view.totals.devices, 5);

    const link = await fetch(`${c.url}/dashboard?key=${encodeURIComponent(adminKey)}`, {
      redirect: 'manual',
    });
    assert.equal(link.status, 303);
    assert.equal(link.headers.get('location'), '/dashboard');
    assert.match(link.headers.get('set-cookie') ?? '', /HttpOnly; SameSite=Strict/);
    const wrong = await fetch(`${c.url}/dashboard?key=nope`, { redirect: 'manual' });
    assert.equal(wrong.status, 401);
    // Without a cookie the page is the login form; assets are served from the repository.
    const page = await fetch(`${c.url}/dashboard`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<form method="post" action="\/dashboard\/login">/);
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    const js = await fetch(`${c.url}/dashboard/assets/dashboard.js`);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal((await fetch(`${c.url}/dashboard/assets/nope.js`)).status, 404);
  });

  test('in headless Chromium: sign in, the page fills itself, screenshot saved', {
    skip: chromiumSkip,
  }, async (t) => {
    const browser = await puppeteer.launch({
      executablePath: chromium?.path ?? '', // the test is skipped when none was found
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(String(e)));
      await page.setViewport({ width: 1440, height: 900 });
      const first = await page.goto(`${c.url}/dashboard`, { waitUntil: 'load' });
      assert.equal(first?.status(), 200);
      await page.type('#key', adminKey);
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type="submit"]')]);
      assert.equal(page.url(), `${c.url}/dashboard`);
      const [cookie] = await browser.cookies();
      assert.equal(cookie?.name, 'crawl_dashboard');
      assert.equal(cookie?.httpOnly, true);
      assert.equal(cookie?.sameSite, 'Strict');
      assert.equal(await page.evaluate('document.cookie'), '', 'the key is out of reach of scripts');
      await page.waitForSelector('body[data-loaded="true"]', { timeout: 10_000 });

      const dom = (await page.evaluate(`(() => {
        const rows = (id) => [...document.querySelectorAll('#' + id + ' tbody tr')].map((tr) =>
          [...tr.children].map((td) => td.textContent));
        return {
          totals: Object.fromEntries([...document.querySelectorAll('[data-total]')].map((n) => [n.dataset.total, n.textContent])),
          regions: rows('regions'),
          countries: rows('countries'),
          chartRegions: [...document.querySelectorAll('#region-chart g.region-bars')].map((g) => g.dataset.region),
          busyBars: [...document.querySelectorAll('#region-chart rect[data-state="busy"]')].map((r) => r.parentNode.dataset.region),
          throughputBars: document.querySelectorAll('#throughput-chart rect.completed').length,
          failedBars: document.querySelectorAll('#throughput-chart rect.failed').length,
          errors: rows('errors').map((r) => [r[0], r[1]]),
          sweepLinks: [...document.querySelectorAll('#sweeps a')].map((a) => a.href),
          jps: document.getElementById('jps').textContent,
        };
      })()`)) as Obj;
      assert.deepEqual(dom.totals, { devices: '5', available: '4', busy: '1', quarantined: '0' });
      assert.deepEqual(dom.regions, [
        ['EU', '3', '3', '0', '0', '0'],
        ['APAC', '1', '0', '1', '0', '0'],
        ['NA', '1', '1', '0', '0', '0'],
      ]);
      assert.deepEqual(dom.countries, [
        ['DE', 'EU', '2', '2', '0', '0'],
        ['FR', 'EU', '1', '1', '0', '0'],
        ['JP', 'APAC', '1', '0', '1', '0'],
        ['US', 'NA', '1', '1', '0', '0'],
      ]);
      assert.deepEqual(dom.chartRegions, ['EU', 'APAC', 'NA']);
      assert.deepEqual(dom.busyBars, ['APAC']);
      assert.ok(dom.throughputBars >= 1);
      assert.ok(dom.failedBars >= 1);
      // The BR job, and both tries of the sweep: no device here runs CRAWL_FULL_PAGE, so they
      // failed when the sweep was created.
      assert.deepEqual(dom.errors, [['no_device', '3']]);
      assert.deepEqual(dom.sweepLinks, [sweepReport]);
      assert.match(dom.jps, /^\d+\.\d\d$/);
      assert.deepEqual(problems, []);

      mkdirSync(OUTPUT, { recursive: true });
      const file = path.join(OUTPUT, 'dashboard.png');
      await page.screenshot({ path: file, fullPage: true });
      t.diagnostic(`dashboard screenshot: ${file}`);

      // Signing out drops the cookie; the data is then refused.
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('header button')]);
      assert.deepEqual(await browser.cookies(), []);
    } finally {
      await browser.close();
    }
  });
});
