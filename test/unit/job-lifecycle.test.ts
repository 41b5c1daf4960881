// The job state machine: the transition table on its own, and JobLifecycle applying it to a real
// (in-memory SQLite) store — every legal transition applies once and is announced once, every
// illegal one is refused with a typed error and leaves the store as it was.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import pino from 'pino';
import type { JobEvent } from '../../coordinator/jobs/events.js';
import { JobLifecycle } from '../../coordinator/jobs/job-lifecycle.js';
import type { NewJob } from '../../coordinator/jobs/new-job.js';
import {
  IllegalTransitionError,
  nextStatus,
  TRANSITIONS,
  type Transition,
} from '../../coordinator/jobs/transitions.js';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import type { JobRecord, JobStatus, StoreEvent } from '../../coordinator/store/types.js';
import { jobInput, resultRecord } from '../helpers/records.js';

const STATES: (JobStatus | null)[] = [null, 'pending', 'running', 'completed', 'failed'];
const LEGAL: Record<Transition, Partial<Record<string, JobStatus>>> = {
  submit: { null: 'pending' },
  claim: { pending: 'running' },
  complete: { pending: 'completed', running: 'completed' },
  fail: { pending: 'failed', running: 'failed' },
  requeue: { running: 'pending' },
  archive: { completed: 'completed' },
};

describe('transition table', () => {
  for (const transition of Object.keys(TRANSITIONS) as Transition[]) {
    for (const from of STATES) {
      const expected = LEGAL[transition][String(from)];
      test(`${transition} from ${from ?? 'nothing'} → ${expected ?? 'refused'}`, () => {
        if (expected) assert.equal(nextStatus('j', from, transition), expected);
        else {
          assert.throws(
            () => nextStatus('j', from, transition),
            (err: unknown) =>
              err instanceof IllegalTransitionError &&
              err.code === 'ILLEGAL_TRANSITION' &&
              err.from === from &&
              err.transition === transition,
          );
        }
      });
    }
  }

  test('terminal states have no way out but archive', () => {
    for (const t of Object.keys(TRANSITIONS) as Transition[]) {
      if (t === 'archive') continue;
      assert.ok(!TRANSITIONS[t].from.includes('completed'), t);
      assert.ok(!TRANSITIONS[t].from.includes('failed'), t);
    }
  });
});

