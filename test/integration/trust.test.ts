// A lying device, caught: a real agent whose executor fabricates bodies is found out by canaries
// and by sampled cross-verification against an honest device in the same region (with no third
// device to settle the disagreement, canaries judge both), quarantined (no user jobs reach it), and
// released once it answers canaries honestly again (docs/security.md).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HttpExecutor } from '../../agent/executors/http.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { createApiKey, setKeyLimits } from '../../coordinator/auth/admin-ops.js';
import type { JobEvent } from '../../coordinator/jobs/events.js';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { LyingExecutor } from '../helpers/lying-executor.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('trust: canaries, cross-verification, quarantine', () => {
  let target: TargetServer;
  let c: TestCoordinator;
  let api: ApiClient;
  let liar: LyingExecutor;
  const stops: Array<() => Promise<void>> = [];
  const events: JobEvent[] = [];

  before(async () => {
    target = await startTargetServer();
    c = await startTestCoordinator({
      flags: ['--canary-interval', '2s', '--verify-share', '1', '--release-after-canaries', '3'],
    });
    c.coordinator.services.jobs.addListener({ onJobEvent: (e) => events.push(e) });
    api = new ApiClient(c.url, c.apiKey);
    const honest = await startTestAgent({
      deviceId: 'honest-de',
      token: await c.newDevice('honest-de'),
      coordinators: [c.url],
      country: 'DE',
    });
    stops.push(honest.stop);
  });
  after(async () => {
    for (const stop of stops) await stop();
    await c.stop();
    await target.close();
  });

  test('a key that opted out of verification: its jobs are not re-run', async () => {
    const { key, record } = await createApiKey(c.coordinator.store, { name: 'private' });
    assert.deepEqual(await setKeyLimits(c.coordinator.store, record.id, { verification: 'off' }), {
      limits: { verification: false },
    });
    const privateApi = new ApiClient(c.url, key);
    const mine = await privateApi.run({ url: `${target.httpUrl}/echo?optout=1` });
    // An ordinary key's job after it: once its re-run is submitted, the opted-out one's would be too.
    const theirs = await api.run({ url: `${target.httpUrl}/echo?optout=2` });
    const reruns = (url: string) =>
      events.filter(
        (e) => e.transition === 'submit' && e.job.ownerId !== record.ownerId && e.job.url === url,
      );
    await until('the ordinary job’s re-run', () =>
      reruns(`${target.httpUrl}/echo?optout=2`).length > 0 ? true : undefined,
    );
    assert.equal(mine.job.status, 'completed');
    assert.equal(theirs.job.status, 'completed');
    assert.equal(reruns(`${target.httpUrl}/echo?optout=1`).length, 0, 'the opted-out job was not re-run');
  });

  test("a re-run is the coordinator's own job: outside the client's batch, with no webhook of its own", async () => {
    const url = `${target.httpUrl}/echo?rerun=batch`;
    const res = await api.request('POST', '/crawl/v1/batch/new', { jobs: [{ url }] });
    assert.equal(res.status, 201, res.text);
    const body = res.body as { batch_id: string; results: Array<{ job: { job_id: string } }> };
    const jobId = body.results[0]?.job.job_id ?? '';
    const original = events.find((e) => e.transition === 'submit' && e.job.id === jobId);
    assert.equal(original?.job.request.batchId, body.batch_id);
    assert.equal(original?.job.request.ownWebhook, false);
    const rerun = await until('the re-run', () =>
      events.find((e) => e.transition === 'submit' && e.job.url === url && e.job.id !== jobId),
    );
    assert.notEqual(rerun.job.ownerId, original?.job.ownerId);
    assert.equal(rerun.job.request.batchId, undefined);
    assert.equal(rerun.job.request.ownWebhook, false);
  });

  test('a fabricating device is disputed, fails its canary, is quarantined, and is released when honest', async (t) => {
    const policy = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] });
    liar = new LyingExecutor(new HttpExecutor({ policy, maxBodyBytes: 1 << 20 }));
    const started = Date.now();
    const agent = await startTestAgent({
      deviceId: 'liar-de',
      token: await c.newDevice('liar-de'),
      coordinators: [c.url],
      country: 'DE',
      executors: [liar],
    });
    stops.push(agent.stop);

    // A user job pinned to the liar: its fabricated answer is re-run on the honest device and disputed.
    const { id } = await api.run({
      url: `${target.httpUrl}/echo?trust=1`,
      placement: { device_id: 'liar-de' },
    });
    const disputes = await until('a dispute', async () => {
      const list = await c.coordinator.store.trust.listDisputes(10);
      return list.find((d) => d.jobId === id);
    });
    assert.deepEqual([disputes.deviceA, disputes.deviceB].sort(), ['honest-de', 'liar-de']);
    // Two devices only: no third opinion to settle it, so no one is struck for it; canaries judge.
    assert.match(disputes.detail, /^text similarity [0-9.]+; unsettled: no third device to ask$/);

    // Its canary answer is made up too: quarantined.
    const quarantined = await until('quarantine', async () => {
      const t = await c.coordinator.store.trust.getDeviceTrust('liar-de');
      return t?.quarantined ? t : undefined;
    });
    const timeToQuarantineMs = Date.now() - started;
    assert.match(quarantined.reason, /canary fail/);
    assert.ok(quarantined.canaryFailures >= 1);
    assert.equal(quarantined.disputes, 0);
    const honest = await c.coordinator.store.trust.getDeviceTrust('honest-de');
    assert.equal(honest?.disputes ?? 0, 0, 'the honest device took no strike for the disagreement');
    assert.equal(honest?.quarantined ?? false, false);
    assert.equal(c.coordinator.services.jobs.device('liar-de')?.quarantined, true);
    // The device itself is told: its status port shows its owner why it gets no work.
    const told = await until(
      'the device told',
      () => agent.agent.snapshot().standing?.quarantined || undefined,
    );
    assert.equal(told, true);
    assert.match(agent.agent.snapshot().standing?.reason ?? '', /canary|dispute/);

    // The admin listing says so, with the reason.
    const admin = (await createApiKey(c.coordinator.store, { admin: true })).key;
    const res = await fetch(`${c.url}/crawl/v1/devices`, { headers: { authorization: `Bearer ${admin}` } });
    const json = await res.json();
    assert.equal(res.status, 200, JSON.stringify(json));
    const listing = json as {
      devices: Array<{ device_id: string; quarantined: boolean; trust: { reason: string } }>;
    };
    const row = listing.devices.find((d) => d.device_id === 'liar-de');
    assert.equal(row?.quarantined, true);
    assert.ok(row?.trust.reason);

    // No user job reaches it while quarantined: a job pinned to it waits, an open one goes elsewhere.
    const open = await api.run({ url: `${target.httpUrl}/echo?trust=open` });
    const openDl = (await api.download(open.id)) as { metadata: { device_id: string } };
    assert.equal(openDl.metadata.device_id, 'honest-de');

    // Honest again: canaries (every 200 ms in quarantine) pass three in a row and release it.
    liar.lying = false;
    const released = await until('release', async () => {
      const t = await c.coordinator.store.trust.getDeviceTrust('liar-de');
      return t && !t.quarantined ? t : undefined;
    });
    assert.match(released.reason, /released after 3 canaries/);
    assert.equal(c.coordinator.services.jobs.device('liar-de')?.quarantined, false);
    await until('the device told of its release', () =>
      agent.agent.snapshot().standing?.quarantined === false ? true : undefined,
    );
    const canaryJobs = events.filter(
      (e) => e.transition === 'submit' && e.job.url.includes('/crawl/v1/canary/'),
    );
    assert.ok(canaryJobs.length >= 4, `canaries sent: ${canaryJobs.length}`);
    // Canaries and re-runs are the coordinator's own: no API key sees them.
    const hidden = await api.status(canaryJobs[0]?.job.id as string);
    assert.equal(hidden.status, 404);
    t.diagnostic(`time to quarantine: ${timeToQuarantineMs} ms`);
  });
});
