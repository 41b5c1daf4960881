// Cancelling jobs and batches (docs/api.md, "Cancel"): a real coordinator and real agents (their
// only slot held by a target that keeps its answer, or by an executor that ignores the abort), a
// device written in the test that ignores the Cancel, and the typed client and the CLI on top.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../cli/program.js';
import { CrawlClient, CrawlConflictError, CrawlNotFoundError } from '../../client/index.js';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { MESSAGES } from '../../coordinator/errors.js';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator, tempDir } from '../helpers/cluster.js';
import { type HoldingTarget, startHoldingTarget, within } from '../helpers/holding-target.js';
import type { Obj } from '../helpers/json.js';
import { NeverSettlingExecutor } from '../helpers/never-settling-executor.js';
import { RawAgent } from '../helpers/raw-agent.js';

async function waitStatus(api: ApiClient, id: string, status: string): Promise<Obj> {
  for (;;) {
    const job = (await api.status(id)).body as Obj;
    if (job.status === status) return job;
    if (job.status === 'completed' || job.status === 'failed') {
      throw new Error(`job ${id} ended ${job.status} while waiting for ${status}: ${JSON.stringify(job)}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The value of one series of the coordinator's /metrics (0 when absent). */
async function metric(c: TestCoordinator, adminKey: string, series: string): Promise<number> {
  const res = await fetch(`${c.url}/metrics`, { headers: { authorization: `Bearer ${adminKey}` } });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const DROPPED_CANCELLED = 'crawl_results_dropped_total{reason="cancelled"}';

describe('cancel', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let adminKey: string;
  let target: HoldingTarget;
  const stops: Array<() => Promise<void>> = [];

  before(async () => {
    target = await startHoldingTarget();
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    adminKey = (await createApiKey(c.coordinator.store, { admin: true })).key;
    // One slot, real HTTP executor: the device whose running job the tests cancel.
    const agent = await startTestAgent({
      deviceId: 'cancel-http',
      token: await c.newDevice('cancel-http'),
      coordinators: [c.url],
      maxConcurrent: 1,
    });
    stops.push(agent.stop);
  });
  after(async () => {
    for (const stop of stops.reverse()) await stop();
    await c.stop();
    await target.close();
  });

  const on = (deviceId: string, path: string, extra: Obj = {}) => ({
    url: `${target.url}${path}`,
    placement: { device_id: deviceId },
    ...extra,
  });

  test('a running job: failed `cancelled` at once, stopped on its device, and its slot runs the next job', async (t) => {
    const submitted = (await api.submit(on('cancel-http', '/hold/run'))).body as Obj;
    await target.arrived('/hold/run');
    await waitStatus(api, submitted.job_id, 'running');
    const at = Date.now();
    const res = await api.request('POST', `/crawl/v1/jobs/${submitted.job_id}/cancel`);
    assert.equal(res.status, 200, res.text);
    const job = res.body as Obj;
    assert.equal(job.job_id, submitted.job_id);
    assert.equal(job.status, 'failed');
    assert.equal(job.error_type, 'cancelled');
    assert.equal(job.error_message, 'cancelled by the client');
    assert.equal(job.device_id, 'cancel-http');
    assert.ok(job.completed_at);
    // The device aborted the request: the target sees it cut.
    await within(2_000, 'the target sees the request cut', target.cut('/hold/run'));
    t.diagnostic(`the device cut the request ${Date.now() - at} ms after the cancel`);
    // Its only slot is free: the next job runs there at its first attempt.
    const next = await api.run(on('cancel-http', '/ok/after-run'), 2_000);
    assert.equal(next.job.status, 'completed');
    assert.ok(Date.now() - at < 2_000, `the slot ran the next job ${Date.now() - at} ms after the cancel`);
    assert.equal(((await api.download(next.id)).metadata as Obj).attempt, 1);
    // Nothing of the cancelled job comes back.
    target.release();
    const again = (await api.status(submitted.job_id)).body as Obj;
    assert.equal(again.error_type, 'cancelled');
    assert.equal((await api.detail(submitted.job_id)).result, null);
  });

  test('an executor that ignores the abort: the slot is free at the cancel, its late settle dropped', async (t) => {
    const stuck = new NeverSettlingExecutor();
    const agent = await startTestAgent({
      deviceId: 'cancel-stuck',
      token: await c.newDevice('cancel-stuck'),
      coordinators: [c.url],
      maxConcurrent: 1,
      executors: [stuck],
    });
    stops.push(agent.stop);
    const dropsBefore = await metric(c, adminKey, DROPPED_CANCELLED);
    const started = stuck.nextStart();
    const submitted = (await api.submit(on('cancel-stuck', '/never'))).body as Obj;
    await started;
    await waitStatus(api, submitted.job_id, 'running');
    const at = Date.now();
    const res = await api.request('POST', `/crawl/v1/jobs/${submitted.job_id}/cancel`);
    assert.equal(res.status, 200, res.text);
    assert.equal((res.body as Obj).error_type, 'cancelled');
    // The Cancel and the next Assign reach the device in this order on its link: the next job is
    // accepted at once (refused busy, it would run as a second attempt).
    const next = await api.run(on('cancel-stuck', '/ok/after-stuck'), 2_000);
    assert.equal(next.job.status, 'completed');
    assert.ok(Date.now() - at < 2_000, `the slot ran the next job ${Date.now() - at} ms after the cancel`);
    t.diagnostic(`the stuck slot ran the next job ${Date.now() - at} ms after the cancel`);
    assert.equal(((await api.download(next.id)).metadata as Obj).attempt, 1);
    // The stuck job settling now sends nothing: still cancelled, nothing stored, no drop counted.
    assert.equal(stuck.settleLate(), 1);
    const last = await api.run(on('cancel-stuck', '/ok/last'), 5_000);
    assert.equal(last.job.status, 'completed');
    assert.equal(((await api.status(submitted.job_id)).body as Obj).error_type, 'cancelled');
    assert.equal((await api.detail(submitted.job_id)).result, null);
    assert.equal(await metric(c, adminKey, DROPPED_CANCELLED), dropsBefore);
  });

  test('a device that sends its result after the cancel: acked as a duplicate, dropped and counted', async () => {
    const dev = await RawAgent.connect(c.url, 'cancel-late', await c.newDevice('cancel-late'));
    const ping = setInterval(() => dev.send({ ping: { nonce: 0 } }), 100);
    try {
      const dropsBefore = await metric(c, adminKey, DROPPED_CANCELLED);
      const submitted = (await api.submit(on('cancel-late', '/late'))).body as Obj;
      const assign = (await dev.next('assign')).assign;
      assert.equal(assign?.jobId, submitted.job_id);
      const attempt = assign?.attempt ?? 0;
      dev.send({ accept: { jobId: submitted.job_id, attempt } });
      const res = await api.request('POST', `/crawl/v1/jobs/${submitted.job_id}/cancel`);
      assert.equal(res.status, 200, res.text);
      const cancel = (await dev.next('cancel')).cancel;
      assert.equal(cancel?.jobId, submitted.job_id);
      assert.equal(cancel?.attempt, attempt);
      // It finished anyway and reports: the coordinator takes it off the device's spool (a
      // duplicate ack) and stores nothing.
      dev.send({
        result: { jobId: submitted.job_id, attempt, success: true, statusCode: 200, timeUs: 1000 },
      });
      const ack = (await dev.next('ack')).ack;
      assert.equal(ack?.jobId, submitted.job_id);
      assert.equal(ack?.duplicate, true);
      const job = (await api.status(submitted.job_id)).body as Obj;
      assert.equal(job.status, 'failed');
      assert.equal(job.error_type, 'cancelled');
      assert.equal((await api.detail(submitted.job_id)).result, null);
      assert.equal(await metric(c, adminKey, DROPPED_CANCELLED), dropsBefore + 1);
      assert.equal(dev.open, true, 'a late result is no strike');
    } finally {
      clearInterval(ping);
      dev.close();
    }
  });

  test('a pending job: failed at once; an ended job is 409, a missing or foreign one 404', async () => {
    // No device in Brazil: it waits.
    const submitted = (await api.submit({ url: `${target.url}/ok/br`, placement: { country: 'BR' } }))
      .body as Obj;
    const res = await api.request('POST', `/crawl/v1/jobs/${submitted.job_id}/cancel`);
    assert.equal(res.status, 200, res.text);
    const job = res.body as Obj;
    assert.equal(job.status, 'failed');
    assert.equal(job.error_type, 'cancelled');
    assert.equal(job.device_id, undefined, 'no device ever took it');
    assert.deepEqual((await api.status(submitted.job_id)).body, job);

    const twice = await api.request('POST', `/crawl/v1/jobs/${submitted.job_id}/cancel`);
    assert.equal(twice.status, 409);
    assert.equal(twice.body, 'conflict: job has already ended');
    assert.equal(twice.body, MESSAGES.JOB_ENDED);
    const done = await api.run(on('cancel-http', '/ok/done'));
    const completed = await api.request('POST', `/crawl/v1/jobs/${done.id}/cancel`);
    assert.equal(completed.status, 409);
    assert.equal(((await api.status(done.id)).body as Obj).status, 'completed');

    const other = new ApiClient(c.url, await c.newKey());
    const waiting = (await api.submit({ url: `${target.url}/ok/br2`, placement: { country: 'BR' } }))
      .body as Obj;
    const foreign = await other.request('POST', `/crawl/v1/jobs/${waiting.job_id}/cancel`);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body, MESSAGES.JOB_NOT_FOUND);
    assert.equal(((await api.status(waiting.job_id)).body as Obj).status, 'pending');
    const missing = await api.request('POST', '/crawl/v1/jobs/00000000-0000-4000-8000-000000000000/cancel');
    assert.equal(missing.status, 404);
    assert.equal(missing.body, MESSAGES.JOB_NOT_FOUND);
    assert.equal((await api.request('POST', '/crawl/v1/jobs/not-a-uuid/cancel')).status, 404);
    assert.equal(
      (await new ApiClient(c.url, null).request('POST', `/crawl/v1/jobs/${waiting.job_id}/cancel`)).status,
      401,
    );
    await api.request('POST', `/crawl/v1/jobs/${waiting.job_id}/cancel`);
  });

  test('a batch: its running and pending jobs fail `cancelled`, the ended one stays', async () => {
    const res = await api.request('POST', '/crawl/v1/batch/new', {
      placement: { device_id: 'cancel-http' },
      jobs: [
        { url: `${target.url}/ok/b0` },
        { url: `${target.url}/hold/b1` },
        { url: `${target.url}/hold/b2` },
        { url: `${target.url}/hold/b3` },
      ],
    });
    assert.equal(res.status, 201, res.text);
    const batch = res.body as Obj;
    const ids = (batch.results as Obj[]).map((r) => r.job.job_id as string);
    // One slot: b0 completes, b1 runs (held), b2 and b3 wait.
    await target.arrived('/hold/b1');
    assert.equal((await api.waitTerminal(ids[0] as string)).status, 'completed');
    await waitStatus(api, ids[1] as string, 'running');
    const other = new ApiClient(c.url, await c.newKey());
    assert.equal((await other.request('POST', `/crawl/v1/batch/${batch.batch_id}/cancel`)).status, 404);

    const cancelled = await api.request('POST', `/crawl/v1/batch/${batch.batch_id}/cancel`);
    assert.equal(cancelled.status, 200, cancelled.text);
    const body = cancelled.body as Obj;
    assert.equal(body.batch_id, batch.batch_id);
    assert.equal(body.cancelled_count, 3);
    assert.deepEqual(body.counts, { pending: 0, running: 0, completed: 1, failed: 3 });
    assert.deepEqual(body.job_ids, ids);
    assert.equal(((await api.status(ids[0] as string)).body as Obj).status, 'completed');
    for (const id of ids.slice(1)) {
      const job = (await api.status(id)).body as Obj;
      assert.equal(job.status, 'failed');
      assert.equal(job.error_type, 'cancelled');
    }
    await within(2_000, 'the running member is cut on its device', target.cut('/hold/b1'));
    const next = await api.run(on('cancel-http', '/ok/after-batch'), 2_000);
    assert.equal(((await api.download(next.id)).metadata as Obj).attempt, 1);
    assert.ok(!target.seen.includes('/hold/b2') && !target.seen.includes('/hold/b3'), 'never started');

    const again = await api.request('POST', `/crawl/v1/batch/${batch.batch_id}/cancel`);
    assert.equal(again.status, 200);
    assert.equal((again.body as Obj).cancelled_count, 0);
    const missing = await api.request('POST', '/crawl/v1/batch/00000000-0000-4000-8000-000000000000/cancel');
    assert.equal(missing.status, 404);
    assert.equal(missing.body, MESSAGES.JOB_NOT_FOUND);
  });

  test('the typed client and `crawl cancel ID` for a job and a batch', async () => {
    const client = new CrawlClient({ baseUrl: c.url, apiKey: c.apiKey });
    const waiting = await client.submitJob({ url: `${target.url}/ok/client`, placement: { country: 'BR' } });
    const job = await client.cancelJob(waiting.job_id);
    assert.equal(job.status, 'failed');
    assert.equal(job.error_type, 'cancelled');
    await assert.rejects(client.cancelJob(waiting.job_id), (err: unknown) => {
      assert.ok(err instanceof CrawlConflictError);
      assert.equal(err.apiMessage, 'conflict: job has already ended');
      return true;
    });
    await assert.rejects(client.cancelBatch(waiting.job_id), CrawlNotFoundError);
    const made = await client.submitMany([{ url: `${target.url}/ok/cb` }], {
      defaults: { placement: { country: 'BR' } },
    });
    const batch = await client.cancelBatch(made.batch_id);
    assert.equal(batch.cancelled_count, 1);
    assert.equal(batch.counts.failed, 1);

    let stdout = '';
    let stderr = '';
    const io = {
      stdout: { write: (d: string | Uint8Array) => (stdout += String(d)) },
      stderr: { write: (d: string | Uint8Array) => (stderr += String(d)) },
      env: { CRAWL_URL: c.url, CRAWL_API_KEY: c.apiKey },
      homeDir: tempDir('cancel-cli'),
      interrupt: new AbortController().signal,
      readFile: (p: string) => readFile(p),
      writeFile: (p: string, data: string | Uint8Array) => writeFile(p, data),
    };
    const cli = async (args: string[]) => {
      stdout = '';
      stderr = '';
      return runCli(args, io);
    };
    const pending = await client.submitJob({ url: `${target.url}/ok/cli`, placement: { country: 'BR' } });
    assert.equal(await cli(['cancel', pending.job_id]), 0, stderr);
    assert.equal(stdout, `job ${pending.job_id}: failed (cancelled: cancelled by the client)\n`);
    assert.equal(await cli(['cancel', pending.job_id]), 3);
    assert.match(
      stderr,
      /had already ended; nothing to cancel \(HTTP 409: conflict: job has already ended\)/,
    );
    assert.equal(await cli(['--json', 'cancel', pending.job_id]), 3);
    assert.deepEqual(JSON.parse(stderr), {
      error: { code: 'conflict', status: 409, message: 'conflict: job has already ended' },
    });
    const cliBatch = await client.submitMany(
      [{ url: `${target.url}/ok/cli-b1` }, { url: `${target.url}/ok/cli-b2` }],
      { defaults: { placement: { country: 'BR' } } },
    );
    assert.equal(await cli(['cancel', cliBatch.batch_id]), 0, stderr);
    assert.match(
      stdout,
      new RegExp(
        `^batch ${cliBatch.batch_id}: .*0 pending, 0 running, 0 completed, 2 failed; 2 cancelled now\\n$`,
      ),
    );
    assert.equal(await cli(['--json', 'cancel', cliBatch.batch_id]), 0, stderr);
    assert.equal(JSON.parse(stdout).cancelled_count, 0);
    assert.equal(await cli(['cancel', '00000000-0000-4000-8000-000000000000']), 3);
    assert.match(stderr, /HTTP 404: not found: job does not exist/);
  });
});
