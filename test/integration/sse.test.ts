// Server-sent events end to end: a real coordinator and agent, local targets. A stream resumed with
// Last-Event-ID misses nothing and repeats nothing; a job's stream ends after its final event;
// another owner's job or sweep is the contract's 404; heartbeats are comment lines.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { openSse } from '../helpers/sse-client.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

describe('server-sent events', () => {
  let target: TargetServer;
  let c: TestCoordinator;
  let agent: { stop(): Promise<void> };
  let api: ApiClient;

  before(async () => {
    target = await startTargetServer();
    c = await startTestCoordinator({ flags: ['--sse-heartbeat-ms', '200'] });
    agent = await startTestAgent({
      deviceId: 'sse-dev',
      token: await c.newDevice('sse-dev'),
      coordinators: [c.url],
    });
    api = new ApiClient(c.url, c.apiKey);
  });
  after(async () => {
    await agent.stop();
    await c.stop();
    await target.close();
  });

  const submit = async (n: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await api.submit({ url: `${target.httpUrl}/echo?sse=${i}` });
      assert.equal(res.status, 201);
      ids.push((res.body as Obj).job_id);
    }
    return ids;
  };

  test('resuming with Last-Event-ID misses nothing and repeats nothing', async () => {
    const stream = await openSse(`${c.url}/crawl/v1/events`, c.apiKey);
    assert.equal(stream.status, 200);
    assert.match(stream.contentType ?? '', /^text\/event-stream/);
    const first = await submit(3);
    const seen: Obj[] = [];
    let lastId = '';
    while (seen.length < 3) {
      const ev = await stream.next();
      assert.ok(ev);
      seen.push(JSON.parse(ev.data));
      lastId = ev.id ?? '';
    }
    stream.close();
    // Events while nobody listens.
    const second = await submit(4);
    for (const id of second) await api.waitTerminal(id);
    const resumed = await openSse(`${c.url}/crawl/v1/events`, c.apiKey, lastId);
    let prev = Number(lastId);
    while (seen.length < 7) {
      const ev = await resumed.next();
      assert.ok(ev);
      assert.ok(Number(ev.id) > prev, 'ids increase');
      prev = Number(ev.id);
      assert.equal(ev.event, 'job.completed');
      seen.push(JSON.parse(ev.data));
    }
    const jobIds = seen.map((b) => b.data.job.job_id);
    assert.deepEqual([...jobIds].sort(), [...first, ...second].sort());
    assert.equal(new Set(seen.map((b) => b.id)).size, 7);
    // Heartbeats keep an idle stream open.
    const before = resumed.comments;
    await new Promise((r) => setTimeout(r, 500));
    await assert.rejects(resumed.next(300), /no event/);
    assert.ok(resumed.comments > before);
    resumed.close();
  });

  test("a job's stream replays its final event and ends", async () => {
    const [id] = await submit(1);
    const stream = await openSse(`${c.url}/crawl/v1/jobs/${id}/events`, c.apiKey);
    assert.equal(stream.status, 200);
    const ev = await stream.next();
    assert.equal(ev?.event, 'job.completed');
    assert.equal(JSON.parse(ev?.data ?? '{}').data.job.job_id, id);
    assert.equal(await stream.next(), null, 'the stream ends after the final event');
    // Resuming after the final event ends at once.
    const again = await openSse(`${c.url}/crawl/v1/jobs/${id}/events`, c.apiKey, ev?.id ?? '');
    assert.equal(await again.next(), null);
  });

  test("another owner's job or sweep is the contract's 404", async () => {
    const [id] = await submit(1);
    const other = await c.newKey();
    const res = await openSse(`${c.url}/crawl/v1/jobs/${id}/events`, other);
    assert.equal(res.status, 404);
    assert.equal(JSON.parse(res.text), 'not found: job does not exist or you are not authorized to view it');
    const sweep = await api.request('POST', '/crawl/v1/sweep/new', {
      url: `${target.httpUrl}/echo`,
      regions: ['EU'],
      tries_per_region: 1,
      timeout_sec: 1,
    });
    assert.equal(sweep.status, 201);
    const sweepId = (sweep.body as Obj).sweep_id as string;
    assert.equal((await openSse(`${c.url}/crawl/v1/sweep/${sweepId}/events`, other)).status, 404);
    assert.equal((await openSse(`${c.url}/crawl/v1/jobs/not-a-uuid/events`, c.apiKey)).status, 404);
    assert.equal((await openSse(`${c.url}/crawl/v1/events`, 'ck_wrong')).status, 401);
    // The owner's sweep stream runs to sweep.completed and ends.
    const own = await openSse(`${c.url}/crawl/v1/sweep/${sweepId}/events`, c.apiKey);
    const types: string[] = [];
    for (let ev = await own.next(); ev; ev = await own.next()) types.push(ev.event);
    assert.deepEqual(types, ['job.failed', 'sweep.region_completed', 'sweep.completed']);
  });
});
