// Errors the framework raises before a handler runs (bad URLs, unparseable requests, huge headers,
// hostile bodies) answer in the contract's shapes over a real socket; so do the hostile ids of
// batch status.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { MESSAGES } from '../../coordinator/errors.js';
import { ApiClient } from '../helpers/client.js';
import { startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';

interface RawAnswer {
  status: number;
  headers: string;
  body: unknown;
}

/** Sends `request` as bytes on a fresh connection and reads the answer until the server closes it. */
async function raw(url: string, request: string): Promise<RawAnswer> {
  const u = new URL(url);
  const socket = net.connect(Number(u.port), u.hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (d: Buffer) => chunks.push(d));
  socket.write(request);
  await new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
    socket.once('error', () => resolve());
  });
  const text = Buffer.concat(chunks).toString('utf8');
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  return { status, headers: head.toLowerCase(), body: JSON.parse(rest.join('\r\n\r\n')) };
}

describe('API errors before and around handlers', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let auth: string;
  before(async () => {
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    auth = `Host: t\r\nAuthorization: Bearer ${c.apiKey}\r\nConnection: close\r\n`;
  });
  after(() => c.stop());

  test('a request resolves its key once, wherever it is asked for (hooks, handler)', async () => {
    const keys = c.coordinator.services.keys;
    const find = keys.find.bind(keys);
    let lookups = 0;
    keys.find = (hash: string) => {
      lookups++;
      return find(hash);
    };
    try {
      const submitted = await api.submit({ url: 'http://198.51.100.7/once', timeout_sec: 1 });
      assert.equal(submitted.status, 201, submitted.text);
      assert.equal(lookups, 1, 'submit (auth, limits and handler)');
      lookups = 0;
      const bodyKey = await fetch(`${c.url}/crawl/v1/new`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'http://198.51.100.7/body-key', api_key: c.apiKey, timeout_sec: 1 }),
      });
      assert.equal(bodyKey.status, 201, 'the key in the body still works');
      assert.equal(lookups, 1);
      lookups = 0;
      const wrong = await fetch(`${c.url}/crawl/v1/new`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ck_wrong' },
        body: JSON.stringify({ url: 'http://198.51.100.7/wrong' }),
      });
      assert.equal(wrong.status, 401);
      assert.equal(lookups, 1);
    } finally {
      keys.find = find;
    }
  });

  test('a bad percent-escape is 400 in the shape of its route family', async () => {
    let res = await raw(c.url, `GET /crawl/v1/status/%zz HTTP/1.1\r\n${auth}\r\n`);
    assert.equal(res.status, 400);
    assert.equal(res.body, 'invalid request: the URL path is not validly percent-encoded');
    assert.match(res.headers, /content-type: application\/json/);
    res = await raw(c.url, `GET /crawl/v1/session/%zz/jobs HTTP/1.1\r\n${auth}\r\n`);
    assert.deepEqual(res.body, { error: 'invalid request: the URL path is not validly percent-encoded' });
  });

  test('an id over 100 characters is the 404 of its route, not 414', async () => {
    const long = 'a'.repeat(5000);
    for (const path of [
      `/crawl/v1/status/${long}`,
      `/crawl/v1/jobs/${long}/download`,
      `/crawl/v1/sweep/${long}`,
    ]) {
      const res = await api.request('GET', path);
      assert.equal(res.status, 404, path.slice(0, 30));
      assert.equal(res.body, MESSAGES.JOB_NOT_FOUND);
    }
    const res = await api.request('GET', `/crawl/v1/session/${long}`);
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, { error: MESSAGES.SESSION_NOT_FOUND });
  });

  test('unknown methods and malformed requests are 400 with the contract text', async () => {
    for (const request of [
      `FOO /crawl/v1/status/x HTTP/1.1\r\n${auth}\r\n`,
      'garbage\r\n\r\n',
      `POST /crawl/v1/new HTTP/1.1\r\n${auth}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n{}`,
    ]) {
      const res = await raw(c.url, request);
      assert.equal(res.status, 400, request.slice(0, 20));
      assert.equal(res.body, 'invalid request: malformed HTTP request');
    }
  });

  test('headers over 16 KB are 431 with the contract text', async () => {
    const res = await raw(
      c.url,
      `GET /crawl/v1/status/x HTTP/1.1\r\n${auth}X-Big: ${'a'.repeat(17_000)}\r\n\r\n`,
    );
    assert.equal(res.status, 431);
    assert.equal(res.body, 'invalid request: request headers are too large');
  });

  test('bad JSON, wrong or missing content type, empty body: each has its contract text', async () => {
    const cases: Array<[string, string | undefined, Record<string, string>, string]> = [
      ['/crawl/v1/new', '{"url":', {}, 'body is not valid JSON'],
      ['/crawl/v1/new', '', { 'content-type': 'application/json' }, 'body must be a JSON object'],
      [
        '/crawl/v1/new',
        '<x/>',
        { 'content-type': 'application/xml' },
        'Content-Type must be application/json',
      ],
      ['/crawl/v1/new', undefined, {}, 'body must be a JSON object'],
      ['/crawl/v1/jobs/batch/status', 'null', {}, 'body must be a JSON object'],
      ['/crawl/v1/sweep/new', '"x"', {}, 'body must be a JSON object'],
    ];
    for (const [path, body, headers, reason] of cases) {
      const res = await api.request('POST', path, body, headers);
      assert.equal(res.status, 400, `${path} ${body}`);
      assert.equal(res.body, `invalid request: ${reason}`, `${path} ${body}`);
    }
    const s = await api.request('POST', '/crawl/v1/session/new', '[1', {});
    assert.deepEqual(s.body, { error: 'invalid request: body is not valid JSON' });
    const big = await api.request('POST', '/crawl/v1/session/new', { pad: 'x'.repeat(11 * 1024 * 1024) });
    assert.equal(big.status, 400);
    assert.deepEqual(big.body, { error: 'invalid request: request body is too large' });
  });

  test('a 100,000-deep body is 400 before anything recurses into it', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const cases: Array<[string, string]> = [
      ['/crawl/v1/jobs/batch/status', `{"job_ids":${deep}}`],
      ['/crawl/v1/sweep/new', `{"url":"https://x/","regions":${deep}}`],
      ['/crawl/v1/new', `{"url":"https://x/","headers":{"a":${deep}}}`],
      ['/crawl/v1/new', `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`],
    ];
    for (const [path, body] of cases) {
      const res = await api.request('POST', path, body);
      assert.equal(res.status, 400, path);
      assert.equal(res.body, 'invalid request: body nests deeper than 32 levels', path);
    }
    const s = await api.request('POST', '/crawl/v1/session/new', `{"placement":${deep}}`);
    assert.deepEqual(s.body, { error: 'invalid request: body nests deeper than 32 levels' });
    // Brackets inside strings are text, not nesting.
    const ok = await api.request('POST', '/crawl/v1/jobs/batch/status', {
      job_ids: ['['.repeat(1000), `\\"${'{'.repeat(100)}`, `\\${'['.repeat(100)}`],
    });
    assert.equal(ok.status, 200);
    assert.equal((ok.body as { requested_count: number }).requested_count, 3);
  });

  test('batch status answers every requested id, "__proto__" and "constructor" included', async () => {
    const found = ((await api.submit({ url: 'https://x.test/', timeout_sec: 1 })).body as { job_id: string })
      .job_id;
    const ids = ['__proto__', 'constructor', 'toString', found, randomUUID(), 'hasOwnProperty'];
    const res = await api.request('POST', '/crawl/v1/jobs/batch/status', { job_ids: ids });
    assert.equal(res.status, 200);
    assert.match(res.text, /"__proto__":\{"error":\{"code":"invalid_uuid"/);
    const body = JSON.parse(res.text, (k, v) => (k === '__proto__' ? { kept: v } : v)) as {
      requested_count: number;
      found_count: number;
      results: Record<string, unknown>;
    };
    assert.equal(body.requested_count, ids.length);
    assert.equal(body.found_count, 1);
    assert.equal(Object.keys(body.results).length, ids.length);
    for (const id of ['constructor', 'toString', 'hasOwnProperty']) {
      assert.deepEqual(body.results[id], {
        error: { code: 'invalid_uuid', message: 'job id is not a valid UUID' },
      });
    }
  });

  test('a missing key is 401 before the body is validated', async () => {
    const anon = new ApiClient(c.url, null);
    const res = await anon.request('POST', '/crawl/v1/new', { url: 42 });
    assert.equal(res.status, 401);
    assert.equal(res.body, MESSAGES.UNAUTHORIZED);
    const s = await anon.request('POST', '/crawl/v1/session/new', { duration_seconds: 'x' });
    assert.deepEqual(s.body, { error: MESSAGES.UNAUTHORIZED });
  });
});
