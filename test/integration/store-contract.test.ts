// One behaviour suite for every Store backend (SQLite on a temp file; PostgreSQL on a fresh database),
// then what only PostgreSQL has to prove: several coordinators racing on one database, schemas,
// concurrent migrations and the LISTEN connection coming back after it is cut.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { migrationsFor } from '../../coordinator/store/migrations.js';
import { openStore } from '../../coordinator/store/open.js';
import { parsePostgresSpec } from '../../coordinator/store/postgres/connection-spec.js';
import type { PostgresStore } from '../../coordinator/store/postgres/postgres-store.js';
import type { JobRecord, ResultRecord, SessionRecord, SweepRecord } from '../../coordinator/store/records.js';
import type { ScheduleRecord, ScheduleRunRecord } from '../../coordinator/store/schedule-types.js';
import type { StoreEvent } from '../../coordinator/store/store-events.js';
import type { DeviceTrustRecord, DisputeRecord } from '../../coordinator/store/trust-types.js';
import type { Lease, Store } from '../../coordinator/store/types.js';
import { postgresSkip } from '../helpers/needs.js';
import { freshPostgresUrl } from '../helpers/postgres.js';
import { insertSweep } from '../helpers/records.js';

const uid = (prefix: string): string => `${prefix}-${randomUUID()}`;

/** The contract's timestamp form: ISO 8601 with nanosecond digits. */
function nanoIso(ms: number, extraNanos = 0): string {
  return new Date(ms).toISOString().replace('Z', `${String(extraNanos).padStart(6, '0')}Z`);
}

/** Leases that never run out during a test, so lease sweeps only ever see the jobs meant for them. */
const LONG_LEASE: Lease = { coordinatorId: 'coord-long', untilMs: Date.now() + 3_600_000 };

function makeJob(overrides: Partial<JobRecord> = {}): JobRecord {
  const ms = overrides.submittedAtMs ?? Date.now();
  return {
    id: uid('job'),
    ownerId: 'owner-1',
    url: 'https://example.com/path?q=1',
    method: 'GET',
    status: 'pending',
    submittedAt: nanoIso(ms),
    submittedAtMs: ms,
    timeoutSec: 30,
    placement: { country: 'de', device_type: 'mobile' },
    sessionId: null,
    sweepId: null,
    storageType: 'local',
    request: {
      headers: [{ name: 'accept', value: 'text/html' }],
      bodyBase64: Buffer.from('body').toString('base64'),
      cookies: [{ name: 'sid', value: 'x', domain: 'example.com', secure: true }],
    },
    attempt: 0,
    deviceId: null,
    queueDeadlineMs: ms + 60_000,
    completedAt: null,
    failureType: null,
    errorMessage: null,
    archivedAt: null,
    result: null,
    ...overrides,
  };
}

function makeResult(deviceId: string, attempt: number): ResultRecord {
  return {
    id: uid('result'),
    createdAt: nanoIso(Date.now()),
    attempt,
    deviceId,
    success: true,
    statusCode: 200,
    sizeBytes: 1234,
    timeUs: 56_789,
    startedAtMs: Date.now(),
    tlsVersion: 'TLSv1.3',
    tlsCipher: 'TLS_AES_128_GCM_SHA256',
    errorType: '',
    // Non-ASCII survives the JSON column on both backends.
    errorMessage: 'Grüße, 東京, 🚀',
    finalUrl: 'https://example.com/final',
    contentType: 'text/html; charset=utf-8',
    requestHeaders: [{ name: 'accept', value: 'text/html' }],
    responseHeaders: [{ name: 'content-type', value: 'text/html' }],
    requestCookies: [],
    responseCookies: [
      {
        domain: 'example.com',
        expires: '',
        httponly: true,
        max_age: 60,
        name: 'sid',
        path: '/',
        samesite: 'Lax',
        secure: true,
        value: 'y',
      },
    ],
    parts: { body: 1234 },
    performance: { ttfbMs: 12, cached: false },
    requestResults: {},
    metadata: { note: 'x' },
  };
}

function makeSession(overrides: Partial<SessionRecord> = {}): SessionRecord {
  const expiresAtMs = overrides.expiresAtMs ?? Date.now() + 600_000;
  return {
    id: uid('session'),
    ownerId: 'owner-1',
    status: 'active',
    createdAt: nanoIso(Date.now()),
    expiresAt: nanoIso(expiresAtMs),
    expiresAtMs,
    closedAt: null,
    deviceId: null,
    placement: { region: 'eu' },
    ...overrides,
  };
}

/** Collects a subscription's events; waitFor resolves on the first match, past or future. */
class EventCollector {
  readonly seen: StoreEvent[] = [];
  private readonly waiters: { match: (e: StoreEvent) => boolean; resolve: (e: StoreEvent) => void }[] = [];
  unsubscribe: () => Promise<void> = async () => {};

  static async on(store: Store): Promise<EventCollector> {
    const c = new EventCollector();
    c.unsubscribe = await store.subscribe((e) => c.push(e));
    return c;
  }

  private push(event: StoreEvent): void {
    this.seen.push(event);
    for (const w of this.waiters.filter((x) => x.match(event))) {
      this.waiters.splice(this.waiters.indexOf(w), 1);
      w.resolve(event);
    }
  }

  waitFor(match: (e: StoreEvent) => boolean): Promise<StoreEvent> {
    const hit = this.seen.find(match);
    if (hit) return Promise.resolve(hit);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }
}

const isJob = (jobId: string) => (e: StoreEvent) => 'jobId' in e && e.jobId === jobId;

interface Backend {
  /** A new store instance on the same database or file (as a second coordinator would open it). */
  open(): Promise<Store>;
  cleanup(): Promise<void>;
}

