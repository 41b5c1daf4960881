// CRAWL_FULL_PAGE end to end: submit → coordinator → agent with a real Chromium → download content.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BrowserExecutor } from '../../agent/executors/browser/index.js';
import { HttpExecutor } from '../../agent/executors/http.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { type FixtureSites, REFUSED_IMAGE, SPA_TEXT, startFixtureSites } from '../helpers/fixture-sites.js';
import type { Obj } from '../helpers/json.js';
import { chromiumNeed } from '../helpers/needs.js';
import { TLS_CERT } from '../helpers/target-server.js';

const { browser, skip: chromiumSkip } = await chromiumNeed();

describe('full-page jobs end to end', {
  skip: chromiumSkip,
}, () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let sites: FixtureSites;
  let stopAgent: () => Promise<void>;
  before(async () => {
    sites = await startFixtureSites();
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    const policy = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] });
    const token = await c.newDevice('chromium-1');
    stopAgent = (
      await startTestAgent({
        deviceId: 'chromium-1',
        token,
        coordinators: [c.url],
        deviceType: 'mobile',
        executors: [
          new HttpExecutor({ policy, maxBodyBytes: 10_000_000, ca: [TLS_CERT] }),
          new BrowserExecutor({
            executablePath: browser?.path ?? '',
            policy,
            maxBodyBytes: 10_000_000,
            ca: [TLS_CERT],
            networkType: 'wifi',
          }),
        ],
      })
    ).stop;
  });
  after(async () => {
    await stopAgent?.();
    await c?.stop();
    await sites?.close();
  });

  test('a script-rendered page downloads with DOM, screenshot, reader text, metrics and subresources', async () => {
    const { id, job } = await api.run({ url: `${sites.url}/spa`, method: 'CRAWL_FULL_PAGE' }, 60_000);
    assert.equal(job.status, 'completed');
    const dl = (await api.download(id)) as Obj;
    assert.equal(dl.hasFullPage, true);
    assert.ok(dl.fullPage.includes(SPA_TEXT), 'the DOM after scripts ran');
    assert.equal(dl.hasScreenshot, true);
    assert.deepEqual([...Buffer.from(dl.screenshot, 'base64').subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    assert.equal(dl.hasPerformanceMetrics, true);
    const m = dl.performanceMetrics;
    for (const k of ['firstContentfulPaint', 'domContentLoaded', 'totalLoadTime', 'timeToFirstByte']) {
      assert.equal(typeof m[k], 'number', k);
    }
    assert.ok(m.firstContentfulPaint > 0);
    assert.ok(m.largestContentfulPaint >= m.firstContentfulPaint);
    assert.equal(m.viewportWidth < 500, true, 'mobile emulation from the device type');
    assert.ok(m.devicePixelRatio > 1);
    assert.equal(m.networkType, 'wifi');
    assert.equal(dl.mainResult.statusCode, 200);
    assert.equal(dl.metadata.device_id, 'chromium-1');
  });

  test('subresources: a 404 and a refused private address are reported per URL', async () => {
    const { id } = await api.run({ url: `${sites.url}/subresources`, method: 'CRAWL_FULL_PAGE' }, 60_000);
    const dl = (await api.download(id)) as Obj;
    const rr = dl.requestResults as Record<string, Obj>;
    assert.equal(rr[`${sites.url}/missing.png`]?.statusCode, 404);
    assert.equal(rr[REFUSED_IMAGE]?.success, false);
    assert.equal(rr[REFUSED_IMAGE]?.statusCode, 0);
    assert.equal(rr[`${sites.url}/pixel.png`]?.success, true);
    const detail = (await api.detail(id)) as Obj;
    assert.equal(detail.result.success, true);
  });
});
