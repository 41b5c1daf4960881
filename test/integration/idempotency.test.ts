// Idempotent submits (docs/api.md, "Idempotency-Key"): a retried POST /crawl/v1/new or /sweep/new
// with the same key and body answers the first answer and creates nothing twice — also when the
// first request's coordinator died after creating the job, and across coordinators on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { requestHashOf } from '../../coordinator/api/idempotency.js';
import { MESSAGES } from '../../coordinator/errors.js';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator, tempDir } from '../helpers/cluster.js';
import { postgresSkip } from '../helpers/needs.js';
import { type FreshPostgres, freshPostgresUrl } from '../helpers/postgres.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

type Obj = Record<string, unknown>;

async function post(c: TestCoordinator, path: string, body: unknown, key?: string) {
  const res = await fetch(`${c.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${c.apiKey}`,
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    replayed: res.headers.get('idempotent-replayed'),
    body: (await res.json()) as Obj,
  };
}

async function ownerOf(c: TestCoordinator): Promise<string> {
  return (await c.coordinator.store.listApiKeys()).find((k) => k.name === 'test')?.ownerId ?? '';
}

describe('idempotent submits', () => {
  let target: TargetServer;
  let c: TestCoordinator;
  let agent: { stop(): Promise<void> };
  before(async () => {
    target = await startTargetServer();
    c = await startTestCoordinator();
    agent = await startTestAgent({
      deviceId: 'idem-dev',
      token: await c.newDevice('idem-dev'),
      coordinators: [c.url],
    });
  });
  after(async () => {
    await agent.stop();
    await c.stop();
    await target.close();
  });

  test('the same key and body answer the first job again; it runs once', async () => {
    const body = { url: `${target.httpUrl}/echo?idem=1` };
    const first = await post(c, '/crawl/v1/new', body, 'order-1');
    assert.equal(first.status, 201);
    assert.equal(first.replayed, null);
    const again = await post(c, '/crawl/v1/new', body, 'order-1');
    assert.equal(again.status, 201);
    assert.equal(again.replayed, 'true');
    assert.deepEqual(again.body, first.body);
    const api = new ApiClient(c.url, c.apiKey);
    assert.equal((await api.waitTerminal(first.body.job_id as string)).status, 'completed');
    assert.equal(target.seen.filter((r) => r.url === '/echo?idem=1').length, 1);
    // Key order and the credential in the body do not make it another request.
    const reordered = await post(c, '/crawl/v1/new', { api_key: c.apiKey, ...body }, 'order-1');
    assert.equal(reordered.body.job_id, first.body.job_id);
    // Another key is another job.
    const other = await post(c, '/crawl/v1/new', body, 'order-2');
    assert.notEqual(other.body.job_id, first.body.job_id);
  });

  test('the same key with another request is 422; a bad key is 400', async () => {
    await post(c, '/crawl/v1/new', { url: `${target.httpUrl}/echo?idem=2` }, 'reuse');
    const clash = await post(c, '/crawl/v1/new', { url: `${target.httpUrl}/echo?idem=3` }, 'reuse');
    assert.equal(clash.status, 422);
    assert.deepEqual(clash.body, MESSAGES.IDEMPOTENCY_MISMATCH as unknown as Obj);
    const tooLong = await post(c, '/crawl/v1/new', { url: `${target.httpUrl}/x` }, 'k'.repeat(256));
    assert.equal(tooLong.status, 400);
    assert.match(String(tooLong.body), /^invalid request: Idempotency-Key/);
    // A sweep's key is checked the same way.
    const sweep = { url: `${target.httpUrl}/echo?sweep=1`, regions: ['EU'], tries_per_region: 1 };
    const s1 = await post(c, '/crawl/v1/sweep/new', sweep, 'sweep-1');
    const s2 = await post(c, '/crawl/v1/sweep/new', sweep, 'sweep-1');
    assert.equal(s1.status, 201);
    assert.deepEqual(s2.body, s1.body);
    assert.equal(
      (await post(c, '/crawl/v1/sweep/new', { ...sweep, regions: ['NA'] }, 'sweep-1')).status,
      422,
    );
  });

  test('a coordinator that died after creating the job: the retry answers that job', async () => {
    const body = { url: `${target.httpUrl}/echo?idem=crash` };
    // As the dead request left it: the job exists (made with the id held by the key), no answer.
    const made = await post(c, '/crawl/v1/new', body);
    const ownerId = await ownerOf(c);
    await c.coordinator.store.idempotency.begin(
      {
        ownerId,
        key: 'crashed',
        requestHash: requestHashOf('POST', '/crawl/v1/new', body),
        resourceId: made.body.job_id as string,
        statusCode: null,
        response: null,
        createdAtMs: Date.now(),
      },
      86_400_000,
    );
    const retry = await post(c, '/crawl/v1/new', body, 'crashed');
    assert.equal(retry.status, 201);
    assert.equal(retry.body.job_id, made.body.job_id);
    // One that died before creating anything, long enough ago: the retry creates it, with the held id.
    const heldId = crypto.randomUUID();
    await c.coordinator.store.idempotency.begin(
      {
        ownerId,
        key: 'died-early',
        requestHash: requestHashOf('POST', '/crawl/v1/new', body),
        resourceId: heldId,
        statusCode: null,
        response: null,
        createdAtMs: Date.now() - 60_000,
      },
      86_400_000,
    );
    const created = await post(c, '/crawl/v1/new', body, 'died-early');
    assert.equal(created.status, 201);
    assert.equal(created.body.job_id, heldId);
  });
});

const pgSkip = await postgresSkip();

describe('idempotent submits across coordinators', {
  skip: pgSkip,
}, () => {
  let pg: FreshPostgres;
  let c1: TestCoordinator;
  let c2: TestCoordinator;
  before(async () => {
    pg = await freshPostgresUrl();
    const dataDir = tempDir('idem-pg');
    c1 = await startTestCoordinator({ dataDir, flags: ['--store', pg.url] });
    c2 = await startTestCoordinator({ dataDir, flags: ['--store', pg.url], apiKey: c1.apiKey });
  });
  after(async () => {
    await c1.stop();
    await c2.stop();
    await pg.drop();
  });

  test('a retry through the other coordinator answers the same job', async () => {
    const body = { url: 'http://198.51.100.8/idem-pg' };
    const [a, b] = await Promise.all([
      post(c1, '/crawl/v1/new', body, 'pg-key'),
      post(c2, '/crawl/v1/new', body, 'pg-key'),
    ]);
    const statuses = [a.status, b.status].sort();
    // Both at once: one creates; the other answers it or hears it is still being processed.
    assert.ok(statuses[0] === 201 && (statuses[1] === 201 || statuses[1] === 409), statuses.join());
    const winner = a.status === 201 ? a : b;
    const later = await post(c2, '/crawl/v1/new', body, 'pg-key');
    assert.equal(later.status, 201);
    assert.equal(later.body.job_id, winner.body.job_id);
    const jobs = await c1.coordinator.store.listUnfinishedJobs();
    assert.equal(jobs.filter((j) => j.url === body.url).length, 1, 'created once');
  });
});
