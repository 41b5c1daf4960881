// Lighthouse on the device's Chromium (docs/actions.md "audits"): four category scores and the key
// audits in the outcome, the report JSON as a part; the audit's tab goes through the job's policy
// proxy. Skipped (with the reason) only when no Chromium is installed.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { BrowserExecutor } from '../../agent/executors/browser/index.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { type FixtureSites, startFixtureSites } from '../helpers/fixture-sites.js';
import { chromiumNeed } from '../helpers/needs.js';

const { browser, skip } = await chromiumNeed();
const log = pino({ enabled: false });

describe('Lighthouse audits', { skip }, () => {
  let sites: FixtureSites;
  let executor: BrowserExecutor;
  before(async () => {
    sites = await startFixtureSites();
    executor = new BrowserExecutor({
      executablePath: browser!.path, // the suite is skipped when no browser was found
      policy: createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] }),
      maxBodyBytes: 10_000_000,
      settleMs: 100,
      lighthouse: true,
      log,
    });
  });
  after(async () => {
    await executor?.close();
    await sites?.close();
  });

  test('four category scores, the key audits and the report', async () => {
    assert.ok(executor.pageFeatures.includes('lighthouse'), 'advertised');
    const out = await executor.execute(
      {
        jobId: randomUUID(),
        attempt: 1,
        method: 'CRAWL_FULL_PAGE',
        url: `${sites.url}/article`,
        timeoutMs: 90_000,
        headers: [],
        body: Buffer.alloc(0),
        cookies: [],
        sessionId: '',
        deviceType: 'desktop',
        page: { audits: ['lighthouse'] },
      },
      { signal: new AbortController().signal, log },
    );
    assert.equal(out.success, true, out.errorMessage);
    const summary = JSON.parse(out.lighthouseJson ?? '{}') as {
      scores: Record<string, number | null>;
      audits: Record<string, { numericValue: number | null }>;
    };
    assert.deepEqual(Object.keys(summary.scores).sort(), [
      'accessibility',
      'best-practices',
      'performance',
      'seo',
    ]);
    for (const [name, score] of Object.entries(summary.scores)) {
      assert.equal(typeof score, 'number', `${name} scored`);
      assert.ok((score as number) >= 0 && (score as number) <= 1);
    }
    assert.equal(typeof summary.audits['first-contentful-paint']?.numericValue, 'number');
    const report = JSON.parse(out.content.lighthouse?.toString() ?? '{}') as { finalDisplayedUrl?: string };
    assert.equal(report.finalDisplayedUrl, `${sites.url}/article`);
    assert.ok(
      sites.requests.filter((p) => p === '/article').length >= 2,
      'the page was loaded again by the audit, through the same proxy',
    );
  });
});
