// Sweeps that learn the network: a sweep with `measure` starts DNS measurements from its regions
// beside its page tries, through real agents (in this process, real WebSocket links, the real
// measurement executor) that each query a lab DNS server from their own loopback address. The server
// answers the EU device with another address, as a resolver that blocks by region does: the sweep,
// its report page and the measurement itself show it. The schedule of such a sweep keeps the list.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiClient } from '../helpers/client.js';
import { startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { type LabDnsServer, startLabDns } from '../helpers/dns-server.js';
import type { Obj } from '../helpers/json.js';
import { startMeasureAgent } from '../helpers/measure-fleet.js';

const BLOCKED = '192.0.2.66';
const SITE = '192.0.2.10';

/** The regions, their device's country and the loopback address it queries from. */
const DEVICES = [
  { region: 'NA', country: 'US', address: '127.0.0.2' },
  { region: 'EU', country: 'DE', address: '127.0.0.3' },
  { region: 'APAC', country: 'JP', address: '127.0.0.4' },
];

describe('sweeps with network measurements', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let dns: LabDnsServer;
  const stops: Array<() => Promise<void>> = [];

  before(async () => {
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    dns = await startLabDns({
      'www.lab.test': [
        { type: 'A', ttl: 300, address: (source) => (source === '127.0.0.3' ? BLOCKED : SITE) },
      ],
    });
    for (const d of DEVICES) {
      stops.push(
        await startMeasureAgent(c, {
          deviceId: `m-${d.region}`,
          country: d.country,
          localAddress: d.address,
        }),
      );
    }
  });
  after(async () => {
    for (const stop of stops) await stop();
    await c?.stop();
    await dns?.close();
  });

  const dnsMeasure = () => ({ type: 'dns', resolver: '127.0.0.1', resolver_port: dns.port });

  test('each region resolves the host; the region answered differently is flagged', async () => {
    const usageBefore = ((await api.request('GET', '/crawl/v1/usage')).body as Obj).usage
      .jobs_today as number;
    const res = await api.request('POST', '/crawl/v1/sweep/new', {
      url: 'http://www.lab.test/shop',
      regions: DEVICES.map((d) => d.region),
      tries_per_region: 1,
      measure: [dnsMeasure()],
    });
    assert.equal(res.status, 201, res.text);
    const created = res.body as Obj;
    let sweep: Obj;
    const until = Date.now() + 30_000;
    for (;;) {
      sweep = (await api.request('GET', `/crawl/v1/sweep/${created.sweep_id}`)).body as Obj;
      if (sweep.network?.dns?.status === 'finished') break;
      assert.ok(Date.now() < until, `measurement not finished: ${JSON.stringify(sweep.network)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const network = sweep.network.dns as Obj;
    assert.deepEqual(network.regions, {
      NA: { devices: 1, answers: [SITE], differs_from_majority: false },
      EU: { devices: 1, answers: [BLOCKED], differs_from_majority: true },
      APAC: { devices: 1, answers: [SITE], differs_from_majority: false },
    });
    // Each device asked from its own address, so the answers are the server's, not the coordinator's.
    assert.deepEqual(
      dns.queries
        .filter((q) => q.name === 'www.lab.test')
        .map((q) => q.source)
        .sort(),
      DEVICES.map((d) => d.address),
    );
    // The page tries (no device here loads full pages) and the measurement's jobs count as jobs.
    const usageAfter = ((await api.request('GET', '/crawl/v1/usage')).body as Obj).usage.jobs_today as number;
    assert.equal(usageAfter - usageBefore, 6);
    // An ordinary measurement: readable on its own, one device per region.
    const m = await api.request('GET', `/crawl/v1/measure/${network.measurement_id}`);
    assert.equal(m.status, 200, m.text);
    const view = m.body as Obj;
    assert.equal(view.target, 'www.lab.test');
    assert.deepEqual(
      (view.results as Obj[]).map((r) => r.device.device_id).sort(),
      DEVICES.map((d) => `m-${d.region}`).sort(),
    );
    // The report page shows the regions' answers and the flag, without an API key.
    const page = await fetch(created.report_url as string);
    const html = await page.text();
    assert.match(html, /Network from each region/);
    assert.match(
      html,
      new RegExp(`<tr data-region="EU"><th>EU</th><td class="dns differs">${BLOCKED.replaceAll('.', '\\.')}`),
    );
    assert.match(
      html,
      new RegExp(`<tr data-region="NA"><th>NA</th><td class="dns">${SITE.replaceAll('.', '\\.')}</td>`),
    );
  });

  test('a sweep without measure has no network field', async () => {
    const res = await api.request('POST', '/crawl/v1/sweep/new', {
      url: 'http://www.lab.test/',
      regions: ['EU'],
      tries_per_region: 1,
    });
    assert.equal(res.status, 201, res.text);
    const sweep = (await api.request('GET', `/crawl/v1/sweep/${(res.body as Obj).sweep_id}`)).body as Obj;
    assert.equal('network' in sweep, false);
  });

  test('bad measure entries are refused with the field named, before anything runs', async () => {
    const cases: Array<[unknown, string, string?]> = [
      [['whois'], 'measure[0] must name a type: one of dns, ping, traceroute, mtr, tls'],
      [[{ type: 'dns', target: 'example.com' }], 'measure[0].target is set by the sweep'],
      [
        [{ type: 'dns', record_type: 'XX' }],
        'measure[0]: record_type must be one of A, AAAA, CNAME, MX, NS, TXT, SOA, CAA',
      ],
      [['dns', 'dns'], 'measure[1]: dns is asked twice'],
      [['dns'], "measure[0]: dns needs the sweep's URL to name a host, not an address", 'http://127.0.0.1/'],
      ['dns', 'measure must be a list of at most 5 measurement types or bodies'],
    ];
    for (const [measure, message, url] of cases) {
      const res = await api.request('POST', '/crawl/v1/sweep/new', {
        url: url ?? 'http://www.lab.test/',
        measure,
      });
      assert.equal(res.status, 400, `${JSON.stringify(measure)}: ${res.text}`);
      assert.equal(res.body, `invalid request: ${message}`);
    }
  });

  test('a schedule keeps the measure list and shows it as written', async () => {
    const res = await api.request('POST', '/crawl/v1/sweep/schedule', {
      url: 'http://www.lab.test/',
      cron: '0 3 * * *',
      paused: true,
      measure: ['traceroute', dnsMeasure()],
    });
    assert.equal(res.status, 201, res.text);
    const got = await api.request('GET', `/crawl/v1/sweep/schedule/${(res.body as Obj).schedule_id}`);
    assert.deepEqual((got.body as Obj).sweep.measure, ['traceroute', dnsMeasure()]);
  });
});
