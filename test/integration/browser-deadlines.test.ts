// Browser jobs end by their timeout + 2 s whatever the page or the browser does: a script stuck in a
// loop, a crashed tab, a subresource or a body that never ends, a hung browser. Each case runs
// through the real executor and Chromium against a fixture server on 127.0.0.1, and the executor
// must take the next job normally afterwards.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pino } from 'pino';
import { BrowserExecutor, type BrowserExecutorOptions } from '../../agent/executors/browser/index.js';
import type { ExecRequest } from '../../agent/executors/types.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { chromiumNeed } from '../helpers/needs.js';

const { browser, skip } = await chromiumNeed();
const log = pino({ enabled: false });
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const GRACE_MS = 2_000;

const PAGES: Record<string, string> = {
  '/ok': '<!doctype html><title>ok</title><h1>Fine page</h1>',
  // Loads, then the main thread never comes back.
  '/busy': '<!doctype html><h1>Busy page</h1><script>setTimeout(() => { for (;;) {} }, 50)</script>',
  // Never even finishes parsing: the loop runs inline.
  '/busy-inline': '<!doctype html><h1>Stuck early</h1><script>for (;;) {}</script><p>never parsed</p>',
  '/hanging-image': '<!doctype html><h1>Waiting for an image</h1><img src="/hang">',
  '/hanging-script': '<!doctype html><h1>Waiting for a script</h1><script src="/hang"></script>',
};

/** Pids of Chromium renderers under `root` (the executor's browser): read from /proc. */
function rendererPids(root: number): number[] {
  const children = new Map<number, number[]>();
  const cmdlines = new Map<number, string>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(name));
      children.set(ppid, list);
      cmdlines.set(Number(name), readFileSync(`/proc/${name}/cmdline`, 'utf8'));
    } catch {
      // the process ended meanwhile
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    for (const child of children.get(pid) ?? []) {
      queue.push(child);
      if (cmdlines.get(child)?.includes('--type=renderer')) found.push(child);
    }
  }
  return found;
}

