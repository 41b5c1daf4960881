// Two coordinators on one PostgreSQL: a job requeued on one (its device left) is claimable at once by
// the other, whose devices are idle; and a SIGKILLed coordinator's claimed jobs come back within
// about a lease (6 s by default), not after a poll or a long lease.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import type { Store } from '../../coordinator/store/types.js';
import { ApiClient } from '../helpers/client.js';
import { type CoordinatorProcess, startTestAgent } from '../helpers/cluster.js';
import { postgresSkip } from '../helpers/needs.js';
import { type PgCluster, startPgCluster } from '../helpers/pg-cluster.js';
import { RawAgent } from '../helpers/raw-agent.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

const pgSkip = await postgresSkip();

describe('cluster requeue and lease tail', {
  skip: pgSkip,
}, () => {
  let cluster: PgCluster;
  let store: Store;
  let target: TargetServer;
  let c1: CoordinatorProcess;
  let c2: CoordinatorProcess;
  let key: string;

  before(async () => {
    target = await startTargetServer();
    // The default lease (6 s): the lease-tail test measures it as shipped.
    cluster = await startPgCluster('requeue', ['--heartbeat-interval-ms', '1000']);
    ({ store } = cluster);
    [c1, c2] = cluster.coordinators as [CoordinatorProcess, CoordinatorProcess];
    key = (await createApiKey(store)).key;
  });
  after(async () => {
    await cluster.stop();
    await target.close();
  });

  test('a device leaving coordinator 1 while coordinator 2 has an idle device: every job completes', async () => {
    const leaving = await startTestAgent({
      deviceId: 'leaving',
      token: (await createDevice(store, { id: 'leaving' })).token,
      coordinators: [c1.url],
      maxConcurrent: 8,
      country: 'FR',
    });
    const api1 = new ApiClient(c1.url, key);
    // Placed in FR: only `leaving` matches until `idle-fr` joins coordinator 2.
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await api1.submit({
        url: `${target.httpUrl}/slow?ms=3000&leave=${i}`,
        placement: { country: 'FR' },
      });
      ids.push((res.body as { job_id: string }).job_id);
    }
    for (const id of ids) {
      for (;;) {
        const s = ((await api1.status(id)).body as { status: string }).status;
        if (s === 'running') break;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    const idle = await startTestAgent({
      deviceId: 'idle-fr',
      token: (await createDevice(store, { id: 'idle-fr' })).token,
      coordinators: [c2.url],
      maxConcurrent: 8,
      country: 'FR',
    });
    const left = Date.now();
    // Its link dies without a goodbye: coordinator 1 requeues the running attempts.
    await leaving.agent.destroy(new Error('gone'));
    const api2 = new ApiClient(c2.url, key);
    for (const id of ids) {
      const job = await api2.waitTerminal(id, 20_000);
      assert.equal(job.status, 'completed', JSON.stringify(job));
      const dl = (await api2.download(id)) as { metadata: { device_id: string } };
      assert.equal(dl.metadata.device_id, 'idle-fr');
    }
    assert.ok(Date.now() - left < 15_000, `all done ${Date.now() - left} ms after the device left`);
    await idle.stop();
  });

  test('SIGKILL: jobs the dead coordinator had claimed come back within about a lease', async (t) => {
    // A device on coordinator 1 takes the jobs and never answers: the store holds them running,
    // claimed under coordinator 1's lease, when coordinator 1 dies.
    const holder = await RawAgent.connect(
      c1.url,
      'holder-jp',
      (await createDevice(store, { id: 'holder-jp' })).token,
      {
        country: 'JP',
        maxConcurrent: 4,
      },
    );
    const api1 = new ApiClient(c1.url, key);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await api1.submit({
        url: `${target.httpUrl}/echo?kill=${i}`,
        placement: { country: 'JP' },
        timeout_sec: 60,
      });
      ids.push((res.body as { job_id: string }).job_id);
    }
    for (let i = 0; i < 4; i++) await holder.next('assign');
    c1.child.kill('SIGKILL');
    await c1.exited;
    const killed = Date.now();
    const taker = await startTestAgent({
      deviceId: 'taker-jp',
      token: (await createDevice(store, { id: 'taker-jp' })).token,
      coordinators: [c2.url],
      country: 'JP',
    });
    const api2 = new ApiClient(c2.url, key);
    for (const id of ids) {
      const job = await api2.waitTerminal(id, 30_000);
      assert.equal(job.status, 'completed', JSON.stringify(job));
    }
    const elapsed = Date.now() - killed;
    assert.ok(elapsed < 10_000, `the dead coordinator's jobs were done ${elapsed} ms after the kill`);
    t.diagnostic(`dead coordinator's claimed jobs completed ${elapsed} ms after SIGKILL`);
    await taker.stop();
  });
});
