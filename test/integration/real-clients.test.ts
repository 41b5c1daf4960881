// Flows of existing API clients, re-enacted with their exact request shapes over plain fetch (not the
// typed client): a session client, a data source that fetches and sweeps, and an assistant "skill"
// doing a simple fetch, a full-page crawl, a session and a Solana JSON-RPC call. Real coordinator,
// real agents (HTTP, JSON-RPC and one real Chromium shared by two agents), local targets only.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { BrowserExecutor } from '../../agent/executors/browser/index.js';
import { HttpExecutor } from '../../agent/executors/http.js';
import { SolanaExecutor } from '../../agent/executors/solana.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { type FixtureSites, SPA_TEXT, startFixtureSites } from '../helpers/fixture-sites.js';
import type { Obj } from '../helpers/json.js';
import { chromiumNeed } from '../helpers/needs.js';
import { SLOT, type SolanaRpcServer, startSolanaRpcServer } from '../helpers/solana-rpc-server.js';
import { ARTICLE_HTML, startTargetServer, type TargetServer, TLS_CERT } from '../helpers/target-server.js';

const { browser, skip: chromiumSkip } = await chromiumNeed();

/** One HTTP exchange as the clients make it: JSON in, status + parsed body out. */
async function call(
  base: string,
  method: string,
  p: string,
  o: { key?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Obj | string | null; bytes: Buffer; type: string }> {
  const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
  if (o.key) headers.authorization = `Bearer ${o.key}`;
  if (o.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${p}`, {
    method,
    headers,
    body: o.json === undefined ? undefined : JSON.stringify(o.json),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let body: Obj | string | null = null;
  try {
    body = bytes.length ? (JSON.parse(bytes.toString('utf8')) as Obj | string) : null;
  } catch {
    body = bytes.toString('utf8');
  }
  return { status: res.status, body, bytes, type: res.headers.get('content-type') ?? '' };
}

/** The clients' poll loop: GET /status/{id} every 100 ms until terminal, with a deadline. */
async function pollStatus(base: string, key: string, id: string, timeoutMs = 60_000): Promise<Obj> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await call(base, 'GET', `/crawl/v1/status/${id}`, { key });
    assert.equal(r.status, 200);
    const job = r.body as Obj;
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > until) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

describe('real clients', {
  skip: chromiumSkip,
}, () => {
  let c: TestCoordinator;
  let target: TargetServer;
  let sites: FixtureSites;
  let rpc: SolanaRpcServer;
  let chromium: BrowserExecutor;
  let base: string;
  let key: string;
  const stops: Array<() => Promise<void>> = [];

  before(async () => {
    [target, sites, rpc] = await Promise.all([
      startTargetServer(),
      startFixtureSites(),
      startSolanaRpcServer(),
    ]);
    c = await startTestCoordinator();
    base = c.url;
    key = c.apiKey;
    const policy = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] });
    chromium = new BrowserExecutor({
      executablePath: browser?.path ?? '',
      policy,
      maxBodyBytes: 10_000_000,
      maxPages: 4,
      settleMs: 200,
      ca: [TLS_CERT],
      log: pino({ enabled: false }),
    });
    const http = new HttpExecutor({ policy, maxBodyBytes: 10_000_000, ca: [TLS_CERT] });
    const solana = new SolanaExecutor({ policy, maxBodyBytes: 1_000_000, ca: [TLS_CERT] });
    for (const [id, country] of [
      ['rc-us', 'US'],
      ['rc-de', 'DE'],
    ] as const) {
      const token = await c.newDevice(id);
      const agent = await startTestAgent({
        deviceId: id,
        token,
        coordinators: [c.url],
        country,
        deviceType: 'mobile',
        executors: [http, solana, chromium],
      });
      stops.push(agent.stop);
    }
  });
  after(async () => {
    for (const stop of stops) await stop();
    await chromium?.close();
    await c?.stop();
    await Promise.all([target?.close(), sites?.close(), rpc?.close()]);
  });

  describe('session client', () => {
    test('creates a session, runs jobs in it, reads detail, closes it', async () => {
      const created = await call(base, 'POST', '/crawl/v1/session/new', {
        key,
        json: { duration_seconds: 300, placement: { country: 'DE' } },
      });
      assert.equal(created.status, 201);
      const session = created.body as Obj;
      const sessionId = session.session_id as string;
      assert.equal(session.status, 'active');
      const ids: string[] = [];
      for (const p of ['/cookies', '/echo']) {
        const submitted = await call(base, 'POST', '/crawl/v1/new', {
          key,
          json: { url: `${target.httpsUrl}${p}`, method: 'GET', session_id: sessionId, timeout_sec: 30 },
        });
        assert.equal(submitted.status, 201);
        assert.equal((submitted.body as Obj).session_id, sessionId);
        const job = await pollStatus(base, key, (submitted.body as Obj).job_id);
        assert.equal(job.status, 'completed');
        ids.push(job.job_id);
      }
      const detail = (await call(base, 'GET', `/crawl/v1/jobs/${ids[1]}/detail`, { key })).body as Obj;
      assert.equal(detail.result.status_code, 200);
      assert.ok(
        detail.request_headers.some(
          (h: Obj) => h.name.toLowerCase() === 'cookie' && /sid=abc123/.test(h.value),
        ),
        'the second job carried the cookie the first one received',
      );
      const got = (await call(base, 'GET', `/crawl/v1/session/${sessionId}`, { key })).body as Obj;
      assert.equal(got.device_id, 'rc-de');
      // Close with a JSON content type and no body, as the client's HTTP library sends it.
      const closed = await fetch(`${base}/crawl/v1/session/${sessionId}/close`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      });
      assert.equal(closed.status, 204);
      assert.equal(await closed.text(), '');
      const late = await call(base, 'POST', '/crawl/v1/new', {
        key,
        json: { url: `${target.httpUrl}/echo`, session_id: sessionId },
      });
      assert.equal(late.status, 400);
      assert.equal(late.body, 'invalid request: session is closed');
    });

    describe('raw download, detail body and status code', () => {
      test('reads the raw page bytes, detail body and a top-level status_code', async () => {
        const session = (
          await call(base, 'POST', '/crawl/v1/session/new', { key, json: { duration_seconds: 60 } })
        ).body as Obj;
        const submitted = (
          await call(base, 'POST', '/crawl/v1/new', {
            key,
            json: { url: `${target.httpUrl}/article`, session_id: session.session_id },
          })
        ).body as Obj;
        await pollStatus(base, key, submitted.job_id);
        const raw = await call(base, 'GET', `/crawl/v1/jobs/${submitted.job_id}/download?format=raw`, {
          key,
        });
        assert.equal(raw.status, 200);
        assert.equal(raw.type, 'text/html; charset=utf-8');
        assert.equal(raw.bytes.toString('utf8'), ARTICLE_HTML);
        const detail = (
          await call(base, 'GET', `/crawl/v1/jobs/${submitted.job_id}/detail?include_body=true`, { key })
        ).body as Obj;
        assert.equal(detail.body, ARTICLE_HTML);
        assert.equal(detail.status_code, 200);
        const bare = (await call(base, 'GET', `/crawl/v1/jobs/${submitted.job_id}/detail`, { key }))
          .body as Obj;
        assert.equal(bare.status_code, 200);
        assert.equal(bare.body, undefined, 'the body only when asked');
        const closed = await call(base, 'POST', `/crawl/v1/session/${session.session_id}/close`, { key });
        assert.equal(closed.status, 204);
      });
    });
  });

  test('data source: fetch, poll, download JSON; then a sweep over regions and its report', async () => {
    // This client sends its key in the body of the job submission only.
    const submitted = await call(base, 'POST', '/crawl/v1/new', {
      json: { url: `${target.httpsUrl}/article`, api_key: key, storage_type: 'local' },
    });
    assert.equal(submitted.status, 201);
    const id = (submitted.body as Obj).job_id as string;
    const batch = (await call(base, 'POST', '/crawl/v1/jobs/batch/status', { key, json: { job_ids: [id] } }))
      .body as Obj;
    assert.equal(batch.found_count, 1);
    await pollStatus(base, key, id);
    const dl = await call(base, 'GET', `/crawl/v1/jobs/${id}/download`, { key });
    assert.equal(dl.status, 200);
    const content = dl.body as Obj;
    assert.equal(content.mainResult.statusCode, 200);
    assert.equal(content.mainResult.body, ARTICLE_HTML);
    assert.equal(content.hasReader, true);
    assert.match(content.readerContent, /harbour lights were lit/);

    const sweepNew = await call(base, 'POST', '/crawl/v1/sweep/new', {
      key,
      json: { url: `${sites.url}/article`, regions: ['NA', 'EU'], tries_per_region: 1, timeout_sec: 60 },
    });
    assert.equal(sweepNew.status, 201);
    const { sweep_id: sweepId, report_url: reportUrl } = sweepNew.body as Obj;
    const until = Date.now() + 90_000;
    let sweep: Obj;
    for (;;) {
      sweep = (await call(base, 'GET', `/crawl/v1/sweep/${sweepId}`, { key })).body as Obj;
      if (sweep.status !== 'running') break;
      if (Date.now() > until) throw new Error(`sweep still running: ${JSON.stringify(sweep)}`);
      await new Promise((res) => setTimeout(res, 200));
    }
    assert.equal(sweep.status, 'completed', JSON.stringify(sweep.results));
    assert.deepEqual(Object.keys(sweep.results), ['NA', 'EU']);
    assert.equal(sweep.results.NA.jobs[0].country, 'US');
    assert.equal(sweep.results.EU.jobs[0].country, 'DE');
    assert.ok(sweep.results.EU.jobs[0].metrics.ttfb >= 0);
    assert.equal(sweep.report_url, reportUrl);
    const page = await fetch(reportUrl);
    assert.equal(page.status, 200, 'the report opens without a key');
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  });

  test('skill: a fetch, a full-page crawl, a session and a Solana JSON-RPC call', async () => {
    const run = async (job: Obj): Promise<Obj> => {
      const r = await call(base, 'POST', '/crawl/v1/new', { key, json: job });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      const done = await pollStatus(base, key, (r.body as Obj).job_id);
      assert.equal(done.status, 'completed');
      return (await call(base, 'GET', `/crawl/v1/jobs/${done.job_id}/download`, { key })).body as Obj;
    };
    const fetched = await run({ url: `${target.httpUrl}/echo`, headers: { Accept: ['application/json'] } });
    assert.equal(JSON.parse(fetched.mainResult.body).headers.accept, 'application/json');

    const page = await run({ url: `${sites.url}/spa`, method: 'CRAWL_FULL_PAGE', timeout_sec: 60 });
    assert.equal(page.hasFullPage, true);
    assert.ok(page.fullPage.includes(SPA_TEXT));
    assert.equal(page.hasScreenshot, true);
    assert.equal(Buffer.from(page.screenshot, 'base64').subarray(1, 4).toString('latin1'), 'PNG');

    const session = (
      await call(base, 'POST', '/crawl/v1/session/new', { key, json: { duration_seconds: 60 } })
    ).body as Obj;
    const inSession = await run({ url: `${target.httpUrl}/echo`, session_id: session.session_id });
    const pinned = ((await call(base, 'GET', `/crawl/v1/session/${session.session_id}`, { key })).body as Obj)
      .device_id;
    assert.equal(inSession.metadata.device_id, pinned);
    const listing = (await call(base, 'GET', `/crawl/v1/session/${session.session_id}/jobs`, { key }))
      .body as Obj;
    assert.equal(listing.completed_count, 1);
    assert.equal(
      (await call(base, 'POST', `/crawl/v1/session/${session.session_id}/close`, { key })).status,
      204,
    );

    const request = { jsonrpc: '2.0', id: 1, method: 'getSlot' };
    const slot = await run({
      url: rpc.httpUrl,
      method: 'SOLANA_JSON_RPC',
      body: Buffer.from(JSON.stringify(request)).toString('base64'),
    });
    assert.equal(slot.mainResult.success, true);
    assert.deepEqual(JSON.parse(slot.mainResult.body), { jsonrpc: '2.0', id: 1, result: SLOT });
  });
});