function contractSuite(name: string, makeBackend: () => Promise<Backend>, skip: string | false): void {
  describe(`Store contract: ${name}`, { skip }, () => {
    let backend: Backend;
    let store: Store;
    const extra: Store[] = [];
    /** Another coordinator's store on the same data; closed in after(). */
    const openAnother = async (): Promise<Store> => {
      const s = await backend.open();
      extra.push(s);
      return s;
    };

    before(async () => {
      backend = await makeBackend();
      store = await backend.open();
    });
    after(async () => {
      for (const s of extra) await s.close();
      await store?.close();
      await backend?.cleanup();
    });

    it('api keys: insert, find by hash, list, revoke once', async () => {
      const a = {
        id: uid('key'),
        ownerId: 'o1',
        name: 'ci',
        admin: true,
        createdAt: nanoIso(1_000),
        revokedAt: null,
      };
      const b = {
        id: uid('key'),
        ownerId: 'o2',
        name: 'ops',
        admin: false,
        createdAt: nanoIso(2_000),
        revokedAt: null,
      };
      await store.insertApiKey(b, `hash-${b.id}`);
      await store.insertApiKey(a, `hash-${a.id}`);
      assert.deepEqual(await store.findApiKeyByHash(`hash-${a.id}`), a);
      assert.deepEqual(await store.findApiKeyByHash(`hash-${b.id}`), b);
      assert.equal(await store.findApiKeyByHash('no-such-hash'), null);
      const listed = (await store.listApiKeys()).filter((k) => k.id === a.id || k.id === b.id);
      assert.deepEqual(listed, [a, b], 'ordered by created_at');

      const at = nanoIso(3_000);
      assert.equal(await store.revokeApiKey(a.id, at), true);
      assert.equal(await store.revokeApiKey(a.id, nanoIso(4_000)), false, 'second revoke is a no-op');
      assert.equal(await store.revokeApiKey('no-such-key', at), false);
      assert.equal(await store.findApiKeyByHash(`hash-${a.id}`), null, 'revoked keys are not found');
      const after = (await store.listApiKeys()).find((k) => k.id === a.id);
      assert.equal(after?.revokedAt, at, 'revoked_at keeps the first revocation');
      assert.deepEqual(
        await store.getApiKey(a.id),
        { ...a, revokedAt: at },
        'getApiKey returns revoked keys',
      );
      assert.deepEqual(await store.getApiKey(b.id), b);
      assert.equal(await store.getApiKey('no-such-key'), null);
      await assert.rejects(
        store.insertApiKey({ ...b, id: uid('key') }, `hash-${b.id}`),
        'a hash is unique: a second key with it is refused',
      );
    });

    it('devices: insert, find by token hash, touch, list, revoke once', async () => {
      const d1 = {
        id: uid('dev'),
        name: 'pixel',
        createdAt: nanoIso(1_000),
        revokedAt: null,
        lastSeenAt: null,
      };
      const d2 = {
        id: uid('dev'),
        name: 'iphone',
        createdAt: nanoIso(2_000),
        revokedAt: null,
        lastSeenAt: null,
      };
      await store.insertDevice(d2, `tok-${d2.id}`);
      await store.insertDevice(d1, `tok-${d1.id}`);
      assert.deepEqual(await store.findDeviceByTokenHash(`tok-${d1.id}`), d1);
      assert.equal(await store.findDeviceByTokenHash('no-such-token'), null);

      const seen = nanoIso(5_000);
      await store.touchDevice(d1.id, seen);
      assert.equal((await store.findDeviceByTokenHash(`tok-${d1.id}`))?.lastSeenAt, seen);
      await store.touchDevice('no-such-device', seen);

      const listed = (await store.listDevices()).filter((d) => d.id === d1.id || d.id === d2.id);
      assert.deepEqual(
        listed.map((d) => d.id),
        [d1.id, d2.id],
      );
      assert.equal(await store.revokeDevice(d2.id, seen), true);
      assert.equal(await store.revokeDevice(d2.id, nanoIso(6_000)), false);
      assert.equal(await store.revokeDevice('no-such-device', seen), false);
      assert.equal(await store.findDeviceByTokenHash(`tok-${d2.id}`), null);
      const later = nanoIso(7_000);
      await store.touchDevice(d2.id, later);
      assert.deepEqual(
        (await store.listDevices()).find((d) => d.id === d2.id),
        { ...d2, revokedAt: seen, lastSeenAt: later },
        'revoked devices stay listed, keep the first revocation, and are still touched',
      );
      await assert.rejects(
        store.insertDevice({ ...d1, id: uid('dev') }, `tok-${d1.id}`),
        'a token hash is unique: a second device with it is refused',
      );
    });

    it('jobs: insert and get round-trip every field', async () => {
      const job = makeJob({ sweepId: uid('sweep'), storageType: 's3', placement: { device_id: 'd-1' } });
      await store.insertJob(job);
      assert.deepEqual(await store.getJob(job.id), job);
      assert.equal(await store.getJob('no-such-job'), null);
      await assert.rejects(store.insertJob(job), 'a duplicate id is refused');
      const traced = makeJob({ traceParent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
      await store.insertJob(traced);
      assert.deepEqual(await store.getJob(traced.id), traced, 'a traced job keeps its trace parent');
    });

    it('getJobs returns every known id, across chunks (> 500 and > 1000 ids)', async () => {
      const jobs = Array.from({ length: 1_100 }, () => makeJob());
      await Promise.all(jobs.map((j) => store.insertJob(j)));
      const ids = [...jobs.map((j) => j.id), 'unknown-1', 'unknown-2'];
      const got = await store.getJobs(ids);
      assert.equal(got.length, jobs.length);
      assert.deepEqual(got.map((j) => j.id).sort(), jobs.map((j) => j.id).sort());
      assert.deepEqual(
        got.find((j) => j.id === jobs[777]!.id),
        jobs[777],
      );
      assert.deepEqual(await store.getJobs([]), []);
    });

    it('getJobViews reads the view columns of one owner’s jobs only, 1,000 ids in one call', async () => {
      const owner = uid('owner');
      const mine = Array.from({ length: 1_000 }, (_, i) =>
        makeJob({ ownerId: owner, sessionId: i === 1 ? uid('session') : null }),
      );
      const theirs = makeJob({ ownerId: uid('owner') });
      await Promise.all([...mine, theirs].map((j) => store.insertJob(j)));
      await store.failJob(mine[0]!.id, 'timeout', 'no device in time', nanoIso(Date.now()));
      assert.equal(await store.claimJob(mine[2]!.id, 'dev-view', 1, LONG_LEASE), true);
      const views = await store.getJobViews(owner, [...mine.map((j) => j.id), theirs.id, 'unknown']);
      assert.equal(views.length, mine.length, "another owner's job and an unknown id are left out");
      const full = await store.getJobs(mine.slice(0, 3).map((j) => j.id));
      for (const job of full) {
        const view = views.find((v) => v.id === job.id);
        // Exactly the view's fields, equal to the full record's; no request, no result, no owner.
        assert.deepEqual(view, {
          id: job.id,
          url: job.url,
          method: job.method,
          status: job.status,
          submittedAt: job.submittedAt,
          timeoutSec: job.timeoutSec,
          placement: job.placement,
          storageType: job.storageType,
          sessionId: job.sessionId,
          sweepId: job.sweepId,
          completedAt: job.completedAt,
          failureType: job.failureType,
          errorMessage: job.errorMessage,
          archivedAt: job.archivedAt,
          deviceId: job.deviceId,
        });
      }
      assert.equal(views.find((v) => v.id === mine[0]!.id)?.failureType, 'timeout');
      assert.equal(views.find((v) => v.id === mine[2]!.id)?.deviceId, 'dev-view');
      assert.equal(views.find((v) => v.id === mine[1]!.id)?.deviceId, null);
      assert.deepEqual(await store.getJobViews(owner, []), []);
    });

    it('listSessionJobs and listSessionJobIds order by submitted_at_ms, then submitted_at', async () => {
      const sessionId = uid('session');
      const base = Date.now();
      const late = makeJob({ sessionId, submittedAtMs: base + 3_000 });
      const early = makeJob({ sessionId, submittedAtMs: base + 1_000 });
      // Same millisecond: the nanosecond digits decide.
      const midB = makeJob({ sessionId, submittedAtMs: base + 2_000, submittedAt: nanoIso(base + 2_000, 2) });
      const midA = makeJob({ sessionId, submittedAtMs: base + 2_000, submittedAt: nanoIso(base + 2_000, 1) });
      const elsewhere = makeJob({ sessionId: uid('session'), submittedAtMs: base });
      for (const j of [late, midB, elsewhere, midA, early]) await store.insertJob(j);
      const order = [early.id, midA.id, midB.id, late.id];
      assert.deepEqual(
        (await store.listSessionJobs(sessionId)).map((j) => j.id),
        order,
      );
      assert.deepEqual(await store.listSessionJobIds(sessionId), order);
      assert.deepEqual(await store.listSessionJobIds(uid('session')), []);
    });

    it('listUnfinishedJobs returns pending and running jobs only, oldest first', async () => {
      const base = Date.now();
      const pending = makeJob({ submittedAtMs: base + 2 });
      const running = makeJob({ submittedAtMs: base + 1 });
      const completed = makeJob({ submittedAtMs: base });
      const failed = makeJob({ submittedAtMs: base });
      for (const j of [pending, running, completed, failed]) await store.insertJob(j);
      assert.equal(await store.claimJob(running.id, 'dev-1', 1, LONG_LEASE), true);
      assert.equal(await store.completeJob(completed.id, makeResult('dev-1', 0), nanoIso(base)), 'stored');
      assert.equal(await store.failJob(failed.id, 'timeout', 'too slow', nanoIso(base)), true);
      const mine = new Set([pending.id, running.id, completed.id, failed.id]);
      const listed = (await store.listUnfinishedJobs()).filter((j) => mine.has(j.id));
      assert.deepEqual(
        listed.map((j) => [j.id, j.status]),
        [
          [running.id, 'running'],
          [pending.id, 'pending'],
        ],
      );
    });

    it('claimJob: pending(attempt-1) → running once; later claims of the same job fail', async () => {
      const job = makeJob();
      await store.insertJob(job);
      assert.equal(await store.claimJob(job.id, 'dev-1', 2, LONG_LEASE), false, 'attempt must be stored + 1');
      assert.equal(await store.claimJob(job.id, 'dev-1', 1, LONG_LEASE), true);
      assert.equal(await store.claimJob(job.id, 'dev-2', 1, LONG_LEASE), false, 'same attempt again');
      assert.equal(await store.claimJob(job.id, 'dev-2', 2, LONG_LEASE), false, 'a running job');
      assert.equal(await store.claimJob('no-such-job', 'dev-2', 1, LONG_LEASE), false);
      const got = await store.getJob(job.id);
      assert.equal(got?.status, 'running');
      assert.equal(got?.deviceId, 'dev-1');
      assert.equal(got?.attempt, 1);
    });

    it('requeueJob: running(attempt) → pending; a wrong attempt or a pending job is refused', async () => {
      const job = makeJob();
      await store.insertJob(job);
      assert.equal(await store.requeueJob(job.id, 0, 1), false, 'not running');
      assert.equal(await store.claimJob(job.id, 'dev-1', 1, LONG_LEASE), true);
      assert.equal(await store.requeueJob(job.id, 2, 1), false, 'wrong attempt');
      const deadline = Date.now() + 90_000;
      assert.equal(await store.requeueJob(job.id, 1, deadline), true);
      assert.equal(await store.requeueJob(job.id, 1, deadline), false, 'already pending');
      const got = await store.getJob(job.id);
      assert.equal(got?.status, 'pending');
      assert.equal(got?.queueDeadlineMs, deadline);
      assert.equal(got?.attempt, 1);
      assert.equal(await store.claimJob(job.id, 'dev-2', 2, LONG_LEASE), true, 'the next attempt may claim');
    });

    it('completeJob: first result wins, later ones are duplicates; failJob on a terminal job is refused', async () => {
      const job = makeJob();
      await store.insertJob(job);
      assert.equal(await store.claimJob(job.id, 'dev-1', 1, LONG_LEASE), true);
      const first = makeResult('dev-2', 1);
      const at = nanoIso(Date.now());
      assert.equal(await store.completeJob(job.id, first, at), 'stored');
      assert.equal(
        await store.completeJob(job.id, makeResult('dev-3', 1), nanoIso(Date.now() + 1)),
        'duplicate',
      );
      const got = await store.getJob(job.id);
      assert.equal(got?.status, 'completed');
      assert.deepEqual(got?.result, first, 'the first result is kept');
      assert.equal(got?.completedAt, at);
      assert.equal(got?.deviceId, 'dev-2', 'the reporting device is recorded');
      assert.equal(await store.failJob(job.id, 'timeout', 'late', at), false);
      assert.equal(await store.requeueJob(job.id, 1, 1), false);

      const waiting = makeJob();
      await store.insertJob(waiting);
      assert.equal(
        await store.completeJob(waiting.id, makeResult('dev-1', 0), at),
        'stored',
        'pending may complete',
      );
    });

    it('a sweep try keeps its summary with its result, for every store instance', async () => {
      const job = makeJob();
      await store.insertJob(job);
      const result = {
        ...makeResult('dev-1', 1),
        summary: {
          finalUrl: 'https://site.example/jp/',
          statusCode: 451,
          title: 'Unavailable — ＿ "quoted"',
          sizeBytes: 1234,
          textFingerprint: '0123456789abcdef',
          block: { kind: 'legal' as const, rule: 'http-451' },
        },
      };
      assert.equal(await store.completeJob(job.id, result, nanoIso(Date.now())), 'stored');
      const again = await (await openAnother()).getJob(job.id);
      assert.deepEqual(again?.result?.summary, result.summary);
    });

    it('completeJob on a failed or unknown job is stale; failJob once', async () => {
      const job = makeJob();
      await store.insertJob(job);
      const at = nanoIso(Date.now());
      assert.equal(await store.failJob(job.id, 'no_device', 'nobody home', at), true);
      assert.equal(await store.failJob(job.id, 'timeout', 'again', at), false);
      assert.equal(await store.completeJob(job.id, makeResult('dev-1', 0), at), 'stale');
      assert.equal(await store.completeJob('no-such-job', makeResult('dev-1', 0), at), 'stale');
      const got = await store.getJob(job.id);
      assert.equal(got?.status, 'failed');
      assert.equal(got?.failureType, 'no_device');
      assert.equal(got?.errorMessage, 'nobody home');
      assert.equal(got?.completedAt, at);
      assert.equal(got?.result, null);
    });

    it('failJob keeps a message with a NUL byte from a device, NUL as U+FFFD on both stores', async () => {
      const job = makeJob();
      await store.insertJob(job);
      assert.equal(await store.failJob(job.id, 'device_error', 'bad\u0000byte', nanoIso(Date.now())), true);
      const got = await store.getJob(job.id);
      assert.equal(got?.status, 'failed');
      // PostgreSQL TEXT cannot store NUL; both stores keep the same text, so it reads back alike.
      assert.equal(got?.errorMessage, 'bad\uFFFDbyte');
    });

    it('leases: renew extends only our own; requeueExpiredLeases takes back only expired ones', async () => {
      // Tiny epoch values keep these apart from every other test's far-future leases.
      const ours = makeJob();
      const theirs = makeJob();
      await store.insertJob(ours);
      await store.insertJob(theirs);
      assert.equal(
        await store.claimJob(ours.id, 'dev-1', 1, { coordinatorId: 'coord-a', untilMs: 1_000 }),
        true,
      );
      assert.equal(
        await store.claimJob(theirs.id, 'dev-2', 1, { coordinatorId: 'coord-b', untilMs: 1_000 }),
        true,
      );
      await store.renewLeases('coord-a', 10_000);

      const back = await store.requeueExpiredLeases(5_000, 77_000);
      assert.deepEqual(
        back.map((j) => j.id),
        [theirs.id],
      );
      assert.equal(back[0]?.status, 'pending');
      assert.equal(back[0]?.queueDeadlineMs, 77_000);
      assert.equal(back[0]?.attempt, 1);
      assert.deepEqual(await store.getJob(theirs.id), back[0]);
      assert.equal((await store.getJob(ours.id))?.status, 'running');
      assert.deepEqual(await store.requeueExpiredLeases(5_000, 77_000), [], 'each job comes back once');

      // Once our lease runs out too, it comes back; the requeued job can be claimed again.
      assert.deepEqual(
        (await store.requeueExpiredLeases(20_000, 1)).map((j) => j.id),
        [ours.id],
      );
      assert.equal(await store.claimJob(theirs.id, 'dev-3', 2, LONG_LEASE), true);
    });

    it('a job inserted with a lease is stored claimed: running, never claimable, taken back like a claim', async () => {
      const job: JobRecord = { ...makeJob(), status: 'running', attempt: 1, deviceId: 'dev-9' };
      await store.insertJob(job, { coordinatorId: 'coord-c', untilMs: 3_000 });
      assert.deepEqual(await store.getJob(job.id), job);
      assert.equal(
        await store.claimJob(job.id, 'dev-x', 1, LONG_LEASE),
        false,
        'never pending: no claim wins',
      );
      assert.equal(await store.claimJob(job.id, 'dev-x', 2, LONG_LEASE), false);
      const back = await store.requeueExpiredLeases(4_500, 88_000);
      assert.ok(
        back.some((j) => j.id === job.id && j.attempt === 1 && j.status === 'pending'),
        'under its lease: past it, the job comes back',
      );
      await store.failJob(job.id, 'internal', 'done', nanoIso(Date.now()));
    });

    it('archival: lists completed, unarchived jobs of one storage type before a time; markArchived once', async () => {
      // Year-2000 completion times: only these jobs fall before the cutoff.
      const t = (s: number) => `2000-01-01T00:00:0${s}.000000000Z`;
      const j1 = makeJob();
      const j2 = makeJob();
      const j3 = makeJob();
      const onS3 = makeJob({ storageType: 's3' });
      const failed = makeJob();
      for (const j of [j1, j2, j3, onS3, failed]) await store.insertJob(j);
      await store.completeJob(j2.id, makeResult('d', 0), t(2));
      await store.completeJob(j1.id, makeResult('d', 0), t(1));
      await store.completeJob(j3.id, makeResult('d', 0), t(3));
      await store.completeJob(onS3.id, makeResult('d', 0), t(1));
      await store.failJob(failed.id, 'timeout', 'x', t(1));

      const cutoff = t(3);
      assert.deepEqual(
        (await store.listArchivable('local', cutoff, 10)).map((j) => j.id),
        [j1.id, j2.id],
      );
      assert.deepEqual(
        (await store.listArchivable('local', cutoff, 1)).map((j) => j.id),
        [j1.id],
      );
      assert.deepEqual(
        (await store.listArchivable('s3', cutoff, 10)).map((j) => j.id),
        [onS3.id],
      );
      await store.markArchived(j1.id, t(5));
      await store.markArchived(j1.id, t(6));
      assert.equal((await store.getJob(j1.id))?.archivedAt, t(5), 'the first archival time stays');
      assert.deepEqual(
        (await store.listArchivable('local', cutoff, 10)).map((j) => j.id),
        [j2.id],
      );
    });

    it('sessions: insert, get, pin once (compare-and-set), close once', async () => {
      const s = makeSession();
      await store.insertSession(s);
      assert.deepEqual(await store.getSession(s.id), s);
      assert.equal(await store.getSession('no-such-session'), null);

      assert.equal(await store.pinSessionDevice(s.id, 'dev-1'), 'dev-1');
      assert.equal(await store.pinSessionDevice(s.id, 'dev-2'), 'dev-1', 'the first pin stays');
      assert.equal(await store.pinSessionDevice('no-such-session', 'dev-1'), null);
      // Pins started together: one wins, and every caller is told the winner.
      const racing = makeSession();
      await store.insertSession(racing);
      const pins = await Promise.all(
        ['dev-a', 'dev-b', 'dev-c'].map((d) => store.pinSessionDevice(racing.id, d)),
      );
      assert.ok(pins[0] && ['dev-a', 'dev-b', 'dev-c'].includes(pins[0]));
      assert.deepEqual(pins, [pins[0], pins[0], pins[0]]);
      assert.equal((await store.getSession(racing.id))?.deviceId, pins[0]);

      const at = nanoIso(Date.now());
      const closed = await store.closeSession(s.id, at);
      assert.deepEqual(closed, { ...s, status: 'closed', closedAt: at, deviceId: 'dev-1' });
      assert.deepEqual(
        await store.closeSession(s.id, nanoIso(Date.now() + 5)),
        closed,
        'closing twice changes nothing',
      );
      assert.equal(await store.closeSession('no-such-session', at), null);

      const bare = makeSession({ placement: null });
      await store.insertSession(bare);
      assert.deepEqual(await store.getSession(bare.id), bare);
    });

    it('expireSessions returns only active sessions past expiry, each once', async () => {
      const now = 5_000_000;
      const past = makeSession({ expiresAtMs: now - 1 });
      const exactly = makeSession({ expiresAtMs: now });
      const future = makeSession({ expiresAtMs: now + 1 });
      const closedPast = makeSession({ expiresAtMs: now - 1 });
      for (const s of [past, exactly, future, closedPast]) await store.insertSession(s);
      await store.closeSession(closedPast.id, nanoIso(now));
      const mine = new Set([past.id, exactly.id, future.id, closedPast.id]);
      const expired = (await store.expireSessions(now)).filter((id) => mine.has(id));
      assert.deepEqual(expired.sort(), [past.id, exactly.id].sort());
      assert.deepEqual(
        (await store.expireSessions(now)).filter((id) => mine.has(id)),
        [],
      );
      assert.equal((await store.getSession(past.id))?.status, 'expired');
      assert.equal((await store.getSession(future.id))?.status, 'active');
      assert.equal((await store.getSession(closedPast.id))?.status, 'closed');
    });

    it('sweeps: sweep, jobs and refs insert together and read back in order', async () => {
      const id = uid('sweep');
      const jobs = ['EU', 'EU', 'APAC'].map((region) =>
        makeJob({ sweepId: id, method: 'CRAWL_FULL_PAGE', placement: { region, device_type: 'mobile' } }),
      );
      const sweep: SweepRecord = {
        id,
        ownerId: 'owner-1',
        url: 'https://example.com/',
        regions: ['EU', 'APAC'],
        triesPerRegion: 2,
        timeoutSec: 60,
        deviceType: 'mobile',
        createdAt: nanoIso(Date.now()),
        reportToken: 'tok-Grüße-🚀',
        jobs: [
          { jobId: jobs[0]!.id, region: 'EU', tryIndex: 0 },
          { jobId: jobs[1]!.id, region: 'EU', tryIndex: 1 },
          { jobId: jobs[2]!.id, region: 'APAC', tryIndex: 0 },
        ],
      };
      await insertSweep(store, sweep, jobs);
      assert.deepEqual(await store.getSweep(id), sweep);
      // Its tries are its group's members.
      assert.deepEqual(
        (await store.getJobs(jobs.map((j) => j.id))).sort((a, b) => a.id.localeCompare(b.id)),
        jobs.map((j) => ({ ...j, groupId: id })).sort((a, b) => a.id.localeCompare(b.id)),
      );
      assert.deepEqual(
        { kind: (await store.groups.getGroup(id))?.kind, total: (await store.groups.getGroup(id))?.total },
        { kind: 'sweep', total: 3 },
      );
      assert.equal(await store.getSweep('no-such-sweep'), null);
      // Another coordinator on the same data sees it.
      assert.deepEqual(await (await openAnother()).getSweep(id), sweep);
    });

    it('measurements: what was asked and its jobs read back, and a measurement job keeps its request', async () => {
      const id = uid('measurement');
      const options = {
        protocol: 'udp' as const,
        port: 0,
        packets: 0,
        maxHops: 0,
        recordType: 'AAAA',
        resolver: '9.9.9.9',
        resolverPort: 53,
        serverName: '',
        ipVersion: 6 as const,
      };
      const job = makeJob({
        method: 'MEASURE_DNS_UDP',
        url: 'dns://example.com',
        placement: { country: 'DE' },
        request: {
          headers: [],
          bodyBase64: '',
          cookies: [],
          measure: { measurementId: id, type: 'dns', target: 'example.com', options },
        },
      });
      const measurement = {
        id,
        ownerId: 'owner-1',
        type: 'dns' as const,
        target: 'example.com',
        options,
        locations: [
          { placement: { country: 'DE' }, limit: 3 },
          { placement: { asn: 3320 }, limit: 1 },
        ],
        timeoutSec: 30,
        createdAt: new Date().toISOString(),
        jobs: [{ jobId: job.id, location: 0 }],
      };
      await store.groups.insertGroup({ kind: 'measurement', measurement }, [{ index: 0, job }]);
      assert.deepEqual(await store.measurements.getMeasurement(id), measurement);
      assert.deepEqual((await store.getJob(job.id))?.request, job.request);
      assert.equal((await store.getJob(job.id))?.groupId, id);
      assert.equal(await store.measurements.getMeasurement('no-such-measurement'), null);
      assert.deepEqual(await (await openAnother()).measurements.getMeasurement(id), measurement);
    });

    it('groups: stored with their members in one transaction; each member end counts once, in its own terminal write', async () => {
      const batchId = uid('batch');
      const members = [0, 1, 2].map((index) => ({
        index,
        job: makeJob({ url: `https://example.com/${index}` }),
      }));
      const batch = {
        id: batchId,
        ownerId: 'owner-1',
        createdAt: new Date().toISOString(),
        requestedCount: 4,
        acceptedCount: 3,
        finishedCount: 0,
        completedAt: null,
        itemErrors: [{ index: 3, code: 'INVALID_REQUEST', message: 'invalid request: url' }],
      };
      await store.groups.insertGroup({ kind: 'batch', batch }, members);
      const at = new Date().toISOString();
      assert.deepEqual(await store.groups.getGroup(batchId), {
        id: batchId,
        kind: 'batch',
        ownerId: 'owner-1',
        createdAt: batch.createdAt,
        total: 3,
        completed: 0,
        failed: 0,
        finishedAt: null,
        driven: false,
      });
      assert.deepEqual(await store.batches.getBatch(batchId), batch);
      assert.deepEqual(await store.batches.listBatchJobs(batchId, -1, 10), [
        { index: 0, jobId: members[0]!.job.id },
        { index: 1, jobId: members[1]!.job.id },
        { index: 2, jobId: members[2]!.job.id },
      ]);
      const [a, b, c] = members.map((m) => m.job);
      assert.equal(await store.completeJob(a!.id, makeResult('dev-1', 0), at), 'stored');
      // A second report of the same end counts nothing.
      assert.equal(await store.completeJob(a!.id, makeResult('dev-1', 0), at), 'duplicate');
      assert.equal(await store.failJob(a!.id, 'timeout', 'late', at), false);
      assert.equal(await store.failJob(b!.id, 'cancelled', 'cancelled by the client', at), true);
      let g = await store.groups.getGroup(batchId);
      assert.deepEqual([g?.completed, g?.failed, g?.finishedAt], [1, 1, null]);
      assert.deepEqual(
        await store.groups
          .listFinishedWithoutEvent(new Date(0).toISOString(), 100)
          .then((l) => l.filter((x) => x.id === batchId)),
        [],
      );
      const last = new Date(Date.now() + 1000).toISOString();
      // The last member, ended by whichever path, finishes the group in its own write.
      assert.equal(await store.failJob(c!.id, 'timeout', 'no answer', last), true);
      g = await store.groups.getGroup(batchId);
      assert.deepEqual([g?.completed, g?.failed, g?.finishedAt], [1, 2, last]);
      const read = await store.batches.getBatch(batchId);
      assert.deepEqual([read?.finishedCount, read?.completedAt], [3, last]);
      assert.deepEqual(await store.batches.countBatchJobs(batchId), {
        pending: 0,
        running: 0,
        completed: 1,
        failed: 2,
      });
      // Finished without its completion event: catch-up finds it; once the event is written, not.
      const found = await store.groups.listFinishedWithoutEvent(new Date(0).toISOString(), 1000);
      assert.ok(found.some((x) => x.id === batchId && x.kind === 'batch'));
      await store.push.appendEvent({
        id: uid('msg'),
        ownerId: 'owner-1',
        type: 'batch.completed',
        jobId: null,
        sweepId: null,
        dedupeKey: `batch:${batchId}`,
        createdAtMs: Date.now(),
        payload: '{}',
        deliveries: [],
      });
      const after = await store.groups.listFinishedWithoutEvent(new Date(0).toISOString(), 1000);
      assert.ok(!after.some((x) => x.id === batchId));
      // Another coordinator on the same data sees the same group.
      assert.deepEqual(await (await openAnother()).groups.getGroup(batchId), g);
    });

    it('groups: a group fails whole when a member cannot be stored, and a group of no members is finished at once', async () => {
      const taken = makeJob();
      await store.insertJob(taken);
      const measurement = (id: string) => ({
        id,
        ownerId: 'owner-1',
        type: 'ping' as const,
        target: 'example.com',
        options: {
          protocol: 'icmp' as const,
          port: 0,
          packets: 3,
          maxHops: 0,
          recordType: '',
          resolver: '',
          resolverPort: 0,
          serverName: '',
          ipVersion: 4 as const,
        },
        locations: [{ placement: {}, limit: 2 }],
        timeoutSec: 30,
        createdAt: new Date().toISOString(),
        jobs: [],
      });
      const id = uid('measurement');
      const fresh = makeJob();
      // The second member reuses a stored job's id: nothing of the group stays.
      await assert.rejects(
        store.groups.insertGroup({ kind: 'measurement', measurement: measurement(id) }, [
          { index: 0, job: fresh },
          { index: 1, job: { ...taken } },
        ]),
      );
      assert.equal(await store.groups.getGroup(id), null);
      assert.equal(await store.measurements.getMeasurement(id), null);
      assert.equal(await store.getJob(fresh.id), null);
      const empty = uid('measurement');
      const m = measurement(empty);
      await store.groups.insertGroup({ kind: 'measurement', measurement: m }, []);
      assert.equal((await store.groups.getGroup(empty))?.finishedAt, m.createdAt);
      // …and has no completion event to catch up on.
      const found = await store.groups.listFinishedWithoutEvent(new Date(0).toISOString(), 1000);
      assert.ok(!found.some((x) => x.id === empty));
    });

    it('groups: a driven group (a crawl) starts empty, gains members while it runs, is ended by its driver only, under one lease', async () => {
      const id = uid('crawl');
      const crawl = {
        id,
        ownerId: 'owner-1',
        status: 'running' as const,
        spec: { mode: 'crawl', startUrls: ['https://a.test/'] },
        createdAt: new Date().toISOString(),
        finishedAt: null,
        error: null,
        pagesFound: 1,
      };
      const row = (url: string, kind: 'page' | 'sitemap') => ({
        urlHash: `${kind}:${url}`,
        url,
        kind,
        host: 'https://a.test',
        depth: 0,
        parent: null,
        priority: kind === 'page' ? 1 : 0,
        state: 'queued' as const,
      });
      const pages = [row('https://a.test/', 'page'), row('https://a.test/sitemap.xml', 'sitemap')];
      await store.groups.insertGroup({ kind: 'crawl', crawl, pages }, []);
      // The crawl, its first rows and its group, together; with no member it is not finished.
      assert.deepEqual(await store.crawls.getCrawl(id), crawl);
      assert.deepEqual(
        (await store.crawls.frontier(id, 10)).map((p) => [p.url, p.seq]),
        [
          ['https://a.test/sitemap.xml', 1],
          ['https://a.test/', 0],
        ],
      );
      assert.deepEqual((await store.crawls.counts(id)).found, 1);
      let g = await store.groups.getGroup(id);
      assert.deepEqual([g?.kind, g?.total, g?.finishedAt, g?.driven], ['crawl', 0, null, true]);
      // Later rows continue the sequence.
      await store.crawls.addPages(id, [row('https://a.test/b', 'page')], 10);
      assert.deepEqual(
        (await store.crawls.listPages(id, -1, 10)).map((p) => p.seq),
        [0, 2],
      );
      // Members join as they are submitted: the total grows with them, in one transaction.
      const a = makeJob();
      const b: JobRecord = { ...makeJob(), status: 'running', attempt: 1, deviceId: 'dev-1' };
      assert.equal(await store.groups.addMembers(id, [{ index: 0, job: a }]), true);
      assert.equal(
        await store.groups.addMembers(id, [
          { index: 0, job: b, lease: { coordinatorId: 'c-1', untilMs: 1 } },
        ]),
        true,
      );
      assert.equal((await store.getJob(b.id))?.status, 'running');
      assert.equal((await store.getJob(a.id))?.groupId, id);
      // Every member ended: counted, but the group goes on (its frontier may hold more).
      const at = new Date().toISOString();
      assert.equal(await store.completeJob(a.id, makeResult('dev-1', 0), at), 'stored');
      assert.equal(await store.failJob(b.id, 'timeout', 'no answer', at), true);
      g = await store.groups.getGroup(id);
      assert.deepEqual([g?.total, g?.completed, g?.failed, g?.finishedAt], [2, 1, 1, null]);
      // One lease: a second coordinator takes it only once it has run out.
      const now = Date.now();
      const other = await openAnother();
      assert.ok((await store.groups.claimGroups('crawl', 'c-1', now, now + 10_000, 100)).includes(id));
      assert.ok(!(await other.groups.claimGroups('crawl', 'c-2', now, now + 10_000, 100)).includes(id));
      assert.ok(
        !(await other.groups.claimGroups('batch', 'c-2', now + 20_000, now + 30_000, 100)).includes(id),
      );
      assert.deepEqual(await store.groups.renewGroups('c-1', [id], now + 20_000), [id]);
      assert.deepEqual(await other.groups.renewGroups('c-2', [id], now + 20_000), []);
      await store.groups.releaseGroups('c-1', [id]);
      assert.ok((await other.groups.claimGroups('crawl', 'c-2', now, now + 10_000, 100)).includes(id));
      // Ended by its driver: the crawl's status and the group's end in one write, once.
      assert.equal(
        await other.groups.finishGroup({ kind: 'crawl', id, status: 'completed', error: null }),
        true,
      );
      assert.equal(
        await store.groups.finishGroup({ kind: 'crawl', id, status: 'cancelled', error: null }),
        false,
      );
      assert.equal((await store.crawls.getCrawl(id))?.status, 'completed');
      g = await store.groups.getGroup(id);
      assert.ok(g?.finishedAt);
      // An ended group takes no member, and holds no lease any more.
      const late = makeJob();
      assert.equal(await store.groups.addMembers(id, [{ index: 0, job: late }]), false);
      assert.equal(await store.getJob(late.id), null);
      assert.equal((await store.groups.getGroup(id))?.total, 2);
      assert.deepEqual(await other.groups.renewGroups('c-2', [id], now + 20_000), []);
      assert.ok(
        !(await store.groups.claimGroups('crawl', 'c-1', now + 60_000, now + 70_000, 100)).includes(id),
      );
      // Its crawl.completed is the crawl's own catch-up's (crawls.listEndedWithoutEvent), not the groups'.
      const found = await store.groups.listFinishedWithoutEvent(new Date(0).toISOString(), 1000);
      assert.ok(!found.some((x) => x.id === id));
      assert.ok((await store.crawls.listEndedWithoutEvent(new Date(0).toISOString(), 1000)).includes(id));
    });

    it('trust: a record is replaced whole, read back by id and by list (each known id once), disputes newest first', async () => {
      const standing = (deviceId: string, over: Partial<DeviceTrustRecord> = {}): DeviceTrustRecord => ({
        deviceId,
        score: 0.625,
        quarantined: true,
        reason: 'canary failed',
        canaryStreak: 1,
        canaryPasses: 7,
        canaryFailures: 2,
        disputes: 3,
        strikes: 4,
        updatedAt: new Date().toISOString(),
        ...over,
      });
      const a = standing(uid('dev'));
      await store.trust.putDeviceTrust(a);
      assert.deepEqual(await store.trust.getDeviceTrust(a.deviceId), a);
      const released = standing(a.deviceId, { score: 1, quarantined: false, canaryStreak: 0, strikes: 0 });
      await store.trust.putDeviceTrust(released);
      assert.deepEqual(
        await store.trust.getDeviceTrust(a.deviceId),
        released,
        'the second put replaces the first',
      );
      assert.equal(await store.trust.getDeviceTrust('no-such-device'), null);

      // More ids than one read takes, with duplicates and unknown ids: each known device once.
      const b = standing(uid('dev'), { score: 0 });
      const c = standing(uid('dev'), { quarantined: false });
      await store.trust.putDeviceTrust(b);
      await store.trust.putDeviceTrust(c);
      const unknown = Array.from({ length: 1_200 }, () => uid('unknown'));
      const ids = [
        a.deviceId,
        ...unknown.slice(0, 700),
        b.deviceId,
        a.deviceId,
        ...unknown.slice(700),
        c.deviceId,
      ];
      const byId = (x: DeviceTrustRecord, y: DeviceTrustRecord) => x.deviceId.localeCompare(y.deviceId);
      assert.deepEqual((await store.trust.listDeviceTrust(ids)).sort(byId), [released, b, c].sort(byId));
      assert.deepEqual(await store.trust.listDeviceTrust([]), []);
      assert.deepEqual(await (await openAnother()).trust.getDeviceTrust(b.deviceId), b);

      const dispute = (at: string): DisputeRecord => ({
        id: uid('dispute'),
        jobId: uid('job'),
        checkJobId: uid('check'),
        deviceA: a.deviceId,
        deviceB: b.deviceId,
        detail: 'status 200 vs 451',
        createdAt: at,
      });
      // Far in the future, so no other test's disputes come before these.
      const older = dispute('2999-01-01T00:00:00.000Z');
      const newer = dispute('2999-01-02T00:00:00.000Z');
      await store.trust.insertDispute(older);
      await store.trust.insertDispute(newer);
      assert.deepEqual(await store.trust.listDisputes(2), [newer, older]);
      assert.deepEqual(await store.trust.listDisputes(1), [newer]);
    });

    it('schedules: a firing whose sweep id is taken is not claimed, and the schedule stays due', async () => {
      const schedule = (nextRunMs: number): ScheduleRecord => ({
        id: uid('schedule'),
        ownerId: uid('owner'),
        keyId: uid('key'),
        cron: '*/5 * * * *',
        timezone: 'Europe/Paris',
        template: {
          url: 'https://x.test/',
          regions: ['EU'],
          triesPerRegion: 2,
          timeoutSec: 10,
          deviceType: 'mobile',
        },
        webhook: { url: 'https://hooks.test/s', events: ['sweep.schedule_run'] },
        paused: true,
        nextRunMs,
        createdAt: new Date().toISOString(),
      });
      const run = (scheduleId: string, scheduledMs: number, sweepId: string): ScheduleRunRecord => ({
        scheduleId,
        scheduledMs,
        firedAt: new Date(scheduledMs).toISOString(),
        sweepId,
        status: 'claimed',
        reason: '',
        coordinatorId: 'coord-a',
      });
      const a = schedule(300_000);
      const b = schedule(300_000);
      await store.schedules.insertSchedule(a);
      await store.schedules.insertSchedule(b);
      assert.deepEqual(await store.schedules.getSchedule(a.id), a, 'webhook, paused and epoch ms read back');
      assert.equal(await store.schedules.countSchedules(a.ownerId), 1);
      await store.schedules.setPaused(a.id, false, 300_000);
      await store.schedules.setPaused(b.id, false, 300_000);
      const sweepId = uid('sweep');
      assert.equal(await store.schedules.claimRun(run(a.id, 300_000, sweepId), 300_000, 600_000), true);
      // Only a run already recorded for that time is passed over; a taken sweep id fails the claim
      // as a whole, so the time does not move on and the next try claims it.
      await assert.rejects(store.schedules.claimRun(run(b.id, 300_000, sweepId), 300_000, 600_000));
      assert.equal((await store.schedules.getSchedule(b.id))?.nextRunMs, 300_000);
      assert.deepEqual(await store.schedules.listRuns(b.id, 10), []);
      assert.equal(await store.schedules.claimRun(run(b.id, 300_000, uid('sweep')), 300_000, 600_000), true);
      assert.equal((await (await openAnother()).schedules.getSchedule(b.id))?.nextRunMs, 600_000);
    });

    it('sweeps: a failing insert leaves neither the sweep nor any of its jobs', async () => {
      const taken = makeJob();
      await store.insertJob(taken);
      const id = uid('sweep');
      const fresh = makeJob({ sweepId: id });
      const sweep: SweepRecord = {
        id,
        ownerId: 'owner-1',
        url: 'https://example.com/',
        regions: ['NA'],
        triesPerRegion: 2,
        timeoutSec: 10,
        deviceType: 'desktop',
        createdAt: nanoIso(Date.now()),
        reportToken: 'tok',
        jobs: [
          { jobId: fresh.id, region: 'NA', tryIndex: 0 },
          { jobId: taken.id, region: 'NA', tryIndex: 1 },
        ],
      };
      // The second job's id exists already: the whole sweep is refused.
      await assert.rejects(insertSweep(store, sweep, [fresh, { ...taken, sweepId: id }]));
      assert.equal(await store.getSweep(id), null);
      assert.equal(await store.getJob(fresh.id), null);
      assert.equal((await store.getJob(taken.id))?.sweepId, null, 'the existing job is untouched');
    });

    it('migrations are idempotent: a second open of the same data works and sees it', async () => {
      const job = makeJob();
      await store.insertJob(job);
      const second = await openAnother();
      assert.deepEqual(await second.getJob(job.id), job);
      const third = await openAnother();
      assert.equal((await third.getJob(job.id))?.id, job.id);
    });

    it('completeJob and failJob announce job_terminal with their commit, once, only when they change the job', {
      timeout: 10_000,
    }, async () => {
      const events = await EventCollector.on(store);
      const done = makeJob();
      const failed = makeJob();
      await Promise.all([store.insertJob(done), store.insertJob(failed)]);
      const at = nanoIso(Date.now());
      // One turn: on PostgreSQL the completion and the failure share one statement and its NOTIFY.
      const [stored, refused] = await Promise.all([
        store.completeJob(done.id, makeResult('dev-1', 0), at),
        store.failJob(failed.id, 'timeout', 'too slow', at),
      ]);
      assert.equal(stored, 'stored');
      assert.equal(refused, true);
      await events.waitFor(isJob(done.id));
      await events.waitFor(isJob(failed.id));
      // Lost races announce nothing: a later marker arrives after anything these would have sent.
      assert.equal(await store.completeJob(done.id, makeResult('dev-2', 0), at), 'duplicate');
      assert.equal(await store.failJob(failed.id, 'timeout', 'again', at), false);
      const marker = uid('job');
      await store.publish({ type: 'job_pending', jobId: marker });
      await events.waitFor(isJob(marker));
      const terminal = (id: string) => events.seen.filter((e) => e.type === 'job_terminal' && e.jobId === id);
      assert.equal(terminal(done.id).length, 1, 'the completion announced once');
      assert.equal(terminal(failed.id).length, 1, 'the failure announced once');
      await events.unsubscribe();
    });

    it('a claim announces job_claimed with its commit; a claim that lost its race announces nothing', {
      timeout: 10_000,
    }, async () => {
      const events = await EventCollector.on(store);
      const job = makeJob();
      await store.insertJob(job);
      const [first, second] = await Promise.all([
        store.claimJob(job.id, 'dev-1', 1, LONG_LEASE),
        store.claimJob(job.id, 'dev-2', 1, LONG_LEASE),
      ]);
      assert.deepEqual([first, second].sort(), [false, true], 'one claim wins');
      await events.waitFor((e) => e.type === 'job_claimed' && e.jobId === job.id);
      const marker = uid('job');
      await store.publish({ type: 'job_pending', jobId: marker });
      await events.waitFor(isJob(marker));
      assert.equal(events.seen.filter((e) => e.type === 'job_claimed' && e.jobId === job.id).length, 1);
      await events.unsubscribe();
    });

    it('an unclaimed insert announces job_pending with its commit; a claimed one does not', {
      timeout: 10_000,
    }, async () => {
      const events = await EventCollector.on(store);
      const open = makeJob();
      const placed = makeJob({ status: 'running', attempt: 1, deviceId: 'dev-1' });
      await Promise.all([store.insertJob(open), store.insertJob(placed, LONG_LEASE)]);
      assert.deepEqual(await events.waitFor(isJob(open.id)), { type: 'job_pending', jobId: open.id });
      const marker = uid('job');
      await store.publish({ type: 'job_terminal', jobId: marker });
      await events.waitFor(isJob(marker));
      assert.equal(events.seen.some(isJob(placed.id)), false, 'a job stored claimed is nobody else’s');
      await events.unsubscribe();
    });

    it('publish reaches this store’s own subscribers; unsubscribe stops delivery', {
      timeout: 10_000,
    }, async () => {
      const a = await EventCollector.on(store);
      const b = await EventCollector.on(store);
      const jobId = uid('job');
      await store.publish({ type: 'job_pending', jobId });
      assert.deepEqual(await a.waitFor(isJob(jobId)), { type: 'job_pending', jobId });
      await b.waitFor(isJob(jobId));

      await a.unsubscribe();
      const later = uid('job');
      await store.publish({ type: 'job_terminal', jobId: later });
      await b.waitFor(isJob(later));
      assert.equal(a.seen.some(isJob(later)), false, 'no delivery after unsubscribe');

      const sessionId = uid('session');
      await store.publish({ type: 'session_ended', sessionId });
      assert.deepEqual(await b.waitFor((e) => e.type === 'session_ended' && e.sessionId === sessionId), {
        type: 'session_ended',
        sessionId,
      });
      await b.unsubscribe();
    });

    it('close is safe twice', async () => {
      const s = await backend.open();
      await s.close();
      await s.close();
    });
  });
}

contractSuite(
  'sqlite',
  async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'crawl-store-'));
    const file = path.join(dir, 'crawl.db');
    return {
      open: () => openStore(`sqlite:${file}`),
      cleanup: () => rm(dir, { recursive: true, force: true }),
    };
  },
  false,
);

