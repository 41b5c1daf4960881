// Two coordinator processes on one PostgreSQL: each webhook event reaches the receiver once,
// whichever coordinator saw the job finish and whichever delivers it; a stream on one coordinator
// sees events written by the other.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { createApiKey, createDevice, setDefaultWebhook } from '../../coordinator/auth/admin-ops.js';
import type { Store } from '../../coordinator/store/types.js';
import { ApiClient } from '../helpers/client.js';
import { type CoordinatorProcess, startTestAgent } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { postgresSkip } from '../helpers/needs.js';
import { type PgCluster, startPgCluster } from '../helpers/pg-cluster.js';
import { openSse } from '../helpers/sse-client.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const pgSkip = await postgresSkip();

describe('webhooks with two coordinators on PostgreSQL', {
  skip: pgSkip,
}, () => {
  let cluster: PgCluster;
  let store: Store;
  let target: TargetServer;
  let receiver: WebhookReceiver;
  let c1: CoordinatorProcess;
  let c2: CoordinatorProcess;
  let key: string;
  let secret: string;
  const agents: Array<{ stop(): Promise<void> }> = [];

  before(async () => {
    target = await startTargetServer();
    receiver = await startWebhookReceiver('accept');
    cluster = await startPgCluster('hook-fleet', [
      '--webhook-allow-cidrs',
      '127.0.0.0/8',
      '--webhook-retry-base-ms',
      '50',
    ]);
    ({ store } = cluster);
    [c1, c2] = cluster.coordinators as [CoordinatorProcess, CoordinatorProcess];
    const created = await createApiKey(store);
    key = created.key;
    secret = (await setDefaultWebhook(store, created.record.ownerId, { url: receiver.url })).secret ?? '';
    // Each agent on one coordinator only: jobs finish on both.
    for (const [id, url] of [
      ['hf-a', c1.url],
      ['hf-b', c2.url],
    ] as const) {
      const { token } = await createDevice(store, { id });
      agents.push(await startTestAgent({ deviceId: id, token, coordinators: [url] }));
    }
  });
  after(async () => {
    for (const a of agents) await a.stop();
    await cluster.stop();
    await receiver.close();
    await target.close();
  });

  test('each event arrives once, signed, and streams on either coordinator see it', async () => {
    const apis = [new ApiClient(c1.url, key), new ApiClient(c2.url, key)];
    const stream = await openSse(`${c1.url}/crawl/v1/events`, key);
    assert.equal(stream.status, 200);
    const ids = await Promise.all(
      Array.from({ length: 24 }, async (_v, i) => {
        const res = await (apis[i % 2] as ApiClient).submit({ url: `${target.httpUrl}/echo?c=${i}` });
        assert.equal(res.status, 201, res.text);
        return (res.body as Obj).job_id as string;
      }),
    );
    const got = await receiver.waitFor(24);
    const verifier = new Webhook(secret);
    const jobIds = got.map((r) => (verifier.verify(r.body, r.headers) as Obj).data.job.job_id);
    assert.deepEqual([...jobIds].sort(), [...ids].sort());
    const streamed = new Set<string>();
    while (streamed.size < 24) {
      const ev = await stream.next();
      assert.ok(ev);
      streamed.add(JSON.parse(ev.data).data.job.job_id);
    }
    stream.close();
    // Nothing left to send, and nothing sent twice.
    const until = Date.now() + 10_000;
    for (;;) {
      const res = await new ApiClient(c2.url, key).request('GET', '/crawl/v1/webhooks/deliveries?limit=500');
      const list = (res.body as Obj).deliveries as Obj[];
      if (list.length === 24 && list.every((d) => d.status === 'delivered')) break;
      assert.ok(Date.now() < until, `deliveries: ${JSON.stringify(list).slice(0, 400)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    assert.equal(receiver.received.length, 24);
    // Either coordinator reads one job's deliveries, whichever coordinator wrote them.
    for (const [i, api] of apis.entries()) {
      const id = ids[i] as string;
      const res = await api.request('GET', `/crawl/v1/webhooks/deliveries?job_id=${id}`);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(
        ((res.body as Obj).deliveries as Obj[]).map((d) => [d.job_id, d.sweep_id, d.status]),
        [[id, null, 'delivered']],
      );
    }
  });
});
