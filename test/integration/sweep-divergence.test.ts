// Cross-region divergence end to end: a local target answers by the address a request comes from,
// and five real agent processes in five regions, each bound to its own loopback address
// (--local-address 127.0.0.2 … 127.0.0.6), load it in Chromium as one sweep. The Sweep names each
// divergence (a legal block, a redirect, different content) and the report page, opened in headless
// Chromium without an API key, shows them; its screenshot lands in test-output/. The coordinator
// is then restarted on the same data: the divergence is the same without any body being read again.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import puppeteer from 'puppeteer-core';
import { ApiClient } from '../helpers/client.js';
import {
  type AgentProcess,
  ROOT,
  spawnAgent,
  startTestCoordinator,
  type TestCoordinator,
} from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { chromiumNeed } from '../helpers/needs.js';

const OUTPUT = path.join(ROOT, 'test-output');
const { browser, skip } = await chromiumNeed();

const ARTICLE = `Our shop sells hand made tea cups and saucers, shipped worldwide within three days of your
order. Every cup is thrown on the wheel in our workshop by the river, glazed in small batches and fired
twice. Returns are free for thirty days and a friendly team answers every question about glazes.`;
const OTHER = `This regional storefront lists a partner catalogue of kitchen knives, cast iron pans,
wooden cutting boards and spice grinders sold by a local distributor with its own prices, delivery
terms and opening hours for the showroom near the central station.`;

