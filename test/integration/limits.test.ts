// Per-key rate limits and quotas: exact 429 answers with Retry-After and the RateLimit headers,
// per-minute and per-day windows, unfinished jobs, sweeps, the usage endpoint, and one limit shared
// by two coordinator processes on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey, setKeyLimits } from '../../coordinator/auth/admin-ops.js';
import { openStore } from '../../coordinator/store/open.js';
import type { Store } from '../../coordinator/store/types.js';
import { ApiClient } from '../helpers/client.js';
import {
  type CoordinatorProcess,
  removeDir,
  spawnCoordinator,
  startTestCoordinator,
  type TestCoordinator,
  tempDir,
} from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { postgresSkip } from '../helpers/needs.js';
import { type FreshPostgres, freshPostgresUrl } from '../helpers/postgres.js';

/** Raw fetch, to read the response headers. */
async function call(
  base: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** Per-minute checks must not straddle a window edge: start them early in a minute. */
async function earlyInMinute(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 8_000) await new Promise((r) => setTimeout(r, left + 50));
}

const secondsToUtcMidnight = (): number => Math.ceil((86_400_000 - (Date.now() % 86_400_000)) / 1000);

describe('per-key limits on one coordinator', () => {
  let c: TestCoordinator;
  const newKey = async (limits: Record<string, string>): Promise<{ key: string; id: string }> => {
    const { key, record } = await createApiKey(c.coordinator.store, { name: 'limited' });
    const res = await setKeyLimits(c.coordinator.store, record.id, limits);
    assert.ok(!('error' in res));
    return { key, id: record.id };
  };

  before(async () => {
    c = await startTestCoordinator();
  });
  after(async () => {
    await c.stop();
    removeDir(c.dataDir);
  });

  test('requests per minute: the fourth request of three gets 429 with exact headers and body', async () => {
    await earlyInMinute();
    const { key } = await newKey({ 'requests-per-minute': '3' });
    for (let i = 1; i <= 3; i++) {
      const ok = await call(c.url, key, 'GET', '/crawl/v1/usage');
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get('ratelimit-policy'), '"minute";q=3;w=60');
      const m = /^"minute";r=(\d+);t=(\d+)$/.exec(ok.headers.get('ratelimit') ?? '');
      assert.ok(m, `RateLimit: ${ok.headers.get('ratelimit')}`);
      assert.equal(Number(m[1]), 3 - i);
      assert.equal((ok.body as Obj).usage.requests_this_minute, i);
    }
    const over = await call(c.url, key, 'GET', '/crawl/v1/usage');
    assert.equal(over.status, 429);
    assert.equal(
      over.body,
      'too many requests: this API key is over its requests per minute, please retry later',
    );
    assert.equal(over.headers.get('ratelimit-policy'), '"minute";q=3;w=60');
    const m = /^"minute";r=0;t=(\d+)$/.exec(over.headers.get('ratelimit') ?? '');
    assert.ok(m, `RateLimit: ${over.headers.get('ratelimit')}`);
    const t = Number(m[1]);
    assert.ok(t >= 1 && t <= 60);
    assert.equal(over.headers.get('retry-after'), String(t));
    // Every keyed route counts, and a refused request does not use up the next window.
    const status = await call(c.url, key, 'GET', `/crawl/v1/status/${crypto.randomUUID()}`);
    assert.equal(status.status, 429);
  });

  test('an invalid request still counts as a request', async () => {
    await earlyInMinute();
    const { key } = await newKey({ 'requests-per-minute': '5' });
    const bad = await call(c.url, key, 'POST', '/crawl/v1/jobs/batch/status', { job_ids: 'nope' });
    assert.equal(bad.status, 400);
    assert.match(bad.headers.get('ratelimit') ?? '', /^"minute";r=4;t=\d+$/);
    const usage = (await call(c.url, key, 'GET', '/crawl/v1/usage')).body as Obj;
    assert.equal(usage.usage.requests_this_minute, 2);
  });

  test('session routes answer 429 in their own error shape', async () => {
    await earlyInMinute();
    const { key } = await newKey({ 'requests-per-minute': '1' });
    assert.equal((await call(c.url, key, 'GET', `/crawl/v1/session/${crypto.randomUUID()}`)).status, 404);
    const over = await call(c.url, key, 'GET', `/crawl/v1/session/${crypto.randomUUID()}`);
    assert.equal(over.status, 429);
    assert.deepEqual(over.body, {
      error: 'too many requests: this API key is over its requests per minute, please retry later',
    });
    assert.match(over.headers.get('retry-after') ?? '', /^\d+$/);
  });

  test('jobs per day: the third job of two gets 429 until the UTC day ends; usage counts them', async () => {
    const { key, id } = await newKey({ 'jobs-per-day': '2' });
    for (let i = 0; i < 2; i++) {
      const res = await call(c.url, key, 'POST', '/crawl/v1/new', { url: 'http://127.0.0.1:9/x' });
      assert.equal(res.status, 201);
      assert.equal(res.headers.get('ratelimit-policy'), '"jobs-day";q=2;w=86400');
      assert.match(res.headers.get('ratelimit') ?? '', new RegExp(`^"jobs-day";r=${1 - i};t=\\d+$`));
    }
    const before = secondsToUtcMidnight();
    const over = await call(c.url, key, 'POST', '/crawl/v1/new', { url: 'http://127.0.0.1:9/x' });
    const after = secondsToUtcMidnight();
    assert.equal(over.status, 429);
    assert.equal(over.body, 'too many requests: this API key is over its jobs per day, please retry later');
    const t = Number(over.headers.get('retry-after'));
    assert.ok(t <= before && t >= after, `Retry-After ${t} within [${after}, ${before}]`);
    assert.equal(over.headers.get('ratelimit'), `"jobs-day";r=0;t=${t}`);
    const usage = (await call(c.url, key, 'GET', '/crawl/v1/usage')).body as Obj;
    assert.equal(usage.key_id, id);
    assert.deepEqual(usage.limits, {
      requests_per_minute: null,
      jobs_per_day: 2,
      concurrent_jobs: null,
      sweeps_per_day: null,
      proxy_bytes_per_day: null,
      proxy_connections_per_day: null,
    });
    assert.equal(usage.usage.jobs_today, 2);
    assert.equal(usage.usage.unfinished_jobs, 2);
    assert.equal(usage.usage.sweeps_today, 0);
    assert.equal(new Date(usage.resets.day).getTime() % 86_400_000, 0);
  });

  test('a submission refused after the check (bad url) gives its job back', async () => {
    const { key } = await newKey({ 'jobs-per-day': '1' });
    assert.equal((await call(c.url, key, 'POST', '/crawl/v1/new', { url: 'nope' })).status, 400);
    // The refund runs once the 400 is sent; the usage read waits for it through the store.
    const deadline = Date.now() + 5_000;
    let jobsToday = -1;
    while (jobsToday !== 0 && Date.now() < deadline) {
      jobsToday = ((await call(c.url, key, 'GET', '/crawl/v1/usage')).body as Obj).usage.jobs_today;
    }
    assert.equal(jobsToday, 0);
    assert.equal(
      (await call(c.url, key, 'POST', '/crawl/v1/new', { url: 'http://127.0.0.1:9/x' })).status,
      201,
    );
  });

  test('a sweep counts its jobs and itself; a sweep larger than the day quota is refused whole', async () => {
    const { key } = await newKey({ 'jobs-per-day': '5', 'sweeps-per-day': '1' });
    const big = await call(c.url, key, 'POST', '/crawl/v1/sweep/new', {
      url: 'http://127.0.0.1:9/',
      regions: ['EU', 'NA'],
      tries_per_region: 3,
    });
    assert.equal(big.status, 429);
    assert.match(big.headers.get('ratelimit') ?? '', /^"jobs-day";r=0;t=\d+$/);
    const one = await call(c.url, key, 'POST', '/crawl/v1/sweep/new', {
      url: 'http://127.0.0.1:9/',
      regions: ['EU'],
      tries_per_region: 2,
    });
    assert.equal(one.status, 201);
    const policy = one.headers.get('ratelimit-policy');
    assert.equal(policy, '"jobs-day";q=5;w=86400, "sweeps-day";q=1;w=86400');
    assert.match(one.headers.get('ratelimit') ?? '', /^"jobs-day";r=3;t=\d+, "sweeps-day";r=0;t=\d+$/);
    const second = await call(c.url, key, 'POST', '/crawl/v1/sweep/new', {
      url: 'http://127.0.0.1:9/',
      regions: ['EU'],
      tries_per_region: 1,
    });
    assert.equal(second.status, 429);
    assert.equal(
      second.body,
      'too many requests: this API key is over its sweeps per day, please retry later',
    );
    const usage = (await call(c.url, key, 'GET', '/crawl/v1/usage')).body as Obj;
    assert.equal(usage.usage.jobs_today, 2);
    assert.equal(usage.usage.sweeps_today, 1);
  });

  test('concurrent unfinished jobs: the second pending job is refused with Retry-After 5', async () => {
    const { key } = await newKey({ 'concurrent-jobs': '1' });
    assert.equal(
      (await call(c.url, key, 'POST', '/crawl/v1/new', { url: 'http://127.0.0.1:9/x' })).status,
      201,
    );
    const over = await call(c.url, key, 'POST', '/crawl/v1/new', { url: 'http://127.0.0.1:9/y' });
    assert.equal(over.status, 429);
    assert.equal(
      over.body,
      'too many requests: this API key has too many unfinished jobs, please retry later',
    );
    assert.equal(over.headers.get('retry-after'), '5');
    assert.equal(over.headers.get('ratelimit-policy'), '"concurrent";q=1');
    assert.equal(over.headers.get('ratelimit'), '"concurrent";r=0;t=5');
  });

  test('a key without limits sends no RateLimit headers and its usage still counts jobs', async () => {
    const key = await c.newKey();
    const res = await call(c.url, key, 'POST', '/crawl/v1/new', { url: 'http://127.0.0.1:9/x' });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('ratelimit-policy'), null);
    assert.equal(res.headers.get('ratelimit'), null);
    const usage = (await new ApiClient(c.url, key).request('GET', '/crawl/v1/usage')).body as Obj;
    assert.equal(usage.usage.jobs_today, 1);
    assert.equal(usage.usage.requests_this_minute, 0);
    assert.equal(usage.limits.requests_per_minute, null);
  });

  test('a key without limits: its count is in before the 201; a refused submission gives it back', async () => {
    const key = await c.newKey();
    const api = new ApiClient(c.url, key);
    for (let i = 0; i < 3; i++) {
      const res = await call(c.url, key, 'POST', '/crawl/v1/new', { url: `http://127.0.0.1:9/${i}` });
      assert.equal(res.status, 201);
      // Read at once after each answer: the count was written before it, not after.
      assert.equal(((await api.request('GET', '/crawl/v1/usage')).body as Obj).usage.jobs_today, i + 1);
    }
    assert.equal((await call(c.url, key, 'POST', '/crawl/v1/new', { url: 'nope' })).status, 400);
    const deadline = Date.now() + 5_000;
    let jobsToday = -1;
    while (jobsToday !== 3 && Date.now() < deadline) {
      jobsToday = ((await api.request('GET', '/crawl/v1/usage')).body as Obj).usage.jobs_today;
    }
    assert.equal(jobsToday, 3);
  });

  test('the admin operation rejects bad values and unknown keys', async () => {
    const { id } = await newKey({ 'jobs-per-day': '1' });
    assert.deepEqual(await setKeyLimits(c.coordinator.store, id, { 'jobs-per-day': 'lots' }), {
      error: '--jobs-per-day: expected a whole number, 0 or none, got lots',
    });
    assert.deepEqual(await setKeyLimits(c.coordinator.store, 'nope', { 'jobs-per-day': '1' }), {
      error: 'no active key nope',
    });
    const cleared = await setKeyLimits(c.coordinator.store, id, {
      'jobs-per-day': 'none',
      'sweeps-per-day': '4',
    });
    assert.deepEqual(cleared, { limits: { jobsPerDay: null, sweepsPerDay: 4 } });
  });
});

