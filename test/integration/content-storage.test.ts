// Job content on both backends through the whole pipeline: S3 (a real s3rver) and local files,
// large content, an S3 outage mid-run, a storage that never comes back, and archival → 410.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MESSAGES } from '../../coordinator/errors.js';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { GatedStorage } from '../helpers/gated-storage.js';
import type { Obj } from '../helpers/json.js';
import { S3RVER_CREDENTIALS, type S3rverHandle, startS3rver } from '../helpers/s3rver.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

describe('content storage end to end', () => {
  let target: TargetServer;
  let s3: S3rverHandle;
  let c: TestCoordinator;
  let api: ApiClient;
  const gates: GatedStorage[] = [];
  let stopAgent: () => Promise<void>;
  before(async () => {
    target = await startTargetServer();
    s3 = await startS3rver();
    c = await startTestCoordinator({
      flags: [
        '--s3-endpoint',
        s3.endpoint,
        '--s3-bucket',
        'crawl-content',
        '--s3-access-key-id',
        S3RVER_CREDENTIALS.accessKeyId,
        '--s3-secret-access-key',
        S3RVER_CREDENTIALS.secretAccessKey,
        '--retention-local',
        '7d',
        '--retention-s3',
        '7d',
        '--max-storage-failures',
        '3',
        '--max-result-bytes',
        String(48 * 1024 * 1024),
      ],
      overrides: {
        wrapStorage: (storage) => {
          const g = new GatedStorage(storage);
          gates.push(g);
          return g;
        },
      },
    });
    api = new ApiClient(c.url, c.apiKey);
    const token = await c.newDevice('store-agent');
    stopAgent = (
      await startTestAgent({
        deviceId: 'store-agent',
        token,
        coordinators: [c.url],
        extra: ['--max-body-bytes', String(32 * 1024 * 1024), '--resend-after-ms', '300'],
      })
    ).stop;
  });
  after(async () => {
    await stopAgent();
    await c.stop();
    await s3.stop();
    await target.close();
  });
  const s3Gate = () => gates.find((g) => g.type === 's3') as GatedStorage;

  test('storage_type s3: content is stored in S3 and downloads back', async () => {
    const { id, job } = await api.run({ url: `${target.httpUrl}/article`, storage_type: 's3' });
    assert.equal(job.storage_type, 's3');
    const dl = (await api.download(id)) as Obj;
    assert.match(dl.mainResult.body, /Harbour lights/);
    assert.match(dl.readerContent, /harbour lights were lit/);
    const owner = (await c.coordinator.store.getJob(id))?.ownerId;
    const objects = path.join(s3.directory, 'crawl-content', 'jobs', owner ?? '', id);
    assert.ok(existsSync(objects), 'objects live under jobs/{owner}/{job_id}/ in the bucket');
    assert.ok(!existsSync(path.join(c.dataDir, 'content', 'jobs', owner ?? '', id)), 'nothing on local disk');
  });

  test('20 MiB of content goes through S3 intact', async () => {
    const bytes = 20 * 1024 * 1024;
    const { id } = await api.run(
      { url: `${target.httpUrl}/big?bytes=${bytes}`, storage_type: 's3', timeout_sec: 60 },
      60_000,
    );
    const dl = (await api.download(id)) as Obj;
    assert.equal(dl.mainResult.sizeBytes, bytes);
    const want = createHash('sha256').update(Buffer.alloc(bytes, 'a')).digest('hex');
    assert.equal(createHash('sha256').update(dl.mainResult.body).digest('hex'), want);
  });

  test('S3 down mid-run: the result is retried and stored when S3 returns', async () => {
    await s3.halt();
    const gate = s3Gate();
    const attempted = gate.nextAttempt();
    const id = (
      (await api.submit({ url: `${target.httpUrl}/echo?outage=1`, storage_type: 's3' })).body as Obj
    ).job_id;
    await attempted;
    const retried = gate.nextAttempt();
    await retried; // the agent re-sent it, and the store failed again
    assert.equal(((await api.status(id)).body as Obj).status, 'running', 'not lost, not failed');
    await s3.restart();
    const job = await api.waitTerminal(id);
    assert.equal(job.status, 'completed');
    assert.equal(JSON.parse(((await api.download(id)) as Obj).mainResult.body).method, 'GET');
    assert.equal(target.seen.filter((r) => r.url === '/echo?outage=1').length, 1, 'crawled once');
  });

  test('a storage that keeps failing fails the job internal, with a reason', async () => {
    const gate = s3Gate();
    gate.failing = true;
    const { job } = await api.run({ url: `${target.httpUrl}/echo?doomed=1`, storage_type: 's3' });
    gate.failing = false;
    assert.equal(job.status, 'failed');
    assert.equal(job.error_type, 'internal');
    assert.match(job.error_message as string, /s3 content storage failed 3 times/);
  });

  test('archival: content past retention is deleted and downloads answer 410 on both backends', async () => {
    const old = await Promise.all([
      api.run({ url: `${target.httpUrl}/echo?age=old-local` }),
      api.run({ url: `${target.httpUrl}/echo?age=old-s3`, storage_type: 's3' }),
    ]);
    const oldest = Math.max(
      ...(await c.coordinator.store.getJobs(old.map((o) => o.id))).map((j) =>
        Date.parse(j.completedAt ?? ''),
      ),
    );
    while (Date.now() <= oldest + 20) await new Promise((r) => setTimeout(r, 5));
    const young = await Promise.all([
      api.run({ url: `${target.httpUrl}/echo?age=new-local` }),
      api.run({ url: `${target.httpUrl}/echo?age=new-s3`, storage_type: 's3' }),
    ]);
    // Pretend the retention has just passed for the old jobs and not for the young ones.
    const retention = 7 * 86_400_000;
    const now = oldest + retention + 10;
    const archived = await c.coordinator.archiver.runOnce(now);
    assert.ok(archived >= 2);
    for (const { id } of old) {
      const res = await api.request('GET', `/crawl/v1/jobs/${id}/download`);
      assert.equal(res.status, 410);
      assert.equal(res.body, MESSAGES.ARCHIVED);
      assert.equal((await api.status(id)).status, 200);
      assert.equal((await api.request('GET', `/crawl/v1/jobs/${id}/detail`)).status, 200);
      const job = await c.coordinator.store.getJob(id);
      const folder =
        job?.storageType === 's3'
          ? path.join(s3.directory, 'crawl-content', 'jobs', job.ownerId, id)
          : path.join(c.dataDir, 'content', 'jobs', job?.ownerId ?? '', id);
      assert.ok(!existsSync(folder), `${job?.storageType} content deleted`);
    }
    for (const { id } of young)
      assert.equal((await api.request('GET', `/crawl/v1/jobs/${id}/download`)).status, 200);
    assert.equal(await c.coordinator.archiver.runOnce(now), 0, 'nothing twice, nothing young');
  });
});