const pgSkip = await postgresSkip();

contractSuite(
  'postgres',
  async () => {
    const db = await freshPostgresUrl();
    return { open: () => openStore(db.url), cleanup: () => db.drop() };
  },
  pgSkip,
);

describe('PostgresStore: several coordinators on one database', { skip: pgSkip }, () => {
  let db: Awaited<ReturnType<typeof freshPostgresUrl>>;
  let a: Store;
  let b: Store;
  const extra: Store[] = [];
  let adminClient: pg.Client;

  before(async () => {
    db = await freshPostgresUrl();
    [a, b] = await Promise.all([openStore(db.url), openStore(db.url)]);
    adminClient = new pg.Client({ connectionString: db.url });
    await adminClient.connect();
  });
  after(async () => {
    await adminClient?.end();
    for (const s of [a, b, ...extra]) await s?.close();
    await db?.drop();
  });

  it('two stores racing in batches for the same 200 jobs claim each once and complete each once', async () => {
    // Each store claims 25 jobs per event-loop turn (multi-row statements, several claims per
    // commit), from opposite ends of the list: their batches meet and race for the same rows.
    const claimInTurns = async (s: Store, device: string, batch: JobRecord[], order: number[]) => {
      const out = new Map<number, Promise<boolean>>();
      for (let k = 0; k < order.length; k += 25) {
        for (const i of order.slice(k, k + 25)) {
          const id = batch[i]?.id ?? '';
          out.set(i, s.claimJob(id, device, 1, { coordinatorId: device, untilMs: LONG_LEASE.untilMs }));
        }
        await new Promise((r) => setImmediate(r));
      }
      return Promise.all(order.map((i) => out.get(i) ?? false));
    };
    const raceOnce = async () => {
      const batch = Array.from({ length: 200 }, () => makeJob());
      await Promise.all(batch.map((j) => a.insertJob(j)));
      const forward = batch.map((_, i) => i);
      const [wonA, backB] = await Promise.all([
        claimInTurns(a, 'dev-a', batch, forward),
        claimInTurns(b, 'dev-b', batch, [...forward].reverse()),
      ]);
      const wonB = [...backB].reverse();
      const stored = await a.getJobs(batch.map((j) => j.id));
      const byId = new Map(stored.map((j) => [j.id, j]));
      batch.forEach((j, i) => {
        assert.notEqual(wonA[i], wonB[i], `job ${i} claimed exactly once`);
        assert.equal(
          byId.get(j.id)?.deviceId,
          wonA[i] ? 'dev-a' : 'dev-b',
          'the winner’s device is recorded',
        );
        assert.equal(byId.get(j.id)?.status, 'running');
      });
      return { jobs: batch, real: wonA.includes(true) && wonB.includes(true) };
    };
    // Both sides got some: the race was real, not one store finishing before the other began. On a
    // loaded machine one pool can finish first; every round still proves exactly-once claims.
    let round = await raceOnce();
    for (let i = 0; i < 4 && !round.real; i++) round = await raceOnce();
    assert.ok(round.real, 'in five rounds, both stores won some claims');
    const stats = (a as PostgresStore).writes.stats;
    assert.ok(
      stats.writes >= 2 * stats.batches,
      `writes share commits (${stats.writes} in ${stats.batches})`,
    );
    const { jobs } = round;

    const results = await Promise.all(
      jobs.flatMap((j) => [
        a.completeJob(j.id, makeResult('dev-a', 1), nanoIso(1)),
        b.completeJob(j.id, makeResult('dev-b', 1), nanoIso(2)),
      ]),
    );
    for (let i = 0; i < jobs.length; i++) {
      assert.deepEqual(
        [results[2 * i], results[2 * i + 1]].sort(),
        ['duplicate', 'stored'],
        `job ${i} stored once`,
      );
    }
  });

  it('lease sweeps and session expiry running at once hand each row to one coordinator', async () => {
    const jobs = Array.from({ length: 50 }, () => makeJob());
    await Promise.all(jobs.map((j) => a.insertJob(j)));
    await Promise.all(jobs.map((j) => a.claimJob(j.id, 'dev-x', 1, { coordinatorId: 'dead', untilMs: 10 })));
    const [backA, backB] = await Promise.all([
      a.requeueExpiredLeases(100, 1),
      b.requeueExpiredLeases(100, 1),
    ]);
    const ids = [...backA, ...backB].map((j) => j.id).sort();
    assert.deepEqual(ids, jobs.map((j) => j.id).sort(), 'every expired job comes back exactly once');

    const sessions = Array.from({ length: 50 }, () => makeSession({ expiresAtMs: 10 }));
    await Promise.all(sessions.map((s) => a.insertSession(s)));
    const [expA, expB] = await Promise.all([a.expireSessions(100), b.expireSessions(100)]);
    assert.deepEqual([...expA, ...expB].sort(), sessions.map((s) => s.id).sort());

    const pins = Array.from({ length: 50 }, () => makeSession());
    await Promise.all(pins.map((s) => a.insertSession(s)));
    const answers = await Promise.all(
      pins.map((s) => Promise.all([a.pinSessionDevice(s.id, 'dev-a'), b.pinSessionDevice(s.id, 'dev-b')])),
    );
    for (const [fromA, fromB] of answers) assert.equal(fromA, fromB, 'both coordinators see the same pin');
  });

  it('an event published by one coordinator wakes the other (and itself)', { timeout: 10_000 }, async () => {
    const onA = await EventCollector.on(a);
    const onB = await EventCollector.on(b);
    const jobId = uid('job');
    await a.publish({ type: 'job_pending', jobId });
    assert.deepEqual(await onB.waitFor(isJob(jobId)), { type: 'job_pending', jobId });
    await onA.waitFor(isJob(jobId));
    await onA.unsubscribe();
    await onB.unsubscribe();
  });

  /** The LISTEN connections open on the test database. */
  const listening = async () =>
    (
      await adminClient.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'crawl-coordinator-listen'",
      )
    ).rows;
  /**
   * Publishes a fresh job event from `from` until `to` hears it (a LISTEN that just came back may
   * miss the first ones), and returns its job id.
   */
  const publishUntilHeard = async (from: Store, to: EventCollector): Promise<string> => {
    const jobId = uid('job');
    const arrived = to.waitFor(isJob(jobId));
    let done = false;
    void arrived.then(() => {
      done = true;
    });
    while (!done) {
      await from.publish({ type: 'job_terminal', jobId });
      await Promise.race([arrived, new Promise((r) => setTimeout(r, 50))]);
    }
    return jobId;
  };

  it('the LISTEN connection comes back after the server drops it', { timeout: 15_000 }, async () => {
    const events = await EventCollector.on(b);
    const rows = await listening();
    assert.equal(rows.length, 1);
    await adminClient.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    // Events sent while it is down are lost by design; the subscriber is told so once it is back.
    await events.waitFor((e) => e.type === 'resync');
    await publishUntilHeard(a, events);
    await events.unsubscribe();
  });

  it('subscribers of one coordinator share one LISTEN connection', { timeout: 15_000 }, async () => {
    const first = await EventCollector.on(b);
    const second = await EventCollector.on(b);
    const rows = await listening();
    assert.equal(rows.length, 1, 'two subscribers, one connection');
    await adminClient.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await Promise.all([first, second].map((c) => c.waitFor((e) => e.type === 'resync')));
    await first.unsubscribe();
    const jobId = await publishUntilHeard(a, second);
    assert.equal(first.seen.filter(isJob(jobId)).length, 0, 'an unsubscribed listener hears nothing');
    assert.equal((await listening()).length, 1);
    await second.unsubscribe();
    // The server drops a backend's row when the process exits, just after the client's goodbye.
    const until = Date.now() + 5_000;
    while ((await listening()).length > 0) {
      assert.ok(Date.now() < until, 'the last one out closes the connection');
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('migrations run once when coordinators start together', async () => {
    const url = `${db.url}?schema=together`;
    extra.push(...(await Promise.all([openStore(url), openStore(url), openStore(url)])));
    const { rows } = await adminClient.query<{ version: number }>(
      'SELECT version FROM together.schema_migrations ORDER BY version',
    );
    assert.deepEqual(
      rows.map((r) => r.version),
      migrationsFor('postgres').map((m) => m.version),
    );
  });

  it('?schema= keeps data and events apart', { timeout: 10_000 }, async () => {
    const [inA, inB] = await Promise.all([
      openStore(`${db.url}?schema=iso_a`),
      openStore(`${db.url}?schema=iso_b`),
    ]);
    extra.push(inA, inB);
    const job = makeJob();
    await inA.insertJob(job);
    assert.deepEqual(await inA.getJob(job.id), job);
    assert.equal(await inB.getJob(job.id), null);
    assert.equal(await a.getJob(job.id), null, 'the default schema is separate too');
    const { rows } = await adminClient.query(
      "SELECT 1 FROM information_schema.tables WHERE table_schema = 'iso_a' AND table_name = 'jobs'",
    );
    assert.equal(rows.length, 1);

    const onB = await EventCollector.on(inB);
    const x = uid('job');
    const y = uid('job');
    await inA.publish({ type: 'job_pending', jobId: x });
    await inB.publish({ type: 'job_pending', jobId: y });
    await onB.waitFor(isJob(y));
    // Notifications arrive in commit order: had x crossed over, it would have come before y.
    assert.equal(onB.seen.some(isJob(x)), false);
    await onB.unsubscribe();
  });

  it('subscribe after close is refused', async () => {
    const s = await openStore(db.url);
    await s.close();
    await assert.rejects(
      s.subscribe(() => {}),
      /closed/,
    );
  });
});

describe('postgres store spec', () => {
  it('strips schema, pool_size and commit_gather_ms, keeps the rest as written', () => {
    assert.deepEqual(
      parsePostgresSpec(
        'postgres://u:p%40ss@127.0.0.1:5432/db?sslmode=disable&schema=crawl&pool_size=20&commit_gather_ms=2',
      ),
      {
        connectionString: 'postgres://u:p%40ss@127.0.0.1:5432/db?sslmode=disable',
        schema: 'crawl',
        poolSize: 20,
        commitGatherMs: 2,
      },
    );
    assert.deepEqual(parsePostgresSpec('postgresql://127.0.0.1/db'), {
      connectionString: 'postgresql://127.0.0.1/db',
      schema: null,
      poolSize: null,
      commitGatherMs: null,
    });
  });

  it('refuses a bad schema, a bad pool size, and schema with options', () => {
    assert.throws(() => parsePostgresSpec('postgres://h/db?schema=Bad-Name'), /schema/);
    assert.throws(() => parsePostgresSpec('postgres://h/db?pool_size=0'), /pool_size/);
    assert.throws(() => parsePostgresSpec('postgres://h/db?schema=a&options=-c%20x%3Dy'), /options/);
  });

  it('openStore refuses an unknown scheme', async () => {
    await assert.rejects(openStore('mysql://h/db'), /unsupported store/);
  });
});
