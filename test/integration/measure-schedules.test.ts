// Recurring measurements on their own (docs/measure.md "Recurring measurements"): a schedule of a
// TCP ping from two lab devices fires every second, each run is a measurement read back through
// /crawl/v1/measure/{id}, its key is charged the measurement's jobs at each firing, the schedule's
// webhook hears each run's measurement.completed, and the schedule is read, paused, resumed and
// deleted under its own path only (a sweep schedule's path does not know it, nor the reverse).
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { ApiClient } from '../helpers/client.js';
import { removeDir, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { startMeasureAgent } from '../helpers/measure-fleet.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const BASE = '/crawl/v1/measure/schedule';
const NOT_FOUND = 'not found: job does not exist or you are not authorized to view it';

describe('measurement schedules', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let hook: WebhookReceiver;
  let target: net.Server;
  let port = 0;
  const stops: Array<() => Promise<void>> = [];
  before(async () => {
    target = net.createServer((s) => s.end());
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    port = (target.address() as net.AddressInfo).port;
    hook = await startWebhookReceiver('accept');
    c = await startTestCoordinator({
      flags: ['--schedule-min-interval', '1s', '--webhook-allow-cidrs', '127.0.0.0/8'],
    });
    api = new ApiClient(c.url, (await createApiKey(c.coordinator.store, { name: 'measure-schedules' })).key);
    // The owner's signing secret, without a default URL: only what names a webhook sends.
    assert.equal((await api.request('PUT', '/crawl/v1/webhooks/default', {})).status, 200);
    for (const id of ['sched-fr-1', 'sched-fr-2'])
      stops.push(await startMeasureAgent(c, { deviceId: id, country: 'FR' }));
  });
  after(async () => {
    for (const stop of stops) await stop();
    await c?.stop();
    if (c) removeDir(c.dataDir);
    await hook?.close();
    target?.close();
  });

  async function waitRuns(id: string, done: (runs: Obj[]) => boolean, what: string): Promise<Obj> {
    const until = Date.now() + 20_000;
    for (;;) {
      const res = await api.request('GET', `${BASE}/${id}?runs=50`);
      assert.equal(res.status, 200, res.text);
      if (done((res.body as Obj).runs as Obj[])) return res.body as Obj;
      if (Date.now() > until) throw new Error(`${what}: ${res.text.slice(0, 1500)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  test('a measurement alone recurs: runs, charges, events, pause, resume, delete', async () => {
    const made = await api.request('POST', BASE, {
      cron: '* * * * * *',
      type: 'ping',
      protocol: 'tcp',
      port,
      packets: 2,
      target: '127.0.0.1',
      locations: [{ country: 'FR', limit: 2 }],
      webhook: { url: hook.url },
    });
    assert.equal(made.status, 201, made.text);
    const s = made.body as Obj;
    assert.equal(s.cron, '* * * * * *');
    assert.equal(s.paused, false);
    assert.equal(typeof s.next_run_at, 'string');
    assert.equal(s.sweep, undefined);
    assert.equal(s.measure.type, 'ping');
    assert.equal(s.measure.target, '127.0.0.1');
    assert.equal(s.measure.options.protocol, 'tcp');
    assert.equal(s.measure.options.port, port);
    assert.deepEqual(s.measure.locations, [{ country: 'FR', limit: 2 }]);
    assert.deepEqual(s.webhook, { url: hook.url, events: ['measurement.completed'] });

    // Two runs, each a finished measurement of both devices.
    const two = await waitRuns(
      s.schedule_id,
      (runs) => runs.filter((r) => r.measurement_status === 'finished').length >= 2,
      'two finished runs',
    );
    const finished = (two.runs as Obj[]).filter((r) => r.measurement_status === 'finished');
    for (const run of finished) {
      assert.equal(run.status, 'submitted');
      const m = await api.request('GET', `/crawl/v1/measure/${run.measurement_id}`);
      assert.equal(m.status, 200, m.text);
      const results = (m.body as Obj).results as Obj[];
      assert.equal(results.length, 2);
      assert.deepEqual(
        new Set(results.map((r) => r.device.device_id)),
        new Set(['sched-fr-1', 'sched-fr-2']),
      );
      assert.ok(
        results.every((r) => r.status === 'completed'),
        m.text,
      );
    }
    assert.notEqual(finished[0]?.measurement_id, finished[1]?.measurement_id);

    // Each firing is charged the measurement's jobs, as POST /crawl/v1/measure/new would be.
    const usage = (await api.request('GET', '/crawl/v1/usage')).body as Obj;
    assert.ok(usage.usage.jobs_today >= 4 && usage.usage.jobs_today % 2 === 0, JSON.stringify(usage));

    // Each run's measurement.completed reaches the schedule's webhook.
    const delivered = await hook.waitFor(2);
    const ids = new Set(finished.map((r) => r.measurement_id));
    const events = delivered.map((d) => JSON.parse(d.body) as Obj);
    assert.ok(
      events.some((e) => e.type === 'measurement.completed' && ids.has(e.data?.measurement?.id)),
      JSON.stringify(events).slice(0, 1500),
    );

    // Its own path only: a sweep schedule's path answers the contract's 404 and lists it not.
    const asSweep = await api.request('GET', `/crawl/v1/sweep/schedule/${s.schedule_id}`);
    assert.equal(asSweep.status, 404);
    assert.equal(asSweep.body, NOT_FOUND);
    const sweeps = (await api.request('GET', '/crawl/v1/sweep/schedule')).body as Obj;
    assert.deepEqual(sweeps.schedules, []);
    const mine = (await api.request('GET', BASE)).body as Obj;
    assert.deepEqual(
      mine.schedules.map((x: Obj) => x.schedule_id),
      [s.schedule_id],
    );

    const paused = await api.request('POST', `${BASE}/${s.schedule_id}/pause`);
    assert.equal(paused.status, 200, paused.text);
    assert.equal((paused.body as Obj).paused, true);
    assert.equal((paused.body as Obj).next_run_at, null);
    const resumed = await api.request('POST', `${BASE}/${s.schedule_id}/resume`);
    assert.equal((resumed.body as Obj).paused, false);
    assert.equal(typeof (resumed.body as Obj).next_run_at, 'string');
    assert.equal((await api.request('DELETE', `/crawl/v1/sweep/schedule/${s.schedule_id}`)).status, 404);
    assert.equal((await api.request('DELETE', `${BASE}/${s.schedule_id}`)).status, 204);
    assert.equal((await api.request('GET', `${BASE}/${s.schedule_id}`)).status, 404);
    // Its measurements stay.
    const kept = await api.request('GET', `/crawl/v1/measure/${finished[0]?.measurement_id}`);
    assert.equal(kept.status, 200);
  });

  test("the body is checked by the measurement's rules and the schedule's", async () => {
    const cases: Array<[Obj, string]> = [
      [{ type: 'ping', target: '127.0.0.1' }, 'invalid request: cron is required'],
      [
        { cron: '* * * * * *', target: '127.0.0.1' },
        'invalid request: type must be one of dns, ping, traceroute, mtr, tls',
      ],
      [
        { cron: '* * * * * *', type: 'ping', target: '127.0.0.1', url: 'https://a.example/' },
        'invalid request: url is not a known field',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api.request('POST', BASE, body);
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body, message);
    }
  });
});
