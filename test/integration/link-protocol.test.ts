// The agent link as a hostile or broken peer sees it: authentication before anything moves, frame
// limits, hello rules, and a well-behaved raw client getting a job through the protocol by hand.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import WebSocket from 'ws';
import {
  AGENT_LINK_PATH,
  CloseCode,
  ContentPart,
  type CoordinatorFrame,
  decodeCoordinatorFrame,
  encodeAgentFrame,
  PROTOCOL_VERSION,
} from '../../proto/index.js';
import { ApiClient } from '../helpers/client.js';
import { startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';

function linkUrl(base: string): string {
  return `${base.replace('http', 'ws')}${AGENT_LINK_PATH}`;
}

function connect(base: string, token: string | null): WebSocket {
  return new WebSocket(linkUrl(base), token ? { headers: { authorization: `Bearer ${token}` } } : {});
}

async function refusedStatus(ws: WebSocket): Promise<number> {
  ws.on('error', () => undefined); // terminating a refused handshake reports an error; expected here
  const [, res] = (await once(ws, 'unexpected-response')) as [unknown, { statusCode: number }];
  ws.terminate();
  return res.statusCode;
}

async function closeCode(ws: WebSocket): Promise<number> {
  const [code] = (await once(ws, 'close')) as [number];
  return code;
}

const hello = (deviceId: string) =>
  encodeAgentFrame({
    hello: {
      protocolVersion: PROTOCOL_VERSION,
      deviceId,
      agentVersion: 'raw-test',
      capabilities: { methods: ['GET'], maxConcurrent: 1 },
      location: { country: 'FR' },
      deviceType: 'server',
      networkType: 'ethernet',
    },
  });

describe('agent link protocol', () => {
  let c: TestCoordinator;
  before(async () => {
    c = await startTestCoordinator({ flags: ['--hello-timeout-ms', '300'] });
  });
  after(() => c.stop());

  test('no token, an unknown token or a revoked device: HTTP 401 and no WebSocket', async () => {
    assert.equal(await refusedStatus(connect(c.url, null)), 401);
    assert.equal(await refusedStatus(connect(c.url, 'dt_unknown')), 401);
    const token = await c.newDevice('revoked-dev');
    await c.coordinator.store.revokeDevice('revoked-dev', new Date().toISOString());
    assert.equal(await refusedStatus(connect(c.url, token)), 401);
    const wrongPath = new WebSocket(`${c.url.replace('http', 'ws')}/elsewhere`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(await refusedStatus(wrongPath), 404);
  });

  test('a hello naming another device is closed 4403; no hello in time is closed 4408', async () => {
    const token = await c.newDevice('honest-dev');
    const liar = connect(c.url, token);
    await once(liar, 'open');
    liar.send(hello('someone-else'));
    assert.equal(await closeCode(liar), CloseCode.Forbidden);
    const silent = connect(c.url, token);
    await once(silent, 'open');
    assert.equal(await closeCode(silent), CloseCode.HelloTimeout);
  });

  test('before the hello: an oversized frame is 4413, a text frame or a non-hello frame is 4400', async () => {
    const token = await c.newDevice('rude-dev');
    const big = connect(c.url, token);
    await once(big, 'open');
    big.send(Buffer.alloc(20_000, 1));
    assert.equal(await closeCode(big), CloseCode.TooLarge);
    const text = connect(c.url, token);
    await once(text, 'open');
    text.send('hello?');
    assert.equal(await closeCode(text), CloseCode.BadFrame);
    const early = connect(c.url, token);
    await once(early, 'open');
    early.send(encodeAgentFrame({ ping: { nonce: 1 } }));
    assert.equal(await closeCode(early), CloseCode.BadFrame);
    const garbage = connect(c.url, token);
    await once(garbage, 'open');
    garbage.send(Buffer.from([0xff, 0xff, 0xff, 0xff]));
    assert.equal(await closeCode(garbage), CloseCode.BadFrame);
  });

  test('a raw client: hello → welcome, assign, chunked result → ack, and the job completes', async () => {
    const token = await c.newDevice('raw-dev');
    const ws = connect(c.url, token);
    const frames: CoordinatorFrame[] = [];
    const waiters: Array<(f: CoordinatorFrame) => void> = [];
    ws.on('message', (data: Buffer) => {
      const f = decodeCoordinatorFrame(data, 2_000_000);
      const w = waiters.shift();
      if (w) w(f);
      else frames.push(f);
    });
    const next = () =>
      new Promise<CoordinatorFrame>((r) =>
        frames.length ? r(frames.shift() as CoordinatorFrame) : waiters.push(r),
      );
    const nextOf = async (body: string) => {
      for (;;) {
        const f = await next();
        if (f.body === body) return f;
      }
    };
    await once(ws, 'open');
    ws.send(hello('raw-dev'));
    const welcome = await nextOf('welcome');
    assert.ok((welcome.welcome?.maxFrameBytes ?? 0) > 0);
    const api = new ApiClient(c.url, c.apiKey);
    const id = (
      (await api.submit({ url: 'http://198.51.100.7/raw', placement: { device_id: 'raw-dev' } })).body as {
        job_id: string;
      }
    ).job_id;
    const assign = await nextOf('assign');
    assert.equal(assign.assign?.jobId, id);
    assert.equal(assign.assign?.attempt, 1);
    assert.equal(assign.assign?.request?.url, 'http://198.51.100.7/raw');
    ws.send(encodeAgentFrame({ accept: { jobId: id, attempt: 1 } }));
    const body = Buffer.from('hello from a raw client');
    ws.send(
      encodeAgentFrame({
        chunk: {
          jobId: id,
          attempt: 1,
          part: ContentPart.CONTENT_PART_BODY,
          index: 0,
          data: body.subarray(0, 5),
        },
      }),
    );
    ws.send(
      encodeAgentFrame({
        chunk: {
          jobId: id,
          attempt: 1,
          part: ContentPart.CONTENT_PART_BODY,
          index: 1,
          data: body.subarray(5),
        },
      }),
    );
    ws.send(
      encodeAgentFrame({
        result: {
          jobId: id,
          attempt: 1,
          success: true,
          statusCode: 200,
          timeUs: 1234,
          sizeBytes: body.byteLength,
          contentType: 'text/plain',
          parts: [{ part: ContentPart.CONTENT_PART_BODY, chunks: 2, bytes: body.byteLength }],
        },
      }),
    );
    const ack = await nextOf('ack');
    assert.equal(ack.ack?.jobId, id);
    assert.equal(ack.ack?.duplicate, false);
    const dl = await api.download(id);
    assert.equal((dl.mainResult as { body: string }).body, 'hello from a raw client');
    assert.equal(
      (dl.metadata as { device_location: { region: string } }).device_location.region,
      'EU',
      'region from the country',
    );
    // The same result again is acknowledged as a duplicate and changes nothing.
    ws.send(encodeAgentFrame({ result: { jobId: id, attempt: 1, success: false, errorType: 'timeout' } }));
    const dup = await nextOf('ack');
    assert.equal(dup.ack?.duplicate, true);
    assert.equal(((await api.detail(id)).result as { success: boolean }).success, true);
    ws.close();
  });
});