const html = (title: string, text: string, lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head>
<body><nav>Home · Cups · About</nav><main><article><h1>${title}</h1><p>${text}</p></article></main></body></html>`;

/** The regions, their agents' source addresses and what the target answers each of them. */
const AGENTS: Array<{ region: string; country: string; address: string }> = [
  { region: 'NA', country: 'US', address: '127.0.0.2' }, // the page
  { region: 'EU', country: 'DE', address: '127.0.0.3' }, // 451
  { region: 'APAC', country: 'JP', address: '127.0.0.4' }, // 302 to /jp/
  { region: 'LATAM', country: 'BR', address: '127.0.0.5' }, // another text
  { region: 'MEA', country: 'AE', address: '127.0.0.6' }, // the page
];

/** Polls the sweep as a client does, until it is no longer running. */
async function waitSweepDone(api: ApiClient, id: string, timeoutMs = 240_000): Promise<Obj> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.request('GET', `/crawl/v1/sweep/${id}`);
    assert.equal(res.status, 200, res.text);
    const body = res.body as Obj;
    if (body.status !== 'running') return body;
    if (Date.now() > until) throw new Error(`sweep ${id} still running after ${timeoutMs} ms: ${res.text}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('sweep divergence by source address', { skip, timeout: 420_000 }, () => {
  let c: TestCoordinator;
  let target: http.Server;
  let base = '';
  /** Source addresses that asked for the swept page. */
  const askedBy = new Set<string>();
  const agents: AgentProcess[] = [];

  before(async () => {
    target = http.createServer((req, res) => {
      const from = req.socket.remoteAddress ?? '';
      const url = new URL(req.url ?? '/', 'http://target');
      if (url.pathname === '/favicon.ico') {
        res.writeHead(404).end();
        return;
      }
      if (url.pathname === '/') askedBy.add(from);
      const page = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
        res.end(body);
      };
      if (from === '127.0.0.3') {
        page(451, html('Unavailable For Legal Reasons', 'This shop is not available in your country.'));
      } else if (from === '127.0.0.4' && url.pathname === '/') {
        res.writeHead(302, { location: '/jp/' }).end();
      } else if (url.pathname === '/jp/') {
        page(200, html('Tea cups (Japan)', ARTICLE, 'ja'));
      } else if (from === '127.0.0.5') {
        page(200, html('Tea cups', OTHER));
      } else {
        page(200, html('Tea cups', ARTICLE));
      }
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

    c = await startTestCoordinator();
    await Promise.all(
      AGENTS.map(async ({ region, country, address }) => {
        const id = `div-${region.toLowerCase()}`;
        const agent = spawnAgent({
          deviceId: id,
          token: await c.newDevice(id),
          coordinators: [c.url],
          country,
          city: `${country} city`,
          maxConcurrent: 1,
          logLevel: 'info',
          extra: ['--local-address', address, '--browser', browser!.path, '--browser-pages', '1'],
        });
        agents.push(agent);
        await agent.waitForLog((l) => l.msg === 'linked to coordinator');
      }),
    );
  });
  after(async () => {
    await Promise.all(
      agents.map(async (a) => {
        a.child.kill('SIGTERM');
        await a.exited;
      }),
    );
    await c?.stop();
    target?.closeAllConnections();
    await new Promise((r) => target?.close(r));
  });

  test('the sweep names each divergence and the report page shows it; both survive a restart', async (t) => {
    const api = new ApiClient(c.url, c.apiKey);
    const created = await api.request('POST', '/crawl/v1/sweep/new', {
      url: `${base}/`,
      regions: AGENTS.map((a) => a.region),
      tries_per_region: 1,
      // The longest allowed: five Chromium processes share a small machine in this test.
      timeout_sec: 120,
      device_type: 'desktop',
    });
    assert.equal(created.status, 201, created.text);
    const s = created.body as Obj;
    const done = await waitSweepDone(api, s.sweep_id);
    t.diagnostic(`divergence: ${JSON.stringify(done.divergence)}`);
    assert.equal(done.status, 'completed', JSON.stringify(done.results));
    assert.deepEqual(
      [...askedBy].sort(),
      AGENTS.map((a) => a.address),
      'each agent asked from its own address',
    );

    // Per try: what it answered.
    const entry = (region: string) => (done.results[region] as Obj).jobs[0] as Obj;
    assert.equal(entry('NA').status_code, 200);
    assert.equal(entry('NA').final_url, `${base}/`);
    assert.equal(entry('NA').title, 'Tea cups');
    assert.equal(entry('NA').block, null);
    assert.match(entry('NA').text_fingerprint, /^[0-9a-f]{16}$/);
    assert.ok(entry('NA').size_bytes > 0);
    assert.equal(
      entry('MEA').text_fingerprint,
      entry('NA').text_fingerprint,
      'the same text, the same print',
    );
    assert.equal(entry('EU').status_code, 451);
    assert.deepEqual(entry('EU').block, { kind: 'legal', rule: 'http-451' });
    assert.equal(entry('EU').title, 'Unavailable For Legal Reasons');
    assert.equal(entry('APAC').final_url, `${base}/jp/`);
    assert.equal(entry('APAC').title, 'Tea cups (Japan)');
    assert.notEqual(entry('LATAM').text_fingerprint, entry('NA').text_fingerprint);

    // The divergence: the majority (NA, LATAM and MEA got 200 at /), then each region that differs.
    const d = done.divergence as Obj;
    assert.equal(d.state, 'differ');
    assert.equal(d.compared, 5);
    assert.equal(d.waiting, 0);
    assert.deepEqual(d.majority, {
      tries: 3,
      failed: false,
      error_type: '',
      status_code: 200,
      final_url: `${base}/`,
      block: null,
    });
    const diffs = d.differences as Obj[];
    assert.deepEqual(
      diffs.map((x) => [x.group, x.kind]),
      [
        ['EU', 'status'],
        ['APAC', 'redirect'],
        ['LATAM', 'content'],
      ],
    );
    const [eu, apac, latam] = diffs as [Obj, Obj, Obj];
    assert.equal(eu.message, 'EU: 451, blocked for legal reasons (http-451)');
    assert.deepEqual(eu.job_ids, [entry('EU').job_id]);
    assert.equal(apac.message, 'APAC: redirected to /jp/');
    assert.ok(latam.similarity < 0.85, `similarity ${latam.similarity}`);
    assert.equal(latam.message, `LATAM: different content, similarity ${latam.similarity.toFixed(2)}`);
    assert.equal(
      d.summary,
      `3 of 5 finished tries differ from the majority (200): ${diffs.map((x) => x.message).join('; ')}.`,
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
      const dom = (await page.evaluate(`(() => {
        const box = document.getElementById('divergence');
        return {
          state: box?.dataset.state,
          verdict: box?.querySelector('.verdict')?.textContent,
          majority: document.getElementById('majority-answer')?.textContent,
          lines: [...document.querySelectorAll('#divergence li')].map((li) => [li.dataset.group, li.dataset.kind, li.querySelector('.message')?.textContent]),
          answers: [...document.querySelectorAll('tr.region')].map((tr) => [tr.dataset.region, tr.querySelector('.answer')?.textContent]),
        };
      })()`)) as Obj;
      assert.equal(dom.state, 'differ');
      assert.equal(dom.verdict, '3 differences from the most common answer.');
      assert.equal(dom.majority, '200');
      assert.deepEqual(
        dom.lines,
        diffs.map((x) => [x.group, x.kind, x.message]),
      );
      assert.deepEqual(dom.answers, [
        ['NA', 'HTTP 200 · Tea cups'],
        ['EU', 'HTTP 451 · legal: http-451 · Unavailable For Legal Reasons'],
        ['APAC', 'HTTP 200 · Tea cups (Japan)'],
        ['LATAM', 'HTTP 200 · Tea cups'],
        ['MEA', 'HTTP 200 · Tea cups'],
      ]);
      mkdirSync(OUTPUT, { recursive: true });
      const file = path.join(OUTPUT, 'sweep-divergence.png');
      await page.screenshot({ path: file, fullPage: true });
      t.diagnostic(`report page screenshot: ${file}`);
    } finally {
      await viewer.close();
    }

    // A restart: the summaries were stored with the results, so the answer is the same.
    const dataDir = c.dataDir;
    const apiKey = c.apiKey;
    await c.stop();
    c = await startTestCoordinator({ dataDir, apiKey });
    const again = await new ApiClient(c.url, apiKey).request('GET', `/crawl/v1/sweep/${s.sweep_id}`);
    assert.equal(again.status, 200, again.text);
    assert.deepEqual((again.body as Obj).divergence, done.divergence);
  });
});
