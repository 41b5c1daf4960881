// Results streamed to storage as their chunks arrive (docs/storage.md, "Streamed results"): a 64 MiB
// result costs the coordinator a bounded buffer on both backends; a link dropped mid-result or a
// final that lies about its parts leaves no content, no temp file and no open multipart upload.
// Small parts ride inline in the final frame (docs/protocol.md), checked like chunks.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { CloseCode, ContentPart } from '../../proto/index.js';
import { ApiClient } from '../helpers/client.js';
import {
  type AgentProcess,
  removeDir,
  spawnAgent,
  startTestCoordinator,
  type TestCoordinator,
} from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { RawAgent } from '../helpers/raw-agent.js';
import { S3RVER_CREDENTIALS, type S3rverHandle, startS3rver } from '../helpers/s3rver.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

const MiB = 1024 * 1024;
const BUCKET = 'crawl-content';
const BODY = ContentPart.CONTENT_PART_BODY;

/** Polls a condition that has no event to wait on (a file the coordinator removes), up to `ms`. */
async function until(what: string, check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function listDir(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

// Top-level tests (no describe): each 64 MiB transfer gets its own timeout on a busy machine.
{
  let target: TargetServer;
  let s3: S3rverHandle;
  let c: TestCoordinator;
  let api: ApiClient;
  let agent: AgentProcess;

  before(async () => {
    target = await startTargetServer();
    s3 = await startS3rver();
    c = await startTestCoordinator({
      flags: [
        '--s3-endpoint',
        s3.endpoint,
        '--s3-bucket',
        BUCKET,
        '--s3-access-key-id',
        S3RVER_CREDENTIALS.accessKeyId,
        '--s3-secret-access-key',
        S3RVER_CREDENTIALS.secretAccessKey,
        '--max-result-bytes',
        String(80 * MiB),
        '--metrics-listen',
        '127.0.0.1:0',
      ],
    });
    api = new ApiClient(c.url, c.apiKey);
    agent = spawnAgent({
      deviceId: 'stream-agent',
      token: await c.newDevice('stream-agent'),
      coordinators: [c.url],
      extra: ['--max-body-bytes', String(80 * MiB)],
    });
    await agent.waitForLog((l) => l.msg === 'linked to coordinator');
  });
  after(async () => {
    agent.child.kill('SIGKILL');
    await agent.exited;
    await c.stop();
    await s3.stop();
    await target.close();
    removeDir(c.dataDir);
  });

  const owner = async (id: string) => (await c.coordinator.store.getJob(id))?.ownerId ?? '';
  const localDir = async (id: string) => path.join(c.dataDir, 'content', 'jobs', await owner(id), id);
  const s3Object = async (id: string, part: string) =>
    path.join(s3.directory, BUCKET, 'jobs', await owner(id), id, `${part}._S3rver_object`);

  for (const storage of ['local', 's3'] as const) {
    test(`a 64 MiB result goes to ${storage} storage through a bounded buffer`, async () => {
      const bytes = 64 * MiB;
      const budget = c.coordinator.link.budget;
      budget.resetPeak();
      const { id, job } = await api.run(
        { url: `${target.httpUrl}/big?bytes=${bytes}`, storage_type: storage, timeout_sec: 150 },
        150_000, // seconds on a quiet machine; what is measured is memory, not time
      );
      assert.equal(job.status, 'completed', JSON.stringify(job));
      const peak = budget.peakBytes;
      console.log(
        `RESULT stream_held storage=${storage} result_mib=64 peak_held_kib=${Math.round(peak / 1024)}`,
      );
      // Local: the in-memory head (256 KiB) plus at most ~1 MiB waiting for the disk. S3: one 8 MiB
      // part being gathered plus that queue. Assembled whole, it would have been 64 MiB.
      assert.ok(peak < (storage === 'local' ? 4 : 12) * MiB, `held ${peak} bytes at most`);
      assert.equal(budget.usedBytes, 0, 'everything given back');
      const file =
        storage === 'local' ? path.join(await localDir(id), 'a1-body') : await s3Object(id, 'a1-body');
      assert.equal((await stat(file)).size, bytes);
      const want = createHash('sha256').update(Buffer.alloc(bytes, 'a')).digest('hex');
      assert.equal(await sha256File(file), want);
      if (storage === 'local') {
        assert.deepEqual(await listDir(await localDir(id)), ['a1-body'], 'no temp file left');
      } else {
        assert.deepEqual(await s3.openUploads(BUCKET), [], 'no multipart upload left open');
      }
    });

    test(`an agent dying mid-result leaves nothing in ${storage} storage`, async () => {
      const device = `dying-${storage}`;
      const raw = await RawAgent.connect(c.url, device, await c.newDevice(device));
      const id = (
        (
          await api.submit({
            url: 'http://198.51.100.9/big',
            storage_type: storage,
            placement: { device_id: device },
          })
        ).body as Obj
      ).job_id as string;
      const assign = (await raw.next('assign')).assign;
      assert.equal(assign?.jobId, id);
      // Past one S3 part (8 MiB), so a multipart upload is open when the link drops.
      const chunk = Buffer.alloc(256 * 1024, 'z');
      for (let index = 0; index < (storage === 'local' ? 8 : 40); index++) {
        raw.send({ chunk: { jobId: id, attempt: 1, part: BODY, index, data: chunk } });
      }
      await raw.barrier();
      if (storage === 'local') {
        await until('a temp file', async () =>
          (await listDir(await localDir(id))).some((n) => n.startsWith('.tmp-')),
        );
      } else {
        await until('a multipart upload', async () => (await s3.openUploads(BUCKET)).length === 1);
      }
      raw.ws.terminate();
      await raw.closed;
      if (storage === 'local') {
        await until('the temp file removed', async () => (await listDir(await localDir(id))).length === 0);
      } else {
        await until('the upload aborted', async () => (await s3.openUploads(BUCKET)).length === 0);
        assert.deepEqual(await listDir(path.dirname(await s3Object(id, 'a1-body'))), [], 'no object');
      }
      await until('the budget given back', () => c.coordinator.link.budget.usedBytes === 0);
      assert.notEqual(((await api.status(id)).body as Obj).status, 'completed');
    });
  }

  test('a final that disagrees with its chunks is refused and cleaned; the honest re-send is stored', async () => {
    const raw = await RawAgent.connect(c.url, 'liar-dev', await c.newDevice('liar-dev'));
    const id = (
      (await api.submit({ url: 'http://198.51.100.9/liar', placement: { device_id: 'liar-dev' } }))
        .body as Obj
    ).job_id as string;
    await raw.next('assign');
    const chunk = Buffer.alloc(256 * 1024, 'l');
    const send = (claimedBytes: number) => {
      for (let index = 0; index < 8; index++)
        raw.send({ chunk: { jobId: id, attempt: 1, part: BODY, index, data: chunk } });
      raw.send({
        result: {
          jobId: id,
          attempt: 1,
          success: true,
          statusCode: 200,
          sizeBytes: 8 * chunk.byteLength,
          parts: [{ part: BODY, chunks: 8, bytes: claimedBytes }],
        },
      });
    };
    send(8 * chunk.byteLength + 1);
    await raw.barrier();
    await until('the temp file removed', async () => (await listDir(await localDir(id))).length === 0);
    assert.equal(raw.frames.filter((f) => f.body === 'ack').length, 0, 'not acknowledged');
    assert.equal(((await api.status(id)).body as Obj).status, 'running');
    send(8 * chunk.byteLength);
    assert.equal((await raw.next('ack')).ack?.duplicate, false);
    assert.equal(((await api.status(id)).body as Obj).status, 'completed');
    assert.deepEqual(await listDir(await localDir(id)), ['a1-body']);
    assert.equal((await stat(path.join(await localDir(id), 'a1-body'))).size, 8 * chunk.byteLength);
    raw.close();
  });

  test('small parts ride inline in the final frame from a real agent; larger ones in chunks', async () => {
    const framesIn = async () => {
      const text = await (await fetch(`${c.coordinator.metricsUrl}/metrics`)).text();
      return Number(/crawl_link_frames_total\{direction="in"\} (\d+)/.exec(text)?.[1] ?? Number.NaN);
    };
    const before = await framesIn();
    for (let i = 0; i < 5; i++) {
      const { id, job } = await api.run({ url: `${target.httpUrl}/echo?inline=${i}` });
      assert.equal(job.status, 'completed');
      assert.equal(JSON.parse(((await api.download(id)) as Obj).mainResult.body).method, 'GET');
    }
    // Inline: an accept and a final per job (10), a heartbeat ping at most. Chunked it would be 15.
    const used = (await framesIn()) - before;
    assert.ok(used <= 12, `${used} frames for 5 small jobs`);
    for (const bytes of [64 * 1024, 64 * 1024 + 1, 0]) {
      const { id, job } = await api.run({ url: `${target.httpUrl}/big?bytes=${bytes}` });
      assert.equal(job.status, 'completed');
      const dl = (await api.download(id)) as Obj;
      assert.equal(dl.mainResult.body, 'a'.repeat(bytes));
    }
  });

  test('inline data for a foreign job earns strikes and stores nothing; a mixed or short part is refused', async () => {
    const foreign = (
      (await api.submit({ url: 'http://198.51.100.9/victim', placement: { device_id: 'inline-victim' } }))
        .body as Obj
    ).job_id as string;
    const forger = await RawAgent.connect(c.url, 'inline-forger', await c.newDevice('inline-forger'));
    const inlineFinal = (jobId: string, data: Buffer, bytes = data.byteLength, chunks = 0) => ({
      result: {
        jobId,
        attempt: 1,
        success: true,
        statusCode: 200,
        sizeBytes: data.byteLength,
        parts: [{ part: BODY, chunks, bytes, inlineData: data }],
      },
    });
    for (let i = 0; i < 20 && forger.open; i++)
      forger.send(inlineFinal(foreign, Buffer.from('forged inline')));
    assert.equal(await forger.closed, CloseCode.Forbidden);
    assert.equal(forger.frames.filter((f) => f.body === 'ack').length, 0);
    assert.equal(((await api.status(foreign)).body as Obj).status, 'pending');
    assert.deepEqual(await listDir(await localDir(foreign)), [], 'nothing stored');

    const raw = await RawAgent.connect(c.url, 'mixed-dev', await c.newDevice('mixed-dev'));
    const own = (
      (await api.submit({ url: 'http://198.51.100.9/mixed', placement: { device_id: 'mixed-dev' } }))
        .body as Obj
    ).job_id as string;
    await raw.next('assign');
    const body = Buffer.from('own body');
    raw.send({ chunk: { jobId: own, attempt: 1, part: BODY, index: 0, data: body } });
    raw.send(inlineFinal(own, body, body.byteLength, 1)); // both chunked and inline: forged
    raw.send(inlineFinal(own, body, body.byteLength + 2)); // inline shorter than announced
    await raw.barrier();
    assert.equal(raw.frames.filter((f) => f.body === 'ack').length, 0, 'neither acknowledged');
    await until('a strike recorded', async () => {
      return ((await c.coordinator.store.trust.getDeviceTrust('mixed-dev'))?.strikes ?? 0) >= 1;
    });
    assert.equal(((await api.status(own)).body as Obj).status, 'running');
    raw.send(inlineFinal(own, body));
    assert.equal((await raw.next('ack')).ack?.duplicate, false);
    assert.equal(((await api.download(own)) as Obj).mainResult.body, 'own body');
    assert.equal(c.coordinator.link.budget.usedBytes, 0);
    raw.close();
  });
}
