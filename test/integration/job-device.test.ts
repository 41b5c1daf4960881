// The Job object names the device of the job's latest try once a device took it (docs/api.md,
// "The Job object"): while running, after completion, in the batch status and through the typed
// client; never while the job waits for a device.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Value } from 'typebox/value';
import { CrawlClient, type Job } from '../../client/index.js';
import * as C from '../../contract/index.js';
import { type CountingTarget, startCountingTarget } from '../helpers/agent-harness.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';

describe('device_id on the Job object', () => {
  let c: TestCoordinator;
  let client: CrawlClient;
  let target: CountingTarget;
  let stopAgent: () => Promise<void>;
  before(async () => {
    target = await startCountingTarget();
    c = await startTestCoordinator();
    client = new CrawlClient({ baseUrl: c.url, apiKey: c.apiKey });
    const token = await c.newDevice('device-shown');
    stopAgent = (await startTestAgent({ deviceId: 'device-shown', token, coordinators: [c.url] })).stop;
  });
  after(async () => {
    await stopAgent?.();
    await c?.stop();
    await target?.close();
  });

  it('is the running device on the status, the batch status and after completion', async () => {
    const arrived = target.slowArrived();
    const submitted = await client.submitJob({ url: `${target.url}/slow`, timeout_sec: 30 });
    await arrived;
    // The target holds the request: the job is running on the agent now.
    const running: Job = await client.getJob(submitted.job_id);
    assert.equal(running.status, 'running');
    assert.equal(running.device_id, 'device-shown');
    assert.deepEqual([...Value.Errors(C.Job, running)], [], 'the Job matches its schema');
    const batch = await client.batchStatus([submitted.job_id]);
    const entry = batch.results[submitted.job_id];
    assert.ok(entry && 'job' in entry, 'the batch status finds the job');
    assert.equal(entry.job.device_id, 'device-shown');

    target.releaseSlow();
    const done = await client.waitForJob(submitted.job_id, { minIntervalMs: 20 });
    assert.equal(done.status, 'completed');
    assert.equal(done.device_id, 'device-shown');
  });

  it('is absent while the job waits for a device', async () => {
    // No device is in MEA: the job stays pending until its timeout.
    const job = await client.submitJob({
      url: `${target.url}/`,
      placement: { region: 'MEA' },
      timeout_sec: 30,
    });
    const pending = await client.getJob(job.job_id);
    assert.equal(pending.status, 'pending');
    assert.equal('device_id' in pending, false, 'a pending job names no device');
  });
});
