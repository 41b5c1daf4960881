// Link batches (docs/architecture.md, "Link batches"): several frames of one turn in one WebSocket
// message, only between peers that both said they read them, so agents and coordinators from
// before them keep working in either upgrade order. A device's batch is untrusted input: bounded,
// never nested, each of its frames checked as if it had come alone.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  type AgentFrameInit,
  CloseCode,
  ContentPart,
  encodeAgentFrame,
  encodeFrameBatch,
  MAX_BATCH_FRAMES,
} from '../../proto/index.js';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { RawAgent } from '../helpers/raw-agent.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

type Obj = Record<string, unknown>;

/** Submits `urls` as one batch placed on `deviceId`; the job ids in order. */
async function submitBatch(api: ApiClient, urls: string[], deviceId?: string): Promise<string[]> {
  const res = await api.request('POST', '/crawl/v1/batch/new', {
    jobs: urls.map((url) => ({ url })),
    ...(deviceId ? { placement: { device_id: deviceId } } : {}),
  });
  assert.equal(res.status, 201, res.text);
  const body = res.body as { accepted_count: number; results: Array<{ job?: { job_id: string } }> };
  assert.equal(body.accepted_count, urls.length, res.text);
  return body.results.map((r) => r.job?.job_id ?? '');
}

async function waitAll(api: ApiClient, ids: string[]): Promise<void> {
  for (const id of ids) {
    const done = await api.waitTerminal(id, 60_000);
    assert.equal(done.status, 'completed', JSON.stringify(done));
  }
}

/** A small successful result carried inline in its final frame. */
function resultOf(jobId: string, attempt: number): AgentFrameInit {
  const body = Buffer.from(`body of ${jobId}`);
  return {
    result: {
      jobId,
      attempt,
      success: true,
      statusCode: 200,
      sizeBytes: body.byteLength,
      contentType: 'text/plain',
      parts: [{ part: ContentPart.CONTENT_PART_BODY, chunks: 0, bytes: body.byteLength, inlineData: body }],
    },
  };
}

const urls = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `http://198.51.100.9/${tag}/${i}`);

