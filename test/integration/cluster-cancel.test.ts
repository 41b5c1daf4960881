// Two coordinators on one PostgreSQL: a job running on coordinator 2's device, cancelled through
// coordinator 1's API, fails `cancelled` at once and stops on that device (coordinator 2 hears the
// job's end and sends its Cancel), whose slot then runs the next job; a job waiting in both
// coordinators' queues is cancelled the same way.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import type { Store } from '../../coordinator/store/types.js';
import { ApiClient } from '../helpers/client.js';
import { type CoordinatorProcess, startTestAgent } from '../helpers/cluster.js';
import { type HoldingTarget, startHoldingTarget, within } from '../helpers/holding-target.js';
import type { Obj } from '../helpers/json.js';
import { postgresSkip } from '../helpers/needs.js';
import { type PgCluster, startPgCluster } from '../helpers/pg-cluster.js';

const pgSkip = await postgresSkip();

describe('cluster cancel', { skip: pgSkip }, () => {
  let cluster: PgCluster;
  let store: Store;
  let target: HoldingTarget;
  let c1: CoordinatorProcess;
  let c2: CoordinatorProcess;
  let key: string;

  before(async () => {
    target = await startHoldingTarget();
    cluster = await startPgCluster('cancel');
    ({ store } = cluster);
    [c1, c2] = cluster.coordinators as [CoordinatorProcess, CoordinatorProcess];
    key = (await createApiKey(store)).key;
  });
  after(async () => {
    await cluster.stop();
    await target.close();
  });

  test("a job on coordinator 2's device, cancelled through coordinator 1, stops on the device", async (t) => {
    const agent = await startTestAgent({
      deviceId: 'cancel-b',
      token: (await createDevice(store, { id: 'cancel-b' })).token,
      coordinators: [c2.url],
      maxConcurrent: 1,
    });
    try {
      const api1 = new ApiClient(c1.url, key);
      const api2 = new ApiClient(c2.url, key);
      const placed = { placement: { device_id: 'cancel-b' } };
      // Submitted to coordinator 1, which has no such device: coordinator 2 claims it.
      const submitted = (await api1.submit({ url: `${target.url}/hold/cluster`, ...placed })).body as Obj;
      await target.arrived('/hold/cluster');
      const at = Date.now();
      const res = await api1.request('POST', `/crawl/v1/jobs/${submitted.job_id}/cancel`);
      assert.equal(res.status, 200, res.text);
      assert.equal((res.body as Obj).status, 'failed');
      assert.equal((res.body as Obj).error_type, 'cancelled');
      assert.equal((res.body as Obj).device_id, 'cancel-b');
      const seen = (await api2.status(submitted.job_id)).body as Obj;
      assert.equal(seen.error_type, 'cancelled');
      await within(2_000, "the request is cut on coordinator 2's device", target.cut('/hold/cluster'));
      t.diagnostic(
        `cut on coordinator 2's device ${Date.now() - at} ms after the cancel through coordinator 1`,
      );
      // The device's only slot is free on coordinator 2 too: the next job runs at its first attempt.
      const next = await api1.run({ url: `${target.url}/ok/cluster-next`, ...placed }, 5_000);
      assert.equal(next.job.status, 'completed');
      assert.equal(((await api1.download(next.id)).metadata as Obj).attempt, 1);
      assert.ok(Date.now() - at < 5_000, `${Date.now() - at} ms from the cancel to the next job's end`);
      target.release();
      assert.equal(((await api1.status(submitted.job_id)).body as Obj).error_type, 'cancelled');
    } finally {
      await agent.stop();
    }
  });

  test('a job waiting for a device, cancelled through either coordinator, is no longer placed', async () => {
    const api2 = new ApiClient(c2.url, key);
    // Announced to both coordinators' queues; no device matches.
    const waiting = (await api2.submit({ url: `${target.url}/ok/late-device`, placement: { country: 'BR' } }))
      .body as Obj;
    const res = await new ApiClient(c1.url, key).request('POST', `/crawl/v1/jobs/${waiting.job_id}/cancel`);
    assert.equal(res.status, 200, res.text);
    assert.equal((res.body as Obj).error_type, 'cancelled');
    // A device that matches joins coordinator 2 now: the cancelled job stays cancelled, not run.
    const agent = await startTestAgent({
      deviceId: 'cancel-br',
      token: (await createDevice(store, { id: 'cancel-br' })).token,
      coordinators: [c2.url],
      country: 'BR',
    });
    try {
      const probe = await api2.run({ url: `${target.url}/ok/br-probe`, placement: { country: 'BR' } }, 5_000);
      assert.equal(probe.job.status, 'completed');
      assert.ok(!target.seen.includes('/ok/late-device'), 'the cancelled job never ran');
      assert.equal(((await api2.status(waiting.job_id)).body as Obj).error_type, 'cancelled');
    } finally {
      await agent.stop();
    }
  });
});
