// Claims that do not race between coordinators (JobLifecycleOptions.offerMs): on a shared store a
// job stored pending because no device here had room is left to the other coordinators first, and
// a job announced elsewhere that no device here takes at once is left to its announcer, so a slot
// freeing on each side does not make both claim it (one claim would lose).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { JobRecord } from '../../coordinator/store/records.js';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import { connectedDevice } from '../helpers/connected-device.js';
import { testLifecycle } from '../helpers/lifecycle.js';
import { jobInput, pendingJob } from '../helpers/records.js';

describe('claim offers on a shared store', () => {
  const store = new SqliteStore(':memory:');
  // The lifecycle acts as on PostgreSQL; the file store serves its reads and writes.
  Object.defineProperty(store, 'shared', { value: true });
  const OFFER_MS = 40;
  const jobs = testLifecycle(store, { offerMs: OFFER_MS });
  const assigned: string[] = [];
  const waiting = new Map<string, () => void>();
  const assignedTo = (id: string) =>
    new Promise<void>((resolve) => {
      if (assigned.includes(id)) resolve();
      else waiting.set(id, resolve);
    });
  const device = connectedDevice('dev-a', (job) => {
    assigned.push(job.id);
    waiting.get(job.id)?.();
  });
  // The offers' timers are unref'd (a coordinator's server keeps its loop alive): this one does here.
  const alive = setInterval(() => {}, 1_000);
  after(async () => {
    clearInterval(alive);
    jobs.close();
    await store.close();
  });

  test('a job stored pending here waits for the others first, then is claimed here', async () => {
    const job = await jobs.submit(jobInput('owner'), null);
    assert.equal((await store.getJob(job.id))?.status, 'pending');
    const offeredAt = Date.now();
    jobs.addDevice(device); // a slot frees here while the job is offered
    assert.deepEqual(assigned, [], 'not claimed here during the offer');
    await assignedTo(job.id);
    assert.ok(Date.now() - offeredAt >= OFFER_MS - 5, 'claimed once the offer ended');
    assert.equal((await store.getJob(job.id))?.status, 'running');
  });

  test('a job another coordinator claimed during the offer is dropped here, never claimed', async () => {
    jobs.removeDevice('dev-a');
    const job = await jobs.submit(jobInput('owner'), null);
    jobs.addDevice(device);
    const lease = { coordinatorId: 'c2', untilMs: Date.now() + 60_000 };
    assert.ok(await store.claimJob(job.id, 'dev-b', 1, lease));
    jobs.remoteClaimed(job.id);
    assert.equal(jobs.has(job.id), false);
    // Another job submitted after it runs here once its own offer ends: the first never came back.
    const next = await jobs.submit(jobInput('owner'), null);
    await assignedTo(next.id);
    assert.ok(!assigned.includes(job.id));
  });

  test('a job announced elsewhere is claimed at once when a device here has room', async () => {
    const remote: JobRecord = pendingJob('owner');
    await store.insertJob(remote);
    const heardAt = Date.now();
    await jobs.remotePending(remote);
    assert.equal(jobs.queuedCount, 0, 'taken from the queue at once');
    await assignedTo(remote.id);
    assert.ok(Date.now() - heardAt < OFFER_MS * 10, 'not held back');
  });

  test('one announced elsewhere that found no room here is left to its announcer for ten offers', async () => {
    jobs.removeDevice('dev-a');
    const remote: JobRecord = pendingJob('owner');
    await store.insertJob(remote);
    await jobs.remotePending(remote);
    const heardAt = Date.now();
    jobs.addDevice(device);
    await assignedTo(remote.id);
    assert.ok(Date.now() - heardAt >= OFFER_MS * 10 - 5, 'claimed here only after ten offers');
  });
});
