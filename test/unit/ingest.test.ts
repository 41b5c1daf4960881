// Result ingestion against a real SQLite store and local storage: a result delivered twice at once
// (a re-send racing the first delivery) is stored once and its content survives.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import pino from 'pino';
import { JobLifecycle } from '../../coordinator/jobs/job-lifecycle.js';
import { reportOf } from '../../coordinator/link/wire.js';
import { buildDownload } from '../../coordinator/results/content.js';
import { ResultIngest } from '../../coordinator/results/ingest.js';
import { LocalStorage } from '../../coordinator/storage/local.js';
import type { JobRecord } from '../../coordinator/store/records.js';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import { ContentPart } from '../../proto/index.js';
import { pendingJob } from '../helpers/records.js';

/** The real store (counting its job reads), local storage, the lifecycle and ingest over them. */
class CountingStore extends SqliteStore {
  reads = 0;
  override async getJob(id: string): Promise<JobRecord | null> {
    this.reads++;
    return super.getJob(id);
  }
}

async function setup() {
  const dir = await mkdtemp(path.join(tmpdir(), 'ingest-'));
  const store = new CountingStore(path.join(dir, 'db.sqlite'));
  const storage = new LocalStorage({ rootDir: path.join(dir, 'content') });
  const log = pino({ level: 'silent' });
  const jobs = new JobLifecycle({
    store,
    log,
    maxAttempts: 3,
    maxQueuedJobs: 10,
    runningGraceMs: 1000,
    coordinatorId: 'c',
    leaseMs: 1000,
  });
  const ingest = new ResultIngest({ store, storages: () => storage, jobs, log });
  return { dir, store, storage, jobs, ingest };
}

test('the same result delivered twice at once completes the job once and keeps its content', async () => {
  const { dir, store, storage, jobs, ingest } = await setup();
  const job = pendingJob('owner', { url: 'http://127.0.0.1/' });
  await store.insertJob(job);
  assert.ok(await store.claimJob(job.id, 'dev', 1, { coordinatorId: 'c', untilMs: Date.now() + 1000 }));
  const body = Buffer.from('{"ok":true}');
  const final = reportOf({
    jobId: job.id,
    attempt: 1,
    success: true,
    statusCode: 200,
    contentType: 'application/json',
    parts: [{ part: ContentPart.CONTENT_PART_BODY, chunks: 1, bytes: body.byteLength }],
  });
  const loc = { country: 'DE', region: 'EU', city: '' };
  const outcomes = await Promise.all([
    ingest.ingest('dev', loc, final, new Map([['body' as const, body]])),
    ingest.ingest('dev', loc, final, new Map([['body' as const, body]])),
  ]);
  assert.deepEqual(outcomes, ['stored', 'stored'], 'the re-send joined the first delivery');
  const late = await ingest.ingest('dev', loc, final, new Map([['body' as const, body]]));
  assert.equal(late, 'duplicate');
  const stored = await store.getJob(job.id);
  assert.equal(stored?.status, 'completed');
  const dl = await buildDownload(stored as JobRecord, storage);
  assert.equal((dl.mainResult as { body: string }).body, '{"ok":true}');
  jobs.close();
  await store.close();
  await rm(dir, { recursive: true });
});

test('a result of an attempt the coordinator runs uses its claimed record; the store still decides', async () => {
  const { dir, store, jobs, ingest } = await setup();
  const lease = { coordinatorId: 'c', untilMs: Date.now() + 60_000 };
  const loc = { country: 'DE', region: 'EU', city: '' };
  const body = Buffer.from('<p>hi</p>');
  const report = (jobId: string, attempt: number) =>
    reportOf({
      jobId,
      attempt,
      success: true,
      statusCode: 200,
      parts: [{ part: ContentPart.CONTENT_PART_BODY, chunks: 1, bytes: body.byteLength }],
    });

  const job = pendingJob('owner');
  await store.insertJob(job);
  assert.ok(await store.claimJob(job.id, 'dev', 1, lease));
  const claimed = { ...job, status: 'running' as const, attempt: 1, deviceId: 'dev' };
  store.reads = 0;
  const outcome = await ingest.ingest(
    'dev',
    loc,
    report(job.id, 1),
    new Map([['body', body]]),
    undefined,
    claimed,
  );
  assert.equal(outcome, 'stored');
  assert.equal(store.reads, 0, 'no store read for the running attempt');
  assert.equal((await store.getJob(job.id))?.status, 'completed');

  // The record in memory says running, but a result from elsewhere completed the job in the store
  // meanwhile (a reconnect to another coordinator, the attempt given up and run again).
  const raced = pendingJob('owner');
  await store.insertJob(raced);
  assert.ok(await store.claimJob(raced.id, 'dev', 1, lease));
  const held = { ...raced, status: 'running' as const, attempt: 1, deviceId: 'dev' };
  const winner = await ingest.ingest('other', loc, report(raced.id, 2), new Map([['body', body]]));
  assert.equal(winner, 'stored');
  const late = await ingest.ingest(
    'dev',
    loc,
    report(raced.id, 1),
    new Map([['body', body]]),
    undefined,
    held,
  );
  assert.notEqual(late, 'stored', 'the store’s conditional completion refuses the older attempt');
  const final = await store.getJob(raced.id);
  assert.equal(final?.result?.attempt, 2, 'the first completion stands');
  jobs.close();
  await store.close();
  await rm(dir, { recursive: true });
});
