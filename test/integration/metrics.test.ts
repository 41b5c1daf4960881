// /metrics scraped and parsed while real jobs run through a real agent: job counters by method and
// outcome, latency histograms, device gauges by region, link frames and bytes, store latency; the
// admin key in front of it, and the separate listener that needs none.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { ApiClient } from '../helpers/client.js';
import { removeDir, startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { GatedStorage } from '../helpers/gated-storage.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format, enough of it for these metrics (no escaped quotes in values). */
function parseMetrics(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    assert.ok(m, `not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)) labels[l[1] as string] = l[2] as string;
    out.push({ name: m[1] as string, labels, value: Number(m[3]) });
  }
  return out;
}

/** Sum of the samples named `name` whose labels include `labels`. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((a, s) => a + s.value, 0);
}

describe('coordinator metrics', () => {
  let c: TestCoordinator;
  let target: TargetServer;
  let agent: { stop(): Promise<void> };
  let adminKey: string;

  const scrape = async (key = adminKey): Promise<Sample[]> => {
    const res = await fetch(`${c.url}/metrics`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return parseMetrics(await res.text());
  };

  before(async () => {
    c = await startTestCoordinator();
    target = await startTargetServer();
    adminKey = (await createApiKey(c.coordinator.store, { admin: true })).key;
    agent = await startTestAgent({
      deviceId: 'metrics-de',
      token: await c.newDevice('metrics-de'),
      coordinators: [c.url],
      country: 'DE',
      maxConcurrent: 2,
    });
  });
  after(async () => {
    await agent.stop();
    await c.stop();
    await target.close();
    removeDir(c.dataDir);
  });

  test('needs an admin key on the API port', async () => {
    assert.equal((await fetch(`${c.url}/metrics`)).status, 401);
    const plain = await fetch(`${c.url}/metrics`, { headers: { authorization: `Bearer ${c.apiKey}` } });
    assert.equal(plain.status, 403);
    assert.equal(await plain.json(), 'forbidden: this endpoint needs an admin API key');
  });

  test('counters, histograms and gauges move with real jobs through a real agent', async () => {
    const before = await scrape();
    assert.equal(
      total(before, 'crawl_devices_connected', { region: 'EU', method: 'GET', device_type: 'desktop' }),
      1,
    );
    assert.equal(total(before, 'crawl_devices_available', { region: 'EU', method: 'GET' }), 1);
    assert.equal(total(before, 'crawl_devices_quarantined'), 0);
    assert.ok(total(before, 'process_cpu_user_seconds_total') > 0);
    assert.equal(total(before, 'crawl_webhook_outbox_depth'), 0);

    const api = new ApiClient(c.url, c.apiKey);
    for (let i = 0; i < 3; i++) {
      const { job } = await api.run({ url: `${target.httpUrl}/echo?m=${i}` });
      assert.equal(job.status, 'completed');
    }
    // A job no device can take: it fails no_device when its queue wait ends.
    const stuck = await api.submit({
      url: `${target.httpUrl}/echo`,
      timeout_sec: 1,
      placement: { region: 'APAC' },
    });
    assert.equal(stuck.status, 201);
    const mid = await scrape();
    assert.equal(total(mid, 'crawl_queue_depth', { method: 'GET', region: 'APAC' }), 1);
    const failed = await api.waitTerminal((stuck.body as { job_id: string }).job_id, 10_000);
    assert.equal(failed.status, 'failed');

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      total(after, name, labels) - total(before, name, labels);
    assert.equal(moved('crawl_jobs_submitted_total', { method: 'GET' }), 4);
    assert.equal(moved('crawl_jobs_completed_total', { method: 'GET', error_type: 'none' }), 3);
    assert.equal(moved('crawl_jobs_failed_total', { method: 'GET', failure_type: 'no_device' }), 1);
    assert.equal(moved('crawl_job_assign_seconds_count', { method: 'GET' }), 3);
    assert.equal(moved('crawl_job_complete_seconds_count', { method: 'GET' }), 3);
    assert.ok(total(after, 'crawl_job_complete_seconds_sum', { method: 'GET' }) > 0);
    assert.equal(total(after, 'crawl_queue_depth'), 0);
    // Assign, ack per job out; results in.
    assert.ok(moved('crawl_link_frames_total', { direction: 'out' }) >= 6);
    assert.ok(moved('crawl_link_frames_total', { direction: 'in' }) >= 3);
    assert.ok(moved('crawl_link_bytes_total', { direction: 'in' }) > 100);
    assert.ok(moved('crawl_store_operation_seconds_count', { op: 'insertJob', outcome: 'ok' }) >= 4);
    assert.ok(moved('crawl_store_operation_seconds_count', { op: 'completeJob', outcome: 'ok' }) >= 3);
    assert.equal(total(after, 'crawl_storage_errors_total'), 0);
    // Bounded labels: no job or owner ids anywhere.
    const ids = after.filter((s) => Object.values(s.labels).some((v) => /[0-9a-f]{8}-[0-9a-f]{4}-/.test(v)));
    assert.deepEqual(ids, []);
  });
});

describe('metrics on a listener of their own', () => {
  let c: TestCoordinator;
  before(async () => {
    c = await startTestCoordinator({ flags: ['--metrics-listen', '127.0.0.1:0'] });
  });
  after(async () => {
    await c.stop();
    removeDir(c.dataDir);
  });

  test('serves /metrics without a key there, and not on the API port', async () => {
    const url = c.coordinator.metricsUrl;
    assert.ok(url);
    const res = await fetch(`${url}/metrics`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /^# HELP crawl_jobs_submitted_total/m);
    assert.equal((await fetch(`${url}/other`)).status, 404);
    assert.equal(
      (await fetch(`${c.url}/metrics`, { headers: { authorization: `Bearer ${c.apiKey}` } })).status,
      404,
    );
  });
});

describe('storage errors in metrics', () => {
  let c: TestCoordinator;
  let target: TargetServer;
  let agent: { stop(): Promise<void> };
  let gated: GatedStorage | null = null;
  before(async () => {
    c = await startTestCoordinator({
      overrides: {
        wrapStorage: (s) => {
          gated = new GatedStorage(s);
          return gated;
        },
      },
    });
    target = await startTargetServer();
    agent = await startTestAgent({
      deviceId: 'metrics-store',
      token: await c.newDevice('metrics-store'),
      coordinators: [c.url],
    });
  });
  after(async () => {
    await agent.stop();
    await c.stop();
    await target.close();
    removeDir(c.dataDir);
  });

  test('a failing content storage moves crawl_storage_errors_total', async () => {
    assert.ok(gated);
    const storage = gated as GatedStorage;
    storage.failing = true;
    const admin = (await createApiKey(c.coordinator.store, { admin: true })).key;
    const attempted = storage.nextAttempt();
    const res = await new ApiClient(c.url, c.apiKey).submit({ url: `${target.httpUrl}/echo` });
    assert.equal(res.status, 201);
    await attempted;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const text = await (
        await fetch(`${c.url}/metrics`, { headers: { authorization: `Bearer ${admin}` } })
      ).text();
      const n = total(parseMetrics(text), 'crawl_storage_errors_total', { storage: 'local', op: 'put' });
      if (n >= 1) break;
      assert.ok(Date.now() < deadline, 'storage error never counted');
      await storage.nextAttempt();
    }
    storage.failing = false;
  });
});
