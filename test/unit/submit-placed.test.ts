// A job submitted while nothing waits in the queue and a device has room is stored already claimed
// by this coordinator, in the same write (one commit) as its insert, and its Assign goes out once
// that commit is done; otherwise the submit stores it pending and queues it as before.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { JobEvent } from '../../coordinator/jobs/events.js';
import type { NewJob } from '../../coordinator/jobs/new-job.js';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import type { StoreEvent } from '../../coordinator/store/store-events.js';
import { connectedDevice } from '../helpers/connected-device.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import { jobInput } from '../helpers/records.js';

const LEASE_MS = 60_000;

/** A lifecycle on an in-memory store with one device taking one job at a time. */
function setup() {
  const store = new SqliteStore(':memory:');
  const events: JobEvent[] = [];
  const published: StoreEvent[] = [];
  const jobs = testLifecycle(store, { leaseMs: LEASE_MS });
  jobs.addListener({ onJobEvent: (e) => events.push(e) });
  const ready = store.subscribe((e) => published.push(e));
  /** Assigns as the device got them, with the job's stored status at that moment. */
  const assigned: Array<{ jobId: string; attempt: number; storedStatus: string | undefined }> = [];
  const device = connectedDevice(
    'dev-a',
    (job, attempt) => {
      // The store's reads are synchronous underneath: this is the row as the Assign leaves.
      void store.getJob(job.id).then((r) => {
        assigned.push({ jobId: job.id, attempt, storedStatus: r?.status });
      });
    },
    1,
  );
  jobs.addDevice(device);
  const of = (jobId: string) => events.filter((e) => e.job.id === jobId).map((e) => e.transition);
  const pendingPublished = (jobId: string) =>
    published.filter((e) => e.type === 'job_pending' && e.jobId === jobId).length;
  const close = async () => {
    jobs.close();
    await (await ready)();
    await store.close();
  };
  return { store, jobs, device, assigned, ready, of, pendingPublished, close };
}

const input = (): NewJob => jobInput('owner');

describe('submit placed at once', () => {
  const t = setup();
  const { store, jobs, device, assigned, of, pendingPublished } = t;
  after(() => t.close());

  test('a free device: inserted claimed in one commit, announced submit then claim, then assigned', async () => {
    await t.ready;
    const batches = store.batch.stats.batches;
    const job = await jobs.submit(input(), null);
    assert.equal(store.batch.stats.batches - batches, 1, 'the insert and the claim are one commit');
    const stored = await store.getJob(job.id);
    assert.equal(stored?.status, 'running');
    assert.equal(stored?.attempt, 1);
    assert.equal(stored?.deviceId, 'dev-a');
    assert.equal(job.status, 'pending', 'the submit answers the job as submitted');
    assert.deepEqual(of(job.id), ['submit', 'claim']);
    assert.equal(pendingPublished(job.id), 0, 'never pending in the store: nobody else is told');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(assigned, [{ jobId: job.id, attempt: 1, storedStatus: 'running' }]);
    assert.equal(device.running.get(job.id), 1);
    // Stored under this coordinator's lease: past it, the lease sweep takes the job back.
    const taken = await store.requeueExpiredLeases(Date.now() + LEASE_MS + 1_000, Date.now() + 60_000);
    assert.deepEqual(
      taken.map((j) => j.id),
      [job.id],
    );
  });

  test('no room: stored pending, queued and published as before', async () => {
    // dev-a runs the first job still (its slot is taken); the lease sweep above only moved the row.
    const job = await jobs.submit(input(), null);
    assert.equal((await store.getJob(job.id))?.status, 'pending');
    assert.deepEqual(of(job.id), ['submit']);
    assert.equal(pendingPublished(job.id), 1);
    assert.ok(jobs.has(job.id));
  });
});

test('a submit whose insert fails frees the device it had taken and assigns nothing', async () => {
  const t = setup();
  after(() => t.close());
  await t.ready;
  const first = await t.jobs.submit(input(), null);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(t.assigned.length, 1);
  t.jobs.remoteTerminal(first.id);
  assert.equal(t.device.running.size, 0);
  await assert.rejects(t.jobs.submit(input(), null, { id: first.id }), /UNIQUE/);
  assert.equal(t.device.running.size, 0, 'the slot is free again');
  assert.equal(t.jobs.has(first.id), false);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(t.assigned.length, 1, 'no second Assign');
  assert.deepEqual(t.of(first.id), ['submit', 'claim']);
});

test('a device that leaves while the placed job is being stored: submit, claim, then requeue, in that order', async () => {
  const t = setup();
  after(() => t.close());
  await t.ready;
  const submitting = t.jobs.submit(input(), null);
  // The device was chosen and the insert started synchronously; it leaves before the commit.
  t.jobs.removeDevice('dev-a');
  const job = await submitting;
  assert.deepEqual(t.of(job.id), ['submit', 'claim', 'requeue']);
  assert.equal((await t.store.getJob(job.id))?.status, 'pending');
  assert.equal(t.pendingPublished(job.id), 1, 'claimable again, cluster-wide');
  assert.ok(t.jobs.has(job.id), 'waiting in the queue for a device');
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(t.assigned, []);
});

test('a device that leaves while a queued job’s claim is being stored: the attempt is lost once, after its claim', async () => {
  const t = setup();
  after(() => t.close());
  await t.ready;
  t.jobs.removeDevice('dev-a');
  const job = await t.jobs.submit(input(), null);
  assert.equal((await t.store.getJob(job.id))?.status, 'pending');
  // The device joins: the pump reserves it and the claim starts; it leaves before the claim commits.
  t.jobs.addDevice(t.device);
  assert.equal(t.device.running.get(job.id), 1, 'the slot is taken while the claim is stored');
  t.jobs.removeDevice('dev-a');
  for (let i = 0; t.of(job.id).length < 3; i++) {
    assert.ok(i < 100, `the lost attempt was requeued (events: ${t.of(job.id).join(', ')})`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.deepEqual(t.of(job.id), ['submit', 'claim', 'requeue']);
  const stored = await t.store.getJob(job.id);
  assert.equal(stored?.status, 'pending');
  assert.equal(stored?.attempt, 1, 'the claimed attempt is the one requeued');
  assert.ok(t.jobs.has(job.id), 'waiting in the queue for a device');
  assert.deepEqual(t.assigned, [], 'nothing was sent to the departed device');
});
