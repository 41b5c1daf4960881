// A schedule firing every second on two coordinator processes sharing one PostgreSQL: both run the
// firing loop, every firing is claimed by one of them, and the store holds exactly one sweep per
// firing. One coordinator is then stopped and the other keeps firing on its own.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { HttpExecutor } from '../../agent/executors/http.js';
import type { ExecContext, ExecOutcome, ExecRequest, Executor } from '../../agent/executors/types.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import type { ScheduleRunRecord } from '../../coordinator/store/schedule-types.js';
import { ApiClient } from '../helpers/client.js';
import { type CoordinatorProcess, spawnCoordinator, startTestAgent } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { postgresSkip } from '../helpers/needs.js';
import { type PgCluster, startPgCluster } from '../helpers/pg-cluster.js';

const pgSkip = await postgresSkip();

/** CRAWL_FULL_PAGE as a plain GET (no browser needed to count sweeps). */
class PageAsGet implements Executor {
  readonly methods = ['CRAWL_FULL_PAGE'];
  private readonly inner = new HttpExecutor({
    policy: createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] }),
    maxBodyBytes: 1_000_000,
  });
  execute(req: ExecRequest, ctx: ExecContext): Promise<ExecOutcome> {
    return this.inner.execute({ ...req, method: 'GET' }, ctx);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

describe('sweep schedules on two coordinators', {
  skip: pgSkip,
}, () => {
  let cluster: PgCluster;
  let target: http.Server;
  let targetUrl: string;
  let c1: CoordinatorProcess;
  let c2: CoordinatorProcess;
  const agents: Array<{ stop(): Promise<void> }> = [];

  before(async () => {
    target = http.createServer((_req, res) => res.end('<title>ok</title>ok'));
    target.listen(0, '127.0.0.1');
    await once(target, 'listening');
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
    cluster = await startPgCluster('sched', [], 0);
    const flags = (id: string) => [
      '--store',
      cluster.pg.url,
      '--data-dir',
      cluster.dataDir,
      '--coordinator-id',
      id,
      '--schedule-min-interval',
      '1s',
    ];
    [c1, c2] = await Promise.all([spawnCoordinator(flags('c1')), spawnCoordinator(flags('c2'))]);
    cluster.coordinators.push(c1, c2);
    for (const [id, url] of [
      ['sc-a', c1.url],
      ['sc-b', c2.url],
    ] as const) {
      const { token } = await createDevice(cluster.store, { id });
      agents.push(
        await startTestAgent({
          deviceId: id,
          token,
          coordinators: [url],
          country: 'US',
          executors: [new PageAsGet()],
        }),
      );
    }
  });
  after(async () => {
    for (const a of agents) await a.stop();
    await cluster?.stop();
    target?.closeAllConnections();
    target?.close();
  });

  test('each firing makes exactly one sweep, whichever coordinator claims it', async () => {
    const { key, record } = await createApiKey(cluster.store);
    const api = new ApiClient(c1.url, key);
    const made = await api.request('POST', '/crawl/v1/sweep/schedule', {
      cron: '* * * * * *',
      url: targetUrl,
      regions: ['NA'],
      tries_per_region: 1,
      timeout_sec: 10,
      device_type: 'desktop',
    });
    assert.equal(made.status, 201, made.text);
    const id = (made.body as Obj).schedule_id as string;
    const runs = async () => cluster.store.schedules.listRuns(id, 500);
    const waitRuns = async (ok: (r: ScheduleRunRecord[]) => boolean, what: string) => {
      const until = Date.now() + 30_000;
      for (;;) {
        const r = await runs();
        if (ok(r)) return r;
        assert.ok(Date.now() < until, `${what}: ${JSON.stringify(r).slice(0, 800)}`);
        await new Promise((res) => setTimeout(res, 50));
      }
    };

    // Both coordinators race for every second: wait until each has won a firing (a fair race gives
    // both within a few seconds; 20 firings all to one would be a loop that does not run).
    const won = await waitRuns(
      (r) => new Set(r.map((x) => x.coordinatorId)).size === 2 || r.length >= 20,
      'firings by both',
    );
    assert.deepEqual([...new Set(won.map((x) => x.coordinatorId))].sort(), ['c1', 'c2']);
    // c1 stops; c2 fires on alone.
    c1.child.kill('SIGTERM');
    await c1.exited;
    const stoppedAt = Date.now();
    await waitRuns(
      (r) => r.filter((x) => x.status === 'submitted' && Date.parse(x.firedAt) > stoppedAt).length >= 3,
      'three firings after c1 stopped',
    );
    const api2 = new ApiClient(c2.url, key);
    assert.equal((await api2.request('POST', `/crawl/v1/sweep/schedule/${id}/pause`)).status, 200);

    const all = await waitRuns((r) => r.every((x) => x.status !== 'claimed'), 'claims settle');
    const submitted = all.filter((x) => x.status === 'submitted');
    assert.ok(submitted.length >= 5, `${submitted.length} runs`);
    assert.deepEqual(
      all.filter((x) => x.status === 'skipped'),
      [],
    );
    // One run per firing time, one second apart or more.
    const times = all.map((x) => x.scheduledMs).sort((a, b) => a - b);
    assert.equal(new Set(times).size, times.length);
    for (let i = 1; i < times.length; i++) assert.ok((times[i] as number) - (times[i - 1] as number) >= 1000);
    // Exactly one sweep per firing in the store, and it is the run's.
    const sweeps = (await cluster.store.listRecentSweeps(1000)).filter((s) => s.ownerId === record.ownerId);
    assert.deepEqual(sweeps.map((s) => s.id).sort(), submitted.map((x) => x.sweepId).sort());
    // c2 kept firing alone once c1 stopped.
    const after = submitted.filter((x) => Date.parse(x.firedAt) > stoppedAt);
    assert.ok(after.length >= 3 && after.every((x) => x.coordinatorId === 'c2'));
  });
});
