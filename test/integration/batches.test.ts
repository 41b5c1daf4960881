// Batch submission (docs/api.md "Batches"): each item answered exactly as POST /crawl/v1/new would
// answer it, quotas per job, 1,001 items refused, a replayed Idempotency-Key, the batch's status
// paged, another owner's batch 404, and batch.completed by webhook and stream, on SQLite and on
// PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey, setKeyLimits } from '../../coordinator/auth/admin-ops.js';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { postgresSkip } from '../helpers/needs.js';
import { type FreshPostgres, freshPostgresUrl } from '../helpers/postgres.js';
import { openSse } from '../helpers/sse-client.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const LAB = ['--webhook-allow-cidrs', '127.0.0.0/8', '--webhook-retry-base-ms', '40'];

/** Polls the batch (as a client does) until every accepted job ended. */
async function waitBatch(api: ApiClient, id: string, timeoutMs = 30_000): Promise<Obj> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.request('GET', `/crawl/v1/batch/${id}`);
    assert.equal(res.status, 200, res.text);
    const b = res.body as Obj;
    if (b.completed === true) return b;
    if (Date.now() > until) throw new Error(`batch ${id} not complete: ${res.text}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function batchSuite(name: string, flags: () => Promise<string[]>, cleanup: () => Promise<void>) {
  describe(name, () => {
    let target: TargetServer;
    let c: TestCoordinator;
    let agent: { stop(): Promise<void> };
    let api: ApiClient;
    let hook: WebhookReceiver;

    before(async () => {
      target = await startTargetServer();
      hook = await startWebhookReceiver();
      c = await startTestCoordinator({ flags: [...LAB, ...(await flags())] });
      agent = await startTestAgent({
        deviceId: `batch-dev-${name.length}`,
        token: await c.newDevice(`batch-dev-${name.length}`),
        coordinators: [c.url],
        maxConcurrent: 8,
      });
      api = new ApiClient(c.url, c.apiKey);
      assert.equal((await api.request('PUT', '/crawl/v1/webhooks/default', {})).status, 200);
    });
    after(async () => {
      await agent.stop();
      await c.stop();
      await hook.close();
      await target.close();
      await cleanup();
    });

    test('a mixed batch answers each item as /new would; over-quota items are refused one by one', async () => {
      const { key, record } = await createApiKey(c.coordinator.store, { name: 'batch-quota' });
      assert.ok(!('error' in (await setKeyLimits(c.coordinator.store, record.id, { 'jobs-per-day': '2' }))));
      const limited = new ApiClient(c.url, key);
      const bad = [
        { url: 'ftp://example.test/x' },
        { url: `${target.httpUrl}/echo?b=bad-method`, method: 'FETCH' },
        { url: `${target.httpUrl}/echo?b=t`, timeout_sec: 0 },
        'not an object',
      ];
      const jobs = [
        { url: `${target.httpUrl}/echo?b=1` },
        bad[0],
        bad[1],
        { url: `${target.httpUrl}/echo?b=2` },
        bad[2],
        bad[3],
        { url: `${target.httpUrl}/echo?b=3` },
      ];
      const res = await limited.request('POST', '/crawl/v1/batch/new', { jobs });
      assert.equal(res.status, 201, res.text);
      const body = res.body as Obj;
      assert.equal(body.requested_count, 7);
      assert.equal(body.accepted_count, 2);
      const results = body.results as Obj[];
      assert.equal(results.length, 7);
      // The messages /new answers for the same bodies, asked of /new itself (another key: no quota).
      const expected = [];
      for (const b of bad) {
        const r = await api.request('POST', '/crawl/v1/new', JSON.stringify(b));
        assert.equal(r.status, 400);
        expected.push(r.body);
      }
      assert.deepEqual(results[1], { error: { code: 'invalid_request', message: expected[0] } });
      assert.equal(expected[0], 'invalid request: url must be an absolute http or https URL');
      assert.deepEqual(results[2], { error: { code: 'invalid_request', message: expected[1] } });
      assert.match(String(expected[1]), /^invalid request: method must be one of /);
      assert.deepEqual(results[4], { error: { code: 'invalid_request', message: expected[2] } });
      assert.deepEqual(results[5], { error: { code: 'invalid_request', message: expected[3] } });
      // The third valid job is over the key's two jobs a day: /new's 429 text.
      const over = await limited.request('POST', '/crawl/v1/new', { url: `${target.httpUrl}/echo?b=4` });
      assert.equal(over.status, 429);
      assert.deepEqual(results[6], { error: { code: 'rate_limited', message: over.body } });
      const ids = [results[0], results[3]].map((r) => ((r as Obj).job as Obj).job_id as string);
      for (const [i, id] of ids.entries()) {
        const job = (results[i === 0 ? 0 : 3] as Obj).job as Obj;
        assert.equal(job.url, `${target.httpUrl}/echo?b=${i + 1}`);
        assert.equal((await limited.waitTerminal(id)).status, 'completed');
      }
      const status = await waitBatch(limited, body.batch_id as string);
      assert.deepEqual(status.counts, { pending: 0, running: 0, completed: 2, failed: 0 });
      assert.deepEqual(status.job_ids, ids);
      assert.equal(status.requested_count, 7);
      // Another owner's batch is not found, as another owner's job is.
      const theirs = await api.request('GET', `/crawl/v1/batch/${body.batch_id}`);
      assert.equal(theirs.status, 404);
      assert.equal(theirs.body, 'not found: job does not exist or you are not authorized to view it');
    });

    test('1,001 jobs are refused whole with the contract text; so is a bad shared default', async () => {
      const jobs = Array.from({ length: 1001 }, (_, i) => ({ url: `${target.httpUrl}/echo?n=${i}` }));
      const res = await api.request('POST', '/crawl/v1/batch/new', { jobs });
      assert.equal(res.status, 400);
      assert.equal(res.body, 'invalid request: jobs must have at most 1000 entries');
      const none = await api.request('POST', '/crawl/v1/batch/new', { jobs: [] });
      assert.equal(none.body, 'invalid request: jobs must have at least 1 entry');
      const method = await api.request('POST', '/crawl/v1/batch/new', {
        jobs: jobs.slice(0, 2),
        method: 'FETCH',
      });
      assert.equal(method.status, 400);
      assert.match(String(method.body), /^invalid request: method must be one of /);
    });

    test('shared defaults apply where a job sets none; a replayed Idempotency-Key answers the same batch', async () => {
      const body = {
        jobs: [
          { url: `${target.httpUrl}/echo?d=1` },
          { url: `${target.httpUrl}/echo?d=2`, method: 'HEAD', timeout_sec: 7 },
        ],
        method: 'POST',
        timeout_sec: 20,
        headers: { 'x-batch': 'yes' },
      };
      const headers = { 'idempotency-key': `batch-${name}` };
      const first = await api.request('POST', '/crawl/v1/batch/new', body, headers);
      assert.equal(first.status, 201, first.text);
      const again = await api.request('POST', '/crawl/v1/batch/new', body, headers);
      assert.equal(again.status, 201);
      assert.deepEqual(again.body, first.body);
      const results = (first.body as Obj).results as Obj[];
      const [a, b] = results.map((r) => r.job as Obj);
      assert.equal(a?.method, 'POST');
      assert.equal(a?.timeout_sec, 20);
      assert.equal(b?.method, 'HEAD');
      assert.equal(b?.timeout_sec, 7);
      const status = await waitBatch(api, (first.body as Obj).batch_id as string);
      assert.equal(status.accepted_count, 2);
      // Created once: the target saw each job once, and the headers went with it.
      const seen = target.seen.filter((r) => r.url === '/echo?d=1');
      assert.equal(seen.length, 1);
      assert.equal(seen[0]?.headers['x-batch'], 'yes');
      const clash = await api.request('POST', '/crawl/v1/batch/new', { ...body, timeout_sec: 21 }, headers);
      assert.equal(clash.status, 422);
    });

    test('job ids are paged by cursor; batch.completed reaches the webhook and the event stream', async () => {
      const stream = await openSse(`${c.url}/crawl/v1/events`, c.apiKey);
      const jobs = Array.from({ length: 25 }, (_, i) => ({ url: `${target.httpUrl}/echo?p=${i}` }));
      const res = await api.request('POST', '/crawl/v1/batch/new', { jobs, webhook: { url: hook.url } });
      assert.equal(res.status, 201, res.text);
      const created = res.body as Obj;
      const batchId = created.batch_id as string;
      const done = await waitBatch(api, batchId);
      assert.deepEqual(done.counts, { pending: 0, running: 0, completed: 25, failed: 0 });
      const ids: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const q: string = cursor === null ? '?limit=10' : `?limit=10&cursor=${cursor}`;
        const page = (await api.request('GET', `/crawl/v1/batch/${batchId}${q}`)).body as Obj;
        ids.push(...(page.job_ids as string[]));
        cursor = page.next_cursor as string | null;
        pages++;
      } while (cursor !== null);
      assert.equal(pages, 3);
      assert.deepEqual(
        ids,
        (created.results as Obj[]).map((r) => (r.job as Obj).job_id),
      );
      // 25 job events and one batch.completed, each to the batch's webhook.
      const received = await hook.waitFor(26);
      const types = received.map((r) => (JSON.parse(r.body) as Obj).type);
      assert.equal(types.filter((t) => t === 'batch.completed').length, 1);
      const event = JSON.parse(received.find((r) => r.body.includes('batch.completed'))?.body ?? '{}') as Obj;
      assert.equal(((event.data as Obj).batch as Obj).batch_id, batchId);
      for (;;) {
        const e = await stream.next(10_000);
        assert.ok(e, 'stream ended before batch.completed');
        if (e.event !== 'batch.completed') continue;
        // Earlier batches' events come first (the stream replays the owner's recent events).
        if ((((JSON.parse(e.data) as Obj).data as Obj).batch as Obj).batch_id === batchId) break;
      }
      stream.close();
    });
  });
}

batchSuite(
  'batches on SQLite',
  async () => [],
  async () => {},
);

const pgSkip = await postgresSkip();
let pg: FreshPostgres | undefined;
if (!pgSkip) {
  batchSuite(
    'batches on PostgreSQL',
    async () => {
      pg = await freshPostgresUrl();
      return ['--store', pg.url];
    },
    async () => {
      await pg?.drop();
    },
  );
}
