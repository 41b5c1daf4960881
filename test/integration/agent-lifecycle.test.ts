// The agent as a device service: no lost results across a SIGKILL, a clean SIGTERM drain, and a
// full spool that pauses job intake instead of dropping results.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Spool } from '../../agent/link/spool.js';
import { ApiClient } from '../helpers/client.js';
import {
  removeDir,
  spawnAgent,
  startTestAgent,
  startTestCoordinator,
  type TestCoordinator,
} from '../helpers/cluster.js';
import { GatedStorage } from '../helpers/gated-storage.js';
import type { Obj } from '../helpers/json.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

describe('agent lifecycle', () => {
  let target: TargetServer;
  let c: TestCoordinator;
  let api: ApiClient;
  let gate: GatedStorage | null = null;
  before(async () => {
    target = await startTargetServer();
    c = await startTestCoordinator({
      overrides: {
        wrapStorage: (s) => {
          gate = new GatedStorage(s);
          return gate;
        },
      },
      flags: ['--max-storage-failures', '100'],
    });
    api = new ApiClient(c.url, c.apiKey);
  });
  after(async () => {
    await c.stop();
    await target.close();
  });

  test('SIGKILL after a job finished and before its ack: after restart the result arrives, completed once', async () => {
    const token = await c.newDevice('crashy');
    const first = spawnAgent({
      deviceId: 'crashy',
      token,
      coordinators: [c.url],
      extra: ['--resend-after-ms', '200'],
    });
    await first.waitForLog((l) => l.msg === 'linked to coordinator');
    const storage = gate as unknown as GatedStorage;
    storage.failing = true; // the coordinator cannot store: no ack goes back
    const attempted = storage.nextAttempt();
    const id = ((await api.submit({ url: `${target.httpUrl}/echo?crash=1` })).body as Obj).job_id;
    await first.waitForLog((l) => l.msg === 'result spooled' && l.jobId === id);
    await attempted;
    first.child.kill('SIGKILL');
    await first.exited;
    const spooled = await spooledResults(first.stateDir);
    assert.deepEqual(spooled, [`${id}.1`], 'the result survived the kill on disk');
    storage.failing = false;
    const second = spawnAgent({ deviceId: 'crashy', token, coordinators: [c.url], stateDir: first.stateDir });
    await second.waitForLog((l) => l.msg === 'result acknowledged' && l.jobId === id);
    const job = await api.waitTerminal(id);
    assert.equal(job.status, 'completed');
    assert.equal(
      target.seen.filter((r) => r.url === '/echo?crash=1').length,
      1,
      'the target was crawled once',
    );
    const dl = (await api.download(id)) as Obj;
    assert.equal(dl.metadata.attempt, 1);
    second.child.kill('SIGTERM');
    assert.equal(await second.exited, 0);
    assert.deepEqual(await spooledResults(first.stateDir), [], 'nothing left after the ack');
    removeDir(first.stateDir);
  });

  test('SIGTERM: running jobs finish, no new ones are taken, exit code 0', async () => {
    const token = await c.newDevice('terminated');
    const agent = spawnAgent({ deviceId: 'terminated', token, coordinators: [c.url] });
    await agent.waitForLog((l) => l.msg === 'linked to coordinator');
    const ids = await Promise.all(
      [1, 2].map(
        async (i) =>
          ((await api.submit({ url: `${target.httpUrl}/slow?ms=1200&term=${i}` })).body as Obj)
            .job_id as string,
      ),
    );
    while (target.seen.filter((r) => r.url.includes('term=')).length < 2)
      await new Promise((r) => setTimeout(r, 10));
    agent.child.kill('SIGTERM');
    await agent.waitForLog((l) => l.msg === 'draining');
    const late = ((await api.submit({ url: `${target.httpUrl}/echo?late=1`, timeout_sec: 30 })).body as Obj)
      .job_id;
    assert.equal(await agent.exited, 0);
    for (const id of ids) {
      const job = await api.waitTerminal(id);
      assert.equal(job.status, 'completed');
      const d = (await api.download(id)) as Obj;
      assert.equal(d.mainResult.body, 'slow');
      assert.equal(d.metadata.device_id, 'terminated');
    }
    assert.equal(
      ((await api.status(late)).body as Obj).status,
      'pending',
      'the draining agent took no new job',
    );
    assert.equal(target.seen.filter((r) => r.url === '/echo?late=1').length, 0);
    const stopped = agent.logs.find((l) => l.msg === 'stopped');
    assert.deepEqual([stopped?.unfinished, stopped?.unacked], [0, 0]);
    // Clean up the late job with a device that takes it.
    const helper = await startTestAgent({
      deviceId: 'mopper',
      token: await c.newDevice('mopper'),
      coordinators: [c.url],
    });
    assert.equal((await api.waitTerminal(late)).status, 'completed');
    await helper.stop();
    removeDir(agent.stateDir);
  });

  test('a full spool pauses job intake; it resumes once results are acknowledged', async (t) => {
    const token = await c.newDevice('hoarder');
    const storage = gate as unknown as GatedStorage;
    storage.failing = true;
    // Whatever fails here, the storage gate opens again: the tests after this one share it.
    t.after(() => {
      storage.failing = false;
    });
    const agent = await startTestAgent({
      deviceId: 'hoarder',
      token,
      coordinators: [c.url],
      extra: ['--spool-max-bytes', String(1024 * 1024), '--resend-after-ms', '200'],
      country: 'NZ',
    });
    const big = (
      (await api.submit({ url: `${target.httpUrl}/big?bytes=${1200 * 1024}`, placement: { country: 'NZ' } }))
        .body as Obj
    ).job_id;
    await new Promise<void>((resolve) => {
      const check = () =>
        agent.agent.snapshot().spool.bytes >= 1024 * 1024 ? resolve() : setTimeout(check, 10);
      check();
    });
    assert.equal(agent.agent.healthy(), false, 'a full spool is reported unhealthy');
    // The pause reaches the coordinator in the agent's Availability frame; a job submitted before
    // it arrives may be assigned (and refused by the agent), so wait until the coordinator knows.
    await new Promise<void>((resolve) => {
      const check = () =>
        c.coordinator.services.jobs.device('hoarder')?.draining ? resolve() : setTimeout(check, 10);
      check();
    });
    const next = (
      (await api.submit({ url: `${target.httpUrl}/echo?after-full=1`, placement: { country: 'NZ' } }))
        .body as Obj
    ).job_id;
    assert.equal(((await api.status(next)).body as Obj).status, 'pending');
    assert.equal(target.seen.filter((r) => r.url === '/echo?after-full=1').length, 0, 'not taken while full');
    storage.failing = false;
    assert.equal((await api.waitTerminal(big)).status, 'completed');
    assert.equal((await api.waitTerminal(next)).status, 'completed', 'intake resumed');
    assert.equal(agent.agent.healthy(), true);
    await agent.stop();
  });

  test('the real agent process serves its state on the loopback status port', async () => {
    const token = await c.newDevice('statusful');
    const agent = spawnAgent({
      deviceId: 'statusful',
      token,
      coordinators: [c.url],
      extra: ['--status-addr', '127.0.0.1:0'],
    });
    const started = await agent.waitForLog((l) => l.msg === 'agent started');
    const statusUrl = String(started.status);
    assert.match(statusUrl, /^http:\/\/127\.0\.0\.1:\d+/);
    await agent.waitForLog((l) => l.msg === 'linked to coordinator');
    const { id } = await api.run({
      url: `${target.httpUrl}/echo?status=1`,
      placement: { device_id: 'statusful' },
    });
    await agent.waitForLog((l) => l.msg === 'result acknowledged' && l.jobId === id);
    const status = (await (await fetch(`${statusUrl}/status`)).json()) as Obj;
    assert.equal(status.deviceId, 'statusful');
    assert.equal(status.link.state, 'connected');
    assert.equal(status.link.coordinatorUrl, c.url);
    assert.ok(status.capabilities.methods.includes('GET'));
    assert.equal(status.browser.state, 'none');
    assert.deepEqual(status.counters.GET, { success: 1 });
    assert.deepEqual(status.spool, { depth: 0, bytes: 0, maxBytes: 512 * 1024 * 1024 });
    const metrics = await (await fetch(`${statusUrl}/metrics`)).text();
    assert.match(metrics, /crawl_agent_jobs_total\{method="GET",outcome="success"\} 1/);
    assert.equal((await fetch(`${statusUrl}/healthz`)).status, 200);
    agent.child.kill('SIGTERM');
    assert.equal(await agent.exited, 0);
    removeDir(agent.stateDir);
  });
});

/** What an agent's spool holds for the next start, read as the next start reads it. */
async function spooledResults(stateDir: string): Promise<string[]> {
  const entries = await new Spool(path.join(stateDir, 'spool'), 1024 * 1024 * 1024).open();
  return entries.map((e) => Spool.key(e.jobId, e.attempt));
}
