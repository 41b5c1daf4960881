// The public contract's status codes and exact error strings, through a real coordinator socket.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { MESSAGES } from '../../coordinator/errors.js';
import { ApiClient } from '../helpers/client.js';
import { startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { resultRecord } from '../helpers/records.js';

describe('API contract: errors and validation', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  before(async () => {
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
  });
  after(() => c.stop());

  test('missing or invalid API key → 401 with the contract message on every endpoint', async () => {
    const id = randomUUID();
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/crawl/v1/new', { url: 'https://example.test/' }],
      ['POST', '/crawl/v1/jobs/batch/status', { job_ids: [id] }],
      ['GET', `/crawl/v1/status/${id}`],
      ['GET', `/crawl/v1/jobs/${id}/detail`],
      ['GET', `/crawl/v1/jobs/${id}/download`],
      ['POST', '/crawl/v1/session/new', { duration_seconds: 60 }],
      ['GET', `/crawl/v1/session/${id}`],
      ['GET', `/crawl/v1/session/${id}/jobs`],
      ['POST', `/crawl/v1/session/${id}/close`],
    ];
    for (const key of [null, 'ck_not-a-real-key']) {
      const anon = new ApiClient(c.url, key);
      for (const [method, path, body] of calls) {
        const res = await anon.request(method, path, body);
        assert.equal(res.status, 401, `${method} ${path}`);
        const expected = path.startsWith('/crawl/v1/session')
          ? { error: MESSAGES.UNAUTHORIZED }
          : MESSAGES.UNAUTHORIZED;
        assert.deepEqual(res.body, expected, `${method} ${path}`);
      }
    }
  });

  test('api_key in the body is accepted on job creation', async () => {
    const anon = new ApiClient(c.url, null);
    const res = await anon.submit({ url: 'https://example.test/', api_key: c.apiKey, timeout_sec: 1 });
    assert.equal(res.status, 201);
    assert.equal((res.body as { status: string }).status, 'pending');
  });

  test('a revoked key is refused', async () => {
    const { createApiKey } = await import('../../coordinator/auth/admin-ops.js');
    const { key, record } = await createApiKey(c.coordinator.store);
    await c.coordinator.store.revokeApiKey(record.id, new Date().toISOString());
    const res = await new ApiClient(c.url, key).status(randomUUID());
    assert.equal(res.status, 401);
  });

  test('job creation validation names the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'invalid request: url is required'],
      [{ url: 42 }, 'invalid request: url must be a string'],
      [{ url: 'ftp://x/' }, 'invalid request: url must be an absolute http or https URL'],
      [{ url: 'not a url' }, 'invalid request: url must be an absolute http or https URL'],
      [
        { url: 'https://x/', method: 'PATCH' },
        'invalid request: method must be one of GET, POST, PUT, DELETE, HEAD, OPTIONS, SOLANA_JSON_RPC, CRAWL_FULL_PAGE',
      ],
      [
        { url: 'https://x/', timeout_sec: 0 },
        'invalid request: timeout_sec must be an integer from 1 to 300',
      ],
      [
        { url: 'https://x/', timeout_sec: 301 },
        'invalid request: timeout_sec must be an integer from 1 to 300',
      ],
      [
        { url: 'https://x/', timeout_sec: 2.5 },
        'invalid request: timeout_sec must be an integer from 1 to 300',
      ],
      [
        { url: 'https://x/', timeout_sec: '30' },
        'invalid request: timeout_sec must be an integer from 1 to 300',
      ],
      [{ url: 'https://x/', headers: ['a'] }, 'invalid request: headers must be a JSON object'],
      [
        { url: 'https://x/', headers: { 'X-A': [1] } },
        'invalid request: headers.X-A must be an array of strings',
      ],
      [
        { url: 'https://x/', headers: { 'bad name': ['v'] } },
        'invalid request: headers: "bad name" is not a valid header name',
      ],
      [
        { url: 'https://x/', headers: { 'X-A': ['a\r\nb'] } },
        'invalid request: headers.X-A must not contain line breaks',
      ],
      [{ url: 'https://x/', body: '***' }, 'invalid request: body must be base64-encoded'],
      [{ url: 'https://x/', cookies: {} }, 'invalid request: cookies must be an array of cookie objects'],
      [{ url: 'https://x/', cookies: [{ value: 'v' }] }, 'invalid request: cookies[0].name is required'],
      [
        { url: 'https://x/', placement: { planet: 'mars' } },
        'invalid request: placement.planet is not a known placement field',
      ],
      [
        { url: 'https://x/', placement: { region: 'MOON' } },
        'invalid request: placement.region must be one of NA, EU, APAC, LATAM, MEA',
      ],
      [
        { url: 'https://x/', placement: { country: 'ZZ' } },
        'invalid request: placement.country must be an ISO 3166-1 alpha-2 country code',
      ],
      [
        { url: 'https://x/', placement: { device_type: 'toaster' } },
        'invalid request: placement.device_type must be one of mobile, desktop, server',
      ],
      [{ url: 'https://x/', storage_type: 'tape' }, 'invalid request: storage_type must be local or s3'],
      [
        { url: 'https://x/', storage_type: 's3' },
        'invalid request: storage_type s3 is not configured on this coordinator',
      ],
      [{ url: 'https://x/', session_id: 'nope' }, 'invalid request: session_id must be a UUID'],
      [{ url: 'https://x/', session_id: randomUUID() }, 'invalid request: session does not exist'],
      [[1, 2], 'invalid request: body must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const res = await api.submit(body as Record<string, unknown>);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body, message, JSON.stringify(body));
    }
  });

  test('malformed JSON and wrong content type are 400, not 500', async () => {
    let res = await api.request('POST', '/crawl/v1/new', '{"url": ');
    assert.equal(res.status, 400);
    assert.equal(res.body, 'invalid request: body is not valid JSON');
    res = await api.request('POST', '/crawl/v1/new', 'url=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    assert.equal(res.status, 400);
    assert.equal(res.body, 'invalid request: Content-Type must be application/json');
    res = await api.request('POST', '/crawl/v1/session/new', '{bad', {});
    assert.deepEqual(res.body, { error: 'invalid request: body is not valid JSON' });
  });

  test('request bodies over the limit are refused with 400', async () => {
    const big = { url: 'https://x/', body: 'A'.repeat(11 * 1024 * 1024) };
    const res = await api.submit(big);
    assert.equal(res.status, 400);
    assert.equal(res.body, 'invalid request: request body is too large');
  });

  test('unknown or foreign jobs are 404 on status, detail and download', async () => {
    const { job_id } = (await api.submit({ url: 'https://example.test/', timeout_sec: 1 })).body as {
      job_id: string;
    };
    const other = new ApiClient(c.url, await c.newKey());
    for (const client of [api, other]) {
      const id = client === api ? randomUUID() : job_id;
      for (const path of [
        `/crawl/v1/status/${id}`,
        `/crawl/v1/jobs/${id}/detail`,
        `/crawl/v1/jobs/${id}/download`,
      ]) {
        const res = await client.request('GET', path);
        assert.equal(res.status, 404, path);
        assert.equal(res.body, MESSAGES.JOB_NOT_FOUND);
      }
    }
    const res = await api.request('GET', '/crawl/v1/jobs/not-a-uuid/detail');
    assert.equal(res.status, 404);
  });

  test('download before completion is 409; archived content is 410 while status and detail still work', async () => {
    const { job_id } = (await api.submit({ url: 'https://example.test/', timeout_sec: 5 })).body as {
      job_id: string;
    };
    let res = await api.request('GET', `/crawl/v1/jobs/${job_id}/download`);
    assert.equal(res.status, 409);
    assert.equal(res.body, MESSAGES.NOT_COMPLETED);
    const store = c.coordinator.store;
    await store.completeJob(job_id, resultRecord(), new Date().toISOString());
    res = await api.request('GET', `/crawl/v1/jobs/${job_id}/download`);
    assert.equal(res.status, 200);
    await store.markArchived(job_id, new Date().toISOString());
    res = await api.request('GET', `/crawl/v1/jobs/${job_id}/download`);
    assert.equal(res.status, 410);
    assert.equal(res.body, MESSAGES.ARCHIVED);
    assert.equal((await api.status(job_id)).status, 200);
    assert.equal((await api.request('GET', `/crawl/v1/jobs/${job_id}/detail`)).status, 200);
  });

  test('batch status: found, not_found, invalid_uuid, foreign ids, and the 1000-id limit', async () => {
    const mine = (
      (await api.submit({ url: 'https://example.test/', timeout_sec: 1 })).body as { job_id: string }
    ).job_id;
    const other = new ApiClient(c.url, await c.newKey());
    const theirs = (
      (await other.submit({ url: 'https://example.test/', timeout_sec: 1 })).body as { job_id: string }
    ).job_id;
    const missing = randomUUID();
    const res = await api.request('POST', '/crawl/v1/jobs/batch/status', {
      job_ids: [mine, theirs, missing, 'bogus'],
    });
    assert.equal(res.status, 200);
    const body = res.body as {
      requested_count: number;
      found_count: number;
      results: Record<string, Record<string, { code?: string; job_id?: string }>>;
    };
    assert.equal(body.requested_count, 4);
    assert.equal(body.found_count, 1);
    assert.equal(body.results[mine]?.job?.job_id, mine);
    assert.equal(body.results[theirs]?.error?.code, 'not_found');
    assert.equal(body.results[missing]?.error?.code, 'not_found');
    assert.equal(body.results.bogus?.error?.code, 'invalid_uuid');
    const ok = await api.request('POST', '/crawl/v1/jobs/batch/status', {
      job_ids: Array.from({ length: 1000 }, () => randomUUID()),
    });
    assert.equal(ok.status, 200);
    assert.equal((ok.body as { requested_count: number }).requested_count, 1000);
    const tooMany = await api.request('POST', '/crawl/v1/jobs/batch/status', {
      job_ids: Array.from({ length: 1001 }, () => randomUUID()),
    });
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body, 'invalid request: job_ids must have at most 1000 entries');
    const notArray = await api.request('POST', '/crawl/v1/jobs/batch/status', { job_ids: 'x' });
    assert.equal(notArray.body, 'invalid request: job_ids must be an array of job id strings');
  });

  test('session endpoints answer errors as {"error": ...}', async () => {
    const missing = randomUUID();
    for (const [method, path] of [
      ['GET', `/crawl/v1/session/${missing}`],
      ['GET', `/crawl/v1/session/${missing}/jobs`],
      ['POST', `/crawl/v1/session/${missing}/close`],
    ] as const) {
      const res = await api.request(method, path);
      assert.equal(res.status, 404);
      assert.deepEqual(res.body, { error: MESSAGES.SESSION_NOT_FOUND });
    }
    for (const d of [0, 3601, 'x']) {
      const res = await api.request('POST', '/crawl/v1/session/new', { duration_seconds: d });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, {
        error: 'invalid request: duration_seconds must be an integer from 1 to 3600',
      });
    }
    const bad = await api.request('POST', '/crawl/v1/session/new', { placement: { colour: 'red' } });
    assert.deepEqual(bad.body, { error: 'invalid request: placement.colour is not a known placement field' });
  });

  test('another owner’s session is a 404', async () => {
    const s = (await api.request('POST', '/crawl/v1/session/new', { duration_seconds: 60 })).body as {
      id: string;
    };
    const other = new ApiClient(c.url, await c.newKey());
    const res = await other.request('GET', `/crawl/v1/session/${s.id}`);
    assert.equal(res.status, 404);
    const job = await other.submit({ url: 'https://x/', session_id: s.id });
    assert.equal(job.body, 'invalid request: session does not exist');
  });

  test('an internal failure is a 500 with the contract message and no details', async () => {
    const spare = await startTestCoordinator();
    await spare.coordinator.store.close(); // every query now throws inside the handler
    const res = await new ApiClient(spare.url, spare.apiKey).status(randomUUID());
    assert.equal(res.status, 500);
    assert.equal(res.body, MESSAGES.INTERNAL);
    const s = await new ApiClient(spare.url, spare.apiKey).request(
      'GET',
      `/crawl/v1/session/${randomUUID()}`,
    );
    assert.deepEqual(s.body, { error: MESSAGES.INTERNAL });
    await spare.stop();
  });
});