const pgSkip = await postgresSkip();

describe('a limit shared by two coordinators on PostgreSQL', {
  skip: pgSkip,
}, () => {
  let pg: FreshPostgres;
  let store: Store;
  let dataDir: string;
  let c1: CoordinatorProcess;
  let c2: CoordinatorProcess;

  before(async () => {
    pg = await freshPostgresUrl();
    store = await openStore(pg.url);
    dataDir = tempDir('limits');
    const flags = ['--store', pg.url, '--data-dir', dataDir];
    [c1, c2] = await Promise.all([spawnCoordinator(flags), spawnCoordinator(flags)]);
  });
  after(async () => {
    for (const c of [c1, c2]) if (c.child.exitCode === null) c.child.kill('SIGTERM');
    await Promise.all([c1.exited, c2.exited]);
    await store.close();
    await pg.drop();
    removeDir(dataDir);
  });

  test('requests per minute and jobs per day hold across both coordinators', async () => {
    await earlyInMinute();
    const { key, record } = await createApiKey(store, { name: 'shared' });
    assert.ok(
      !(
        'error' in
        (await setKeyLimits(store, record.id, { 'requests-per-minute': '10', 'jobs-per-day': '3' }))
      ),
    );
    const urls = [c1.url, c2.url];
    // Six job submissions at once, alternating coordinators: exactly three get in.
    const subs = await Promise.all(
      Array.from({ length: 6 }, (_v, i) =>
        call(urls[i % 2] as string, key, 'POST', '/crawl/v1/new', { url: `http://127.0.0.1:9/${i}` }),
      ),
    );
    assert.deepEqual(subs.map((s) => s.status).sort(), [201, 201, 201, 429, 429, 429]);
    // Refused requests use nothing up: 3 of 10 are spent, so 7 more pass on either coordinator.
    const reads: number[] = [];
    for (let i = 0; i < 8; i++)
      reads.push((await call(urls[i % 2] as string, key, 'GET', '/crawl/v1/usage')).status);
    assert.deepEqual(reads, [200, 200, 200, 200, 200, 200, 200, 429]);
    const refused = await call(c2.url, key, 'GET', '/crawl/v1/usage');
    assert.equal(refused.headers.get('ratelimit-policy'), '"minute";q=10;w=60, "jobs-day";q=3;w=86400');
    assert.match(refused.headers.get('ratelimit') ?? '', /^"minute";r=0;t=\d+$/);
    const usage = await store.limits.readUsage(record.id, record.ownerId, [
      { name: 'jobs', windowStartMs: Math.floor(Date.now() / 86_400_000) * 86_400_000 },
    ]);
    assert.deepEqual(usage, { counts: [3], unfinished: 3 });
  });
});