describe('browser deadlines', { skip }, () => {
  let server: http.Server;
  let base = '';
  const sockets = new Set<Socket>();
  const waiters = new Map<string, Array<() => void>>();
  const executors: BrowserExecutor[] = [];
  const policy = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] });

  const make = (options: Partial<BrowserExecutorOptions> = {}) => {
    const ex = new BrowserExecutor({
      executablePath: browser!.path,
      policy,
      maxBodyBytes: 5_000_000,
      settleMs: 200,
      deadlineGraceMs: GRACE_MS,
      ...options,
    });
    executors.push(ex);
    return ex;
  };
  const req = (path: string, timeoutMs: number): ExecRequest => ({
    jobId: randomUUID(),
    attempt: 1,
    method: 'CRAWL_FULL_PAGE',
    url: base + path,
    timeoutMs,
    headers: [],
    body: Buffer.alloc(0),
    cookies: [],
    sessionId: '',
    deviceType: 'desktop',
  });
  /** Runs a job and checks it ended within its timeout + grace. */
  const timed = async (ex: BrowserExecutor, path: string, timeoutMs: number) => {
    const started = performance.now();
    const out = await ex.execute(req(path, timeoutMs), { signal: new AbortController().signal, log });
    const ms = performance.now() - started;
    assert.ok(
      ms <= timeoutMs + GRACE_MS,
      `${path} took ${Math.round(ms)} ms (limit ${timeoutMs + GRACE_MS})`,
    );
    return { out, ms };
  };
  const requested = (path: string) =>
    new Promise<void>((resolve) => waiters.set(path, [...(waiters.get(path) ?? []), resolve]));
  /**
   * The executor is whole again: a normal page works and no slot is left taken. This is not a
   * timing check: its job may include a (re)launch of Chromium, which on a loaded 2-core machine
   * takes several seconds, so it gets a generous timeout.
   */
  const healthy = async (ex: BrowserExecutor) => {
    const { out } = await timed(ex, '/ok', 20_000);
    assert.equal(out.success, true, out.errorMessage);
    assert.match(out.content.fullPage?.toString() ?? '', /Fine page/);
    const deadline = performance.now() + 5_000;
    while (ex.stats().activePages > 0) {
      assert.ok(performance.now() < deadline, 'page slots were not freed');
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  before(async () => {
    server = http.createServer((request, res) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      for (const wake of waiters.get(path) ?? []) wake();
      waiters.delete(path);
      if (path === '/hang') return; // never answers
      if (path === '/endless') {
        // A document whose body never ends.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.write('<!doctype html><h1>Endless body</h1>');
        const timer = setInterval(() => res.write(`<p>${'more '.repeat(20)}</p>\n`), 50);
        res.on('close', () => clearInterval(timer));
        return;
      }
      const page = PAGES[path];
      res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page ?? 'not found');
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    await Promise.all(executors.map((ex) => ex.close()));
    for (const socket of sockets) socket.destroy();
    server.close();
  });

  test('a script stuck in a loop after load: stopped, the page still read, flagged', async () => {
    const ex = make();
    await healthy(ex); // the browser launch is not part of the timing
    const { out, ms } = await timed(ex, '/busy', 5_000);
    assert.equal(out.success, true, out.errorMessage);
    assert.equal(out.performance?.crashOrTimeoutFlag, true);
    assert.match(out.content.fullPage?.toString() ?? '', /Busy page/);
    assert.ok(out.content.screenshot && out.content.screenshot.length > 0, 'screenshot taken');
    assert.match(out.errorMessage, /script was stopped/);
    // Stopped after the unresponsive delay, not at the deadline.
    assert.ok(ms < 5_000, `took ${Math.round(ms)} ms`);
    await healthy(ex);
  });

  test('a loop before the load event: the navigation times out, the partial page is read', async () => {
    const ex = make();
    await healthy(ex); // the browser launch is not part of the job's 3 s
    const { out } = await timed(ex, '/busy-inline', 3_000);
    assert.equal(out.success, true, out.errorMessage);
    assert.equal(out.performance?.crashOrTimeoutFlag, true);
    assert.match(out.content.fullPage?.toString() ?? '', /Stuck early/);
    await healthy(ex);
  });

  test('hanging subresources (image, parser-blocking script) and an endless body', async () => {
    const ex = make();
    await healthy(ex); // the browser launch is not part of these timings
    for (const path of ['/hanging-image', '/hanging-script', '/endless']) {
      const { out } = await timed(ex, path, 1_500);
      assert.equal(out.success, true, `${path}: ${out.errorMessage}`);
      assert.equal(out.performance?.crashOrTimeoutFlag, true, path);
      assert.equal(out.statusCode, 200);
      assert.ok(out.content.fullPage && out.content.fullPage.length > 0, `${path}: DOM read`);
      // The page's clock starts once its tab is set up (a few hundred ms on a busy machine).
      assert.ok(out.performance!.totalLoadTime! >= 750, `${path}: ${out.performance!.totalLoadTime}`);
      if (path !== '/endless') {
        assert.equal(out.requestResults.find((r) => r.url === `${base}/hang`)?.success, false, path);
      }
    }
    await healthy(ex);
  });

  test('a job queued behind a stuck one ends by its own deadline', async () => {
    const ex = make({ maxPages: 1 });
    await healthy(ex);
    const first = timed(ex, '/hanging-image', 3_000);
    const queued = timed(ex, '/ok', 500);
    // A full collection while the job waits: the wait's timer must survive it (a timeout signal
    // inside AbortSignal.any did not, and the job ran into its backstop instead). One, not a series:
    // each full collection of this process stalls its loop, and the job's end is timed.
    const collect = setTimeout(gc, 300);
    const { out, ms } = await queued.finally(() => clearTimeout(collect));
    assert.deepEqual([out.success, out.errorType], [false, 'timeout']);
    assert.match(out.errorMessage, /no browser page became free/);
    assert.equal(out.performance?.crashOrTimeoutFlag, true);
    assert.ok(ms >= 2_000, `waited ${Math.round(ms)} ms for a slot`);
    assert.equal((await first).out.performance?.crashOrTimeoutFlag, true);
    await healthy(ex);
  });

  test('a crashed tab is noticed at once; its slot is freed and the browser keeps serving', async () => {
    const ex = make({ maxPages: 1 });
    await healthy(ex); // launches the browser
    const pid = ex.stats().pid!;
    const hanging = requested('/hang');
    const job = timed(ex, '/hanging-image', 20_000);
    await hanging;
    const killedAt = performance.now();
    const renderers = rendererPids(pid);
    assert.ok(renderers.length > 0, 'renderer processes found');
    for (const renderer of renderers) process.kill(renderer, 'SIGKILL');
    const { out } = await job;
    const noticedMs = performance.now() - killedAt;
    assert.deepEqual([out.success, out.errorType], [false, 'browser']);
    assert.match(out.errorMessage, /crashed/);
    assert.equal(out.performance?.crashOrTimeoutFlag, true);
    assert.ok(noticedMs < 1_500, `crash noticed after ${Math.round(noticedMs)} ms`);
    assert.ok(
      out.requestResults.some((r) => r.url === `${base}/hanging-image`),
      'requests kept',
    );
    await healthy(ex);
    assert.equal(ex.stats().pid, pid, 'same browser: only the tab crashed');
  });

  test('a hung browser is killed by the health probe and relaunched; the next job succeeds', async () => {
    const ex = make({ healthIntervalMs: 300, healthTimeoutMs: 500 });
    await healthy(ex);
    const pid = ex.stats().pid!;
    const hanging = requested('/hang');
    const job = timed(ex, '/hanging-image', 10_000);
    await hanging;
    process.kill(pid, 'SIGSTOP');
    const { out } = await job;
    assert.equal(out.success, false);
    assert.equal(out.performance?.crashOrTimeoutFlag, true);
    assert.equal(ex.stats().hangs, 1);
    await healthy(ex);
    assert.notEqual(ex.stats().pid, pid);
  });

  test('a browser that hangs with no probe due still ends its jobs by the deadline', async () => {
    const ex = make({ healthIntervalMs: 60_000, healthTimeoutMs: 500 });
    await healthy(ex);
    const pid = ex.stats().pid!;
    const hanging = requested('/hang');
    const job = timed(ex, '/hanging-image', 2_000);
    await hanging;
    process.kill(pid, 'SIGSTOP');
    const { out } = await job;
    assert.equal(out.performance?.crashOrTimeoutFlag, true);
    // The job that ran out of time asked for a probe: the hung browser is replaced.
    await healthy(ex);
    assert.notEqual(ex.stats().pid, pid);
    assert.equal(ex.stats().hangs, 1);
  });
});
