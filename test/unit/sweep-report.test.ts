// Sweep status aggregation, job entries and the report page's escaping. Pure functions, no I/O.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JobRecord, ResultRecord, SweepRecord } from '../../coordinator/store/records.js';
import { renderReport } from '../../coordinator/sweeps/report-page.js';
import { reportTokenMatches } from '../../coordinator/sweeps/report-token.js';
import { groupStatus, sweepView } from '../../coordinator/sweeps/sweep-view.js';
import { resultRecord } from '../helpers/records.js';

const EDGE = 'https://edge.example';

function job(id: string, over: Partial<JobRecord> = {}): JobRecord {
  return {
    id,
    ownerId: 'o',
    url: 'https://site.example/',
    method: 'CRAWL_FULL_PAGE',
    status: 'pending',
    submittedAt: '',
    submittedAtMs: 0,
    timeoutSec: 60,
    placement: {},
    sessionId: null,
    sweepId: 's',
    storageType: 'local',
    request: { headers: [], bodyBase64: '', cookies: [] },
    attempt: 1,
    deviceId: null,
    queueDeadlineMs: 0,
    completedAt: null,
    failureType: null,
    errorMessage: null,
    archivedAt: null,
    result: null,
    ...over,
  };
}

function result(over: Partial<ResultRecord> = {}): ResultRecord {
  return resultRecord({
    id: 'r',
    createdAt: '',
    deviceId: 'dev-de',
    sizeBytes: 1,
    startedAtMs: 0,
    contentType: 'text/html',
    parts: { screenshot: 100 },
    performance: {
      cumulativeLayoutShift: 0.05,
      domContentLoaded: 120,
      firstContentfulPaint: 150,
      largestContentfulPaint: 300,
      totalLoadTime: 400,
      transferSize: 5000,
      timeToFirstByte: 30,
      protocol: 'h2',
      crashOrTimeoutFlag: false,
    },
    metadata: { device_location: { country: 'DE', region: 'EU', city: 'Berlin' } },
    ...over,
  });
}

const sweep: SweepRecord = {
  id: 's',
  ownerId: 'o',
  url: 'https://site.example/?q=<script>alert(1)</script>',
  regions: ['EU', 'APAC', 'NA'],
  triesPerRegion: 2,
  timeoutSec: 60,
  deviceType: 'mobile',
  createdAt: '2026-01-01T00:00:00.000Z',
  reportToken: 'tok',
  jobs: [
    { jobId: 'eu-1', region: 'EU', tryIndex: 0 },
    { jobId: 'eu-2', region: 'EU', tryIndex: 1 },
    { jobId: 'ap-1', region: 'APAC', tryIndex: 0 },
    { jobId: 'ap-2', region: 'APAC', tryIndex: 1 },
    { jobId: 'na-1', region: 'NA', tryIndex: 0 },
    { jobId: 'na-2', region: 'NA', tryIndex: 1 },
  ],
};

