// Result ingestion against a real SQLite store and local storage: a result delivered twice at once
// (a re-send racing the first delivery) is stored once and its content survives; a result for a
// job cancelled (or failed) first is dropped, its content not kept, and the drop told.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import pino from 'pino';
import { reportOf } from '../../coordinator/link/wire.js';
import { buildDownload, partName } from '../../coordinator/results/content.js';
import { ResultIngest } from '../../coordinator/results/ingest.js';
import { LocalStorage } from '../../coordinator/storage/local.js';
import { contentKey } from '../../coordinator/storage/types.js';
import type { JobRecord } from '../../coordinator/store/records.js';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import { ContentPart } from '../../proto/index.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import { pendingJob } from '../helpers/records.js';

/** The real store (counting its job reads), local storage, the lifecycle and ingest over them. */
class CountingStore extends SqliteStore {
  reads = 0;
  override async getJob(id: string): Promise<JobRecord | null> {
    this.reads++;
    return super.getJob(id);
  }
}

/** A store, storage, lifecycle and ingest; `onDropped` hears the results ingest drops. */
async function setup(onDropped?: (reason: string) => void) {
  const dir = await mkdtemp(path.join(tmpdir(), 'ingest-'));
  const store = new CountingStore(path.join(dir, 'db.sqlite'));
  const storage = new LocalStorage({ rootDir: path.join(dir, 'content') });
  const log = pino({ level: 'silent' });
  const jobs = testLifecycle(store, {
    maxQueuedJobs: 10,
    runningGraceMs: 1000,
    coordinatorId: 'c',
    leaseMs: 1000,
  });
  const ingest = new ResultIngest({
    store,
    storages: () => storage,
    jobs,
    log,
    ...(onDropped ? { onDropped } : {}),
  });
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

test('a result racing a cancel: the cancel stands, its content is not kept, and the drop is told', async () => {
  const dropped: string[] = [];
  const { dir, store, storage, jobs, ingest } = await setup((reason) => dropped.push(reason));
  const lease = { coordinatorId: 'c', untilMs: Date.now() + 60_000 };
  const loc = { country: 'DE', region: 'EU', city: '' };
  const body = Buffer.from('<p>late</p>');
  const report = (jobId: string) =>
    reportOf({
      jobId,
      attempt: 1,
      success: true,
      statusCode: 200,
      parts: [{ part: ContentPart.CONTENT_PART_BODY, chunks: 1, bytes: body.byteLength }],
    });
  const runningJob = async (): Promise<JobRecord> => {
    const job = pendingJob('owner');
    await store.insertJob(job);
    assert.ok(await store.claimJob(job.id, 'dev', 1, lease));
    return { ...job, status: 'running', attempt: 1, deviceId: 'dev' };
  };

  // The claimed record in hand says running; the cancel was stored while the result was on its way.
  const held = await runningJob();
  assert.equal(await jobs.cancel(held), true);
  const raced = await ingest.ingest('dev', loc, report(held.id), new Map([['body', body]]), undefined, held);
  assert.equal(raced, 'stale');
  const stored = await store.getJob(held.id);
  assert.equal(stored?.status, 'failed');
  assert.equal(stored?.failureType, 'cancelled');
  assert.equal(stored?.errorMessage, 'cancelled by the client');
  assert.equal(stored?.result, null);
  assert.equal(
    await storage.get(contentKey('owner', held.id, partName(1, 'body'))),
    null,
    'content not kept',
  );
  // Read from the store (the attempt no longer runs here): refused before any content is written.
  assert.equal(await ingest.ingest('dev', loc, report(held.id), new Map([['body', body]])), 'stale');
  // A job that failed another way counts as `failed`.
  const lost = await runningJob();
  assert.equal(await jobs.fail(lost, 'device_lost', 'gone'), true);
  assert.equal(await ingest.ingest('dev', loc, report(lost.id), new Map([['body', body]])), 'stale');
  assert.deepEqual(dropped, ['cancelled', 'cancelled', 'failed']);
  jobs.close();
  await store.close();
  await rm(dir, { recursive: true });
});
