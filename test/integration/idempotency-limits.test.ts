// A replay answered from the idempotency store is not charged (docs/api.md, "Idempotency-Key"):
// the same Idempotency-Key and body on POST /crawl/v1/new, /crawl/v1/batch/new, /crawl/v1/sweep/new
// and /crawl/v1/measure/new answer the first answer again, add nothing to the key's jobs and sweeps
// (GET /crawl/v1/usage), and a quota with room for exactly the first submit still answers the replay.
// A replay is still a request: it counts against the requests per minute like any other.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey, setKeyLimits } from '../../coordinator/auth/admin-ops.js';
import { ApiClient } from '../helpers/client.js';
import { removeDir, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { startMeasureAgent } from '../helpers/measure-fleet.js';

interface Answer {
  status: number;
  replayed: string | null;
  body: unknown;
}

async function post(base: string, key: string, path: string, body: unknown, idem: string): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': idem },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: JSON.parse(text) };
}

describe('idempotent replays are not charged', () => {
  let c: TestCoordinator;
  let stopAgent: () => Promise<void>;

  before(async () => {
    c = await startTestCoordinator();
    // A device that measures, so a measurement is made (a coordinator alone answers 422 without one).
    stopAgent = await startMeasureAgent(c, { deviceId: 'idem-limits-1', country: 'DE' });
  });
  after(async () => {
    await stopAgent();
    await c.stop();
    removeDir(c.dataDir);
  });

  /** A key whose quotas have room for exactly one submit of `jobs` jobs (and one sweep). */
  async function keyFor(jobs: number): Promise<string> {
    const { key, record } = await createApiKey(c.coordinator.store, { name: 'idem-limits' });
    const set = await setKeyLimits(c.coordinator.store, record.id, {
      'jobs-per-day': String(jobs),
      'sweeps-per-day': '1',
    });
    assert.ok(!('error' in set));
    return key;
  }

  async function usage(key: string): Promise<Obj> {
    const res = await new ApiClient(c.url, key).request('GET', '/crawl/v1/usage');
    assert.equal(res.status, 200, res.text);
    return (res.body as Obj).usage as Obj;
  }

  const cases: Array<{ name: string; path: string; jobs: number; sweeps: number; body: () => Obj }> = [
    {
      name: 'a job',
      path: '/crawl/v1/new',
      jobs: 1,
      sweeps: 0,
      body: () => ({ url: 'http://127.0.0.1:9/a' }),
    },
    {
      name: 'a batch',
      path: '/crawl/v1/batch/new',
      jobs: 3,
      sweeps: 0,
      body: () => ({ jobs: [1, 2, 3].map((n) => ({ url: `http://127.0.0.1:9/b${n}` })) }),
    },
    {
      name: 'a sweep',
      path: '/crawl/v1/sweep/new',
      jobs: 2,
      sweeps: 1,
      body: () => ({ url: 'http://127.0.0.1:9/s', regions: ['EU'], tries_per_region: 2 }),
    },
    {
      name: 'a measurement',
      path: '/crawl/v1/measure/new',
      jobs: 1,
      sweeps: 0,
      body: () => ({ type: 'ping', target: '127.0.0.1', locations: [{ country: 'DE', limit: 1 }] }),
    },
  ];

  test('a replay is a request; a submit refused by its job quota gives its request unit back', async () => {
    // Per-minute counts must not straddle a window edge: start early in a minute.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 8_000) await new Promise((r) => setTimeout(r, left + 50));
    const { key, record } = await createApiKey(c.coordinator.store, { name: 'idem-minute' });
    const set = await setKeyLimits(c.coordinator.store, record.id, {
      'requests-per-minute': '3',
      'jobs-per-day': '1',
    });
    assert.ok(!('error' in set));
    const body = { url: 'http://127.0.0.1:9/minute' };
    assert.equal((await post(c.url, key, '/crawl/v1/new', body, 'minute-1')).status, 201);
    // Refused by the jobs per day: nothing is added to any counter, its request unit included.
    const refused = await post(c.url, key, '/crawl/v1/new', body, 'minute-2');
    assert.equal(refused.status, 429);
    assert.equal(
      refused.body,
      'too many requests: this API key is over its jobs per day, please retry later',
    );
    const replay = await post(c.url, key, '/crawl/v1/new', body, 'minute-1');
    assert.equal(replay.status, 201);
    const now = await usage(key);
    assert.equal(now.requests_this_minute, 3, 'the submit, the replay and this read');
    assert.equal(now.jobs_today, 1);
    // The minute's three are used: a replay now is refused as any request is.
    const over = await post(c.url, key, '/crawl/v1/new', body, 'minute-1');
    assert.equal(over.status, 429);
    assert.equal(
      over.body,
      'too many requests: this API key is over its requests per minute, please retry later',
    );
  });

  for (const k of cases) {
    test(`${k.name}: the replay answers the same, adds no usage and fits a quota already full`, async () => {
      const key = await keyFor(k.jobs);
      const idem = `replay-${k.path}`;
      const body = k.body();
      const first = await post(c.url, key, k.path, body, idem);
      assert.equal(first.status, 201, JSON.stringify(first.body));
      assert.equal(first.replayed, null);
      if (k.path === '/crawl/v1/batch/new') assert.equal((first.body as Obj).accepted_count, k.jobs);
      const used = await usage(key);
      assert.equal(used.jobs_today, k.jobs);
      assert.equal(used.sweeps_today, k.sweeps);
      // The quota has no room left: only a replay may still be answered.
      for (let i = 0; i < 2; i++) {
        const again = await post(c.url, key, k.path, body, idem);
        assert.equal(again.status, 201, JSON.stringify(again.body));
        assert.equal(again.replayed, 'true');
        assert.deepEqual(again.body, first.body);
        const now = await usage(key);
        assert.equal(now.jobs_today, k.jobs);
        assert.equal(now.sweeps_today, k.sweeps);
      }
      // Another key is another request: the full quota refuses it.
      const fresh = await post(c.url, key, k.path, body, `${idem}-other`);
      if (k.path === '/crawl/v1/batch/new') {
        assert.equal(fresh.status, 201);
        assert.equal((fresh.body as Obj).accepted_count, 0);
      } else assert.equal(fresh.status, 429, JSON.stringify(fresh.body));
      const last = await usage(key);
      assert.equal(last.jobs_today, k.jobs);
      assert.equal(last.sweeps_today, k.sweeps);
    });

    test(`${k.name}: on a key without limits, the replay adds nothing to its usage either`, async () => {
      // Such a key's counts are written beside the request rather than checked (limiter.ts).
      const key = await c.newKey();
      const body = k.body();
      const first = await post(c.url, key, k.path, body, `free-${k.path}`);
      assert.equal(first.status, 201, JSON.stringify(first.body));
      const again = await post(c.url, key, k.path, body, `free-${k.path}`);
      assert.equal(again.replayed, 'true');
      assert.deepEqual(again.body, first.body);
      const now = await usage(key);
      assert.equal(now.jobs_today, k.jobs);
      assert.equal(now.sweeps_today, k.sweeps);
      assert.equal(now.requests_this_minute, 0);
    });
  }
});
