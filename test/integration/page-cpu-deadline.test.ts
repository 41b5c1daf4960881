// A page a key holder serves cannot freeze the coordinator or an agent (issue 35): 23 KB of nested
// <div>s keeps Readability and turndown busy for about ten seconds, a megabyte of them keeps
// linkedom busy as long. The coordinator makes markdown, main text and a sweep try's text
// fingerprint in its format workers (coordinator/results/format-work.ts), stopped at
// --format-timeout; an agent collects a site crawl page's links in its offload pool, stopped at
// the job's deadline. Real parts: a coordinator and an agent on real sockets, a local target, a
// device written in the test for the sweep (it delivers the rendered page as a browser would), a
// real agent process for the links. A server whose event loop is stuck answers nothing, so the
// longest gap between two answers of /healthz or the agent's /status is how long it was stuck.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { htmlToMarkdown } from '../../coordinator/results/markdown.js';
import { type AgentFrame, ContentPart } from '../../proto/index.js';
import { sampleAnswers } from '../helpers/answer-gaps.js';
import { ApiClient } from '../helpers/client.js';
import {
  removeDir,
  spawnAgent,
  startTestAgent,
  startTestCoordinator,
  type TestCoordinator,
} from '../helpers/cluster.js';
import { FakeCoordinator } from '../helpers/fake-coordinator.js';
import type { Obj } from '../helpers/json.js';
import { RawAgent } from '../helpers/raw-agent.js';

/** `n` nested <div><p>…</p> … </div>: Readability's and linkedom's time grows much faster than n. */
const nested = (n: number) =>
  `<!doctype html><html><head><title>nested</title></head><body>${'<div><p>x y z</p>'.repeat(n)}${'</div>'.repeat(n)}</body></html>`;
/** About 23 KB; Readability + turndown take about 10 s on one core of the test machine. */
const NESTED = nested(1000);
/** About 1.4 MB; linkedom alone takes several seconds to parse it. */
const NESTED_LARGE = nested(60_000);
const ARTICLE = `<!doctype html><html><head><title>Tea cups</title></head><body><nav>Home</nav><article>
<h1>Tea cups</h1><p>Our shop sells hand made tea cups and saucers, shipped worldwide within three
days of your order. Every cup is thrown on the wheel in our workshop by the river.</p>
<p><a href="/cups/blue">Blue cups</a> and <a href="/cups/white#glaze">white cups</a>.</p></article></body></html>`;
const PAGES: Record<string, string> = { '/nested': NESTED, '/nested-large': NESTED_LARGE, '/ok': ARTICLE };

/** The coordinator's --format-timeout here, s (10 by default). */
const FORMAT_TIMEOUT_S = 3;
/** Longest a healthy server may go without answering, ms. */
const MAX_STALL_MS = 1_000;
/** What a loaded 2-core machine adds to an answer after its deadline, ms. */
const MARGIN_MS = 2_500;

const stopped = (format: string) =>
  `invalid request: format ${format} could not be made from this page within ${FORMAT_TIMEOUT_S} s; use format=raw for this job`;

