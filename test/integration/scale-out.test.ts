// Two coordinator processes on one PostgreSQL with three agents: cross-coordinator dispatch, a
// session whose device sits on the other coordinator, and SIGKILL of a coordinator under load.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import type { Store } from '../../coordinator/store/types.js';
import { ApiClient } from '../helpers/client.js';
import { type CoordinatorProcess, startTestAgent } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { postgresSkip } from '../helpers/needs.js';
import { type PgCluster, startPgCluster } from '../helpers/pg-cluster.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

const pgSkip = await postgresSkip();

describe('several coordinators on one PostgreSQL', {
  skip: pgSkip,
}, () => {
  let cluster: PgCluster;
  let store: Store;
  let target: TargetServer;
  let c1: CoordinatorProcess;
  let c2: CoordinatorProcess;
  let key: string;
  const agents: Array<{ stop(): Promise<void> }> = [];

  before(async () => {
    target = await startTargetServer();
    // Both coordinators see the same content folder, as they would a shared volume (or use S3).
    cluster = await startPgCluster('fleet', ['--lease-ms', '1500', '--heartbeat-interval-ms', '1000']);
    ({ store } = cluster);
    [c1, c2] = cluster.coordinators as [CoordinatorProcess, CoordinatorProcess];
    key = (await createApiKey(store)).key;
    const layout: Array<[string, string[]]> = [
      ['fleet-a', [c1.url, c2.url]],
      ['fleet-b', [c2.url, c1.url]],
      ['fleet-c', [c1.url, c2.url]],
    ];
    for (const [id, coordinators] of layout) {
      const { token } = await createDevice(store, { id });
      agents.push(await startTestAgent({ deviceId: id, token, coordinators, maxConcurrent: 4 }));
    }
  });
  after(async () => {
    for (const a of agents) await a.stop();
    await cluster.stop();
    await target.close();
  });

  test('jobs submitted round-robin to both coordinators each complete exactly once', async () => {
    const apis = [new ApiClient(c1.url, key), new ApiClient(c2.url, key)];
    const submitted = await Promise.all(
      Array.from({ length: 40 }, async (_v, i) => {
        const res = await (apis[i % 2] as ApiClient).submit({ url: `${target.httpUrl}/echo?rr=${i}` });
        assert.equal(res.status, 201);
        return (res.body as Obj).job_id as string;
      }),
    );
    const devices = new Set<string>();
    for (const [i, id] of submitted.entries()) {
      // Read through the coordinator that did not take the submission: the state is shared.
      const job = await (apis[(i + 1) % 2] as ApiClient).waitTerminal(id);
      assert.equal(job.status, 'completed');
      const dl = (await (apis[(i + 1) % 2] as ApiClient).download(id)) as Obj;
      devices.add(dl.metadata.device_id);
      assert.equal(JSON.parse(dl.mainResult.body).method, 'GET');
    }
    for (let i = 0; i < 40; i++) {
      assert.equal(target.seen.filter((r) => r.url === `/echo?rr=${i}`).length, 1, `job ${i} ran once`);
    }
    assert.ok(
      devices.size >= 2,
      `work spread over devices on both coordinators (${[...devices].join(', ')})`,
    );
  });

  test('a session whose device sits on the other coordinator keeps working through either', async () => {
    const api2 = new ApiClient(c2.url, key);
    const api1 = new ApiClient(c1.url, key);
    // fleet-a is linked to coordinator 1; the session is created and fed on coordinator 2.
    const s = (
      await api2.request('POST', '/crawl/v1/session/new', {
        duration_seconds: 120,
        placement: { device_id: 'fleet-a' },
      })
    ).body as Obj;
    for (let i = 0; i < 4; i++) {
      const api = i % 2 === 0 ? api2 : api1;
      const { id, job } = await api.run({
        url: `${target.httpsUrl}/${i === 0 ? 'cookies' : 'echo'}`,
        session_id: s.id,
      });
      assert.equal(job.status, 'completed');
      const dl = (await api.download(id)) as Obj;
      assert.equal(dl.metadata.device_id, 'fleet-a');
      if (i > 0) assert.match(JSON.parse(dl.mainResult.body).headers.cookie ?? '', /sid=abc123/);
    }
    const got = (await api1.request('GET', `/crawl/v1/session/${s.id}`)).body as Obj;
    assert.equal(got.device_id, 'fleet-a');
    assert.equal(got.job_ids.length, 4);
  });

  test('SIGKILL of one coordinator mid-load: every accepted job reaches a terminal state, none twice', async () => {
    const api1 = new ApiClient(c1.url, key);
    const api2 = new ApiClient(c2.url, key);
    const accepted: string[] = [];
    const submitOne = async (api: ApiClient, i: number) => {
      const res = await api
        .submit({ url: `${target.httpUrl}/slow?ms=150&kill=${i}`, timeout_sec: 20 })
        .catch(() => null);
      if (res?.status === 201) accepted.push((res.body as Obj).job_id);
    };
    await Promise.all(Array.from({ length: 30 }, (_v, i) => submitOne(i % 2 === 0 ? api1 : api2, i)));
    c1.child.kill('SIGKILL');
    await c1.exited;
    await Promise.all(Array.from({ length: 10 }, (_v, i) => submitOne(api2, 100 + i)));
    assert.ok(accepted.length >= 40, 'every submission before the kill was accepted');
    const first = new Map<string, string>();
    for (const id of accepted) {
      const job = await api2.waitTerminal(id, 60_000);
      assert.equal(job.status, 'completed', `${id}: ${JSON.stringify(job)}`);
      first.set(id, JSON.stringify((await api2.detail(id)).result));
    }
    // Completion is final: the recorded result never changes afterwards.
    for (const id of accepted) assert.equal(JSON.stringify((await api2.detail(id)).result), first.get(id));
  });
});
