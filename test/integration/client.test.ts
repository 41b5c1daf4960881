// The typed client against a real coordinator and a real agent reaching a local target: every
// endpoint, the typed errors with the contract's messages, waits with backoff, abort and deadline.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import {
  CrawlApiError,
  CrawlClient,
  CrawlConflictError,
  CrawlForbiddenError,
  CrawlGoneError,
  CrawlInvalidRequestError,
  CrawlNotFoundError,
  CrawlTransportError,
  CrawlUnauthorizedError,
  CrawlWaitTimeoutError,
} from '../../client/index.js';
import * as C from '../../contract/index.js';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { ARTICLE_HTML, startTargetServer, type TargetServer } from '../helpers/target-server.js';

const JOB_NOT_FOUND = 'not found: job does not exist or you are not authorized to view it';

/** Asserts that a real answer matches the contract schema its client type is taken from. */
function conforms(schema: TSchema, value: unknown, what: string): void {
  const errors = [...Value.Errors(schema, value)].map((e) => `${e.instancePath} ${e.message}`);
  assert.deepEqual(errors, [], `${what} does not match its schema`);
}

/** Asserts that `promise` rejects with `Cls`, the status and the exact contract message. */
async function rejectsWith(
  promise: Promise<unknown>,
  Cls: typeof CrawlApiError,
  status: number,
  message: string | RegExp,
): Promise<CrawlApiError> {
  const err = await promise.then(
    () => assert.fail('expected an error'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof Cls, `expected ${Cls.name}, got ${String(err)}`);
  assert.ok(err instanceof CrawlApiError);
  assert.equal(err.status, status);
  if (typeof message === 'string') assert.equal(err.apiMessage, message);
  else assert.match(err.apiMessage, message);
  return err;
}

describe('typed client', () => {
  let c: TestCoordinator;
  let client: CrawlClient;
  let target: TargetServer;
  let stopAgent: () => Promise<void>;
  before(async () => {
    target = await startTargetServer();
    c = await startTestCoordinator();
    client = new CrawlClient({ baseUrl: `${c.url}/`, apiKey: c.apiKey });
    const token = await c.newDevice('client-agent');
    stopAgent = (await startTestAgent({ deviceId: 'client-agent', token, coordinators: [c.url] })).stop;
  });
  after(async () => {
    await stopAgent?.();
    await c?.stop();
    await target?.close();
  });

  test('submit, wait, status, detail and download of a GET', async () => {
    const updates: string[] = [];
    const job = await client.runJob(
      { url: `${target.httpsUrl}/article`, headers: { 'X-Trace': ['a', 'b'] }, timeout_sec: 20 },
      { minIntervalMs: 20, onUpdate: (j) => updates.push(j.status) },
    );
    assert.equal(job.status, 'completed');
    assert.equal(job.method, 'GET');
    assert.equal(job.timeout_sec, 20);
    assert.equal(job.device_id, 'client-agent');
    assert.equal(updates.at(-1), 'completed');
    conforms(C.Job, job, 'Job');
    assert.deepEqual(await client.getJob(job.job_id), job);
    const detail = await client.getJobDetail(job.job_id, { parseCookies: true });
    assert.equal(detail.job.job_id, job.job_id);
    assert.equal(detail.download_url, `${c.url}/crawl/v1/jobs/${job.job_id}/download`);
    assert.equal(detail.result?.success, true);
    assert.equal(detail.result?.status_code, 200);
    assert.equal(detail.result?.tls_version, 'TLSv1.3');
    conforms(C.Detail, detail, 'detail');
    const dl = await client.download(job.job_id);
    assert.equal(dl.mainResult.body, ARTICLE_HTML);
    assert.equal(dl.mainResult.bodyEncoding, 'text');
    assert.equal(dl.hasReader, true);
    assert.equal(dl.metadata.device_id, 'client-agent');
    assert.equal(dl.metadata.attempt, 1);
    conforms(C.Download, dl, 'download');
    conforms(C.DownloadMetadata, dl.metadata, 'download metadata');
    conforms(C.NoPerformanceMetrics, dl.performanceMetrics, 'performanceMetrics of a GET');
    assert.deepEqual(
      dl.mainRequest.headers.filter((h) => h.name === 'X-Trace').map((h) => h.value),
      ['a', 'b'],
    );
  });

  test('a POST body goes out base64, byte for byte', async () => {
    const body = Buffer.from('{"hello":"world"}').toString('base64');
    const job = await client.runJob(
      { url: `${target.httpUrl}/echo`, method: 'POST', body },
      { minIntervalMs: 20 },
    );
    const echo = JSON.parse((await client.download(job.job_id)).mainResult.body) as { bodyBase64: string };
    assert.equal(echo.bodyBase64, body);
  });

  test('batch status keys results by id: found, not_found and invalid_uuid', async () => {
    const job = await client.submitJob({ url: `${target.httpUrl}/echo` });
    const missing = '00000000-0000-4000-8000-000000000000';
    const batch = await client.batchStatus([job.job_id, missing, 'nope']);
    assert.equal(batch.requested_count, 3);
    assert.equal(batch.found_count, 1);
    conforms(C.BatchResponse, batch, 'batch status');
    const found = batch.results[job.job_id];
    assert.ok(found && 'job' in found && found.job.job_id === job.job_id);
    const nf = batch.results[missing];
    assert.ok(nf && 'error' in nf && nf.error.code === 'not_found');
    const bad = batch.results.nope;
    assert.ok(bad && 'error' in bad && bad.error.code === 'invalid_uuid');
    await client.waitForJob(job.job_id, { minIntervalMs: 20 });
  });

  test('submitMany answers each job on its own; getBatch pages the ids; a key replays the batch', async () => {
    const jobs = [
      { url: `${target.httpUrl}/echo?many=1` },
      { url: 'ftp://x/' },
      { url: `${target.httpUrl}/echo?many=2` },
    ];
    const created = await client.submitMany(jobs, {
      defaults: { timeout_sec: 15 },
      idempotencyKey: 'client-many',
    });
    conforms(C.BatchCreated, created, 'batch created');
    assert.equal(created.accepted_count, 2);
    const [first, bad] = created.results;
    assert.ok(first && 'job' in first && first.job.timeout_sec === 15);
    assert.deepEqual(bad, {
      error: {
        code: 'invalid_request',
        message: 'invalid request: url must be an absolute http or https URL',
      },
    });
    assert.deepEqual(
      await client.submitMany(jobs, { defaults: { timeout_sec: 15 }, idempotencyKey: 'client-many' }),
      created,
    );
    const page = await client.getBatch(created.batch_id, { limit: 1 });
    conforms(C.BatchStatus, page, 'batch status');
    assert.equal(page.job_ids.length, 1);
    const rest = await client.getBatch(created.batch_id, { cursor: page.next_cursor });
    assert.equal(rest.next_cursor, null);
    assert.deepEqual(
      [...page.job_ids, ...rest.job_ids],
      created.results.flatMap((r) => ('job' in r ? [r.job.job_id] : [])),
    );
    await rejectsWith(
      client.submitMany([]),
      CrawlInvalidRequestError,
      400,
      'invalid request: jobs must have at least 1 entry',
    );
    await rejectsWith(
      client.getBatch('00000000-0000-4000-8000-000000000000'),
      CrawlNotFoundError,
      404,
      JOB_NOT_FOUND,
    );
  });

  test('errors are typed classes with the HTTP status and the exact contract message', async () => {
    const anon = new CrawlClient({ baseUrl: c.url, apiKey: 'ck_wrong' });
    const e401 = await rejectsWith(
      anon.getJob('00000000-0000-4000-8000-000000000000'),
      CrawlUnauthorizedError,
      401,
      'unauthorized: invalid or missing API key',
    );
    assert.equal(e401.code, 'unauthorized');
    assert.equal(e401.retryable, false);
    await rejectsWith(
      anon.createSession(),
      CrawlUnauthorizedError,
      401,
      'unauthorized: invalid or missing API key',
    );
    await rejectsWith(client.getJob('not-a-uuid'), CrawlNotFoundError, 404, JOB_NOT_FOUND);
    await rejectsWith(client.getSweep(crypto.randomUUID()), CrawlNotFoundError, 404, JOB_NOT_FOUND);
    // Session endpoints answer {error}; the client reads the same message out of it.
    await rejectsWith(
      client.getSession(crypto.randomUUID()),
      CrawlNotFoundError,
      404,
      'not found: session does not exist',
    );
    await rejectsWith(
      client.submitJob({ url: 'ftp://x' }),
      CrawlInvalidRequestError,
      400,
      'invalid request: url must be an absolute http or https URL',
    );
    await rejectsWith(
      client.createSession({ duration_seconds: 0 }),
      CrawlInvalidRequestError,
      400,
      /^invalid request: duration_seconds/,
    );
    await rejectsWith(
      client.listDevices(),
      CrawlForbiddenError,
      403,
      'forbidden: this endpoint needs an admin API key',
    );
    // Another owner's job is not found, never forbidden.
    const other = new CrawlClient({ baseUrl: c.url, apiKey: await c.newKey() });
    const mine = await client.submitJob({ url: `${target.httpUrl}/echo` });
    await rejectsWith(other.getJobDetail(mine.job_id), CrawlNotFoundError, 404, JOB_NOT_FOUND);
    await client.waitForJob(mine.job_id, { minIntervalMs: 20 });
  });

  test('download: 409 before completion, 410 after archival', async () => {
    // Nobody serves Japan: the job stays pending until its 2 s timeout.
    const waiting = await client.submitJob({
      url: `${target.httpUrl}/echo`,
      placement: { country: 'JP' },
      timeout_sec: 2,
    });
    const e409 = await rejectsWith(
      client.download(waiting.job_id),
      CrawlConflictError,
      409,
      'conflict: job is not yet completed',
    );
    assert.equal(e409.code, 'conflict');
    await rejectsWith(
      client.screenshot(waiting.job_id),
      CrawlApiError,
      409,
      'conflict: job is not yet completed',
    );
    const failed = await client.waitForJob(waiting.job_id, { minIntervalMs: 50 });
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error_type, 'no_device');

    const done = await client.runJob({ url: `${target.httpUrl}/echo` }, { minIntervalMs: 20 });
    await c.coordinator.store.markArchived(done.job_id, new Date().toISOString());
    const e410 = await rejectsWith(
      client.download(done.job_id),
      CrawlGoneError,
      410,
      'gone: job has been archived and content is no longer available',
    );
    assert.equal(e410.code, 'gone');
  });

  test('waitForJob stops on its AbortSignal and on its deadline; the job keeps running', async () => {
    const job = await client.submitJob({ url: `${target.httpUrl}/slow?ms=-1`, timeout_sec: 30 });
    const ac = new AbortController();
    const reason = new Error('stop waiting');
    const waiting = client.waitForJob(job.job_id, {
      signal: ac.signal,
      minIntervalMs: 20,
      onUpdate: (j) => {
        if (j.status === 'running') ac.abort(reason);
      },
    });
    await assert.rejects(waiting, (err) => err === reason);
    const timedOut = await client
      .waitForJob(job.job_id, { timeoutMs: 150, minIntervalMs: 20 })
      .catch((e) => e);
    assert.ok(timedOut instanceof CrawlWaitTimeoutError);
    assert.equal(timedOut.id, job.job_id);
    assert.equal(timedOut.lastStatus, 'running');
    assert.equal(
      (await client.getJob(job.job_id)).status,
      'running',
      'stopping a wait never cancels the job',
    );
  });

  test('sessions: create, jobs pinned to the device, listing, close twice', async () => {
    const s = await client.createSession({ duration_seconds: 120 });
    assert.equal(s.status, 'active');
    assert.equal(s.session_id, s.id);
    assert.equal(s.device_id, null);
    const job = await client.runJob(
      { url: `${target.httpsUrl}/cookies`, session_id: s.id },
      { minIntervalMs: 20 },
    );
    assert.equal(job.session_id, s.id);
    const got = await client.getSession(s.id);
    assert.equal(got.device_id, 'client-agent');
    assert.deepEqual(got.job_ids, [job.job_id]);
    conforms(C.Session, got, 'session');
    const listing = await client.getSessionJobs(s.id);
    assert.equal(listing.total_jobs, 1);
    assert.equal(listing.completed_count, 1);
    assert.equal(listing.jobs[0]?.job_id, job.job_id);
    assert.equal(listing.jobs[0]?.status, 'completed');
    conforms(C.SessionJobs, listing, 'session jobs');
    for (const entry of listing.jobs) conforms(C.SessionJob, entry, 'session job');
    await client.closeSession(s.id);
    await client.closeSession(s.id);
    assert.equal((await client.getSession(s.id)).status, 'closed');
    await rejectsWith(
      client.submitJob({ url: `${target.httpUrl}/echo`, session_id: s.id }),
      CrawlInvalidRequestError,
      400,
      'invalid request: session is closed',
    );
  });

  test('sweeps: create and wait; a region nobody serves ends failed', async () => {
    const created = await client.createSweep({
      url: `${target.httpUrl}/article`,
      regions: ['MEA'],
      tries_per_region: 1,
      timeout_sec: 1,
    });
    assert.equal(created.total_jobs, 1);
    assert.match(created.report_url, /\/report\//);
    assert.deepEqual(created.regions_without_devices, ['MEA']);
    conforms(C.SweepCreated, created, 'sweep created');
    const seen: string[] = [];
    const sweep = await client.waitForSweep(created.sweep_id, {
      minIntervalMs: 50,
      onUpdate: (s) => seen.push(s.status),
    });
    assert.equal(sweep.status, 'failed');
    assert.equal(sweep.results.MEA?.jobs[0]?.error_type, 'no_device');
    assert.equal(seen.at(-1), 'failed');
    assert.deepEqual(sweep.regions, ['MEA']);
    assert.equal(sweep.device_type, 'mobile');
    conforms(C.Sweep, sweep, 'sweep');
    conforms(C.SweepReport, sweep, 'sweep (narrowed)');
  });

  test('devices with an admin key', async () => {
    const admin = new CrawlClient({
      baseUrl: c.url,
      apiKey: (await createApiKey(c.coordinator.store, { admin: true })).key,
    });
    const all = await admin.listDevices();
    const me = all.devices.find((d) => d.device_id === 'client-agent');
    assert.equal(me?.connected, true);
    assert.deepEqual(me?.location, { country: 'DE', region: 'EU', city: 'Berlin' });
    conforms(C.Devices, all, 'device list');
    for (const d of all.devices) conforms(C.Device, d, 'device');
    assert.equal((await admin.listDevices({ connected: false })).devices.length, 0);
  });

  test('an unreachable coordinator is a transport error, not an API error', async () => {
    const gone = new CrawlClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' });
    const err = await gone.getJob(crypto.randomUUID()).catch((e) => e);
    assert.ok(err instanceof CrawlTransportError, String(err));
    assert.equal(err.code, 'transport');
  });
});

// Needs the coordinator's download formats, include_body and the top-level status_code, which land
// together with the shared contract/ schemas; skipped until that folder exists.
describe('typed client: download formats and detail body', () => {
  let c: TestCoordinator;
  let client: CrawlClient;
  let target: TargetServer;
  let stopAgent: () => Promise<void>;
  before(async () => {
    target = await startTargetServer();
    c = await startTestCoordinator();
    client = new CrawlClient({ baseUrl: c.url, apiKey: c.apiKey });
    const token = await c.newDevice('client-agent-2');
    stopAgent = (await startTestAgent({ deviceId: 'client-agent-2', token, coordinators: [c.url] })).stop;
  });
  after(async () => {
    await stopAgent?.();
    await c?.stop();
    await target?.close();
  });

  test('raw is the target body with its content type; html, markdown and text are rendered', async () => {
    const article = await client.runJob({ url: `${target.httpUrl}/article` }, { minIntervalMs: 20 });
    const raw = await client.downloadAs(article.job_id, 'raw');
    assert.equal(raw.contentType, 'text/html; charset=utf-8');
    assert.equal(raw.bytes.toString('utf8'), ARTICLE_HTML);
    const md = await client.downloadAs(article.job_id, 'markdown');
    assert.match(md.contentType, /^text\/markdown/);
    assert.match(md.bytes.toString('utf8'), /harbour lights were lit/);
    const text = await client.downloadAs(article.job_id, 'text');
    assert.match(text.contentType, /^text\/plain/);
    assert.match(text.bytes.toString('utf8'), /harbour lights were lit/);
    assert.doesNotMatch(text.bytes.toString('utf8'), /<p>/);
    const html = await client.downloadAs(article.job_id, 'html');
    assert.match(html.contentType, /^text\/html/);
    const json = await client.downloadAs(article.job_id, 'json');
    assert.equal((JSON.parse(json.bytes.toString('utf8')) as { id: string }).id.length > 0, true);

    const bin = await client.runJob({ url: `${target.httpUrl}/binary` }, { minIntervalMs: 20 });
    const bytes = await client.downloadAs(bin.job_id, 'raw');
    assert.equal(bytes.contentType, 'application/octet-stream');
    assert.deepEqual([...bytes.bytes], [0, 159, 146, 150, 255, 1, 2, 3]);
  });

  test('detail carries a top-level status_code and, when asked, the body', async () => {
    const job = await client.runJob({ url: `${target.httpUrl}/status/418` }, { minIntervalMs: 20 });
    const plain = await client.getJobDetail(job.job_id);
    assert.equal(plain.status_code, 418);
    assert.equal(plain.body, undefined);
    const withBody = await client.getJobDetail(job.job_id, { includeBody: true });
    assert.equal(withBody.body, 'status 418');
  });
});
