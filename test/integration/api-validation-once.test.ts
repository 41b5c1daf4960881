// Each request is read once, by its route schema (docs/api.md "Validation"): unknown keys inside
// our own objects (`extract`, its fields, `pdf`, an action, `webhook`) are refused naming the key;
// a batch item is checked by /new's own schema and answered in its words; the Globalping POST has
// a schema and answers its refusals in Globalping's shape; path ids are read by one shared schema
// (each route keeps its own 404); and quotas are charged only once a request is valid, so an
// invalid body hears its validation error, never a quota's 429, and is not counted.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey, setKeyLimits } from '../../coordinator/auth/admin-ops.js';
import { ApiClient } from '../helpers/client.js';
import { removeDir, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { startMeasureAgent } from '../helpers/measure-fleet.js';

const JOB_NOT_FOUND = 'not found: job does not exist or you are not authorized to view it';
const fields = [{ name: 'title', selector: 'h1' }];

describe('validation once, by the route schemas', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let stopAgent: () => Promise<void>;

  before(async () => {
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    stopAgent = await startMeasureAgent(c, { deviceId: 'once-de-1', country: 'DE' });
  });
  after(async () => {
    await stopAgent();
    await c.stop();
    removeDir(c.dataDir);
  });

  /** A key whose jobs per day are all used up by one job. */
  async function fullKey(): Promise<{ key: string; api: ApiClient }> {
    const { key, record } = await createApiKey(c.coordinator.store, { name: 'once-full' });
    assert.ok(!('error' in (await setKeyLimits(c.coordinator.store, record.id, { 'jobs-per-day': '1' }))));
    const keyed = new ApiClient(c.url, key);
    assert.equal((await keyed.submit({ url: 'http://127.0.0.1:9/full' })).status, 201);
    return { key, api: keyed };
  }

  const refusals: Array<[string, Obj, string]> = [
    [
      'extract with baseSelector',
      { extract: { baseSelector: '.item', fields } },
      'invalid request: extract.baseSelector is not a known field',
    ],
    [
      'an extract field with an unknown key',
      { extract: { fields: [{ name: 'title', selector: 'h1', attr: 'href' }] } },
      'invalid request: extract.fields[0].attr is not a known field',
    ],
    [
      'a nested extract field with an unknown key',
      {
        extract: {
          fields: [{ name: 'item', selector: 'li', type: 'nested', fields: [{ name: 'a', selectr: 'a' }] }],
        },
      },
      'invalid request: extract.fields[0].fields[0].selectr is not a known field',
    ],
    [
      'pdf with an unknown key',
      { method: 'CRAWL_FULL_PAGE', pdf: { format: 'A4', margin: '1cm' } },
      'invalid request: pdf.margin is not a known field',
    ],
    [
      'an action with an unknown key',
      { method: 'CRAWL_FULL_PAGE', actions: [{ type: 'click', selector: 'a', all: true, force: true }] },
      'invalid request: actions[0].force is not a known field',
    ],
    [
      'webhook with an unknown key',
      { webhook: { url: 'https://hooks.example.test/', secret: 'x' } },
      'invalid request: webhook.secret is not a known field',
    ],
  ];

  for (const [name, extra, message] of refusals) {
    test(`/new refuses ${name}; a batch item is refused in the same words`, async () => {
      const body = { url: 'https://example.test/', ...extra };
      const one = await api.submit(body);
      assert.equal(one.status, 400, one.text);
      assert.equal(one.body, message);
      const batch = await api.request('POST', '/crawl/v1/batch/new', {
        jobs: [{ url: 'https://example.test/ok' }, body],
      });
      assert.equal(batch.status, 201, batch.text);
      const results = (batch.body as Obj).results as Obj[];
      assert.ok(results[0]?.job, JSON.stringify(results[0]));
      assert.deepEqual(results[1], { error: { code: 'invalid_request', message } });
    });
  }

  test('what the parsers word stays in their words; known keys pass', async () => {
    const missing = await api.submit({
      url: 'https://example.test/',
      extract: { base_selector: 'li', fields: [] },
    });
    assert.equal(missing.body, 'invalid request: extract.fields must be a non-empty array of fields');
    const ok = await api.submit({ url: 'https://example.test/', extract: { base_selector: 'li', fields } });
    assert.equal(ok.status, 201, ok.text);
  });

  test('the Globalping POST is read by its schema and refused in Globalping shape', async () => {
    const bad = await api.request('POST', '/v1/measurements', {
      type: 'ping',
      target: '127.0.0.1',
      inProgressUpdates: 'yes',
    });
    assert.equal(bad.status, 400, bad.text);
    assert.deepEqual(bad.body, {
      error: { type: 'validation_error', message: 'invalid request: inProgressUpdates must be boolean' },
    });
    const query = await api.request('POST', '/v1/measurements', {
      type: 'dns',
      target: 'example.test',
      measurementOptions: { query: { type: 'A', klass: 'IN' } },
    });
    assert.equal(query.status, 400, query.text);
    assert.deepEqual(query.body, {
      error: {
        type: 'validation_error',
        message: 'invalid request: measurementOptions.query.klass is not a known field',
      },
    });
    // The parser's own words for what it refuses, as before.
    const tls = await api.request('POST', '/v1/measurements', { type: 'tls', target: 'example.test' });
    assert.deepEqual(tls.body, {
      error: {
        type: 'validation_error',
        message: 'invalid request: type must be one of ping, traceroute, dns, mtr, http',
      },
    });
    const ok = await api.request('POST', '/v1/measurements', {
      type: 'ping',
      target: '127.0.0.1',
      locations: [{ country: 'DE', limit: null }],
      inProgressUpdates: true,
    });
    assert.equal(ok.status, 202, ok.text);
  });

  test('an invalid body hears its validation error, not a full quota, and is not counted', async () => {
    const { key, api: keyed } = await fullKey();
    // A valid body over the quota is refused by it.
    const over = await keyed.submit({ url: 'http://127.0.0.1:9/over' });
    assert.equal(over.status, 429);
    const cases: Array<[string, Obj, unknown]> = [
      ['/crawl/v1/new', { method: 'GET' }, 'invalid request: url is required'],
      ['/crawl/v1/sweep/new', { url: 'http://127.0.0.1:9/', regions: ['MARS'] }, null],
      ['/crawl/v1/measure/new', { type: 'ping', target: '127.0.0.1', packets: 0 }, null],
      [
        '/v1/measurements',
        { type: 'ping', target: '127.0.0.1', inProgressUpdates: 1 },
        {
          error: { type: 'validation_error', message: 'invalid request: inProgressUpdates must be boolean' },
        },
      ],
    ];
    for (const [path, body, expected] of cases) {
      const res = await keyed.request('POST', path, body);
      assert.equal(res.status, 400, `${path}: ${res.text}`);
      if (expected !== null) assert.deepEqual(res.body, expected);
    }
    const usage = (await new ApiClient(c.url, key).request('GET', '/crawl/v1/usage')).body as Obj;
    assert.equal((usage.usage as Obj).jobs_today, 1);
    assert.equal((usage.usage as Obj).sweeps_today, 0);
  });

  test('path ids: one schema, each route its own 404; a valid id in any case is found', async () => {
    const created = (await api.submit({ url: 'http://127.0.0.1:9/id' })).body as Obj;
    const upper = String(created.job_id).toUpperCase();
    assert.equal((await api.status(upper)).status, 200);
    const notFound: Array<[string, string, unknown]> = [
      ['GET', '/crawl/v1/status/nope', JOB_NOT_FOUND],
      ['GET', '/crawl/v1/sweep/nope', JOB_NOT_FOUND],
      ['GET', '/crawl/v1/batch/nope', JOB_NOT_FOUND],
      ['GET', '/crawl/v1/measure/nope', JOB_NOT_FOUND],
      ['GET', '/crawl/v1/sweep/schedule/nope', JOB_NOT_FOUND],
      ['GET', '/crawl/v1/jobs/nope/events', JOB_NOT_FOUND],
      ['GET', '/crawl/v1/session/nope', { error: 'not found: session does not exist' }],
      ['POST', '/crawl/v1/session/nope/close', { error: 'not found: session does not exist' }],
      ['GET', '/crawl/v1/crawl/nope', 'not found: crawl does not exist or you are not authorized to view it'],
      ['GET', '/v1/measurements/nope', { error: { type: 'not_found', message: JOB_NOT_FOUND } }],
      ['GET', `/crawl/v1/sweep/${crypto.randomUUID()}/report/${'t'.repeat(129)}`, JOB_NOT_FOUND],
      // The id is read first: a path naming nothing is 404 whatever its query says.
      ['GET', '/crawl/v1/jobs/nope/download?format=bogus', JOB_NOT_FOUND],
    ];
    for (const [method, path, body] of notFound) {
      const res = await api.request(method, path);
      assert.equal(res.status, 404, `${method} ${path}: ${res.text}`);
      assert.deepEqual(res.body, body, `${method} ${path}`);
    }
  });

  test("the batch status query is read by its schema's parser, in the contract's words", async () => {
    const made = (
      await api.request('POST', '/crawl/v1/batch/new', { jobs: [{ url: 'http://127.0.0.1:9/q' }] })
    ).body as Obj;
    const path = `/crawl/v1/batch/${made.batch_id}`;
    for (const limit of ['abc', '0', '1001']) {
      const res = await api.request('GET', `${path}?limit=${limit}`);
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body, 'invalid request: limit must be an integer from 1 to 1000');
    }
    const page = await api.request('GET', `${path}?limit=1&cursor=0`);
    assert.equal(page.status, 200, page.text);
    assert.deepEqual((page.body as Obj).job_ids, []);
  });
});