describe('JobLifecycle on a real store', () => {
  const store = new SqliteStore(':memory:');
  const events: JobEvent[] = [];
  const published: StoreEvent[] = [];
  const jobs = new JobLifecycle({
    store,
    log: pino({ enabled: false }),
    maxAttempts: 3,
    maxQueuedJobs: 100,
    runningGraceMs: 60_000,
    coordinatorId: 'c1',
    leaseMs: 60_000,
  });
  jobs.addListener({ onJobEvent: (e) => events.push(e) });
  const ready = store.subscribe((e) => published.push(e));
  after(async () => {
    jobs.scheduler.close();
    await (await ready)();
    await store.close();
  });

  const input = (): NewJob => jobInput('owner');
  const of = (jobId: string) => events.filter((e) => e.job.id === jobId).map((e) => e.transition);

  test('submit → claim → complete, each applied and announced once', async () => {
    await ready;
    const job = await jobs.submit(input(), null);
    assert.equal((await store.getJob(job.id))?.status, 'pending');
    const claim = await jobs.claim(job, 1, 'dev-a', 'the only device');
    assert.equal(claim.kind, 'claimed');
    assert.equal((await store.getJob(job.id))?.status, 'running');
    // The same claim again is a race the store settles: not applied, not announced.
    assert.equal((await jobs.claim(job, 1, 'dev-b', 'x')).kind, 'lost');
    const running = (await store.getJob(job.id)) as JobRecord;
    const outcome = await jobs.complete(running, resultRecord({ attempt: 1, deviceId: 'dev-a' }));
    assert.equal(outcome, 'stored');
    const stored = (await store.getJob(job.id)) as JobRecord;
    assert.equal(stored.status, 'completed');
    assert.equal(stored.result?.metadata.placement_reason, 'the only device');
    assert.equal(await jobs.complete(running, resultRecord({ attempt: 1, deviceId: 'dev-a' })), 'duplicate');
    assert.deepEqual(of(job.id), ['submit', 'claim', 'complete']);
    assert.deepEqual(
      published.filter((e) => 'jobId' in e && e.jobId === job.id).map((e) => e.type),
      ['job_pending', 'job_terminal'],
    );
  });

  test('requeue puts a running attempt back, published for every coordinator', async () => {
    const job = await jobs.submit(input(), null);
    const claim = await jobs.claim(job, 1, 'dev-a', 'r');
    assert.equal(claim.kind, 'claimed');
    const running = claim.kind === 'claimed' ? claim.job : job;
    assert.ok(
      await jobs.requeue(running, 1, 'device_left', {
        queueDeadlineMs: Date.now() + 1000,
        pinnedDeviceId: null,
      }),
    );
    assert.equal((await store.getJob(job.id))?.status, 'pending');
    // The attempt moved on: a second requeue of it is not applied.
    assert.equal(
      await jobs.requeue(running, 1, 'device_left', {
        queueDeadlineMs: Date.now() + 1000,
        pinnedDeviceId: null,
      }),
      false,
    );
    assert.deepEqual(of(job.id), ['submit', 'claim', 'requeue']);
    assert.equal(
      published.filter((e) => 'jobId' in e && e.jobId === job.id && e.type === 'job_pending').length,
      2,
    );
  });

  test('fail is applied once; a terminal job refuses every further change', async () => {
    const job = await jobs.submit(input(), null);
    assert.ok(await jobs.fail(job, 'no_device', 'nobody'));
    const failed = (await store.getJob(job.id)) as JobRecord;
    assert.equal(failed.status, 'failed');
    assert.equal(await jobs.fail(job, 'no_device', 'again'), false, 'the store refuses a second fail');
    assert.throws(() => nextStatus(failed.id, failed.status, 'fail'), IllegalTransitionError);
    await assert.rejects(jobs.fail(failed, 'internal', 'x'), IllegalTransitionError);
    await assert.rejects(jobs.claim(failed, 2, 'dev-a', 'x'), IllegalTransitionError);
    await assert.rejects(jobs.complete(failed, resultRecord()), IllegalTransitionError);
    await assert.rejects(jobs.archive(failed), IllegalTransitionError);
    const after = (await store.getJob(job.id)) as JobRecord;
    assert.equal(after.status, 'failed');
    assert.equal(after.errorMessage, 'nobody');
    assert.deepEqual(of(job.id), ['submit', 'fail']);
  });

  test('archive applies to a completed job only', async () => {
    const job = await jobs.submit(input(), null);
    await assert.rejects(jobs.archive(job), IllegalTransitionError);
    const claim = await jobs.claim(job, 1, 'dev-a', 'r');
    assert.equal(claim.kind, 'claimed');
    await jobs.complete(
      (await store.getJob(job.id)) as JobRecord,
      resultRecord({ attempt: 1, deviceId: 'dev-a' }),
    );
    const done = (await store.getJob(job.id)) as JobRecord;
    await jobs.archive(done);
    assert.ok((await store.getJob(job.id))?.archivedAt);
    assert.deepEqual(of(job.id), ['submit', 'claim', 'complete', 'archive']);
  });

  test('a listener that throws does not stop the transition or other listeners', async () => {
    const seen: string[] = [];
    const off1 = jobs.addListener({
      onJobEvent: () => {
        throw new Error('boom');
      },
    });
    const off2 = jobs.addListener({ onJobEvent: (e) => seen.push(e.transition) });
    const job = await jobs.submit(input(), null);
    off1();
    off2();
    assert.equal((await store.getJob(job.id))?.status, 'pending');
    assert.deepEqual(seen, ['submit']);
  });
});