describe('a page built to keep the parsers busy', () => {
  let target: http.Server;
  let base = '';
  let c: TestCoordinator;
  let api: ApiClient;
  const cleanups: Array<() => Promise<void>> = [];

  before(async () => {
    target = http.createServer((req, res) => {
      const page = PAGES[new URL(req.url ?? '/', 'http://target').pathname];
      if (page === undefined) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    c = await startTestCoordinator({ flags: ['--format-timeout', `${FORMAT_TIMEOUT_S}s`] });
    api = new ApiClient(c.url, c.apiKey);
  });
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await c?.stop();
    if (c) removeDir(c.dataDir);
    target.closeAllConnections();
    await new Promise((resolve) => target.close(resolve));
  });

  test('markdown and text downloads answer a clear error at --format-timeout; the API answers meanwhile', async (t) => {
    const token = await c.newDevice('cpu-get');
    const agent = await startTestAgent({ deviceId: 'cpu-get', token, coordinators: [c.url] });
    cleanups.push(() => agent.stop());
    // The agent's own reader text of the page stops at the job's 2 s: the job has none, so
    // format=text is the coordinator's to make.
    const { id, job } = await api.run({ url: `${base}/nested`, timeout_sec: 2 }, 30_000);
    assert.equal(job.status, 'completed', JSON.stringify(job));

    const sampler = sampleAnswers(`${c.url}/healthz`);
    const took: Record<string, number> = {};
    const answers: Record<string, { status: number; body: unknown }> = {};
    try {
      for (const format of ['markdown', 'text', 'json']) {
        const started = performance.now();
        answers[format] = await api.request('GET', `/crawl/v1/jobs/${id}/download?format=${format}`);
        took[format] = Math.round(performance.now() - started);
      }
    } finally {
      const gaps = await sampler.stop();
      t.diagnostic(
        `markdown ${took.markdown} ms, text ${took.text} ms, json ${took.json} ms; ` +
          `longest /healthz gap ${gaps.maxGapMs} ms over ${gaps.answers} answers`,
      );
      assert.ok(gaps.maxGapMs < MAX_STALL_MS, `/healthz went ${gaps.maxGapMs} ms without an answer`);
    }
    assert.deepEqual(
      { status: answers.markdown?.status, body: answers.markdown?.body },
      { status: 400, body: stopped('markdown') },
    );
    assert.deepEqual(
      { status: answers.text?.status, body: answers.text?.body },
      { status: 400, body: stopped('text') },
    );
    for (const format of ['markdown', 'text', 'json']) {
      assert.ok(
        (took[format] ?? 0) < FORMAT_TIMEOUT_S * 1000 + MARGIN_MS,
        `format=${format} answered after ${took[format]} ms`,
      );
    }
    // Asked again, the page the conversion stopped on is refused at once: a key's repeated
    // downloads of it do not hold a worker for the whole timeout each time.
    const againStarted = performance.now();
    const again = await api.request('GET', `/crawl/v1/jobs/${id}/download?format=markdown`);
    const againMs = Math.round(performance.now() - againStarted);
    assert.deepEqual({ status: again.status, body: again.body }, { status: 400, body: stopped('markdown') });
    assert.ok(againMs < 1_000, `the second markdown download of the page took ${againMs} ms`);
    // The JSON object answers as for a page over the size limit: without `markdown`.
    assert.equal(answers.json?.status, 200);
    const download = answers.json?.body as Obj;
    assert.equal(download.mainResult.statusCode, 200);
    assert.equal('markdown' in download, false);
    // The workers that were stopped were replaced: an ordinary page's markdown comes at once.
    const ok = await api.run({ url: `${base}/ok`, timeout_sec: 10 }, 30_000);
    const md = await api.request('GET', `/crawl/v1/jobs/${ok.id}/download?format=markdown`);
    assert.equal(md.status, 200, md.text);
    assert.match(md.text, /^# Tea cups\n\nOur shop sells hand made tea cups/);
    // Byte for byte what the same conversion gives on this thread.
    assert.equal(md.text, htmlToMarkdown(ARTICLE, `${base}/ok`));
  });

  test('a sweep try of that page is stored without its text fingerprint, and ingest does not stall', async (t) => {
    // A device that renders pages (as Chromium would, the rendered DOM is the page itself).
    const device = await RawAgent.connect(c.url, 'cpu-sweep', await c.newDevice('cpu-sweep'), {
      methods: ['CRAWL_FULL_PAGE'],
      country: 'DE',
      deviceType: 'mobile',
    });
    cleanups.push(async () => {
      device.close();
      await device.closed;
    });
    const created = await api.request('POST', '/crawl/v1/sweep/new', {
      url: `${base}/nested`,
      regions: ['EU'],
      tries_per_region: 1,
    });
    assert.equal(created.status, 201, created.text);
    const sweepId = (created.body as Obj).sweep_id as string;
    const assign = (await device.next('assign')).assign;
    assert.ok(assign);
    const page = Buffer.from(NESTED);
    device.send({ accept: { jobId: assign.jobId, attempt: assign.attempt } });
    const sampler = sampleAnswers(`${c.url}/healthz`);
    const started = performance.now();
    let view: Obj;
    let tookMs: number;
    try {
      device.send({
        chunk: {
          jobId: assign.jobId,
          attempt: assign.attempt,
          part: ContentPart.CONTENT_PART_FULL_PAGE,
          index: 0,
          data: page,
        },
      });
      device.send({
        result: {
          jobId: assign.jobId,
          attempt: assign.attempt,
          success: true,
          statusCode: 200,
          finalUrl: `${base}/nested`,
          sizeBytes: page.byteLength,
          contentType: 'text/html; charset=utf-8',
          parts: [{ part: ContentPart.CONTENT_PART_FULL_PAGE, chunks: 1, bytes: page.byteLength }],
        },
      });
      await device.next('ack');
      tookMs = Math.round(performance.now() - started);
      view = (await api.request('GET', `/crawl/v1/sweep/${sweepId}`)).body as Obj;
    } finally {
      const gaps = await sampler.stop();
      t.diagnostic(
        `result acknowledged ${tookMs!} ms after it was sent; longest /healthz gap ${gaps.maxGapMs} ms`,
      );
      assert.ok(gaps.maxGapMs < MAX_STALL_MS, `/healthz went ${gaps.maxGapMs} ms without an answer`);
    }
    assert.ok(tookMs < FORMAT_TIMEOUT_S * 1000 + MARGIN_MS, `ingest took ${tookMs} ms`);
    assert.equal(view.status, 'completed', JSON.stringify(view));
    const tried = view.results.EU.jobs[0] as Obj;
    assert.equal(tried.status, 'completed', JSON.stringify(tried));
    assert.equal(tried.title, 'nested');
    assert.equal(tried.status_code, 200);
    assert.equal(tried.text_fingerprint, null, 'stopped: no fingerprint');
  });

  test("a site crawl page that keeps linkedom busy ends by the job's deadline; the agent's /status answers", async (t) => {
    const fake = await FakeCoordinator.start({ heartbeatIntervalMs: 250 });
    const proc = spawnAgent({
      deviceId: 'cpu-links',
      token: 'tok',
      coordinators: [fake.url],
      logLevel: 'info',
      extra: ['--status-addr', '127.0.0.1:0'],
    });
    cleanups.push(async () => {
      proc.child.kill('SIGKILL');
      await proc.exited;
      await fake.close();
      removeDir(proc.stateDir);
    });
    const line = await proc.waitForLog((l) => l.msg === 'agent started');
    const statusUrl = `${line.status as string}/status`;
    await fake.waitFrame((f) => f.body === 'hello', 0, 30_000);

    // An ordinary page's links come through the agent's pool.
    const okId = fake.assign({ method: 'GET', url: `${base}/ok`, timeoutMs: 10_000, collectLinks: true });
    const ok = (await fake.result(okId, 30_000)).result;
    assert.deepEqual(ok?.links, [`${base}/cups/blue`, `${base}/cups/white`]);

    const timeoutMs = 2_000;
    const deadlineMs = Date.now() + timeoutMs + 2_000;
    const sampler = sampleAnswers(statusUrl);
    const started = performance.now();
    let final: AgentFrame;
    let tookMs: number;
    try {
      const id = fake.assign(
        { method: 'GET', url: `${base}/nested-large`, timeoutMs, collectLinks: true },
        { deadlineMs },
      );
      final = await fake.result(id, timeoutMs + 2_000 + MARGIN_MS + 5_000);
      tookMs = Math.round(performance.now() - started);
    } finally {
      const gaps = await sampler.stop();
      t.diagnostic(`the job ended ${tookMs!} ms after its assign; longest /status gap ${gaps.maxGapMs} ms`);
      assert.ok(gaps.maxGapMs < MAX_STALL_MS, `/status went ${gaps.maxGapMs} ms without an answer`);
    }
    assert.ok(tookMs < timeoutMs + 2_000 + MARGIN_MS, `the job ended ${tookMs} ms after its assign`);
    assert.equal(final.result?.success, true, final.result?.errorMessage ?? '');
    assert.deepEqual(final.result?.links ?? [], [], 'links not had by the deadline are left out');
  });
});
