// OpenTelemetry traces across processes: a coordinator and a real agent process export to a local
// OTLP/HTTP receiver; one trace covers submit → dispatch → the agent's execution → ingest, parented
// on a client's traceparent. Off, the Assign carries no trace context, whatever the client sent.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import { ApiClient } from '../helpers/client.js';
import {
  type CoordinatorProcess,
  removeDir,
  spawnAgent,
  startTestAgent,
  startTestCoordinator,
  type TestCoordinator,
} from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { postgresSkip } from '../helpers/needs.js';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../helpers/otlp-receiver.js';
import { startPgCluster } from '../helpers/pg-cluster.js';
import { RawAgent } from '../helpers/raw-agent.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

const CLIENT_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${CLIENT_TRACE_ID}-${CLIENT_SPAN_ID}-01`;
/** What a job's request carries that no span may: a header value, a body, a query parameter. */
const JOB_SECRETS = ['hdr-secret-6f1c', 'body-secret-91ab', 'query-secret-3d7e'];

async function submit(c: TestCoordinator, job: Obj, headers: Record<string, string> = {}): Promise<string> {
  const res = await new ApiClient(c.url, c.apiKey).request('POST', '/crawl/v1/new', job, headers);
  assert.equal(res.status, 201, res.text);
  return (res.body as Obj).job_id as string;
}

describe('tracing on: one trace from the client to the device and back', () => {
  let receiver: OtlpReceiver;
  let target: TargetServer;
  let c: TestCoordinator;
  before(async () => {
    receiver = await startOtlpReceiver();
    target = await startTargetServer();
    c = await startTestCoordinator({
      flags: ['--otlp-endpoint', receiver.url, '--coordinator-id', 'coord-traced'],
    });
  });
  after(async () => {
    await c.stop();
    await target.close();
    await receiver.close();
  });

  test('submit → dispatch → execute (agent process) → ingest share the client’s trace', async () => {
    const token = await c.newDevice('traced-dev');
    const agent = spawnAgent({
      deviceId: 'traced-dev',
      token,
      coordinators: [c.url],
      extra: ['--otlp-endpoint', receiver.url],
    });
    await agent.waitForLog((l) => l.msg === 'linked to coordinator');
    const id = await submit(
      c,
      {
        url: `${target.httpUrl}/echo?key=${JOB_SECRETS[2]}`,
        method: 'POST',
        headers: { authorization: `Bearer ${JOB_SECRETS[0]}` },
        body: Buffer.from(JOB_SECRETS[1] as string).toString('base64'),
      },
      { traceparent: TRACEPARENT, tracestate: 'client=abc' },
    );
    const untraced = await submit(c, { url: `${target.httpUrl}/echo?second=1` });
    const api = new ApiClient(c.url, c.apiKey);
    assert.equal((await api.waitTerminal(id)).status, 'completed');
    assert.equal((await api.waitTerminal(untraced)).status, 'completed');
    // Graceful stops export what is buffered: the agent's on SIGTERM, the coordinator's on shutdown.
    agent.child.kill('SIGTERM');
    assert.equal(await agent.exited, 0);
    await c.stop();

    const ofJob = (name: string, jobId: string) =>
      receiver.spans.filter((s) => s.name === name && s.attributes['crawl.job.id'] === jobId);
    const one = (name: string, jobId: string): ReceivedSpan => {
      const found = ofJob(name, jobId);
      assert.equal(found.length, 1, `one ${name} span for the job, got ${found.length}`);
      return found[0] as ReceivedSpan;
    };
    const submitSpan = one('crawl.submit', id);
    const dispatch = one('crawl.dispatch', id);
    const execute = one('crawl.execute', id);
    const ingest = one('crawl.ingest', id);
    for (const s of [submitSpan, dispatch, execute, ingest]) assert.equal(s.traceId, CLIENT_TRACE_ID, s.name);
    assert.equal(submitSpan.parentSpanId, CLIENT_SPAN_ID, 'the client’s span is the submit span’s parent');
    assert.equal(dispatch.parentSpanId, submitSpan.spanId);
    assert.equal(execute.parentSpanId, dispatch.spanId, 'the agent’s span joins through the Assign');
    assert.equal(ingest.parentSpanId, submitSpan.spanId);

    assert.equal(submitSpan.resource['service.name'], 'crawl-coordinator');
    assert.equal(submitSpan.resource['crawl.coordinator.id'], 'coord-traced');
    assert.equal(execute.resource['service.name'], 'crawl-agent');
    assert.equal(execute.resource['crawl.device.id'], 'traced-dev');
    assert.equal(submitSpan.attributes['crawl.job.method'], 'POST');
    assert.equal(submitSpan.attributes['crawl.target.host'], new URL(target.httpUrl).host);
    assert.equal(dispatch.attributes['crawl.job.attempt'], 1);
    assert.equal(dispatch.attributes['crawl.device.id'], 'traced-dev');
    assert.equal(dispatch.attributes['crawl.dispatch.outcome'], 'claimed');
    assert.equal(execute.attributes['crawl.job.attempt'], 1);
    assert.equal(execute.attributes['http.response.status_code'], 200);
    assert.equal(execute.attributes['crawl.result.success'], true);
    assert.equal(execute.attributes['crawl.execute.outcome'], 'spooled');
    assert.equal(ingest.attributes['crawl.ingest.outcome'], 'stored');
    assert.equal(ingest.attributes['crawl.device.id'], 'traced-dev');

    // A submit without a traceparent starts a trace of its own, which the agent joins the same way.
    const root = one('crawl.submit', untraced);
    assert.equal(root.parentSpanId, '');
    assert.notEqual(root.traceId, CLIENT_TRACE_ID);
    assert.equal(one('crawl.execute', untraced).traceId, root.traceId);

    // No secret in anything exported: the API key, the device token, the job's headers, body, query.
    const exported = receiver.bodies.join('\n');
    for (const secret of [c.apiKey, token, ...JOB_SECRETS]) {
      assert.ok(!exported.includes(secret), `exported spans contain a secret (${secret.slice(0, 6)}…)`);
    }
    assert.equal(receiver.strayRequests, 0);
    removeDir(agent.stateDir);
  });
});

describe('tracing settings on the wire', () => {
  let target: TargetServer;
  before(async () => {
    target = await startTargetServer();
  });
  after(async () => {
    await target.close();
  });

  /** The Assign a raw device receives for a job submitted with a client's traceparent. */
  async function assignFor(flags: string[]): Promise<{ traceParent: string; traceState: string }> {
    const c = await startTestCoordinator({ flags });
    try {
      const raw = await RawAgent.connect(c.url, 'raw-dev', await c.newDevice('raw-dev'));
      await submit(
        c,
        { url: `${target.httpUrl}/echo` },
        { traceparent: TRACEPARENT, tracestate: 'client=abc' },
      );
      const frame = await raw.next('assign');
      raw.close();
      return { traceParent: frame.assign?.traceParent ?? '', traceState: frame.assign?.traceState ?? '' };
    } finally {
      await c.stop();
    }
  }

  test('off: the Assign carries no trace context, even for a client that sent one', async () => {
    assert.deepEqual(await assignFor([]), { traceParent: '', traceState: '' });
  });

  test('on: the Assign carries the dispatch span in the client’s trace; its tracestate stays behind', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const { traceParent, traceState } = await assignFor(['--otlp-endpoint', receiver.url]);
      const m = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(traceParent);
      assert.ok(m, traceParent);
      assert.equal(m[1], CLIENT_TRACE_ID);
      assert.equal(traceState, '', 'a client’s tracestate is not sent to devices');
      const dispatch = await receiver.waitFor((s) => s.name === 'crawl.dispatch');
      assert.equal(dispatch.spanId, m[2]);
    } finally {
      await receiver.close();
    }
  });

  test('a sampled-out trace still travels, marked not sampled, and nothing is exported', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const c = await startTestCoordinator({
        flags: ['--otlp-endpoint', receiver.url, '--trace-sample-ratio', '0'],
      });
      const raw = await RawAgent.connect(c.url, 'raw-dev', await c.newDevice('raw-dev'));
      await submit(c, { url: `${target.httpUrl}/echo` });
      const frame = await raw.next('assign');
      raw.close();
      await c.stop();
      assert.match(frame.assign?.traceParent ?? '', /^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
      assert.equal(receiver.spans.length, 0);
    } finally {
      await receiver.close();
    }
  });
});

describe('tracing across a PostgreSQL cluster', {
  skip: await postgresSkip(),
}, () => {
  test('submitted on one coordinator, dispatched and ingested on another: still one trace', async () => {
    const receiver = await startOtlpReceiver();
    const target = await startTargetServer();
    const cluster = await startPgCluster('tracing', ['--otlp-endpoint', receiver.url]);
    try {
      const [c1, c2] = cluster.coordinators as [CoordinatorProcess, CoordinatorProcess];
      const key = (await createApiKey(cluster.store)).key;
      // The only device is on coordinator 2: coordinator 1 stores and announces the job, 2 runs it.
      const device = await startTestAgent({
        deviceId: 'c2-dev',
        token: (await createDevice(cluster.store, { id: 'c2-dev' })).token,
        coordinators: [c2.url],
      });
      const api = new ApiClient(c1.url, key);
      const res = await api.request(
        'POST',
        '/crawl/v1/new',
        { url: `${target.httpUrl}/echo` },
        {
          traceparent: TRACEPARENT,
        },
      );
      const id = (res.body as Obj).job_id as string;
      assert.equal((await api.waitTerminal(id)).status, 'completed');
      await device.stop();
      for (const c of cluster.coordinators) c.child.kill('SIGTERM');
      await Promise.all(cluster.coordinators.map((c) => c.exited));
      const of = (name: string) => {
        const found = receiver.spans.filter((s) => s.name === name && s.attributes['crawl.job.id'] === id);
        assert.equal(found.length, 1, name);
        return found[0] as ReceivedSpan;
      };
      const [submitSpan, dispatch, ingest] = [of('crawl.submit'), of('crawl.dispatch'), of('crawl.ingest')];
      assert.notEqual(
        submitSpan.resource['crawl.coordinator.id'],
        dispatch.resource['crawl.coordinator.id'],
        'submitted and dispatched by different coordinators',
      );
      for (const s of [submitSpan, dispatch, ingest]) assert.equal(s.traceId, CLIENT_TRACE_ID, s.name);
      assert.equal(dispatch.parentSpanId, submitSpan.spanId, 'the stored trace parent joined the two');
      assert.equal(ingest.parentSpanId, submitSpan.spanId);
    } finally {
      await cluster.stop();
      await target.close();
      await receiver.close();
    }
  });
});
