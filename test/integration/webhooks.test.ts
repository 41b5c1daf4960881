// Webhooks end to end: a real coordinator, a real agent, local targets and receivers. Deliveries
// are signed (checked with the standardwebhooks verifier), retried while the receiver is down,
// delivered once each and in order, survive a coordinator restart, and never wait on a receiver
// that hangs or answers without end. Targets on refused ranges are refused at submit.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { setDefaultWebhook } from '../../coordinator/auth/admin-ops.js';
import { hashSecret } from '../../coordinator/auth/secrets.js';
import { ApiClient } from '../helpers/client.js';
import {
  ROOT,
  removeDir,
  startTestAgent,
  startTestCoordinator,
  type TestCoordinator,
  tempDir,
} from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { jobInput } from '../helpers/records.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const LAB = [
  '--webhook-allow-cidrs',
  '127.0.0.0/8',
  '--webhook-retry-base-ms',
  '40',
  '--webhook-timeout-ms',
  '700',
];

async function ownerOf(c: TestCoordinator, key: string): Promise<string> {
  const found = await c.coordinator.store.findApiKeyByHash(hashSecret(key));
  assert.ok(found);
  return found.ownerId;
}

/** Polls the delivery log (a client's view) until `done` or the deadline. */
async function waitDeliveries(
  api: ApiClient,
  done: (d: Obj[]) => boolean,
  timeoutMs = 20_000,
): Promise<Obj[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.request('GET', '/crawl/v1/webhooks/deliveries?limit=500');
    assert.equal(res.status, 200, res.text);
    const list = (res.body as Obj).deliveries as Obj[];
    if (done(list)) return list;
    if (Date.now() > until)
      throw new Error(`deliveries not as expected: ${JSON.stringify(list).slice(0, 800)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('webhooks', () => {
  let target: TargetServer;
  let c: TestCoordinator;
  let agent: { stop(): Promise<void> };
  let api: ApiClient;
  let secret: string;

  before(async () => {
    target = await startTargetServer();
    c = await startTestCoordinator({ flags: LAB });
    agent = await startTestAgent({
      deviceId: 'hook-dev',
      token: await c.newDevice('hook-dev'),
      coordinators: [c.url],
    });
    api = new ApiClient(c.url, c.apiKey);
    const res = await api.request('PUT', '/crawl/v1/webhooks/default', {});
    assert.equal(res.status, 200, res.text);
    secret = (res.body as Obj).secret;
    assert.match(secret, /^whsec_[A-Za-z0-9+/]+=*$/);
    // Shown once: asking again does not reveal it.
    assert.equal(((await api.request('PUT', '/crawl/v1/webhooks/default', {})).body as Obj).secret, null);
  });
  after(async () => {
    await agent.stop();
    await c.stop();
    await target.close();
  });

  test('a receiver down for a while gets every event once, in order, verifiably signed', async () => {
    const receiver = await startWebhookReceiver('refuse');
    try {
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await api.submit({
          url: `${target.httpUrl}/echo?n=${i}`,
          webhook: { url: receiver.url },
        });
        assert.equal(res.status, 201, res.text);
        ids.push((res.body as Obj).job_id);
      }
      // One that finds no device in time: job.failed.
      const failing = await api.submit({
        url: `${target.httpUrl}/echo?never`,
        timeout_sec: 1,
        placement: { country: 'JP' },
        webhook: { url: receiver.url },
      });
      assert.equal(failing.status, 201, failing.text);
      ids.push((failing.body as Obj).job_id);
      // Down: every delivery is tried more than once before the receiver comes back.
      await waitDeliveries(
        api,
        (d) => d.length === 7 && d.every((x) => x.attempts >= 2 && x.status === 'pending'),
      );
      receiver.mode = 'accept';
      const got = await receiver.waitFor(7);
      const delivered = await waitDeliveries(api, (d) => d.every((x) => x.status === 'delivered'));
      assert.equal(delivered.length, 7);
      assert.equal(receiver.received.length, 7, 'nothing arrives twice');
      const verifier = new Webhook(secret);
      const bodies = got.map((r) => verifier.verify(r.body, r.headers) as Obj);
      assert.equal(new Set(bodies.map((b) => b.id)).size, 7);
      for (const [i, r] of got.entries()) assert.equal(r.headers['webhook-id'], bodies[i]?.id);
      const byJob = new Map(bodies.map((b) => [b.data.job.job_id, b]));
      assert.deepEqual([...byJob.keys()].sort(), [...ids].sort());
      for (const id of ids.slice(0, 6)) {
        const b = byJob.get(id) as Obj;
        assert.equal(b.type, 'job.completed');
        assert.equal(b.data.job.status, 'completed');
        assert.ok(!Number.isNaN(Date.parse(b.timestamp)));
        // The Job as GET /crawl/v1/status/{id} shows it.
        assert.deepEqual(b.data.job, (await api.status(id)).body);
      }
      assert.equal((byJob.get(ids[6] as string) as Obj).type, 'job.failed');
      // A tampered body fails the verifier.
      assert.throws(() => verifier.verify(`${got[0]?.body} `, got[0]?.headers ?? {}));
    } finally {
      await receiver.close();
    }
  });

  test('a sweep webhook gets each region, then the sweep, in order', async () => {
    const receiver = await startWebhookReceiver('accept');
    try {
      // No mobile device is connected: every try fails in time, which still completes the sweep.
      const res = await api.request('POST', '/crawl/v1/sweep/new', {
        url: `${target.httpUrl}/echo`,
        regions: ['EU', 'NA'],
        tries_per_region: 1,
        timeout_sec: 1,
        webhook: { url: receiver.url },
      });
      assert.equal(res.status, 201, res.text);
      const got = await receiver.waitFor(3);
      await waitDeliveries(api, (d) =>
        d.filter((x) => x.url === receiver.url).every((x) => x.status === 'delivered'),
      );
      const bodies = got.map((r) => new Webhook(secret).verify(r.body, r.headers) as Obj);
      assert.deepEqual(
        bodies.map((b) => b.type),
        ['sweep.region_completed', 'sweep.region_completed', 'sweep.completed'],
      );
      assert.deepEqual(
        bodies
          .slice(0, 2)
          .map((b) => b.data.region)
          .sort(),
        ['EU', 'NA'],
      );
      const sweepId = (res.body as Obj).sweep_id as string;
      assert.equal(bodies[2]?.data.sweep.sweep_id, sweepId);
      assert.equal(receiver.received.length, 3);
      // The log read for this sweep: its three deliveries, each naming it (and no job).
      const ofSweep = await api.request('GET', `/crawl/v1/webhooks/deliveries?sweep_id=${sweepId}`);
      assert.equal(ofSweep.status, 200, ofSweep.text);
      const rows = (ofSweep.body as Obj).deliveries as Obj[];
      assert.deepEqual(
        rows.map((d) => [d.event_type, d.sweep_id, d.job_id, d.url]),
        [...bodies].reverse().map((b) => [b.type, sweepId, null, receiver.url]),
      );
    } finally {
      await receiver.close();
    }
  });

  test("the delivery log names each delivery's job and reads one job's deliveries", async () => {
    const receiver = await startWebhookReceiver('accept');
    try {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await api.submit({
          url: `${target.httpUrl}/echo?log=${i}`,
          webhook: { url: receiver.url },
        });
        assert.equal(res.status, 201, res.text);
        ids.push((res.body as Obj).job_id);
      }
      await receiver.waitFor(3);
      const all = await waitDeliveries(api, (d) =>
        ids.every((id) => d.some((x) => x.job_id === id && x.status === 'delivered')),
      );
      for (const d of all.filter((x) => x.url === receiver.url)) {
        assert.ok(ids.includes(d.job_id), `job_id ${d.job_id}`);
        assert.equal(d.sweep_id, null);
      }
      const [one, two] = ids as [string, string];
      const ofOne = await api.request('GET', `/crawl/v1/webhooks/deliveries?job_id=${one}`);
      assert.equal(ofOne.status, 200, ofOne.text);
      const rows = (ofOne.body as Obj).deliveries as Obj[];
      assert.deepEqual(
        rows.map((d) => [d.job_id, d.event_type, d.status, d.url]),
        [[one, 'job.completed', 'delivered', receiver.url]],
      );
      // Ids are case-insensitive, like every id of the API.
      const upper = await api.request('GET', `/crawl/v1/webhooks/deliveries?job_id=${two.toUpperCase()}`);
      assert.deepEqual(
        ((upper.body as Obj).deliveries as Obj[]).map((d) => d.job_id),
        [two],
      );
      // Another owner's key reads nothing of this job (an empty page, not a 404).
      const other = new ApiClient(c.url, await c.newKey());
      const foreign = await other.request('GET', `/crawl/v1/webhooks/deliveries?job_id=${one}`);
      assert.equal(foreign.status, 200, foreign.text);
      assert.deepEqual(foreign.body, { deliveries: [], next_before: null });
      // A malformed id is the contract's invalid request, naming the parameter.
      for (const [query, message] of [
        ['job_id=nope', 'invalid request: job_id must be a UUID'],
        ['sweep_id=12', 'invalid request: sweep_id must be a UUID'],
        [`job_id=${one}&job_id=${two}`, 'invalid request: job_id must be a UUID'],
      ] as const) {
        const bad = await api.request('GET', `/crawl/v1/webhooks/deliveries?${query}`);
        assert.equal(bad.status, 400, `${query}: ${bad.text}`);
        assert.equal(bad.body, message);
      }
    } finally {
      await receiver.close();
    }
  });

  test('a receiver that hangs or answers 10 MB does not hold the outbox', async () => {
    const [hang, huge, fine] = await Promise.all([
      startWebhookReceiver('hang'),
      startWebhookReceiver('huge'),
      startWebhookReceiver('accept'),
    ]);
    try {
      for (const r of [hang, huge]) {
        assert.equal(
          (await api.submit({ url: `${target.httpUrl}/echo`, webhook: { url: r.url } })).status,
          201,
        );
      }
      await Promise.all([hang.waitAttempts(1), huge.waitFor(1)]);
      const started = Date.now();
      assert.equal(
        (await api.submit({ url: `${target.httpUrl}/echo`, webhook: { url: fine.url } })).status,
        201,
      );
      await fine.waitFor(1, 5_000);
      // Well inside the hanging attempt's deadline would be nice, but the job itself takes time.
      assert.ok(Date.now() - started < 5_000);
      const list = await waitDeliveries(api, (d) => {
        const h = d.find((x) => x.url === hang.url);
        return h !== undefined && h.attempts >= 1 && h.last_error !== null;
      });
      assert.equal(list.find((x) => x.url === huge.url)?.status, 'delivered');
      assert.equal(list.find((x) => x.url === fine.url)?.status, 'delivered');
    } finally {
      await Promise.all([hang.close(), huge.close(), fine.close()]);
    }
  });

  test("a job's end looks up a webhook under its id only when the job was given one", async () => {
    const receiver = await startWebhookReceiver('accept');
    const push = c.coordinator.store.push;
    const { getSubjectWebhook, appendEvent } = push;
    const asked: string[] = [];
    const written = new Map<string, () => void>();
    const seen = new Set<string>();
    push.getSubjectWebhook = (id) => {
      asked.push(id);
      return getSubjectWebhook.call(push, id);
    };
    push.appendEvent = async (e) => {
      const out = await appendEvent.call(push, e);
      if (e.jobId) {
        seen.add(e.jobId);
        written.get(e.jobId)?.();
      }
      return out;
    };
    const eventOf = (id: string) =>
      seen.has(id) ? Promise.resolve() : new Promise<void>((resolve) => written.set(id, resolve));
    try {
      const hooked = await api.submit({
        url: `${target.httpUrl}/echo?own=1`,
        webhook: { url: receiver.url },
      });
      const plain = await api.submit({ url: `${target.httpUrl}/echo?own=0` });
      const batch = await api.request('POST', '/crawl/v1/batch/new', {
        jobs: [
          { url: `${target.httpUrl}/echo?b=1`, webhook: { url: receiver.url } },
          { url: `${target.httpUrl}/echo?b=0` },
        ],
      });
      assert.equal(batch.status, 201, batch.text);
      // A job whose record does not say (as rows stored before the flag): looked up, as before.
      const unknown = await c.coordinator.jobs.submit(
        jobInput(await ownerOf(c, c.apiKey), { url: `${target.httpUrl}/echo?own=unknown` }),
        null,
      );
      const [batchHooked, batchPlain] = ((batch.body as Obj).results as Obj[]).map(
        (r) => r.job.job_id as string,
      );
      const ids = {
        hooked: (hooked.body as Obj).job_id as string,
        plain: (plain.body as Obj).job_id as string,
        batchHooked: batchHooked as string,
        batchPlain: batchPlain as string,
        unknown: unknown.id,
      };
      await Promise.all(Object.values(ids).map(eventOf));
      const lookedUp = Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, asked.includes(id)]));
      assert.deepEqual(lookedUp, {
        hooked: true,
        plain: false,
        batchHooked: true,
        batchPlain: false,
        unknown: true,
      });
      // The jobs given a webhook still have their events delivered to it.
      const got = await receiver.waitFor(2);
      assert.deepEqual(
        got.map((r) => (JSON.parse(r.body) as Obj).data.job.job_id).sort(),
        [ids.hooked, ids.batchHooked].sort(),
      );
    } finally {
      push.getSubjectWebhook = getSubjectWebhook;
      push.appendEvent = appendEvent;
      await receiver.close();
    }
  });

  test('webhook targets are checked at submit, with the contract shape', async () => {
    const strict = await startTestCoordinator();
    const strictApi = new ApiClient(strict.url, strict.apiKey);
    try {
      assert.equal((await strictApi.request('PUT', '/crawl/v1/webhooks/default', {})).status, 200);
      const cases: Array<[unknown, RegExp]> = [
        [
          { url: 'http://127.0.0.1:9/hook' },
          /^invalid request: webhook target 127\.0\.0\.1 is refused by the network policy \(loopback\)$/,
        ],
        [{ url: 'http://169.254.169.254/latest' }, /link-local/],
        [{ url: 'http://[::ffff:10.0.0.1]/' }, /private/],
        [
          { url: 'ftp://example.com/' },
          /^invalid request: webhook url must be an absolute http or https URL$/,
        ],
        [{ url: 'http://u:p@example.com/' }, /credentials/],
        ['http://example.com/', /^invalid request: webhook must be an object with a url$/],
        [
          { url: 'http://example.com/', events: ['job.exploded'] },
          /^invalid request: webhook\.events must be a list of/,
        ],
      ];
      for (const [webhook, message] of cases) {
        const res = await strictApi.submit({ url: `${target.httpUrl}/echo`, webhook });
        assert.equal(res.status, 400, `${JSON.stringify(webhook)}: ${res.text}`);
        assert.equal(typeof res.body, 'string');
        assert.match(res.body as string, message);
        const sweep = await strictApi.request('POST', '/crawl/v1/sweep/new', {
          url: `${target.httpUrl}/`,
          webhook,
        });
        assert.equal(sweep.status, 400, sweep.text);
      }
      // The default webhook is checked the same way.
      const res = await strictApi.request('PUT', '/crawl/v1/webhooks/default', { url: 'http://10.1.2.3/' });
      assert.equal(res.status, 400);
      assert.match(res.body as string, /private/);
      // Without a signing secret, a webhook is refused rather than sent unsigned.
      const fresh = new ApiClient(strict.url, await strict.newKey());
      const unsigned = await fresh.submit({
        url: `${target.httpUrl}/echo`,
        webhook: { url: 'http://example.com/' },
      });
      assert.equal(unsigned.status, 400);
      assert.match(unsigned.body as string, /signing secret/);
    } finally {
      await strict.stop();
    }
  });
});

describe('the admin command', () => {
  test("sets a key's default webhook and prints its secret once", async () => {
    const c = await startTestCoordinator();
    try {
      const owner = await ownerOf(c, c.apiKey);
      const run = (...args: string[]) =>
        promisify(execFile)(
          process.execPath,
          [
            '--import',
            'tsx',
            path.join(ROOT, 'coordinator/admin.ts'),
            'webhook',
            'set',
            owner,
            '--data-dir',
            c.dataDir,
            ...args,
          ],
          { cwd: ROOT },
        );
      const first = await run('--url', 'https://hooks.example.com/a', '--events', 'job.failed');
      const secret = /secret: +(whsec_\S+)/.exec(first.stdout)?.[1];
      assert.ok(secret, first.stdout);
      const hook = await c.coordinator.store.push.getOwnerWebhook(owner);
      assert.deepEqual(
        [hook?.url, hook?.events, hook?.secret],
        ['https://hooks.example.com/a', ['job.failed'], secret],
      );
      const second = await run('--url', 'none');
      assert.doesNotMatch(second.stdout, /whsec_/, 'shown once');
      assert.equal((await c.coordinator.store.push.getOwnerWebhook(owner))?.url, null);
      const rotated = await run('--rotate');
      assert.match(rotated.stdout, /whsec_/);
      assert.notEqual((await c.coordinator.store.push.getOwnerWebhook(owner))?.secret, secret);
    } finally {
      await c.stop();
    }
  });
});

describe('webhooks across a restart', () => {
  test('a coordinator restarted mid-retry still delivers, once', async () => {
    const dataDir = tempDir('hook-restart');
    const target = await startTargetServer();
    const receiver = await startWebhookReceiver('refuse');
    let c = await startTestCoordinator({ dataDir, flags: LAB });
    const apiKey = c.apiKey;
    try {
      const agent = await startTestAgent({
        deviceId: 'restart-dev',
        token: await c.newDevice('restart-dev'),
        coordinators: [c.url],
      });
      const owner = await ownerOf(c, apiKey);
      const { secret } = await setDefaultWebhook(c.coordinator.store, owner, { url: receiver.url });
      assert.ok(secret);
      const api = new ApiClient(c.url, apiKey);
      const res = await api.submit({ url: `${target.httpUrl}/echo` });
      assert.equal(res.status, 201);
      await receiver.waitAttempts(2);
      await agent.stop();
      await c.stop();
      receiver.mode = 'accept';
      const before = receiver.received.length;
      assert.equal(before, 0);
      c = await startTestCoordinator({ dataDir, flags: LAB, apiKey });
      const [got] = await receiver.waitFor(1);
      const body = new Webhook(secret).verify(got?.body ?? '', got?.headers ?? {}) as Obj;
      assert.equal(body.data.job.job_id, (res.body as Obj).job_id);
      await waitDeliveries(
        new ApiClient(c.url, apiKey),
        (d) => d.length === 1 && d[0]?.status === 'delivered',
      );
      assert.equal(receiver.received.length, 1);
    } finally {
      await c.stop();
      await receiver.close();
      await target.close();
      removeDir(dataDir);
    }
  });
});
