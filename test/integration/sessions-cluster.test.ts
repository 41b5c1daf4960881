// Sessions on two coordinators sharing one PostgreSQL database: a session closed or expired on
// one of them ends its waiting jobs on both, and the device holding the session, linked to the
// other coordinator, is told to let it go (its SessionEnd frame).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CoordinatorFrame } from '../../proto/index.js';
import { ApiClient } from '../helpers/client.js';
import { startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { type FreshPostgres, freshPostgresUrl, postgresAvailable } from '../helpers/postgres.js';
import { RawAgent } from '../helpers/raw-agent.js';

const skip = (await postgresAvailable()) ? false : 'PostgreSQL is not reachable on 127.0.0.1:5432';

type Obj = Record<string, unknown>;

describe('sessions across a cluster', { skip }, () => {
  let db: FreshPostgres;
  /** Holds the session's device. Its session clock never ticks in these tests. */
  let c1: TestCoordinator;
  /** Where the session is closed, or where it expires. */
  let c2: TestCoordinator;
  const agents: RawAgent[] = [];

  before(async () => {
    db = await freshPostgresUrl();
    c1 = await startTestCoordinator({
      flags: ['--store', db.url],
      overrides: { sessionExpiryIntervalMs: 3_600_000 },
    });
    c2 = await startTestCoordinator({ flags: ['--store', db.url], apiKey: c1.apiKey });
  });
  after(async () => {
    for (const a of agents) a.close();
    await c2?.stop();
    await c1?.stop();
    await db?.drop();
  });

  /**
   * A session pinned to a device on coordinator 1, which runs the session's first job and never
   * answers it; a second job of the session waits for that device, on both coordinators.
   */
  async function pinnedSession(deviceId: string, durationSeconds: number) {
    const agent = await RawAgent.connect(c1.url, deviceId, await c1.newDevice(deviceId), {
      country: 'NZ',
      maxConcurrent: 1,
    });
    agents.push(agent);
    const api1 = new ApiClient(c1.url, c1.apiKey);
    const created = await api1.request('POST', '/crawl/v1/session/new', {
      duration_seconds: durationSeconds,
      placement: { country: 'NZ' },
    });
    assert.equal(created.status, 201, created.text);
    const sessionId = (created.body as Obj).id as string;
    const first = await api1.submit({
      url: 'http://127.0.0.1:9/first',
      session_id: sessionId,
      timeout_sec: 60,
    });
    assert.equal(first.status, 201, first.text);
    await agent.next('assign');
    const waiting = await api1.submit({ url: 'http://127.0.0.1:9/second', session_id: sessionId });
    assert.equal(waiting.status, 201, waiting.text);
    const waitingId = (waiting.body as Obj).job_id as string;
    // Coordinator 2 learns of the waiting job from the store's notification.
    for (let i = 0; !c2.coordinator.jobs.has(waitingId); i++) {
      assert.ok(i < 500, 'coordinator 2 queued the waiting job');
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.ok(c1.coordinator.jobs.has(waitingId), 'coordinator 1 queued it too');
    return { agent, sessionId, waitingId };
  }

  async function sessionEnd(agent: RawAgent): Promise<CoordinatorFrame> {
    const frame = await Promise.race([
      agent.next('sessionEnd'),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no SessionEnd reached the device')), 10_000).unref(),
      ),
    ]);
    return frame;
  }

  test('closed on coordinator 2: the waiting job fails on both, the device on coordinator 1 lets go', async () => {
    const { agent, sessionId, waitingId } = await pinnedSession('sess-close', 600);
    const api2 = new ApiClient(c2.url, c2.apiKey);
    const closed = await api2.request('POST', `/crawl/v1/session/${sessionId}/close`);
    assert.equal(closed.status, 204, closed.text);
    const job = await api2.waitTerminal(waitingId, 10_000);
    assert.equal(job.status, 'failed');
    assert.equal(job.error_type, 'session_closed');
    assert.equal(job.error_message, 'the session was closed');
    const end = await sessionEnd(agent);
    assert.equal(end.sessionEnd?.sessionId, sessionId);
    assert.equal(c1.coordinator.jobs.has(waitingId), false, 'coordinator 1 holds it no more');
    assert.equal(c2.coordinator.jobs.has(waitingId), false, 'coordinator 2 holds it no more');
  });

  test('expired on coordinator 2: the waiting job fails on both, the device on coordinator 1 lets go', async () => {
    const { agent, sessionId, waitingId } = await pinnedSession('sess-expire', 1);
    const api1 = new ApiClient(c1.url, c1.apiKey);
    const job = await api1.waitTerminal(waitingId, 10_000);
    assert.equal(job.status, 'failed');
    assert.equal(job.error_type, 'session_closed');
    assert.equal(job.error_message, 'the session has expired');
    const end = await sessionEnd(agent);
    assert.equal(end.sessionEnd?.sessionId, sessionId);
    const s = (await api1.request('GET', `/crawl/v1/session/${sessionId}`)).body as Obj;
    assert.equal(s.status, 'expired');
    assert.equal(c1.coordinator.jobs.has(waitingId), false, 'coordinator 1 holds it no more');
    assert.equal(c2.coordinator.jobs.has(waitingId), false, 'coordinator 2 holds it no more');
  });
});
