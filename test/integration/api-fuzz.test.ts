// Property-based fuzzing of the whole HTTP API through app.inject() on a real SQLite-backed
// coordinator: random methods, real routes with mutated ids, query strings, headers and hostile
// bodies. Whatever arrives, the answer is never a 500, and every 4xx is JSON in the contract's
// shape of its route family with a contract message.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { partName } from '../../coordinator/results/content.js';
import { contentKey } from '../../coordinator/storage/types.js';
import { startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { resultRecord } from '../helpers/records.js';

/** Generated requests; at least 10,000 run in CI. FUZZ_RUNS raises it for a longer local hunt. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const PREFIXES = [
  'invalid request: ',
  'unauthorized: ',
  'not found: ',
  'forbidden: ',
  'conflict: ',
  'gone: ',
  'too many requests: ',
];
const ROUTES: Array<[string, RegExp]> = [
  ['POST', /^\/crawl\/v1\/new$/],
  ['POST', /^\/crawl\/v1\/jobs\/batch\/status$/],
  ['GET', /^\/crawl\/v1\/status\/[^/]*$/],
  ['GET', /^\/crawl\/v1\/jobs\/[^/]*\/(detail|download|screenshot)$/],
  ['POST', /^\/crawl\/v1\/sweep\/new$/],
  ['GET', /^\/crawl\/v1\/sweep\/[^/]*$/],
  ['GET', /^\/crawl\/v1\/devices$/],
  ['POST', /^\/crawl\/v1\/sweep\/schedule(\/[^/]*\/(pause|resume))?$/],
  ['GET', /^\/crawl\/v1\/sweep\/schedule(\/[^/]*)?$/],
  ['DELETE', /^\/crawl\/v1\/sweep\/schedule\/[^/]*$/],
];
const SESSION_ROUTES: Array<[string, RegExp]> = [
  ['POST', /^\/crawl\/v1\/session\/new$/],
  ['GET', /^\/crawl\/v1\/session\/[^/]*(\/jobs)?$/],
  ['POST', /^\/crawl\/v1\/session\/[^/]*\/close$/],
];
/** Whether `method` and `path` (after the URL's own dot-segment resolution) name one of `routes`. */
function routed(routes: Array<[string, RegExp]>, method: string, path: string): boolean {
  const resolved = new URL(path, 'http://api.test').pathname;
  return routes.some(([m, re]) => (m === method || (m === 'GET' && method === 'HEAD')) && re.test(resolved));
}

describe('API fuzz', () => {
  let c: TestCoordinator;
  const ids: string[] = [];
  before(async () => {
    c = await startTestCoordinator();
    const store = c.coordinator.store;
    const inject = (method: string, url: string, payload?: unknown) =>
      c.coordinator.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${c.apiKey}`, 'content-type': 'application/json' },
        payload: payload === undefined ? undefined : JSON.stringify(payload),
      });
    const pending = (
      await inject('POST', '/crawl/v1/new', { url: 'https://x.test/', timeout_sec: 300 })
    ).json();
    const done = (
      await inject('POST', '/crawl/v1/new', { url: 'https://x.test/page', timeout_sec: 300 })
    ).json();
    const job = await store.getJob(done.job_id);
    assert.ok(job);
    const page = Buffer.from('<html><body><nav>n</nav><p>Some <a href="/a">words</a>.</p></body></html>');
    await c.coordinator.storages.local.put(
      contentKey(job.ownerId, job.id, partName(1, 'body')),
      page,
      'text/html',
    );
    await store.completeJob(
      job.id,
      resultRecord({
        contentType: 'text/html',
        finalUrl: 'https://x.test/page',
        parts: { body: page.length },
      }),
      new Date().toISOString(),
    );
    const session = (await inject('POST', '/crawl/v1/session/new', { duration_seconds: 3600 })).json();
    const sweep = (
      await inject('POST', '/crawl/v1/sweep/new', { url: 'https://x.test/', regions: ['EU'] })
    ).json();
    ids.push(
      pending.job_id,
      done.job_id,
      session.id,
      sweep.sweep_id,
      String(sweep.report_url).split('/').at(-1) ?? '',
    );
  });
  after(() => c.stop());

  test(`${RUNS} generated requests: no 500, every error in the contract's shape`, async (t) => {
    const segment = fc.oneof(
      fc.constantFrom(...ids),
      fc.uuid(),
      fc.constantFrom(
        '__proto__',
        'constructor',
        '..',
        '%zz',
        '%00',
        '%2F',
        'a'.repeat(150),
        '%E2%82%AC',
        ' ',
      ),
      fc.string({ maxLength: 40 }).map(encodeURIComponent),
      fc.string({ unit: 'grapheme', maxLength: 10 }).map(encodeURIComponent),
    );
    const path = fc.oneof(
      fc.constant('/crawl/v1/new'),
      fc.constant('/crawl/v1/jobs/batch/status'),
      fc.constant('/crawl/v1/sweep/new'),
      fc.constant('/crawl/v1/session/new'),
      fc.constant('/crawl/v1/devices'),
      segment.map((s) => `/crawl/v1/status/${s}`),
      fc
        .tuple(segment, fc.constantFrom('detail', 'download', 'screenshot', 'x'))
        .map(([s, r]) => `/crawl/v1/jobs/${s}/${r}`),
      segment.map((s) => `/crawl/v1/sweep/${s}`),
      fc.tuple(segment, segment).map(([s, tok]) => `/crawl/v1/sweep/${s}/report/${tok}`),
      fc
        .tuple(segment, fc.constantFrom('', '/jobs', '/close', '/other'))
        .map(([s, r]) => `/crawl/v1/session/${s}${r}`),
      fc.string({ maxLength: 30 }).map((s) => `/${encodeURIComponent(s)}`),
      fc.constantFrom('/', '/crawl/v1', '/crawl/v1/', '//crawl//v1//new', '/crawl/v1/new/', '/healthz'),
    );
    const query = fc.option(
      fc
        .array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom('format', 'parse_cookies', 'include_body', 'connected'),
              fc.string({ maxLength: 8 }),
            ),
            fc.oneof(
              fc.constantFrom(
                'json',
                'raw',
                'html',
                'markdown',
                'text',
                'true',
                'false',
                '1',
                '',
                'x',
                '__proto__',
              ),
              fc.string({ maxLength: 12 }),
            ),
          ),
          { maxLength: 3 },
        )
        .map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
      { nil: '' },
    );
    const deep = (n: number, open: string, close: string) =>
      `{"job_ids":${open.repeat(n)}${close.repeat(n)}}`;
    const fieldValue = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(1e308, -0, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, '', '\u0000', '\ud800', 'GET', 'NA'),
    );
    const validish = fc
      .record(
        {
          url: fc.oneof(fc.constant('https://x.test/'), fc.webUrl(), fieldValue),
          method: fc.oneof(
            fc.constantFrom('GET', 'post', 'SOLANA_JSON_RPC', 'CRAWL_FULL_PAGE', 'PATCH'),
            fieldValue,
          ),
          timeout_sec: fc.oneof(fc.integer({ min: -5, max: 400 }), fieldValue),
          headers: fc.oneof(
            fc.dictionary(fc.string({ maxLength: 8 }), fc.array(fc.string({ maxLength: 8 }))),
            fieldValue,
          ),
          body: fc.oneof(fc.base64String({ maxLength: 40 }), fieldValue),
          cookies: fc.oneof(
            fc.array(fc.record({ name: fc.string(), value: fc.string() }), { maxLength: 3 }),
            fieldValue,
          ),
          placement: fc.oneof(
            fc.record(
              { region: fc.constantFrom('NA', 'EU', 'moon'), country: fc.constantFrom('DE', 'ZZ', 'de') },
              { requiredKeys: [] },
            ),
            fieldValue,
          ),
          storage_type: fc.oneof(fc.constantFrom('local', 's3'), fieldValue),
          session_id: fc.oneof(fc.constantFrom(...ids), fieldValue),
          job_ids: fc.oneof(
            fc.array(fc.oneof(fc.uuid(), fc.constantFrom(...ids), fieldValue), { maxLength: 5 }),
            fieldValue,
          ),
          regions: fc.oneof(fc.array(fc.constantFrom('NA', 'EU', 'eu', 'XX')), fieldValue),
          tries_per_region: fc.oneof(fc.integer({ min: 0, max: 11 }), fieldValue),
          duration_seconds: fc.oneof(fc.integer({ min: 0, max: 4000 }), fieldValue),
          device_type: fc.oneof(fc.constantFrom('mobile', 'desktop', 'toaster'), fieldValue),
        },
        { requiredKeys: [] },
      )
      .map((o) => JSON.stringify(o));
    const body = fc.oneof(
      fc.constant(undefined),
      { weight: 3, arbitrary: validish },
      fc.json({ maxDepth: 4 }),
      fc.constantFrom(
        deep(100_000, '[', ']'),
        deep(33, '[', ']'),
        deep(31, '[', ']'),
        deep(5_000, '{"a":', '}'),
        '{"__proto__":{"admin":true},"url":"https://x.test/"}',
        '{"placement":{"__proto__":"x"},"url":"https://x.test/"}',
        '{"job_ids":["__proto__","__proto__","constructor"]}',
        '{"timeout_sec":1e400,"url":"https://x.test/"}',
        '{"url":"https://x.test/","timeout_sec":123456789012345678901234567890}',
        '{"url": ',
        '\u0000',
        '{"a":"\\ud800"}',
        'null',
        '[]',
        '"x"',
      ),
      fc.string({ maxLength: 60 }),
    );
    const headers = fc.record({
      authorization: fc.oneof(
        { weight: 6, arbitrary: fc.constant(`Bearer ${c.apiKey}`) },
        fc.constantFrom('Bearer ck_bad', 'Basic x', '', `Bearer ${'k'.repeat(600)}`, undefined),
      ),
      'content-type': fc.constantFrom(
        'application/json',
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=utf-16',
        ';;;',
        undefined,
      ),
      accept: fc.constantFrom('application/json', '*/*', 'text/html', undefined),
    });
    const method = fc.constantFrom('GET', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS');
    // Mostly a real route with its own method (so validation and handlers are exercised), else anything.
    const real = fc.oneof(
      fc.constant(['POST', '/crawl/v1/new']),
      fc.constant(['POST', '/crawl/v1/jobs/batch/status']),
      fc.constant(['POST', '/crawl/v1/sweep/new']),
      fc.constant(['POST', '/crawl/v1/session/new']),
      fc.constant(['GET', '/crawl/v1/devices']),
      segment.map((id) => ['GET', `/crawl/v1/status/${id}`]),
      fc
        .tuple(segment, fc.constantFrom('detail', 'download', 'screenshot'))
        .map(([id, r]) => ['GET', `/crawl/v1/jobs/${id}/${r}`]),
      segment.map((id) => ['GET', `/crawl/v1/sweep/${id}`]),
      fc
        .tuple(segment, fc.constantFrom('', '/jobs'))
        .map(([id, r]) => ['GET', `/crawl/v1/session/${id}${r}`]),
      segment.map((id) => ['POST', `/crawl/v1/session/${id}/close`]),
      fc.constant(['POST', '/crawl/v1/sweep/schedule']),
      fc
        .tuple(segment, fc.constantFrom('GET', 'POST', 'DELETE'))
        .map(([id, m]) => [
          m,
          m === 'POST' ? `/crawl/v1/sweep/schedule/${id}/pause` : `/crawl/v1/sweep/schedule/${id}`,
        ]),
    ) as fc.Arbitrary<[string, string]>;
    const target = fc.oneof({ weight: 3, arbitrary: real }, { weight: 1, arbitrary: fc.tuple(method, path) });

    const statuses = new Map<number, number>();
    let requests = 0;
    await fc.assert(
      fc.asyncProperty(target, query, headers, body, async ([m, p], q, h, b) => {
        const clean = Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<
          string,
          string
        >;
        const res = await c.coordinator.app.inject({
          method: m as 'GET',
          url: `${p}${q}`,
          headers: clean,
          payload: m === 'GET' || m === 'HEAD' ? undefined : b,
        });
        requests++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const where = `${m} ${p}${q} ${JSON.stringify(h)} ${String(b).slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 120)}`;
        assert.ok(res.statusCode < 500, where);
        if (m === 'HEAD' || res.statusCode === 204) return;
        if (res.statusCode < 400) {
          const form = new URLSearchParams(q).get('format');
          const nonJson =
            /\/(screenshot|report)\b/.test(p) || (form !== null && form !== 'json') || p === '/healthz';
          if (!nonJson) assert.match(String(res.headers['content-type']), /^application\/json/, where);
          return;
        }
        assert.match(String(res.headers['content-type']), /^application\/json/, where);
        const parsed = JSON.parse(res.body) as unknown;
        const session =
          routed(SESSION_ROUTES, m, p) &&
          !(res.statusCode === 404 && parsed === 'not found: no such endpoint');
        if (session) {
          assert.ok(parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed), where);
          assert.deepEqual(Object.keys(parsed as object), ['error'], where);
        } else {
          assert.equal(typeof parsed, 'string', where);
          if (!routed(ROUTES, m, p) && !p.includes('/report/') && res.statusCode === 404) {
            assert.equal(parsed, 'not found: no such endpoint', where);
          }
        }
        const message = session ? (parsed as { error: string }).error : (parsed as string);
        assert.ok(
          PREFIXES.some((prefix) => message.startsWith(prefix)),
          where,
        );
      }),
      {
        numRuns: RUNS,
        seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
        includeErrorInReport: true,
      },
    );
    const counts = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    t.diagnostic(`${requests} requests; by status ${counts.join(', ')}`);
    assert.ok(requests >= RUNS);
    assert.equal(statuses.get(500) ?? 0, 0);
  });
});
