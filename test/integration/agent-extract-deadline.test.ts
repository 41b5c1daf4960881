// One API key cannot freeze an agent (issue 35): a JSON Schema `pattern` that backtracks
// exponentially on text the key holder's own page serves ('a' × 41 + '!' against ^(a+)+$ would hold
// a thread for about an hour) is checked in the agent's offload worker, which the job's deadline
// stops. Real agent processes (tsx agent/main.ts) run the jobs, so a frozen main thread shows as a
// stalled link and a status port that does not answer, while this test's own thread keeps time:
// the job ends at its timeout with an extract error, the agent's heartbeats and /status never stall
// for a second, the next job runs normally (the worker was replaced), a full-page job in Chromium
// ends the same way, and with two agents on one real coordinator the job is not retried onto (and
// does not freeze) the second device.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { HttpExecutor } from '../../agent/executors/http.js';
import { OffloadPool } from '../../agent/executors/offload/index.js';
import type { ExecRequest } from '../../agent/executors/types.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { type AgentFrame, partNameOf } from '../../proto/index.js';
import { sampleAnswers } from '../helpers/answer-gaps.js';
import { ApiClient } from '../helpers/client.js';
import {
  type AgentProcess,
  removeDir,
  spawnAgent,
  startTestCoordinator,
  type TestCoordinator,
} from '../helpers/cluster.js';
import { FakeCoordinator } from '../helpers/fake-coordinator.js';
import type { Obj } from '../helpers/json.js';
import { chromiumNeed } from '../helpers/needs.js';

const { browser, skip: noBrowser } = await chromiumNeed();

/** ^(a+)+$ against this backtracks 2^41 ways before it fails. */
const HOSTILE_TEXT = `${'a'.repeat(41)}!`;
const PAGES: Record<string, string> = {
  '/hostile': `<!doctype html><title>hostile</title><p id="f">${HOSTILE_TEXT}</p>`,
  '/ok': '<!doctype html><title>ok</title><p id="f">aaaa</p>',
  // About 2 MB of HTML: its DOM does not fit a 16 MiB heap.
  '/large': `<!doctype html><title>large</title>${'<div><p id="f">aaaa</p><span>x</span></div>'.repeat(50_000)}`,
};
/** docs/actions.md "Extraction": a field selecting the text, checked by a pattern that backtracks. */
const SPEC = {
  fields: [{ name: 'f', selector: '#f' }],
  json_schema: { type: 'object', properties: { f: { type: 'string', pattern: '^(a+)+$' } } },
};
const STOPPED = "extraction stopped at the job's deadline";
/** Longest a healthy agent's main thread may leave /status or its heartbeats unanswered, ms. */
const MAX_STALL_MS = 1_000;
/** What a loaded 2-core machine adds to a result's way back after the job's end, ms. */
const DELIVERY_MARGIN_MS = 1_500;

/** The agent process's status URL, from its 'agent started' log line. */
async function statusUrlOf(proc: AgentProcess): Promise<string> {
  const line = await proc.waitForLog((l) => l.msg === 'agent started');
  assert.equal(typeof line.status, 'string', 'the agent serves a status port');
  return `${line.status as string}/status`;
}

/** The extract part of a result, from its chunks or inline; undefined when there is none. */
function extractPart(fake: FakeCoordinator, final: AgentFrame): string | undefined {
  const jobId = final.result?.jobId;
  const summary = final.result?.parts?.find((p) => partNameOf(p.part) === 'extract');
  if (!summary) return undefined;
  if (summary.inlineData && summary.inlineData.length > 0) return Buffer.from(summary.inlineData).toString();
  const chunks = fake.frames.filter(
    (f) => f.chunk?.jobId === jobId && partNameOf(f.chunk?.part) === 'extract',
  );
  return Buffer.concat(chunks.map((f) => Buffer.from(f.chunk?.data ?? new Uint8Array(0)))).toString();
}