describe('sweep view', () => {
  test('group status: running until all terminal, then completed / partial / failed', () => {
    assert.equal(groupStatus(['completed', 'running']), 'running');
    assert.equal(groupStatus(['pending', 'failed']), 'running');
    assert.equal(groupStatus(['completed', 'completed']), 'completed');
    assert.equal(groupStatus(['completed', 'failed']), 'partial');
    assert.equal(groupStatus(['failed', 'failed']), 'failed');
  });

  test('entries: metrics, country from the result, screenshot link, unsuccessful results as failed', () => {
    const jobs = [
      job('eu-1', { status: 'completed', result: result() }),
      job('eu-2', {
        status: 'completed',
        result: result({
          success: false,
          errorType: 'timeout',
          errorMessage: 'took too long',
          performance: null,
          parts: {},
        }),
      }),
      job('ap-1', { status: 'failed', failureType: 'no_device', errorMessage: 'no device matching the job' }),
      job('ap-2', { status: 'failed', failureType: 'no_device', errorMessage: 'no device matching the job' }),
      job('na-1', { status: 'running', deviceId: 'dev-us' }),
      job('na-2', { status: 'completed', result: result({ performance: null, parts: {} }) }),
    ];
    const v = sweepView(sweep, jobs, {
      edgeUrl: EDGE,
      deviceCountry: (id) => (id === 'dev-us' ? 'US' : undefined),
    });
    assert.equal(v.status, 'running');
    assert.equal(v.total_jobs, 6);
    assert.equal(v.completed_jobs, 2);
    assert.equal(v.failed_jobs, 3);
    assert.deepEqual(Object.keys(v.results), ['EU', 'APAC', 'NA']);
    assert.equal(v.results.EU?.status, 'partial');
    assert.equal(v.results.APAC?.status, 'failed');
    assert.equal(v.results.NA?.status, 'running');
    assert.equal(v.report_url, `${EDGE}/crawl/v1/sweep/s/report/tok`);
    const [ok, bad] = v.results.EU?.jobs ?? [];
    assert.deepEqual(ok, {
      job_id: 'eu-1',
      country: 'DE',
      status: 'completed',
      error_type: '',
      error_message: '',
      data_error: '',
      screenshot: `${EDGE}/crawl/v1/jobs/eu-1/screenshot`,
      metrics: {
        cls: 0.05,
        dom_content_loaded: 120,
        fcp: 150,
        lcp: 300,
        total_load_time: 400,
        transfer_size: 5000,
        ttfb: 30,
        protocol: 'h2',
      },
      device_id: 'dev-de',
      // Stored before try summaries existed: what the result record says, nothing read from bodies.
      final_url: '',
      status_code: 200,
      title: '',
      size_bytes: 1,
      text_fingerprint: null,
      block: null,
    });
    // Two tries answered 200, two failed no_device: no answer is the most common.
    assert.equal(v.divergence.state, 'no_majority');
    assert.equal(v.divergence.compared, 5);
    assert.equal(v.divergence.waiting, 1);
    assert.equal(bad?.status, 'failed');
    assert.equal(bad?.error_type, 'timeout');
    assert.equal(bad?.error_message, 'took too long');
    assert.equal(bad?.screenshot, '');
    assert.match(bad?.data_error ?? '', /^no metrics: the try failed/);
    const failed = v.results.APAC?.jobs[0];
    assert.equal(failed?.error_type, 'no_device');
    assert.equal(failed?.country, '');
    assert.equal(v.results.NA?.jobs[0]?.country, 'US', 'a running try shows its device country');
    assert.equal(v.results.NA?.jobs[0]?.data_error, '');
    assert.equal(
      v.results.NA?.jobs[1]?.data_error,
      'the device reported no performance metrics; no screenshot was taken',
    );
  });

  test('the report page escapes what it prints and shows every region, chart and thumbnail', () => {
    const jobs = sweep.jobs.map((r) =>
      job(r.jobId, {
        status: 'completed',
        result: result({
          metadata: { device_location: { country: '<b>X</b>' } },
          errorMessage: '"><img src=x onerror=alert(1)>',
        }),
      }),
    );
    const v = sweepView(sweep, jobs, { edgeUrl: EDGE });
    const html = renderReport(v, { thumbnail: (id) => `/thumb/${id}?a=1&b=2` });
    assert.doesNotMatch(html, /<script>alert/);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.doesNotMatch(html, /<b>X<\/b>/);
    assert.match(html, /&lt;b&gt;X&lt;\/b&gt;/);
    assert.match(html, /src="\/thumb\/eu-1\?a=1&amp;b=2"/);
    for (const region of ['EU', 'APAC', 'NA']) {
      assert.match(html, new RegExp(`<tr class="region" data-region="${region}" data-status="completed">`));
      assert.match(html, new RegExp(`<g class="region-bars" data-region="${region}">`));
    }
    assert.equal((html.match(/<img class="thumb"/g) ?? []).length, 6);
    assert.doesNotMatch(html, /http-equiv="refresh"/, 'a finished sweep does not reload itself');
    assert.match(html, /<svg id="region-chart"/);
  });

  test('the report page lists each divergence, escaped, and the block verdict on the try', () => {
    const summary = (over: Partial<NonNullable<ResultRecord['summary']>>) => ({
      finalUrl: 'https://site.example/',
      statusCode: 200,
      title: 'Shop',
      sizeBytes: 10,
      textFingerprint: null,
      block: null,
      ...over,
    });
    const summaries = [
      summary({}),
      summary({}),
      summary({
        statusCode: 403,
        title: '<i>Blocked</i>',
        block: { kind: 'cdn_block', rule: 'cloudflare-block' },
      }),
      summary({ finalUrl: 'https://site.example/jp/?a=<x>' }),
      summary({}),
      summary({}),
    ];
    const jobs = sweep.jobs.map((r, i) =>
      job(r.jobId, { status: 'completed', result: result({ summary: summaries[i] }) }),
    );
    const v = sweepView(sweep, jobs, { edgeUrl: EDGE });
    assert.equal(v.divergence.state, 'differ');
    const html = renderReport(v, { thumbnail: (id) => `/thumb/${id}` });
    assert.match(html, /<div class="card divergence differ" id="divergence" data-state="differ">/);
    assert.match(html, /<strong id="majority-answer">200<\/strong> on 4 of 6 finished tries/);
    assert.match(
      html,
      /<li data-group="APAC" data-kind="status"><span class="kind status">status<\/span><span class="message">APAC: 403, blocked by a CDN or firewall \(cloudflare-block\) \(1 of 2 tries\)<\/span><\/li>/,
    );
    assert.match(html, /APAC: redirected to \/jp\/\?a=%3Cx%3E \(1 of 2 tries\)/);
    assert.match(
      html,
      /HTTP 403 · <span class="blocked">cdn_block: cloudflare-block<\/span> · &lt;i&gt;Blocked&lt;\/i&gt;/,
    );
    assert.doesNotMatch(html, /<i>Blocked<\/i>/);
  });

  test('report tokens compare in constant time and only when equal', () => {
    assert.equal(reportTokenMatches('abc', 'abc'), true);
    assert.equal(reportTokenMatches('abc', 'abd'), false);
    assert.equal(reportTokenMatches('abc', 'abcd'), false);
    assert.equal(reportTokenMatches('abc', ''), false);
  });
});
