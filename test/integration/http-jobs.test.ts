// HTTP jobs end to end: submit → coordinator → real agent → local target → stored → read back.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

describe('HTTP jobs end to end', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let target: TargetServer;
  let stopAgent: () => Promise<void>;
  before(async () => {
    target = await startTargetServer();
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    const token = await c.newDevice('http-agent-1');
    stopAgent = (
      await startTestAgent({
        deviceId: 'http-agent-1',
        token,
        coordinators: [c.url],
        country: 'DE',
        city: 'Berlin',
      })
    ).stop;
  });
  after(async () => {
    await stopAgent();
    await c.stop();
    await target.close();
  });

  test('a GET completes with the contract fields in submit, status, detail and download', async () => {
    const submitted = await api.submit({ url: `${target.httpsUrl}/article` });
    assert.equal(submitted.status, 201);
    const s = submitted.body as Obj;
    assert.deepEqual(Object.keys(s).sort(), [
      'job_id',
      'method',
      'placement',
      'status',
      'storage_type',
      'submitted_at',
      'timeout_sec',
      'url',
    ]);
    assert.equal(s.method, 'GET');
    assert.equal(s.timeout_sec, 30);
    assert.deepEqual(s.placement, {});
    assert.match(s.submitted_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);
    const job = await api.waitTerminal(s.job_id);
    assert.equal(job.status, 'completed');
    const detail = (await api.detail(s.job_id)) as Obj;
    assert.equal(detail.download_url, `${c.url}/crawl/v1/jobs/${s.job_id}/download`);
    assert.equal(detail.result.success, true);
    assert.equal(detail.result.status_code, 200);
    assert.equal(detail.result.tls_version, 'TLSv1.3');
    assert.match(detail.result.tls_cipher_suite, /^TLS_/);
    assert.ok(detail.result.size_bytes > 500);
    assert.ok(Number.isInteger(detail.result.time_ms));
    assert.ok(Math.abs(detail.result.timestamp_ms - Date.now()) < 60_000);
    assert.ok(
      detail.response_headers.some((h: Obj) => h.name === 'content-type' && h.value.startsWith('text/html')),
    );
    const dl = (await api.download(s.job_id)) as Obj;
    assert.equal(dl.id, s.job_id);
    assert.equal(dl.hasReader, true);
    assert.match(dl.readerContent, /harbour lights were lit/);
    assert.doesNotMatch(dl.readerContent, /Copyright/);
    assert.equal(dl.hasFullPage, false);
    assert.equal(dl.hasScreenshot, false);
    assert.equal(dl.mainRequest.jobId, s.job_id);
    assert.equal(dl.mainRequest.timeoutSec, 30);
    assert.equal(dl.mainResult.statusCode, 200);
    assert.equal(dl.mainResult.success, true);
    assert.match(dl.mainResult.body, /<article>/);
    assert.equal(dl.mainResult.bodyEncoding, 'text');
    assert.ok(dl.mainResult.timeUs >= 1000 * detail.result.time_ms - 1000);
    assert.equal(dl.mainResult.tlsVersion, 'TLSv1.3');
    assert.equal(dl.metadata.device_id, 'http-agent-1');
    assert.deepEqual(dl.metadata.device_location, { country: 'DE', region: 'EU', city: 'Berlin' });
  });

  test('every HTTP method reaches the target with header arrays and base64 bodies', async () => {
    const payload = Buffer.from('{"hello":"wörld"}\u0000binary');
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']) {
      const withBody = method === 'POST' || method === 'PUT';
      const { id, job } = await api.run({
        url: `${target.httpUrl}/echo`,
        method,
        headers: { 'X-Multi': ['one', 'two'], 'X-Single': ['solo'] },
        ...(withBody ? { body: payload.toString('base64') } : {}),
      });
      assert.equal(job.status, 'completed', method);
      const dl = (await api.download(id)) as Obj;
      assert.equal(dl.mainResult.statusCode, 200, method);
      assert.equal(dl.mainRequest.method, method);
      assert.deepEqual(dl.mainRequest.headers, [
        { name: 'X-Multi', value: 'one' },
        { name: 'X-Multi', value: 'two' },
        { name: 'X-Single', value: 'solo' },
      ]);
      if (method === 'HEAD') {
        assert.equal(dl.mainResult.body, '');
        continue;
      }
      const echo = JSON.parse(dl.mainResult.body);
      assert.equal(echo.method, method);
      const raw: string[] = echo.rawHeaders;
      const multi = raw.filter((_v, i) => i % 2 === 1 && raw[i - 1]?.toLowerCase() === 'x-multi');
      assert.deepEqual(multi.join(',').split(/,\s*/), ['one', 'two'], method);
      if (withBody)
        assert.equal(Buffer.from(echo.bodyBase64, 'base64').toString('latin1'), payload.toString('latin1'));
      // Response header arrays come back one record per value.
      assert.deepEqual(
        dl.mainResult.headers.filter((h: Obj) => h.name === 'x-multi').map((h: Obj) => h.value),
        ['one', 'two'],
      );
    }
  });

  test('cookies go out as a Cookie header; detail lists them, and parse_cookies adds parsed records', async () => {
    const { id } = await api.run({
      url: `${target.httpUrl}/cookies`,
      cookies: [
        { name: 'session', value: 'abc', domain: '127.0.0.1', path: '/', secure: false, httponly: true },
        { name: 'lang', value: 'en' },
      ],
    });
    const sent = target.seen.find((r) => r.url === '/cookies');
    assert.equal(sent?.headers.cookie, 'session=abc; lang=en');
    const plain = (await api.detail(id)) as Obj;
    assert.deepEqual(
      plain.request_cookies.map((c: Obj) => c.name),
      ['session', 'lang'],
    );
    assert.deepEqual(plain.response_cookies, []);
    for (const rec of plain.request_cookies) {
      assert.deepEqual(Object.keys(rec).sort(), [
        'domain',
        'expires',
        'httponly',
        'max_age',
        'name',
        'path',
        'samesite',
        'secure',
        'value',
      ]);
    }
    const parsed = (await api.detail(id, true)) as Obj;
    const sid = parsed.response_cookies.find((c: Obj) => c.name === 'sid');
    assert.deepEqual(sid, {
      domain: '127.0.0.1',
      expires: '',
      httponly: true,
      max_age: 3600,
      name: 'sid',
      path: '/',
      samesite: 'Lax',
      secure: true,
      value: 'abc123',
    });
    const theme = parsed.response_cookies.find((c: Obj) => c.name === 'theme');
    assert.equal(theme.expires, '2037-10-21T07:28:00.000Z');
    assert.equal(theme.path, '/app');
    assert.equal(theme.domain, 'localhost');
    assert.ok(parsed.request_cookies.length >= 4, 'input cookies plus those parsed from the Cookie header');
  });

  test('status codes of the target are answers: success true with the code', async () => {
    for (const code of [201, 204, 301, 400, 401, 403, 404, 410, 418, 500, 502, 503]) {
      const { id, job } = await api.run({ url: `${target.httpUrl}/status/${code}` });
      assert.equal(job.status, 'completed');
      const d = (await api.detail(id)) as Obj;
      assert.equal(d.result.status_code, code);
      assert.equal(d.result.success, true);
      assert.equal(d.result.error_type, undefined);
    }
  });

  test('failures are typed: timeout, connect, tls, too_large, blocked', async () => {
    const t = await api.run({ url: `${target.httpUrl}/slow?ms=-1`, timeout_sec: 1 });
    const td = (await api.detail(t.id)) as Obj;
    assert.equal(t.job.status, 'completed');
    assert.equal(td.result.success, false);
    assert.equal(td.result.error_type, 'timeout');
    assert.equal(td.result.error_message, 'Request timed out after 1 seconds');
    const refused = await api.run({ url: 'http://127.0.0.1:1/' });
    assert.equal(((await api.detail(refused.id)) as Obj).result.error_type, 'connect');
    const smtp = await api.run({ url: 'http://127.0.0.1:25/' });
    assert.equal(((await api.detail(smtp.id)) as Obj).result.error_type, 'blocked');
    const big = await api.run({ url: `${target.httpUrl}/big?bytes=${11 * 1024 * 1024}` });
    const bd = (await api.detail(big.id)) as Obj;
    assert.equal(bd.result.error_type, 'too_large');
    assert.equal(bd.result.success, false);
  });

  test('binary bodies download as base64', async () => {
    const { id } = await api.run({ url: `${target.httpUrl}/binary` });
    const dl = (await api.download(id)) as Obj;
    assert.equal(dl.mainResult.bodyEncoding, 'base64');
    assert.deepEqual([...Buffer.from(dl.mainResult.body, 'base64')], [0, 159, 146, 150, 255, 1, 2, 3]);
    assert.equal(dl.hasReader, false);
  });

  test('a 2 MiB body crosses the link in chunks intact', async () => {
    const { id } = await api.run({ url: `${target.httpUrl}/big?bytes=${2 * 1024 * 1024}` });
    const dl = (await api.download(id)) as Obj;
    assert.equal(dl.mainResult.body.length, 2 * 1024 * 1024);
    assert.equal(dl.mainResult.sizeBytes, 2 * 1024 * 1024);
  });

  test('a job no device can take fails no_device after its timeout', async () => {
    const { job } = await api.run({
      url: `${target.httpUrl}/echo`,
      timeout_sec: 1,
      placement: { country: 'JP' },
    });
    assert.equal(job.status, 'failed');
    assert.equal(job.error_type, 'no_device');
    assert.deepEqual(job.placement, { country: 'JP' });
    const dl = await api.request('GET', `/crawl/v1/jobs/${job.job_id}/download`);
    assert.equal(dl.status, 409);
    const d = (await api.detail(job.job_id as string)) as Obj;
    assert.equal(d.result, null);
  });

  test('jobs run concurrently up to the agent limit and all complete', async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, async (_v, i) => {
        const res = await api.submit({ url: `${target.httpUrl}/echo?i=${i}` });
        return (res.body as Obj).job_id as string;
      }),
    );
    const jobs = await Promise.all(ids.map((id) => api.waitTerminal(id)));
    assert.ok(jobs.every((j) => j.status === 'completed'));
    const batch = (await api.request('POST', '/crawl/v1/jobs/batch/status', { job_ids: ids })).body as Obj;
    assert.equal(batch.found_count, 20);
  });
});
