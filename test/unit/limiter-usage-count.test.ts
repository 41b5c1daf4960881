// A key without quotas: its request and job counts are usage figures only, so the limiter does not
// hold the request for their write; the write, started in the check, commits with what the request
// writes next (the job's insert), and says when it is done. A key with a quota is still decided
// against the committed counter before the request goes on.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { Limiter } from '../../coordinator/limits/limiter.js';
import { windowStartMs } from '../../coordinator/limits/policies.js';
import type { ApiKeyRecord } from '../../coordinator/store/records.js';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import { pendingJob } from '../helpers/records.js';

const store = new SqliteStore(':memory:');
after(() => store.close());
const limiter = new Limiter(store);
const keyOf = (id: string, limits?: ApiKeyRecord['limits']): ApiKeyRecord => ({
  id,
  ownerId: `owner-${id}`,
  name: id,
  admin: false,
  createdAt: new Date().toISOString(),
  revokedAt: null,
  limits,
});
const jobsToday = async (key: ApiKeyRecord) => {
  const { counts } = await store.limits.readUsage(key.id, key.ownerId, [
    { name: 'jobs', windowStartMs: windowStartMs('jobs-day', Date.now()) },
  ]);
  return counts[0];
};
const job = (ownerId: string) => pendingJob(ownerId);

test('a key without quotas: the count is not awaited and commits with the job insert', async () => {
  const key = keyOf('free');
  const writes = store.batch.stats.writes;
  const verdict = await limiter.check(key, { jobs: 1, sweeps: 0 });
  assert.equal(verdict.error, null);
  assert.ok(verdict.counted, 'the count is written beside the request');
  assert.equal(store.batch.stats.writes, writes, 'nothing committed before the request goes on');
  const batches = store.batch.stats.batches;
  await store.insertJob(job(key.ownerId));
  assert.equal(await verdict.counted, null);
  assert.equal(store.batch.stats.batches - batches, 1, 'count and insert share one commit');
  assert.equal(await jobsToday(key), 1);
  assert.deepEqual(verdict.headers, {});
});

test('a key with a quota: decided against the committed counter before the request goes on', async () => {
  const key = keyOf('capped', { jobsPerDay: 1 });
  const first = await limiter.check(key, { jobs: 1, sweeps: 0 });
  assert.equal(first.counted, undefined);
  assert.equal(first.error, null);
  assert.equal(await jobsToday(key), 1, 'committed when the check answers');
  const second = await limiter.check(key, { jobs: 1, sweeps: 0 });
  assert.equal(second.error?.code, 'RATE_LIMITED');
});

test('a key with only a minute limit waits for it: that counter can refuse', async () => {
  const key = keyOf('minute', { requestsPerMinute: 5 });
  const verdict = await limiter.check(key, { jobs: 1, sweeps: 0 });
  assert.equal(verdict.counted, undefined);
  assert.equal(await jobsToday(key), 1);
});
