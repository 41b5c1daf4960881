// Each request part is validated once, before the handler (docs/api.md "Validation"): the handler
// gets the parsed input, an Idempotency-Key still identifies the body as the client sent it, and a
// session may be created with no body at all.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiClient } from '../helpers/client.js';
import { startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';

describe('request validation before the handler', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  before(async () => {
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
  });
  after(() => c.stop());

  test('the handler stores what the parser made of the body', async () => {
    const res = await api.submit({
      url: 'https://example.test/',
      method: 'post',
      body: 'e30 =',
      placement: { region: 'eu', country: 'de' },
      headers: { 'X-One': 'a', 'X-Two': ['b', 'c'] },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const job = res.body as { job_id: string; method: string; placement: Record<string, string> };
    assert.equal(job.method, 'POST');
    assert.deepEqual(job.placement, { region: 'EU', country: 'DE' });
    const stored = await c.coordinator.store.getJob(job.job_id);
    assert.equal(stored?.request.bodyBase64, 'e30=', 'whitespace is dropped from the base64 body');
    assert.deepEqual(stored?.request.headers, [
      { name: 'X-One', value: 'a' },
      { name: 'X-Two', value: 'b' },
      { name: 'X-Two', value: 'c' },
    ]);
  });

  test('an Idempotency-Key compares the body as sent, not as parsed', async () => {
    const key = `k-${Date.now()}`;
    const first = await api.request(
      'POST',
      '/crawl/v1/new',
      { url: 'https://example.test/', method: 'GET' },
      { 'idempotency-key': key },
    );
    assert.equal(first.status, 201);
    const same = await api.request(
      'POST',
      '/crawl/v1/new',
      { method: 'GET', url: 'https://example.test/' },
      { 'idempotency-key': key },
    );
    assert.equal(same.status, 201);
    assert.deepEqual(same.body, first.body);
    // Parsed, both read GET; as sent they differ, and the key says "another request".
    const other = await api.request(
      'POST',
      '/crawl/v1/new',
      { url: 'https://example.test/', method: 'get' },
      { 'idempotency-key': key },
    );
    assert.equal(other.status, 422);
  });

  test('a session is created with no body at all (docs/api.md: an empty body is fine)', async () => {
    const res = await api.request('POST', '/crawl/v1/session/new');
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const session = res.body as {
      status: string;
      placement: unknown;
      created_at: string;
      expires_at: string;
    };
    assert.equal(session.status, 'active');
    assert.equal(session.placement, null);
    assert.equal(Date.parse(session.expires_at) - Date.parse(session.created_at), 60_000);
  });

  test('the body of an ordinary job is checked as base64, spaces allowed, other text refused', async () => {
    const bad = await api.submit({ url: 'https://example.test/', method: 'POST', body: 'not base64!' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body, 'invalid request: body must be base64-encoded');
  });
});
