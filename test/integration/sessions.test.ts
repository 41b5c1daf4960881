// Sessions with two real agents: pinning, shared cookies, close, expiry, an offline pinned device.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

describe('sessions', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let target: TargetServer;
  const stops: Array<() => Promise<void>> = [];
  before(async () => {
    target = await startTargetServer();
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    for (const id of ['sess-a', 'sess-b']) {
      const token = await c.newDevice(id);
      stops.push(
        (await startTestAgent({ deviceId: id, token, coordinators: [c.url], maxConcurrent: 2 })).stop,
      );
    }
  });
  after(async () => {
    for (const s of stops) await s();
    await c.stop();
    await target.close();
  });

  async function newSession(body: Obj = { duration_seconds: 120 }): Promise<Obj> {
    const res = await api.request('POST', '/crawl/v1/session/new', body);
    assert.equal(res.status, 201);
    return res.body as Obj;
  }

  test('a new session has the contract shape', async () => {
    const before = Date.now();
    const s = await newSession({ duration_seconds: 600 });
    assert.equal(s.status, 'active');
    assert.equal(s.session_id, s.id);
    assert.equal(s.closed_at, null);
    assert.equal(s.device_id, null);
    assert.equal(s.placement, null);
    assert.deepEqual(s.job_ids, []);
    const span = Date.parse(s.expires_at) - Date.parse(s.created_at);
    assert.equal(span, 600_000);
    assert.ok(Date.parse(s.created_at) >= before - 1000);
    const dflt = await newSession({});
    assert.equal(Date.parse(dflt.expires_at) - Date.parse(dflt.created_at), 60_000);
  });

  test('every job of a session runs on the device its first job picked, sharing cookies', async () => {
    const s = await newSession();
    const first = await api.run({ url: `${target.httpsUrl}/cookies`, session_id: s.id });
    assert.equal(first.job.session_id, s.id);
    const pinned = ((await api.request('GET', `/crawl/v1/session/${s.id}`)).body as Obj).device_id;
    assert.ok(pinned === 'sess-a' || pinned === 'sess-b');
    const ids = [first.id];
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => api.run({ url: `${target.httpsUrl}/echo`, session_id: s.id })),
    );
    for (const r of runs) {
      ids.push(r.id);
      const dl = (await api.download(r.id)) as Obj;
      assert.equal(dl.metadata.device_id, pinned);
      const echo = JSON.parse(dl.mainResult.body);
      assert.match(echo.headers.cookie ?? '', /sid=abc123/, 'the session cookie jar carried the cookie');
    }
    const got = (await api.request('GET', `/crawl/v1/session/${s.id}`)).body as Obj;
    assert.deepEqual(new Set(got.job_ids), new Set(ids));
    const listing = (await api.request('GET', `/crawl/v1/session/${s.id}/jobs`)).body as Obj;
    assert.equal(listing.session_id, s.id);
    assert.equal(listing.total_jobs, 9);
    assert.equal(listing.completed_count, 9);
    assert.equal(listing.failed_count, 0);
    assert.equal(listing.pending_count, 0);
    assert.equal(listing.jobs[0].job_id, first.id, 'oldest first');
    const times = listing.jobs.map((j: Obj) => j.submitted_at);
    assert.deepEqual([...times].sort(), times);
    for (const j of listing.jobs) {
      assert.deepEqual(Object.keys(j).sort(), [
        'completed_at',
        'download_url',
        'error_message',
        'job_id',
        'method',
        'status',
        'submitted_at',
        'url',
      ]);
      assert.equal(j.download_url, `${c.url}/crawl/v1/jobs/${j.job_id}/download`);
    }
    // A job outside the session does not see the session's cookies.
    const outside = await api.run({ url: `${target.httpsUrl}/echo` });
    const echo = JSON.parse(((await api.download(outside.id)) as Obj).mainResult.body);
    assert.equal(echo.headers.cookie, undefined);
  });

  test('session placement applies to the pick', async () => {
    const s = await newSession({ duration_seconds: 60, placement: { device_id: 'sess-b' } });
    assert.deepEqual(s.placement, { device_id: 'sess-b' });
    const r = await api.run({ url: `${target.httpUrl}/echo`, session_id: s.id });
    assert.equal(((await api.download(r.id)) as Obj).metadata.device_id, 'sess-b');
    assert.equal(((await api.request('GET', `/crawl/v1/session/${s.id}`)).body as Obj).device_id, 'sess-b');
  });

  test('closing: 204 (twice), status closed, and new jobs are refused', async () => {
    const s = await newSession();
    const res = await api.request('POST', `/crawl/v1/session/${s.id}/close`);
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    const again = await api.request('POST', `/crawl/v1/session/${s.id}/close`, '', {
      'content-type': 'application/json',
    });
    assert.equal(again.status, 204);
    const got = (await api.request('GET', `/crawl/v1/session/${s.id}`)).body as Obj;
    assert.equal(got.status, 'closed');
    assert.ok(got.closed_at);
    const job = await api.submit({ url: `${target.httpUrl}/echo`, session_id: s.id });
    assert.equal(job.status, 400);
    assert.equal(job.body, 'invalid request: session is closed');
  });

  test('a session expires on time and then refuses jobs', async () => {
    const s = await newSession({ duration_seconds: 1 });
    const until = Date.now() + 10_000;
    let status = 'active';
    while (status === 'active' && Date.now() < until) {
      status = ((await api.request('GET', `/crawl/v1/session/${s.id}`)).body as Obj).status;
      if (status === 'active') await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(status, 'expired');
    const job = await api.submit({ url: `${target.httpUrl}/echo`, session_id: s.id });
    assert.equal(job.body, 'invalid request: session has expired');
  });

  test('a job whose session device is offline waits, then fails session_device_unavailable', async () => {
    const token = await c.newDevice('sess-c');
    const agent = await startTestAgent({ deviceId: 'sess-c', token, coordinators: [c.url] });
    const s = await newSession({ duration_seconds: 60, placement: { device_id: 'sess-c' } });
    await api.run({ url: `${target.httpUrl}/echo`, session_id: s.id });
    await agent.stop();
    const { job } = await api.run({ url: `${target.httpUrl}/echo`, session_id: s.id, timeout_sec: 1 });
    assert.equal(job.status, 'failed');
    assert.equal(job.error_type, 'session_device_unavailable');
    const listing = (await api.request('GET', `/crawl/v1/session/${s.id}/jobs`)).body as Obj;
    assert.equal(listing.failed_count, 1);
    assert.match(listing.jobs[1].error_message, /sess-c/);
  });
});
