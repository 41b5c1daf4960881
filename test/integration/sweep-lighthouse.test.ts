// Lighthouse in sweeps: `audits: ["lighthouse"]` runs Lighthouse on every try, on devices that
// advertise it (a real agent with the real browser executor here), and the sweep shows each try's
// category scores and per region their medians, as does its report page. A region whose only
// full-page device does not run Lighthouse (a peer written in the test) is named without a device.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { BrowserExecutor } from '../../agent/executors/browser/index.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { type FixtureSites, startFixtureSites } from '../helpers/fixture-sites.js';
import type { Obj } from '../helpers/json.js';
import { chromiumNeed } from '../helpers/needs.js';
import { RawAgent } from '../helpers/raw-agent.js';

const { browser, skip } = await chromiumNeed();
const CATEGORIES = ['accessibility', 'best-practices', 'performance', 'seo'];

describe('sweeps with Lighthouse', { skip }, () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let sites: FixtureSites;
  let plain: RawAgent;
  let stopAgent: () => Promise<void>;
  before(async () => {
    sites = await startFixtureSites();
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    const policy = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] });
    const agent = await startTestAgent({
      deviceId: 'lh-eu',
      token: await c.newDevice('lh-eu'),
      coordinators: [c.url],
      country: 'DE',
      deviceType: 'desktop',
      executors: [
        new BrowserExecutor({
          executablePath: browser?.path ?? '', // the suite is skipped when no browser was found
          policy,
          maxBodyBytes: 10_000_000,
          settleMs: 100,
          lighthouse: true,
          log: pino({ level: process.env.LH_LOG ?? 'silent' }),
        }),
      ],
    });
    stopAgent = agent.stop;
    // A full-page desktop device in North America that does not run Lighthouse.
    plain = await RawAgent.connect(c.url, 'plain-na', await c.newDevice('plain-na'), {
      methods: ['CRAWL_FULL_PAGE'],
      country: 'US',
      deviceType: 'desktop',
    });
  });
  after(async () => {
    plain?.close();
    await stopAgent?.();
    await c?.stop();
    await sites?.close();
  });

  test('each try has its scores, each region their medians, the report a Lighthouse line', async () => {
    const res = await api.request('POST', '/crawl/v1/sweep/new', {
      url: `${sites.url}/article`,
      regions: ['EU', 'NA'],
      tries_per_region: 1,
      timeout_sec: 90,
      device_type: 'desktop',
      audits: ['lighthouse'],
    });
    assert.equal(res.status, 201, res.text);
    const created = res.body as Obj;
    assert.deepEqual(created.regions_without_devices, ['NA']);
    let sweep: Obj;
    for (;;) {
      sweep = (await api.request('GET', `/crawl/v1/sweep/${created.sweep_id}`)).body as Obj;
      if (sweep.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const eu = sweep.results.EU as Obj;
    const entry = eu.jobs[0] as Obj;
    assert.equal(entry.status, 'completed', JSON.stringify(entry));
    assert.deepEqual(Object.keys(entry.lighthouse).sort(), CATEGORIES);
    for (const c of CATEGORIES) assert.ok(entry.lighthouse[c] >= 0 && entry.lighthouse[c] <= 1, c);
    // One try: its scores are the region's medians.
    assert.deepEqual(eu.lighthouse, entry.lighthouse);
    const na = sweep.results.NA as Obj;
    assert.match(na.jobs[0].error_message, /runs CRAWL_FULL_PAGE with Lighthouse as a desktop device/);
    assert.equal('lighthouse' in na, false);
    const html = await (await fetch(created.report_url as string)).text();
    const line = html.match(/<div class="lighthouse" data-lighthouse>([^<]*)<\/div>/);
    assert.ok(line, 'the report shows the region’s Lighthouse scores');
    assert.match(line[1] ?? '', new RegExp(`performance ${Math.round(entry.lighthouse.performance * 100)}`));
  });

  test('audits other than lighthouse are refused', async () => {
    const res = await api.request('POST', '/crawl/v1/sweep/new', {
      url: `${sites.url}/article`,
      audits: ['axe'],
    });
    assert.equal(res.status, 400);
    assert.equal(res.body, 'invalid request: audits must be a list of lighthouse');
  });
});
