// Page actions on local fixture sites in a real Chromium (docs/actions.md): a login in one job of a
// session and the members page in the next, infinite scroll to a count, a load-more button, a
// selector that never appears, a click to a private address, secrets kept out of everything.
// Skipped (with the reason) only when no Chromium is installed.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { BrowserExecutor } from '../../agent/executors/browser/index.js';
import type { ExecOutcome, ExecRequest } from '../../agent/executors/types.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { type PageAction, parseActions } from '../../proto/index.js';
import { BATCH_SIZE, MEMBERS_TEXT, PRIVATE_LINK, SECRET_PASSWORD } from '../helpers/action-pages.js';
import { type FixtureSites, startFixtureSites } from '../helpers/fixture-sites.js';
import { chromiumNeed } from '../helpers/needs.js';

const { browser, skip } = await chromiumNeed();

/** Every text an outcome carries, content parts included, as one string. */
function everything(out: ExecOutcome): string {
  return JSON.stringify(out, (_k, v: unknown) => {
    if (v && typeof v === 'object' && (v as { type?: string }).type === 'Buffer') {
      return Buffer.from((v as { data: number[] }).data).toString('utf8');
    }
    return v;
  });
}

describe('page actions in a real Chromium', { skip }, () => {
  let sites: FixtureSites;
  let executor: BrowserExecutor;
  const logLines: string[] = [];
  const log = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    }),
  );

  before(async () => {
    sites = await startFixtureSites();
    // A non-lab policy: loopback for the fixture sites, every private range refused.
    const policy = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] });
    executor = new BrowserExecutor({
      executablePath: browser!.path, // the suite is skipped when no browser was found
      policy,
      maxBodyBytes: 5_000_000,
      settleMs: 100,
      log,
    });
  });
  after(async () => {
    await executor?.close();
    await sites?.close();
  });

  const run = (path: string, actions: unknown[], fields: Partial<ExecRequest> = {}) => {
    const timeoutMs = fields.timeoutMs ?? 20_000;
    return executor.execute(
      {
        jobId: randomUUID(),
        attempt: 1,
        method: 'CRAWL_FULL_PAGE',
        url: sites.url + path,
        timeoutMs,
        headers: [],
        body: Buffer.alloc(0),
        cookies: [],
        sessionId: '',
        deviceType: 'desktop',
        page: { actions: parseActions(actions, timeoutMs) as PageAction[] },
        ...fields,
      },
      { signal: new AbortController().signal, log },
    );
  };
  const login = [
    { type: 'type', selector: '#user', text: 'ada' },
    { type: 'type', selector: '#pass', text: SECRET_PASSWORD, secret: true },
    { type: 'click', selector: '#go' },
    { type: 'wait_for', selector: '#welcome' },
  ];

  test('a login form, then the members page in the next job of the same session', async () => {
    const sessionId = randomUUID();
    const first = await run('/login', login, { sessionId });
    assert.equal(first.success, true, first.errorMessage);
    assert.deepEqual(
      first.actions?.map((a) => [a.index, a.type, a.status]),
      [
        [0, 'type', 'ok'],
        [1, 'type', 'ok'],
        [2, 'click', 'ok'],
        [3, 'wait_for', 'ok'],
      ],
    );
    assert.ok(first.content.fullPage?.toString().includes(MEMBERS_TEXT), 'the final DOM is the members page');
    const next = await run('/members', [{ type: 'wait_for', selector: 'h1' }], { sessionId });
    assert.equal(next.success, true, next.errorMessage);
    assert.ok(next.content.fullPage?.toString().includes(MEMBERS_TEXT), 'the session kept the login cookie');
    const outside = await run('/members', [{ type: 'wait_for', selector: 'h1' }]);
    assert.ok(
      outside.content.fullPage?.toString().includes('Please log in'),
      'a job outside it is not logged in',
    );
    await executor.endSession(sessionId);
  });

  test('infinite scroll loads 5 batches until the count is reached', async () => {
    const before = sites.requests.filter((p) => p.startsWith('/api/batch')).length;
    const out = await run('/infinite', [
      { type: 'scroll', to: 'bottom', until_selector: '.item', until_count: 6 * BATCH_SIZE, max_steps: 20 },
      { type: 'evaluate', script: "return document.querySelectorAll('.item').length" },
    ]);
    assert.equal(out.success, true, out.errorMessage);
    assert.equal(out.actions?.[0]?.status, 'ok');
    assert.equal(out.actions?.[0]?.count, 5, 'one scroll step per batch, stopped at the count');
    assert.equal(out.actions?.[1]?.resultJson, String(6 * BATCH_SIZE));
    // (Reading the page afterwards may scroll it once more: the page may load a batch past them.)
    const batches = sites.requests.filter((p) => p.startsWith('/api/batch')).slice(before, before + 5);
    assert.deepEqual(
      batches,
      [1, 2, 3, 4, 5].map((n) => `/api/batch?page=${n}`),
    );
  });

  test('a load-more button clicked until it is gone', async () => {
    const click = { type: 'click', selector: '#more' };
    const out = await run('/load-more', [
      click,
      { type: 'wait_for', selector: `.item:nth-child(${2 * BATCH_SIZE})` },
      click,
      { type: 'wait_for', selector: `.item:nth-child(${3 * BATCH_SIZE})` },
      click,
      { type: 'wait_for', selector: '#more', state: 'hidden' },
      { type: 'evaluate', script: "return document.querySelectorAll('.item').length" },
    ]);
    assert.equal(out.success, true, out.errorMessage);
    assert.equal(out.actions?.at(-1)?.resultJson, String(4 * BATCH_SIZE));
  });

  test('a selector that never appears ends the job with the action index, within its timeout', async () => {
    const started = performance.now();
    const out = await run('/load-more', [
      { type: 'click', selector: '#missing', optional: true, timeout_ms: 300 },
      { type: 'wait_for', selector: '#never', timeout_ms: 1000 },
      { type: 'click', selector: '#more' },
    ]);
    const tookMs = performance.now() - started;
    assert.equal(out.success, false);
    assert.equal(out.errorType, 'action');
    assert.match(out.errorMessage, /^action 1 \(wait_for\) timed_out: /);
    assert.deepEqual(
      out.actions?.map((a) => [a.index, a.status, a.optional]),
      [
        [0, 'not_found', true],
        [1, 'timed_out', false],
      ],
      'the run stopped at the failing action; the optional one before it did not end it',
    );
    assert.ok((out.actions?.[1]?.durationMs ?? 0) >= 900, 'waited its timeout');
    assert.ok(tookMs < 8000, `within the action's timeout, not the job's (${tookMs} ms)`);
    assert.ok(out.content.fullPage, 'the page as it stood is still read');
  });

  test('a click navigating to a private address is refused by the policy', async () => {
    const out = await run('/private-link', [{ type: 'click', selector: '#away' }]);
    assert.equal(out.success, false);
    assert.equal(out.errorType, 'action');
    assert.equal(out.actions?.[0]?.status, 'blocked');
    assert.match(out.actions?.[0]?.error ?? '', /refused/);
    const rr = out.requestResults.find((r) => r.url === PRIVATE_LINK);
    assert.equal(rr?.success, false, 'the private address was never reached');
    assert.equal(rr?.statusCode, 0);
  });

  test('a secret typed leaves no trace in the outcome, its parts or the logs', async () => {
    logLines.length = 0;
    // A GET form: the password lands in the URL, the HAR and the request list, and is scrubbed there.
    const out = await run('/login?method=get', login, {
      page: {
        actions: parseActions(login, 20_000),
        har: true,
        extract: { fields: [{ name: 'h', selector: 'h1' }] },
      },
    });
    assert.equal(out.success, true, out.errorMessage);
    assert.ok(out.content.har && out.content.har.length > 0);
    const all = everything(out);
    assert.ok(all.includes('[secret]'), 'the URL that carried it was redacted, not dropped');
    assert.ok(!all.includes(SECRET_PASSWORD), 'the secret is nowhere in the outcome');
    assert.ok(!all.includes(encodeURIComponent(SECRET_PASSWORD)));
    assert.ok(
      logLines.some((l) => l.includes('page action')),
      'actions were logged',
    );
    assert.ok(!logLines.join('').includes(SECRET_PASSWORD), 'the secret is nowhere in the logs');
  });

  test('evaluate returns JSON, screenshots are named, an optional failure does not end the job', async () => {
    const out = await run('/products', [
      {
        type: 'evaluate',
        script: "return { title: document.title, n: document.querySelectorAll('.product').length }",
      },
      { type: 'hover', selector: '.product' },
      { type: 'screenshot', name: 'first-product', selector: '.product' },
      { type: 'screenshot', name: 'whole', full_page: true },
      { type: 'evaluate', script: 'throw new Error("boom")', optional: true },
      { type: 'press', key: 'End' },
    ]);
    assert.equal(out.success, true, out.errorMessage);
    assert.deepEqual(JSON.parse(out.actions?.[0]?.resultJson ?? ''), { title: 'Shop', n: 3 });
    assert.equal(out.actions?.[4]?.status, 'failed');
    assert.match(out.actions?.[4]?.error ?? '', /boom/);
    const shots = JSON.parse(out.content.actionScreenshots?.toString() ?? '{}') as Record<string, string>;
    assert.deepEqual(Object.keys(shots), ['first-product', 'whole']);
    for (const png of Object.values(shots)) {
      assert.deepEqual([...Buffer.from(png, 'base64').subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    }
  });
});
