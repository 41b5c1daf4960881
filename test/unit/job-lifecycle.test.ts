// The job state machine: the transition table on its own, and JobLifecycle applying it to a real
// (in-memory SQLite) store — every legal transition applies once and is announced once, every
// illegal one is refused with a typed error and leaves the store as it was.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { JobEvent } from '../../coordinator/jobs/events.js';
import type { NewJob } from '../../coordinator/jobs/new-job.js';
import {
  IllegalTransitionError,
  nextStatus,
  TRANSITIONS,
  type Transition,
} from '../../coordinator/jobs/transitions.js';
import type { JobRecord, JobStatus } from '../../coordinator/store/records.js';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import type { StoreEvent } from '../../coordinator/store/store-events.js';
import { connectedDevice } from '../helpers/connected-device.js';
import { testLifecycle } from '../helpers/lifecycle.js';
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
  const jobs = testLifecycle(store);
  jobs.addListener({ onJobEvent: (e) => events.push(e) });
  const ready = store.subscribe((e) => published.push(e));
  /** Assigns dev-a received, in order; `assignedTo` waits for the one of a job. */
  const assigns: Array<{ job: JobRecord; attempt: number }> = [];
  const waiting = new Map<string, (a: { job: JobRecord; attempt: number }) => void>();
  const assignedTo = (jobId: string) =>
    new Promise<{ job: JobRecord; attempt: number }>((resolve) => {
      const seen = assigns.find((a) => a.job.id === jobId);
      if (seen) resolve(seen);
      else waiting.set(jobId, resolve);
    });
  const device = connectedDevice('dev-a', (job, attempt) => {
    assigns.push({ job, attempt });
    waiting.get(job.id)?.({ job, attempt });
  });
  /** Submitted with no device connected (pending, queued), then claimed when dev-a joins. */
  const submitThenClaim = async (): Promise<JobRecord> => {
    jobs.removeDevice('dev-a');
    const job = await jobs.submit(input(), null);
    assert.equal((await store.getJob(job.id))?.status, 'pending');
    jobs.addDevice(device);
    const { job: running, attempt } = await assignedTo(job.id);
    assert.equal(attempt, 1);
    assert.equal(running.status, 'running');
    return running;
  };
  after(async () => {
    jobs.close();
    await (await ready)();
    await store.close();
  });

  const input = (): NewJob => jobInput('owner');
  const of = (jobId: string) => events.filter((e) => e.job.id === jobId).map((e) => e.transition);

  test('submit → claim → complete, each applied and announced once', async () => {
    await ready;
    const job = await submitThenClaim();
    assert.equal((await store.getJob(job.id))?.status, 'running');
    // Another coordinator's claim of the same attempt is a race the store settles: refused.
    const lease = { coordinatorId: 'c2', untilMs: Date.now() + 60_000 };
    assert.equal(await store.claimJob(job.id, 'dev-b', 1, lease), false);
    const running = (await store.getJob(job.id)) as JobRecord;
    jobs.finished(job.id, 1, 'dev-a');
    const outcome = await jobs.complete(running, resultRecord({ attempt: 1, deviceId: 'dev-a' }));
    assert.equal(outcome, 'stored');
    const stored = (await store.getJob(job.id)) as JobRecord;
    assert.equal(stored.status, 'completed');
    const claimEvent = events.find((e) => e.job.id === job.id && e.transition === 'claim');
    assert.ok(claimEvent?.transition === 'claim');
    assert.equal(stored.result?.metadata.placement_reason, claimEvent.placementReason);
    assert.equal(await jobs.complete(running, resultRecord({ attempt: 1, deviceId: 'dev-a' })), 'duplicate');
    assert.deepEqual(of(job.id), ['submit', 'claim', 'complete']);
    assert.deepEqual(
      published.filter((e) => 'jobId' in e && e.jobId === job.id).map((e) => e.type),
      ['job_pending', 'job_claimed', 'job_terminal'],
    );
  });

  test('requeue puts a running attempt back, published for every coordinator', async () => {
    const job = await submitThenClaim();
    // The device refuses it as unsupported: back in the queue, never on dev-a again.
    assert.ok(await jobs.rejected(job.id, 1, 'dev-a', true));
    assert.equal((await store.getJob(job.id))?.status, 'pending');
    assert.ok(jobs.has(job.id), 'queued again here');
    // The attempt moved on: a second refusal of it is not applied.
    assert.equal(await jobs.rejected(job.id, 1, 'dev-a', true), false);
    const requeue = events.find((e) => e.job.id === job.id && e.transition === 'requeue');
    assert.equal(requeue?.transition === 'requeue' && requeue.cause, 'refused');
    assert.deepEqual(of(job.id), ['submit', 'claim', 'requeue']);
    assert.equal(
      published.filter((e) => 'jobId' in e && e.jobId === job.id && e.type === 'job_pending').length,
      2,
    );
  });

  test('fail is applied once; a terminal job refuses every further change', async () => {
    jobs.removeDevice('dev-a'); // no device: the job waits, pending
    const job = await jobs.submit(input(), null);
    assert.ok(await jobs.fail(job, 'no_device', 'nobody'));
    const failed = (await store.getJob(job.id)) as JobRecord;
    assert.equal(failed.status, 'failed');
    assert.equal(await jobs.fail(job, 'no_device', 'again'), false, 'the store refuses a second fail');
    assert.throws(() => nextStatus(failed.id, failed.status, 'fail'), IllegalTransitionError);
    await assert.rejects(jobs.fail(failed, 'internal', 'x'), IllegalTransitionError);
    await assert.rejects(jobs.complete(failed, resultRecord()), IllegalTransitionError);
    await assert.rejects(jobs.archive(failed), IllegalTransitionError);
    const after = (await store.getJob(job.id)) as JobRecord;
    assert.equal(after.status, 'failed');
    assert.equal(after.errorMessage, 'nobody');
    assert.deepEqual(of(job.id), ['submit', 'fail']);
  });

  test('archive applies to a completed job only', async () => {
    const job = await submitThenClaim();
    await assert.rejects(jobs.archive(job), IllegalTransitionError);
    await jobs.complete(
      (await store.getJob(job.id)) as JobRecord,
      resultRecord({ attempt: 1, deviceId: 'dev-a' }),
    );
    const done = (await store.getJob(job.id)) as JobRecord;
    await jobs.archive(done);
    assert.ok((await store.getJob(job.id))?.archivedAt);
    assert.deepEqual(of(job.id), ['submit', 'claim', 'complete', 'archive']);
  });

  test('a claim heard from another coordinator drops the copy queued here, never a job running here', async () => {
    jobs.removeDevice('dev-a'); // no device: the job waits here, pending
    const job = await jobs.submit(input(), null);
    assert.ok(jobs.has(job.id));
    jobs.remoteClaimed(job.id);
    assert.equal(jobs.has(job.id), false, 'the queued copy is gone');
    const mine = await submitThenClaim();
    jobs.remoteClaimed(mine.id);
    assert.ok(jobs.has(mine.id), 'a job running here stays');
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

describe('a submit hearing its own announcement before its insert’s answer', () => {
  /** On PostgreSQL the insert's NOTIFY may be read before the insert's reply: played here in order. */
  class EchoingStore extends SqliteStore {
    echo: ((job: JobRecord) => Promise<void>) | null = null;
    override async insertJob(job: JobRecord, lease?: Parameters<SqliteStore['insertJob']>[1]): Promise<void> {
      await super.insertJob(job, lease);
      const stored = await this.getJob(job.id);
      // What cluster sync does with a job_pending it hears: the job as the store has it, queued.
      if (stored && this.echo) await this.echo(stored);
    }
  }
  const store = new EchoingStore(':memory:');
  const jobs = testLifecycle(store);
  store.echo = (job) => jobs.remotePending(job);
  const assigned: string[] = [];
  let onAssign: (() => void) | null = null;
  const device = (deviceId: string) =>
    connectedDevice(deviceId, (job) => {
      assigned.push(`${job.id}@${deviceId}`);
      onAssign?.();
    });
  after(async () => {
    jobs.close();
    await store.close();
  });

  test('the job is queued once, keeping the submit’s exclusions', async () => {
    // Waits (the only device is busy elsewhere), so the insert is the unclaimed one that announces.
    const job = await jobs.submit(jobInput('owner'), null, { excludedDeviceId: 'dev-a' });
    assert.equal((await store.getJob(job.id))?.status, 'pending');
    assert.ok(jobs.has(job.id));
    // The excluded device joins first, then another: the job runs on the other one only (queued
    // without its exclusions, it would have been claimed on dev-a as soon as dev-a joined).
    const first = new Promise<void>((resolve) => {
      onAssign = resolve;
    });
    jobs.addDevice(device('dev-a'));
    jobs.addDevice(device('dev-b'));
    await first;
    assert.deepEqual(assigned, [`${job.id}@dev-b`], 'placed once, never on the device its submit excluded');
  });
});
