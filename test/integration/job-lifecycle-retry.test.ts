// A job whose device stays silent past the job's timeout is retried elsewhere, never on a device that
// already failed it (across attempts), while the miss still counts against that device; with every
// device excluded it waits for another until its deadline, then fails no_device; a pinned job
// (session, placement.device_id) retries on its device. Devices are raw agents on real links that
// keep the link alive (pings) and never answer the job; SQLite and PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import type { JobEvent } from '../../coordinator/jobs/events.js';
import { ApiClient } from '../helpers/client.js';
import { startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { postgresSkip } from '../helpers/needs.js';
import { type FreshPostgres, freshPostgresUrl } from '../helpers/postgres.js';
import { RawAgent } from '../helpers/raw-agent.js';

type Obj = Record<string, unknown>;

/** Running grace past a job's timeout before its silent attempt is taken back. */
const GRACE_MS = 200;
/** Heartbeats every 200 ms: a link silent for 600 ms is dropped, before any job's 1 s timeout. */
const HEARTBEAT_MS = 200;

function retrySuite(name: string, storeFlags: () => Promise<string[]>, cleanup: () => Promise<void>) {
  describe(name, () => {
    let c: TestCoordinator;
    let api: ApiClient;
    let adminKey: string;
    const events: JobEvent[] = [];
    const waiters: Array<() => void> = [];
    const agents: RawAgent[] = [];
    const timers: NodeJS.Timeout[] = [];

    before(async () => {
      c = await startTestCoordinator({
        flags: [
          '--running-grace-ms',
          String(GRACE_MS),
          '--heartbeat-interval-ms',
          String(HEARTBEAT_MS),
          ...(await storeFlags()),
        ],
      });
      api = new ApiClient(c.url, c.apiKey);
      adminKey = (await createApiKey(c.coordinator.store, { admin: true })).key;
      c.coordinator.services.jobs.addListener({
        onJobEvent: (e) => {
          events.push(e);
          for (const w of waiters.splice(0)) w();
        },
      });
    });
    after(async () => {
      for (const t of timers) clearInterval(t);
      for (const a of agents) a.close();
      await c?.stop();
      await cleanup();
    });

    /** The first event matching `check`, as soon as it is announced. */
    function event<T extends JobEvent>(check: (e: JobEvent) => e is T): Promise<T>;
    function event(check: (e: JobEvent) => boolean): Promise<JobEvent>;
    function event(check: (e: JobEvent) => boolean): Promise<JobEvent> {
      return new Promise((resolve) => {
        const look = () => {
          const found = events.find(check);
          if (found) resolve(found);
          else waiters.push(look);
        };
        look();
      });
    }
    const claimOf = (jobId: string, attempt: number) =>
      event(
        (e): e is Extract<JobEvent, { transition: 'claim' }> =>
          e.transition === 'claim' && e.job.id === jobId && e.attempt === attempt,
      );
    const requeueOf = (jobId: string, attempt: number) =>
      event(
        (e): e is Extract<JobEvent, { transition: 'requeue' }> =>
          e.transition === 'requeue' && e.job.id === jobId && e.attempt === attempt,
      );

    /**
     * A raw device that keeps its link alive (a ping every 100 ms: the coordinator drops a link
     * silent for three heartbeats) and answers nothing unless the test makes it.
     */
    async function device(id: string, country: string): Promise<RawAgent> {
      const a = await RawAgent.connect(c.url, id, await c.newDevice(id), { country, maxConcurrent: 1 });
      agents.push(a);
      timers.push(setInterval(() => a.send({ ping: { nonce: 0 } }), 100));
      return a;
    }

    /** The job's result from the device, for `attempt`; resolves once acknowledged. */
    async function answer(dev: RawAgent, jobId: string, attempt: number): Promise<void> {
      dev.send({ result: { jobId, attempt, success: true, statusCode: 204, timeUs: 1000 } });
      for (;;) {
        const ack = await dev.next('ack');
        if (ack.ack?.jobId === jobId) return;
      }
    }

    /** The assigns the device received for the job so far (after a barrier: all that were sent). */
    async function assignsOf(dev: RawAgent, jobId: string): Promise<number[]> {
      await dev.barrier();
      return dev.frames.filter((f) => f.assign?.jobId === jobId).map((f) => f.assign?.attempt ?? 0);
    }

    async function submit(job: Obj): Promise<string> {
      const res = await api.submit(job);
      assert.equal(res.status, 201, res.text);
      return (res.body as { job_id: string }).job_id;
    }

    test('timed out on A: retried on B, never back on A; the miss counts against A', async (t) => {
      const a = await device('retry-a', 'FR');
      const started = Date.now();
      const job = await submit({
        url: 'http://198.51.100.7/partial',
        timeout_sec: 1,
        placement: { country: 'FR' },
      });
      const first = await a.next('assign');
      assert.equal(first.assign?.jobId, job);
      assert.equal(first.assign?.attempt, 1);
      // B joins and takes another job: when A's attempt is lost, A is the only device with room.
      const b = await device('retry-b', 'FR');
      const other = await submit({
        url: 'http://198.51.100.7/other',
        timeout_sec: 30,
        placement: { country: 'FR' },
      });
      assert.equal((await b.next('assign')).assign?.jobId, other);

      // A stays linked and silent: the attempt is taken back at its timeout, not by a dropped link.
      const requeued = await requeueOf(job, 1);
      assert.equal(requeued.cause, 'timeout');
      assert.ok(a.open, 'A kept its link');
      // B finishes its job: its slot goes to the waiting job, A's (free all along) did not.
      await answer(b, other, 1);
      const second = await claimOf(job, 2);
      assert.equal(second.deviceId, 'retry-b');
      const assign = await b.next('assign');
      assert.equal(assign.assign?.jobId, job);
      assert.equal(assign.assign?.attempt, 2);
      await answer(b, job, 2);
      const done = await api.waitTerminal(job, 10_000);
      assert.equal(done.status, 'completed');
      const dl = await api.download(job);
      assert.deepEqual([(dl.metadata as Obj).device_id, (dl.metadata as Obj).attempt], ['retry-b', 2]);
      assert.deepEqual(await assignsOf(a, job), [], 'A was never sent the job again');
      t.diagnostic(`completed ${Date.now() - started} ms after submit (timeout 1 s, grace ${GRACE_MS} ms)`);

      // The miss counts against A as ever: its recent success rate, and its trust score (lost).
      const res = await fetch(`${c.url}/crawl/v1/devices`, {
        headers: { authorization: `Bearer ${adminKey}` },
      });
      const listing = (await res.json()) as {
        devices: Array<{ device_id: string; recent: { success_rate: number | null; results: number } }>;
      };
      const rowA = listing.devices.find((d) => d.device_id === 'retry-a');
      assert.equal(rowA?.recent.results, 1, JSON.stringify(rowA));
      assert.ok((rowA?.recent.success_rate ?? 1) < 1, JSON.stringify(rowA));
      for (;;) {
        const trust = await c.coordinator.store.trust.getDeviceTrust('retry-a');
        if (trust && trust.score < 1) {
          assert.equal(trust.score, 0.98, 'one lost attempt (−0.02)');
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    });

    test('across attempts: timed out on A, then on B, the third attempt goes to C only', async () => {
      const a = await device('across-a', 'IT');
      const job = await submit({
        url: 'http://198.51.100.7/across',
        timeout_sec: 1,
        placement: { country: 'IT' },
      });
      assert.equal((await a.next('assign')).assign?.attempt, 1);
      const b = await device('across-b', 'IT');
      await requeueOf(job, 1);
      assert.equal((await claimOf(job, 2)).deviceId, 'across-b');
      assert.equal((await b.next('assign')).assign?.attempt, 2);
      // B is silent too: both A and B have room, and both are excluded.
      await requeueOf(job, 2);
      const cDev = await device('across-c', 'IT');
      assert.equal((await claimOf(job, 3)).deviceId, 'across-c');
      const third = await cDev.next('assign');
      assert.deepEqual([third.assign?.jobId, third.assign?.attempt], [job, 3]);
      await answer(cDev, job, 3);
      assert.equal((await api.waitTerminal(job, 10_000)).status, 'completed');
      assert.deepEqual(await assignsOf(a, job), []);
      assert.deepEqual(await assignsOf(b, job), []);
    });

    test('every device failed it: the job waits for another until its deadline, then fails no_device', async () => {
      const a = await device('alone-a', 'ES');
      const job = await submit({
        url: 'http://198.51.100.7/alone',
        timeout_sec: 1,
        placement: { country: 'ES' },
      });
      assert.equal((await a.next('assign')).assign?.attempt, 1);
      await requeueOf(job, 1);
      const failed = await event(
        (e): e is Extract<JobEvent, { transition: 'fail' }> => e.transition === 'fail' && e.job.id === job,
      );
      assert.equal(failed.failureType, 'no_device');
      assert.match(
        failed.message,
        /^no device matching the job became available within \d+ seconds, other than the 1 it timed out on or was refused by$/,
      );
      const status = (await api.status(job)).body as Obj;
      assert.equal(status.status, 'failed');
      assert.deepEqual(await assignsOf(a, job), [], 'A, idle and linked, was not sent it again');
    });

    test('a pinned job (its session, or placement.device_id) retries on its device', async () => {
      const a = await device('pinned-a', 'PT');
      const res = await api.request('POST', '/crawl/v1/session/new', {
        duration_seconds: 120,
        placement: { country: 'PT' },
      });
      assert.equal(res.status, 201, res.text);
      const session = (res.body as { id: string }).id;
      const inSession = await submit({
        url: 'http://198.51.100.7/session',
        timeout_sec: 1,
        session_id: session,
      });
      assert.equal((await a.next('assign')).assign?.jobId, inSession);
      await device('pinned-b', 'PT');
      await requeueOf(inSession, 1);
      assert.equal((await claimOf(inSession, 2)).deviceId, 'pinned-a');
      assert.equal((await a.next('assign')).assign?.attempt, 2);
      await answer(a, inSession, 2);

      const byId = await submit({
        url: 'http://198.51.100.7/by-id',
        timeout_sec: 1,
        placement: { device_id: 'pinned-a' },
      });
      assert.equal((await a.next('assign')).assign?.jobId, byId);
      await requeueOf(byId, 1);
      assert.equal((await claimOf(byId, 2)).deviceId, 'pinned-a');
      assert.equal((await a.next('assign')).assign?.attempt, 2);
      await answer(a, byId, 2);
      assert.equal((await api.waitTerminal(byId, 10_000)).status, 'completed');
    });
  });
}

retrySuite(
  'retries after a timeout, on SQLite',
  async () => [],
  async () => {},
);

const pgSkip = await postgresSkip();
let pg: FreshPostgres | undefined;
if (!pgSkip) {
  retrySuite(
    'retries after a timeout, on PostgreSQL',
    async () => {
      pg = await freshPostgresUrl();
      return ['--store', pg.url];
    },
    async () => {
      await pg?.drop();
    },
  );
}
