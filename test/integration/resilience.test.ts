// Nothing lost: a coordinator restart with pending, running and completed jobs; an agent killed mid-job.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiClient } from '../helpers/client.js';
import { removeDir, spawnAgent, startTestAgent, startTestCoordinator, tempDir } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

describe('resilience', () => {
  let target: TargetServer;
  before(async () => {
    target = await startTargetServer();
  });
  after(() => target.close());

  test('a coordinator restart loses nothing: completed stays, pending resumes, running delivers once', async () => {
    const dataDir = tempDir('restart');
    let c = await startTestCoordinator({ dataDir });
    const port = new URL(c.url).port;
    const apiKey = c.apiKey;
    const token = await c.newDevice('restart-de');
    const jpToken = await c.newDevice('restart-jp');
    const agent = await startTestAgent({
      deviceId: 'restart-de',
      token,
      coordinators: [c.url],
      country: 'DE',
    });
    let api = new ApiClient(c.url, apiKey);
    const done = await api.run({ url: `${target.httpUrl}/echo?restart=done` });
    const waiting = (
      (
        await api.submit({
          url: `${target.httpUrl}/echo?restart=waiting`,
          placement: { country: 'JP' },
          timeout_sec: 120,
        })
      ).body as Obj
    ).job_id;
    const slowUrl = `${target.httpUrl}/slow?ms=800&restart=running`;
    const running = ((await api.submit({ url: slowUrl })).body as Obj).job_id;
    while (
      (await api.status(running)).body &&
      ((await api.status(running)).body as Obj).status !== 'running'
    ) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await c.stop();
    // The agent finishes the slow job with no coordinator and keeps the result in its spool.
    await new Promise<void>((resolve) => agent.agent.once('link', () => resolve()));
    c = await startTestCoordinator({ dataDir, apiKey, flags: ['--port', port] });
    api = new ApiClient(c.url, apiKey);
    const ranJob = await api.waitTerminal(running);
    assert.equal(ranJob.status, 'completed');
    assert.equal(
      target.seen.filter((r) => r.url.includes('restart=running')).length,
      1,
      'executed exactly once',
    );
    const dl = (await api.download(running)) as Obj;
    assert.equal(dl.mainResult.body, 'slow');
    assert.equal(((await api.status(done.id)).body as Obj).status, 'completed');
    assert.equal(((await api.download(done.id)) as Obj).mainResult.statusCode, 200);
    assert.equal(((await api.status(waiting)).body as Obj).status, 'pending');
    const jp = await startTestAgent({
      deviceId: 'restart-jp',
      token: jpToken,
      coordinators: [c.url],
      country: 'JP',
    });
    const resumed = await api.waitTerminal(waiting);
    assert.equal(resumed.status, 'completed');
    assert.equal(((await api.download(waiting)) as Obj).metadata.device_id, 'restart-jp');
    await jp.stop();
    await agent.stop();
    await c.stop();
    removeDir(dataDir);
  });

  test('an agent killed mid-job: the job completes once, on another device', async () => {
    const c = await startTestCoordinator();
    const api = new ApiClient(c.url, c.apiKey);
    const doomed = spawnAgent({
      deviceId: 'doomed',
      token: await c.newDevice('doomed'),
      coordinators: [c.url],
    });
    await doomed.waitForLog((l) => l.msg === 'linked to coordinator');
    const url = `${target.httpUrl}/slow?ms=60000&kill=1`;
    const id = ((await api.submit({ url, timeout_sec: 5 })).body as Obj).job_id;
    while (!target.seen.some((r) => r.url.includes('kill=1'))) await new Promise((r) => setTimeout(r, 10));
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    const survivor = await startTestAgent({
      deviceId: 'survivor',
      token: await c.newDevice('survivor'),
      coordinators: [c.url],
    });
    const job = await api.waitTerminal(id, 20_000);
    assert.equal(job.status, 'completed');
    const d = (await api.detail(id)) as Obj;
    assert.equal(d.result.error_type, 'timeout', 'the survivor ran it (the target never answers)');
    const dl = (await api.download(id)) as Obj;
    assert.equal(dl.metadata.device_id, 'survivor');
    assert.equal(dl.metadata.attempt, 2);
    await survivor.stop();
    await c.stop();
    removeDir(doomed.stateDir);
  });
});