describe('link batches', () => {
  let target: TargetServer;
  let c: TestCoordinator;
  let api: ApiClient;
  /** A coordinator as from before link batches: its Welcome does not offer them. */
  let old: TestCoordinator;
  let oldApi: ApiClient;
  before(async () => {
    target = await startTargetServer();
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    old = await startTestCoordinator({ overrides: { linkBatches: false } });
    oldApi = new ApiClient(old.url, old.apiKey);
  });
  after(async () => {
    await c.stop();
    await old.stop();
    await target.close();
  });

  test('many assigns to one device come in a few messages; its accepts, results and acks in batches', async () => {
    const n = 120;
    const dev = await RawAgent.connect(c.url, 'many-dev', await c.newDevice('many-dev'), {
      maxConcurrent: n,
      batchFrames: true,
    });
    assert.equal(dev.welcome?.batchFrames, true, 'the coordinator offers batches');
    const ids = await submitBatch(api, urls(n, 'many'), 'many-dev');
    const assigns = [];
    for (let i = 0; i < n; i++) assigns.push((await dev.next('assign')).assign);
    assert.deepEqual(assigns.map((a) => a?.jobId).sort(), [...ids].sort());
    const assignMessages = dev.messagesWith.get('assign') ?? 0;
    // One message a frame would be 120; a batch placed in one pass is a few turns' worth.
    assert.ok(assignMessages <= 12, `${n} assigns came in ${assignMessages} messages`);
    assert.ok(dev.batches >= 1);

    dev.sendBatch(assigns.map((a) => ({ accept: { jobId: a?.jobId ?? '', attempt: a?.attempt ?? 0 } })));
    for (let i = 0; i < n; i += 40) {
      dev.sendBatch(assigns.slice(i, i + 40).map((a) => resultOf(a?.jobId ?? '', a?.attempt ?? 0)));
    }
    const acked = new Set<string>();
    for (let i = 0; i < n; i++) {
      const ack = (await dev.next('ack')).ack;
      assert.equal(ack?.duplicate, false);
      acked.add(ack?.jobId ?? '');
    }
    assert.equal(acked.size, n);
    const ackMessages = dev.messagesWith.get('ack') ?? 0;
    assert.ok(ackMessages <= n / 2, `${n} acks came in ${ackMessages} messages`);
    const one = (await api.download(ids[7] as string)) as { mainResult: { body: string } };
    assert.equal(one.mainResult.body, `body of ${ids[7]}`);
    dev.close();
  });

  test('an agent that does not read batches (an older agent) gets every frame alone and runs its jobs', async () => {
    const n = 20;
    const dev = await RawAgent.connect(c.url, 'plain-dev', await c.newDevice('plain-dev'), {
      maxConcurrent: n,
    });
    const ids = await submitBatch(api, urls(n, 'plain'), 'plain-dev');
    for (let i = 0; i < n; i++) {
      const a = (await dev.next('assign')).assign;
      dev.send({ accept: { jobId: a?.jobId ?? '', attempt: a?.attempt ?? 0 } });
      dev.send(resultOf(a?.jobId ?? '', a?.attempt ?? 0));
    }
    for (let i = 0; i < n; i++) await dev.next('ack');
    assert.equal(dev.batches, 0, 'no batch to a device that did not ask');
    assert.equal(dev.messagesWith.get('assign'), n);
    assert.equal(dev.messagesWith.get('ack'), n);
    await waitAll(api, ids);
    dev.close();

    // A real agent with batches off, as an agent from before them, against this coordinator.
    const agent = await startTestAgent({
      deviceId: 'old-agent',
      token: await c.newDevice('old-agent'),
      coordinators: [c.url],
      maxConcurrent: 8,
      linkBatches: false,
    });
    try {
      const real = await submitBatch(
        api,
        Array.from({ length: 24 }, (_, i) => `${target.httpUrl}/echo?old=${i}`),
        'old-agent',
      );
      await waitAll(api, real);
    } finally {
      await agent.stop();
    }
  });

  test('a new agent against a coordinator that does not offer batches sends none and runs its jobs', async () => {
    const dev = await RawAgent.connect(old.url, 'asks-dev', await old.newDevice('asks-dev'), {
      maxConcurrent: 10,
      batchFrames: true,
    });
    assert.equal(dev.welcome?.batchFrames ?? false, false, 'no offer from an older coordinator');
    await submitBatch(oldApi, urls(10, 'asks'), 'asks-dev');
    for (let i = 0; i < 10; i++) await dev.next('assign');
    assert.equal(dev.batches, 0, 'a coordinator that did not offer batches sends none');
    // It refuses one, as a coordinator from before batches would (a frame with no body it knows).
    dev.sendBatch([{ ping: { nonce: 1 } }, { ping: { nonce: 2 } }]);
    assert.equal(await dev.closed, CloseCode.BadFrame);

    // The real agent (batches on by default) against it: a batch it sent would close its link and
    // its results would never be acknowledged.
    const agent = await startTestAgent({
      deviceId: 'new-agent',
      token: await old.newDevice('new-agent'),
      coordinators: [old.url],
      maxConcurrent: 8,
    });
    try {
      const ids = await submitBatch(
        oldApi,
        Array.from({ length: 24 }, (_, i) => `${target.httpUrl}/echo?new=${i}`),
        'new-agent',
      );
      await waitAll(oldApi, ids);
    } finally {
      await agent.stop();
    }
  });

  test('the real agent and coordinator batch with each other and run a batch of jobs', async () => {
    const agent = await startTestAgent({
      deviceId: 'batching-agent',
      token: await c.newDevice('batching-agent'),
      coordinators: [c.url],
      maxConcurrent: 16,
    });
    try {
      const ids = await submitBatch(
        api,
        Array.from({ length: 64 }, (_, i) => `${target.httpUrl}/echo?both=${i}`),
        'batching-agent',
      );
      await waitAll(api, ids);
      const dl = (await api.download(ids[3] as string)) as { metadata: { device_id: string } };
      assert.equal(dl.metadata.device_id, 'batching-agent');
    } finally {
      await agent.stop();
    }
  });

  describe('a hostile device’s batches', () => {
    test('more than MAX_BATCH_FRAMES frames closes the link 4413', async () => {
      const token = await c.newDevice('count-dev');
      const dev = await RawAgent.connect(c.url, 'count-dev', token, {
        batchFrames: true,
      });
      const pings = Array.from({ length: MAX_BATCH_FRAMES + 1 }, (_, i) => ({ ping: { nonce: i + 1 } }));
      dev.sendBatch(pings);
      assert.equal(await dev.closed, CloseCode.TooLarge);
      assert.equal(dev.frames.filter((f) => f.body === 'pong').length, 0, 'none of it was handled');

      // At the bound it is taken: every ping answered.
      const ok = await RawAgent.connect(c.url, 'count-dev', token, {
        batchFrames: true,
      });
      ok.sendBatch(pings.slice(0, MAX_BATCH_FRAMES));
      for (let i = 0; i < MAX_BATCH_FRAMES; i++) await ok.next('pong');
      assert.ok(ok.open);
      ok.close();
    });

    test('a batch inside a batch, a malformed batch, or a batch before the hello closes the link 4400', async () => {
      const token = await c.newDevice('nest-dev');
      const nested = await RawAgent.connect(c.url, 'nest-dev', token, { batchFrames: true });
      const inner = encodeFrameBatch([
        encodeAgentFrame({ ping: { nonce: 1 } }),
        encodeAgentFrame({ ping: {} }),
      ]);
      nested.sendBytes(encodeFrameBatch([encodeAgentFrame({ ping: { nonce: 9 } }), inner]));
      assert.equal(await nested.closed, CloseCode.BadFrame);
      // The frame before the nested batch was handled, as it would have been alone.
      assert.equal(Number(nested.frames.find((f) => f.body === 'pong')?.pong?.nonce), 9);

      const trailing = await RawAgent.connect(c.url, 'nest-dev', token, { batchFrames: true });
      const batch = encodeFrameBatch([encodeAgentFrame({ ping: { nonce: 1 } })]);
      // A second field after the batch: a batch must be its frame's only field.
      trailing.sendBytes(Buffer.concat([batch, encodeAgentFrame({ ping: { nonce: 2 } })]));
      assert.equal(await trailing.closed, CloseCode.BadFrame);

      const early = await RawAgent.connect(c.url, 'nest-dev', token, false);
      early.sendBatch([
        {
          hello: {
            protocolVersion: 1,
            deviceId: 'nest-dev',
            capabilities: { methods: ['GET'], maxConcurrent: 1 },
          },
        },
      ]);
      assert.equal(await early.closed, CloseCode.BadFrame);
    });

    test('frames in a batch for work that is not the device’s are struck one by one, as alone', async () => {
      const owner = await RawAgent.connect(c.url, 'b-owner-dev', await c.newDevice('b-owner-dev'), {
        batchFrames: true,
      });
      const [job] = await submitBatch(api, urls(1, 'owned'), 'b-owner-dev');
      const assign = (await owner.next('assign')).assign;
      assert.equal(assign?.jobId, job);
      const meddler = await RawAgent.connect(c.url, 'b-meddler-dev', await c.newDevice('b-meddler-dev'), {
        batchFrames: true,
      });
      meddler.sendBatch([
        { reject: { jobId: job, attempt: 1, reason: 2, message: 'not mine to refuse' } },
        resultOf(job as string, 1),
      ]);
      await meddler.barrier();
      assert.ok(meddler.open, 'two strikes do not end the link');
      assert.equal(meddler.frames.filter((f) => f.body === 'ack').length, 0, 'never acknowledged');
      assert.equal(((await api.status(job as string)).body as Obj).status, 'running', 'still its owner’s');
      // Sixteen foreign frames in one batch are sixteen strikes: the link is closed 4403.
      meddler.sendBatch(Array.from({ length: 16 }, () => resultOf(randomUUID(), 1)));
      assert.equal(await meddler.closed, CloseCode.Forbidden);

      // The owner's batch of its accept and result, with a foreign result between them: its own is taken.
      owner.sendBatch([
        { accept: { jobId: job, attempt: 1 } },
        resultOf(randomUUID(), 1),
        resultOf(job as string, 1),
      ]);
      assert.equal((await owner.next('ack')).ack?.jobId, job);
      await owner.barrier();
      assert.ok(owner.open);
      await waitAll(api, [job as string]);
      owner.close();
    });
  });
});
