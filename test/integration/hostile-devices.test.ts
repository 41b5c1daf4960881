// Devices are strangers: a device with a valid token that sends results for work it was never
// given, or floods the link with content, gets nothing stored, holds no memory, and loses its link.
// The real device of the job then completes it. (docs/security.md, "What a device can do".)
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { CloseCode, ContentPart } from '../../proto/index.js';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { RawAgent, resultFrames } from '../helpers/raw-agent.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

const MiB = 1024 * 1024;

describe('hostile devices', () => {
  let target: TargetServer;
  let c: TestCoordinator;
  let api: ApiClient;
  before(async () => {
    target = await startTargetServer();
    c = await startTestCoordinator({
      flags: ['--max-buffered-result-bytes', String(8 * MiB), '--max-result-bytes', String(2 * MiB)],
    });
    api = new ApiClient(c.url, c.apiKey);
  });
  after(async () => {
    await c.stop();
    await target.close();
  });

  test('a result for a job assigned to another device is refused; the real device completes it', async () => {
    const job = (
      (await api.submit({ url: `${target.httpUrl}/echo?victim=1`, placement: { device_id: 'victim-dev' } }))
        .body as { job_id: string }
    ).job_id;
    const forger = await RawAgent.connect(c.url, 'forger-dev', await c.newDevice('forger-dev'));
    for (const frame of resultFrames(job, 1, Buffer.from('forged body'))) forger.send(frame);
    await forger.barrier();
    assert.equal(forger.frames.filter((f) => f.body === 'ack').length, 0, 'never acknowledged');
    assert.equal(((await api.status(job)).body as { status: string }).status, 'pending');
    assert.equal(c.coordinator.link.budgetState.heldBytes, 0, 'nothing buffered');

    // Repeated strikes: frames for work that is not its own close the link with 4403.
    for (let i = 0; i < 20 && forger.open; i++) {
      for (const frame of resultFrames(job, 1 + (i % 3), Buffer.from('again'))) forger.send(frame);
    }
    assert.equal(await forger.closed, CloseCode.Forbidden);

    const victim = await startTestAgent({
      deviceId: 'victim-dev',
      token: await c.newDevice('victim-dev'),
      coordinators: [c.url],
    });
    const done = await api.waitTerminal(job);
    assert.equal(done.status, 'completed', JSON.stringify(await api.detail(job)));
    const dl = (await api.download(job)) as { metadata: { device_id: string }; mainResult: { body: string } };
    assert.equal(dl.metadata.device_id, 'victim-dev');
    assert.notEqual(dl.mainResult.body, 'forged body');
    await victim.stop();
  });

  test('a reject or a result for someone else’s running attempt changes nothing', async () => {
    const owner = await RawAgent.connect(c.url, 'owner-dev', await c.newDevice('owner-dev'));
    const job = (
      (await api.submit({ url: 'http://198.51.100.9/held', placement: { device_id: 'owner-dev' } })).body as {
        job_id: string;
      }
    ).job_id;
    const assign = await owner.next('assign');
    assert.equal(assign.assign?.jobId, job);
    const other = await RawAgent.connect(c.url, 'meddler-dev', await c.newDevice('meddler-dev'));
    other.send({ reject: { jobId: job, attempt: 1, reason: 2, message: 'not mine to refuse' } });
    for (const frame of resultFrames(job, 1, Buffer.from('meddled'))) other.send(frame);
    await other.barrier();
    assert.equal(other.frames.filter((f) => f.body === 'ack').length, 0);
    assert.equal(((await api.status(job)).body as { status: string }).status, 'running', 'still its owner’s');
    // The owner's own result is taken.
    for (const frame of resultFrames(job, 1, Buffer.from('the owner’s body'))) owner.send(frame);
    assert.equal((await owner.next('ack')).ack?.duplicate, false);
    assert.equal(
      ((await api.download(job)) as { mainResult: { body: string } }).mainResult.body,
      'the owner’s body',
    );
    owner.close();
    other.close();
  });

  test('a chunk flood of twice the memory budget holds nothing and ends the links', async () => {
    const token = await c.newDevice('flood-dev');
    const chunk = Buffer.alloc(MiB - 64 * 1024, 7);
    const small = chunk.subarray(0, 256 * 1024);
    let sent = 0;
    let links = 0;
    let peakHeld = 0;
    const rssBefore = process.memoryUsage().rss;
    // Made-up job ids: every frame is a strike; the link closes and the device reconnects.
    while (sent < 16 * MiB) {
      const flood = await RawAgent.connect(c.url, 'flood-dev', token);
      links++;
      for (let i = 0; flood.open && i < 64; i++) {
        flood.send({
          chunk: {
            jobId: randomUUID(),
            attempt: 1,
            part: ContentPart.CONTENT_PART_BODY,
            index: 0,
            data: small,
          },
        });
        sent += small.byteLength;
        if (i % 4 === 3) await flood.barrier();
        peakHeld = Math.max(peakHeld, c.coordinator.link.budgetState.heldBytes);
      }
      assert.equal(await flood.closed, CloseCode.Forbidden);
    }
    assert.equal(peakHeld, 0, 'no chunk of a made-up job was buffered');
    assert.equal(c.coordinator.link.budgetState.heldBytes, 0);
    const rssGrowthMiB = (process.memoryUsage().rss - rssBefore) / MiB;
    assert.ok(
      rssGrowthMiB < 64,
      `RSS grew ${rssGrowthMiB.toFixed(1)} MiB over ${sent / MiB} MiB sent on ${links} links`,
    );

    // Its own assigned jobs, never finished: the per-link cap (two results' worth) closes it 4413.
    // The flooding device is quarantined by now (every strike counted against it): no user job
    // would reach it. Another device holding its own jobs shows the per-link cap.
    assert.equal((await c.coordinator.store.trust.getDeviceTrust('flood-dev'))?.quarantined, true);
    const own = await RawAgent.connect(c.url, 'hoarder-dev', await c.newDevice('hoarder-dev'), {
      maxConcurrent: 4,
    });
    const jobs: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await api.submit({
        url: `http://198.51.100.9/flood${i}`,
        placement: { device_id: 'hoarder-dev' },
      });
      jobs.push((res.body as { job_id: string }).job_id);
    }
    for (let i = 0; i < 4; i++) await own.next('assign');
    // 1.9 MiB each: under the 2 MiB result limit, over the link's 4 MiB by the third job.
    for (const job of jobs) {
      for (const index of [0, 1]) {
        own.send({
          chunk: { jobId: job, attempt: 1, part: ContentPart.CONTENT_PART_BODY, index, data: chunk },
        });
      }
    }
    assert.equal(await own.closed, CloseCode.TooLarge);
    assert.equal(c.coordinator.link.budgetState.heldBytes, 0, 'its partial results were given back');
  });
});