describe('a JSON Schema that backtracks cannot freeze an agent', () => {
  let server: http.Server;
  let base = '';
  const cleanups: Array<() => Promise<void>> = [];
  before(async () => {
    server = http.createServer((req, res) => {
      const page = PAGES[new URL(req.url ?? '/', 'http://target').pathname];
      if (page === undefined) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    for (const c of cleanups.reverse()) await c();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A real agent process linked to a coordinator written in the test that pings it every 250 ms. */
  async function linkedAgent(deviceId: string, extra: string[] = []) {
    const fake = await FakeCoordinator.start({ heartbeatIntervalMs: 250 });
    const proc = spawnAgent({
      deviceId,
      token: 'tok',
      coordinators: [fake.url],
      logLevel: 'info',
      extra: ['--status-addr', '127.0.0.1:0', ...extra],
    });
    cleanups.push(async () => {
      proc.child.kill('SIGKILL');
      await proc.exited;
      await fake.close();
      removeDir(proc.stateDir);
    });
    const statusUrl = await statusUrlOf(proc);
    await fake.waitFrame((f) => f.body === 'hello', 0, 30_000);
    return { fake, proc, statusUrl };
  }

  /**
   * Runs the hostile job on `fake`'s agent while sampling its /status and timing its pings; the
   * result must come by the job's end (`endMs` after the assign) and nothing may stall.
   */
  async function hostileJob(
    t: { diagnostic(message: string): void },
    agent: { fake: FakeCoordinator; statusUrl: string },
    request: { method: string; timeoutMs: number },
    endMs: number,
  ) {
    const { fake, statusUrl } = agent;
    const pings: number[] = [];
    const onFrame = (f: AgentFrame) => {
      if (f.body === 'ping') pings.push(performance.now());
    };
    fake.on('frame', onFrame);
    const sampler = sampleAnswers(statusUrl);
    const started = performance.now();
    pings.push(started);
    const id = fake.assign({ ...request, url: `${base}/hostile`, extractJson: JSON.stringify(SPEC) });
    let final: AgentFrame;
    let status: { maxGapMs: number; answers: number };
    let endedAt: number;
    try {
      final = await fake.result(id, endMs + DELIVERY_MARGIN_MS);
      endedAt = performance.now();
    } finally {
      fake.off('frame', onFrame);
      status = await sampler.stop();
    }
    const tookMs = Math.round(endedAt - started);
    pings.push(endedAt);
    let pingGapMs = 0;
    for (let i = 1; i < pings.length; i++)
      pingGapMs = Math.max(pingGapMs, (pings[i] as number) - (pings[i - 1] as number));
    t.diagnostic(
      `${request.method}: ended ${tookMs} ms after the assign (timeout ${request.timeoutMs} ms); ` +
        `longest /status gap ${status.maxGapMs} ms over ${status.answers} answers; longest ping gap ${Math.round(pingGapMs)} ms`,
    );
    const result = final.result;
    assert.ok(result);
    assert.equal(result.success, true, result.errorMessage ?? '');
    assert.ok(result.extractErrors?.includes(STOPPED), JSON.stringify(result.extractErrors));
    assert.equal(extractPart(fake, final), undefined, 'no value that was not checked');
    assert.ok(status.maxGapMs < MAX_STALL_MS, `/status went ${status.maxGapMs} ms without an answer`);
    assert.ok(pingGapMs < MAX_STALL_MS, `the agent sent no heartbeat for ${Math.round(pingGapMs)} ms`);
  }

  /** A normal extraction on the same agent: the value, no errors. */
  async function normalJob(fake: FakeCoordinator, method: string, timeoutMs: number) {
    const id = fake.assign({ method, url: `${base}/ok`, timeoutMs, extractJson: JSON.stringify(SPEC) });
    const final = await fake.result(id, timeoutMs + 10_000);
    assert.equal(final.result?.success, true, final.result?.errorMessage ?? '');
    assert.deepEqual(final.result?.extractErrors, []);
    assert.deepEqual(JSON.parse(extractPart(fake, final) ?? 'null'), { f: 'aaaa' });
  }

  test('a GET job ends at its timeout with an extract error; the agent stays responsive and runs the next job', async (t) => {
    const agent = await linkedAgent('redos-get');
    const timeoutMs = 3_000;
    await hostileJob(t, agent, { method: 'GET', timeoutMs }, timeoutMs);
    const started = performance.now();
    await normalJob(agent.fake, 'GET', 10_000);
    t.diagnostic(`the next extraction took ${Math.round(performance.now() - started)} ms`);
    await agent.proc.waitForLog((l) => l.msg === 'offload worker terminated: its task outlived the job');
  });

  test('a full-page job in Chromium ends by its timeout and grace with an extract error', {
    skip: noBrowser,
  }, async (t) => {
    const agent = await linkedAgent('redos-page', ['--browser', browser?.path ?? '']);
    // Chromium starts on the first job: a normal one, so the hostile one's time is its own.
    await normalJob(agent.fake, 'CRAWL_FULL_PAGE', 30_000);
    const timeoutMs = 4_000;
    // The browser executor reads the page until timeout + its 2 s grace (docs/browser.md).
    await hostileJob(t, agent, { method: 'CRAWL_FULL_PAGE', timeoutMs }, timeoutMs + 2_000);
    await normalJob(agent.fake, 'CRAWL_FULL_PAGE', 30_000);
  });

  test('a document whose extraction needs more than the worker heap ends its extraction, not the agent', async () => {
    const offload = new OffloadPool({ maxHeapMb: 16 });
    const executor = new HttpExecutor({
      policy: createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] }),
      maxBodyBytes: 10_000_000,
      offload,
    });
    cleanups.push(() => executor.close());
    const job = (path: string): ExecRequest => ({
      jobId: `memory-${path}`,
      attempt: 1,
      method: 'GET',
      url: `${base}${path}`,
      timeoutMs: 30_000,
      headers: [],
      body: Buffer.alloc(0),
      cookies: [],
      sessionId: '',
      deviceType: 'server',
      page: { extract: { fields: [{ name: 'f', selector: '#f' }] } },
    });
    const ctx = { signal: new AbortController().signal, log: pino({ enabled: false }) };
    const large = await executor.execute(job('/large'), ctx);
    assert.equal(large.success, true, large.errorMessage);
    assert.deepEqual(large.extractErrors, ['extraction stopped: it needed more than 16 MiB of memory']);
    assert.equal(large.content.extract, undefined);
    assert.ok(offload.stats().stopped >= 1, 'the worker that ran out of memory is gone');
    const ok = await executor.execute(job('/ok'), ctx);
    assert.deepEqual(ok.extractErrors, []);
    assert.deepEqual(JSON.parse(ok.content.extract?.toString() ?? 'null'), { f: 'aaaa' });
  });

  describe('two agents on one real coordinator', () => {
    let c: TestCoordinator;
    before(async () => {
      // Three silent heartbeats (1.5 s) and a device is lost: a frozen agent would be, at once.
      c = await startTestCoordinator({ flags: ['--heartbeat-interval-ms', '500'] });
      cleanups.push(async () => {
        await c.stop();
        removeDir(c.dataDir);
      });
    });

    test('the job ends once, on its first device, and no retry freezes the second', async (t) => {
      const agents = [];
      for (const deviceId of ['redos-a', 'redos-b']) {
        const token = await c.newDevice(deviceId);
        const proc = spawnAgent({
          deviceId,
          token,
          coordinators: [c.url],
          logLevel: 'info',
          extra: ['--status-addr', '127.0.0.1:0'],
        });
        cleanups.push(async () => {
          proc.child.kill('SIGKILL');
          await proc.exited;
          removeDir(proc.stateDir);
        });
        agents.push({ proc, statusUrl: await statusUrlOf(proc) });
      }
      await Promise.all(agents.map((a) => a.proc.waitForLog((l) => l.msg === 'linked to coordinator')));
      const api = new ApiClient(c.url, c.apiKey);
      const samplers = agents.map((a) => sampleAnswers(a.statusUrl));
      const started = performance.now();
      const timeoutSec = 3;
      let ran: Awaited<ReturnType<ApiClient['run']>>;
      let gaps: Array<{ maxGapMs: number }>;
      try {
        ran = await api.run(
          { url: `${base}/hostile`, method: 'GET', timeout_sec: timeoutSec, extract: SPEC },
          timeoutSec * 1000 + 5_000,
        );
      } finally {
        gaps = await Promise.all(samplers.map((s) => s.stop()));
      }
      const { id, job } = ran;
      const tookMs = Math.round(performance.now() - started);
      t.diagnostic(
        `ended ${job.status} after ${tookMs} ms; /status gaps ${gaps.map((g) => g.maxGapMs).join(', ')} ms`,
      );
      assert.equal(job.status, 'completed', JSON.stringify(job));
      const dl = (await api.download(id)) as Obj;
      assert.equal(dl.metadata.attempt, 1, 'not lost and retried on another device');
      assert.ok((dl.extractErrors as string[]).includes(STOPPED), JSON.stringify(dl.extractErrors));
      assert.equal(dl.extracted, null);
      for (const [i, g] of gaps.entries())
        assert.ok(
          g.maxGapMs < MAX_STALL_MS,
          `agent ${i + 1}'s /status went ${g.maxGapMs} ms without an answer`,
        );
    });
  });
});
