// Full-page bench: pages/s of BrowserExecutor on a local fixture page, beside a raw puppeteer-core
// loop and Crawlee's PuppeteerCrawler driving the same Chromium, with the same work per page (load
// event, settle, serialized DOM, screenshot), the same concurrency and the same reuse policy (one
// browser, a fresh incognito context per page). Each runner starts its own browser inside the timing.
// Runners alternate over rounds, so load from elsewhere on the machine hits all of them alike.
// CPU per page is reported for this process (process.cpuUsage) and for the browser processes (their
// time is added to this process's children time once the browser has exited and been reaped).
//   npx tsx scripts/bench/full-page.ts [--pages 60] [--concurrency 2] [--settle 500] [--rounds 2]
//                                      [--path /article] [--no-crawlee] [--raw-with-our-flags]
//                                      [--spare 1] [--no-actions]
// --no-actions leaves out the row of the executor running a 5-action script on each page (scroll,
// hover, wait_for, evaluate, scroll to the bottom: docs/actions.md); that row is outside the
// RESULT line's ratios and reports its added time per page over the plain page in its own line.
// --spare sets the executor's sparePages (0 turns spare pages off).
// --raw-with-our-flags adds a fourth runner: the raw loop launched with this executor's Chromium
// flags (launchArgs), to tell what the flags give from what the executor's structure gives. It is
// not part of the RESULT line: the baselines stay as a plain user would write them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import puppeteer from 'puppeteer-core';
import { launchArgs } from '../../agent/executors/browser/chromium-host.js';
import { BrowserExecutor, findBrowser } from '../../agent/executors/browser/index.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { type PageAction, parseActions } from '../../proto/index.js';
import { startFixtureSites } from '../../test/helpers/fixture-sites.js';

const { values: flags } = parseArgs({
  options: {
    pages: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '2' },
    settle: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '2' },
    path: { type: 'string', default: '/article' },
    'no-crawlee': { type: 'boolean', default: false },
    'raw-with-our-flags': { type: 'boolean', default: false },
    spare: { type: 'string', default: '1' },
    'no-actions': { type: 'boolean', default: false },
  },
});
const PAGES = Number(flags.pages);
const CONCURRENCY = Number(flags.concurrency);
const SETTLE_MS = Number(flags.settle);
const ROUNDS = Number(flags.rounds);
const TIMEOUT_MS = 30_000;
const VIEWPORT = { width: 1366, height: 768, deviceScaleFactor: 1 };
// The flags docs/browser.md lists as working here, for the two baselines.
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const found = await findBrowser();
if (!found) throw new Error('no Chromium found');
const sites = await startFixtureSites();
let serial = 0;
// Unique URLs: Crawlee drops duplicate requests, and no runner may profit from a cache.
const nextUrl = () => `${sites.url}${flags.path}?n=${serial++}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pool(n: number, concurrency: number, one: () => Promise<void>): Promise<void> {
  let started = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < n) {
        started++;
        await one();
      }
    }),
  );
}

/** The 5-action script of the `ours+act` row. */
const FIVE_ACTIONS = parseActions(
  [
    { type: 'scroll', by_px: 400 },
    { type: 'hover', selector: 'h1' },
    { type: 'wait_for', selector: 'p' },
    { type: 'evaluate', script: "return document.querySelectorAll('p').length" },
    { type: 'scroll', to: 'bottom' },
  ],
  TIMEOUT_MS,
);
/** Wall time of each executor job, per runner: what the actions add to one page. */
const jobMs = new Map<string, number[]>();

async function ours(actions?: PageAction[]): Promise<number> {
  const times = jobMs.get(actions ? 'ours+act' : 'ours') ?? [];
  jobMs.set(actions ? 'ours+act' : 'ours', times);
  const policy = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] });
  const log = pino({ enabled: false });
  const executor = new BrowserExecutor({
    executablePath: found!.path,
    policy,
    maxPages: CONCURRENCY,
    maxBodyBytes: 10_000_000,
    settleMs: SETTLE_MS,
    sparePages: Number(flags.spare),
    log,
  });
  const signal = new AbortController().signal;
  let failures = 0;
  await pool(PAGES, CONCURRENCY, async () => {
    const started = performance.now();
    const out = await executor.execute(
      {
        jobId: `bench-${serial}`,
        attempt: 1,
        method: 'CRAWL_FULL_PAGE',
        url: nextUrl(),
        timeoutMs: TIMEOUT_MS,
        headers: [],
        body: Buffer.alloc(0),
        cookies: [],
        sessionId: '',
        deviceType: 'desktop',
        ...(actions ? { page: { actions } } : {}),
      },
      { signal, log },
    );
    times.push(performance.now() - started);
    if (!out.success || !out.content.screenshot || !out.content.fullPage) failures++;
    if (actions && out.actions?.some((a) => a.status !== 'ok')) failures++;
  });
  await executor.close();
  return failures;
}

async function raw(args = BASE_ARGS): Promise<number> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-raw-'));
  const browser = await puppeteer.launch({
    executablePath: found!.path,
    headless: true,
    pipe: true,
    userDataDir,
    // A copy: puppeteer removes --disable-features from the array it is given (it merges them).
    args: [...args],
    defaultViewport: null,
  });
  let failures = 0;
  await pool(PAGES, CONCURRENCY, async () => {
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      await page.setViewport(VIEWPORT);
      const response = await page.goto(nextUrl(), { waitUntil: 'load', timeout: TIMEOUT_MS });
      await sleep(SETTLE_MS);
      const html = await page.content();
      const png = await page.screenshot({ type: 'png', optimizeForSpeed: true });
      if (!response?.ok() || html.length === 0 || png.length === 0) failures++;
    } catch {
      failures++;
    } finally {
      await context.close();
    }
  });
  await browser.close();
  rmSync(userDataDir, { recursive: true, force: true });
  return failures;
}

async function crawlee(): Promise<number> {
  const { Configuration, PuppeteerCrawler, log } = await import('@crawlee/puppeteer');
  log.setLevel(log.LEVELS.WARNING);
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-crawlee-'));
  let failures = 0;
  const crawler = new PuppeteerCrawler(
    {
      launchContext: {
        launcher: puppeteer,
        useIncognitoPages: true,
        userDataDir,
        launchOptions: {
          executablePath: found!.path,
          headless: true,
          pipe: true,
          args: BASE_ARGS,
          defaultViewport: VIEWPORT,
        },
      },
      // Pinned: the autoscaler would otherwise start lower and probe upwards.
      minConcurrency: CONCURRENCY,
      maxConcurrency: CONCURRENCY,
      maxRequestRetries: 0,
      navigationTimeoutSecs: TIMEOUT_MS / 1000,
      browserPoolOptions: { retireBrowserAfterPageCount: 200, maxOpenPagesPerBrowser: CONCURRENCY },
      preNavigationHooks: [
        async (_ctx, gotoOptions) => {
          if (gotoOptions) gotoOptions.waitUntil = 'load';
        },
      ],
      async requestHandler({ page, response }) {
        await sleep(SETTLE_MS);
        const html = await page.content();
        const png = await page.screenshot({ type: 'png', optimizeForSpeed: true });
        if (!response?.ok() || html.length === 0 || png.length === 0) failures++;
      },
      failedRequestHandler() {
        failures++;
      },
    },
    new Configuration({ persistStorage: false, purgeOnStart: true }),
  );
  await crawler.run(Array.from({ length: PAGES }, () => nextUrl()));
  rmSync(userDataDir, { recursive: true, force: true });
  return failures;
}

const runners: Array<[string, () => Promise<number>]> = [
  ['ours', () => ours()],
  ['raw', () => raw()],
];
if (!flags['no-crawlee']) runners.push(['crawlee', crawlee]);
// The executor's flags minus the host-resolver rule (the raw loop has no proxy to reach targets).
const OUR_FLAGS = launchArgs(undefined).filter((arg) => !arg.startsWith('--host-resolver-rules'));
if (flags['raw-with-our-flags']) runners.push(['raw+flags', () => raw(OUR_FLAGS)]);
if (!flags['no-actions']) runners.push(['ours+act', () => ours(FIVE_ACTIONS)]);

/** CPU time of exited, reaped children (the runners' browsers), ms: /proc/self/stat cutime + cstime. */
function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the command: state is [0], cutime [13], cstime [14], in clock ticks (100 Hz).
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return Number.NaN;
  }
}

interface Total {
  ms: number;
  pages: number;
  failures: number;
  nodeCpuMs: number;
  browserCpuMs: number;
}
const totals = new Map<string, Total>();
for (let round = 0; round < ROUNDS; round++) {
  // Rotate the order each round so no runner always goes first (cold caches) or last.
  const order = runners.map((_, i) => runners[(i + round) % runners.length]!);
  for (const [name, run] of order) {
    const start = performance.now();
    const cpuBefore = process.cpuUsage();
    const childrenBefore = childrenCpuMs();
    let failures: number;
    try {
      failures = await run();
    } catch (err) {
      console.error(`${name} failed: ${err instanceof Error ? err.message : err}`);
      continue;
    }
    const ms = performance.now() - start;
    const cpu = process.cpuUsage(cpuBefore);
    const nodeCpuMs = (cpu.user + cpu.system) / 1000;
    // The browser is reaped shortly after it closes; wait for its time to be counted.
    await sleep(300);
    const browserCpuMs = childrenCpuMs() - childrenBefore;
    const t = totals.get(name) ?? { ms: 0, pages: 0, failures: 0, nodeCpuMs: 0, browserCpuMs: 0 };
    totals.set(name, {
      ms: t.ms + ms,
      pages: t.pages + PAGES,
      failures: t.failures + failures,
      nodeCpuMs: t.nodeCpuMs + nodeCpuMs,
      browserCpuMs: t.browserCpuMs + browserCpuMs,
    });
    console.log(
      `round ${round + 1} ${name.padEnd(9)} ${((PAGES / ms) * 1000).toFixed(2)} pages/s, CPU/page node ${(nodeCpuMs / PAGES).toFixed(0)} ms + browser ${(browserCpuMs / PAGES).toFixed(0)} ms (${failures} failed)`,
    );
  }
}
await sites.close();

const rate = (name: string) => {
  const t = totals.get(name);
  return t ? (t.pages / t.ms) * 1000 : Number.NaN;
};
console.log(
  `\n${PAGES} pages × ${ROUNDS} rounds, concurrency ${CONCURRENCY}, settle ${SETTLE_MS} ms, ${flags.path}, Chromium ${found.version}`,
);
for (const [name] of runners) {
  const t = totals.get(name);
  console.log(
    t
      ? `${name.padEnd(9)} ${rate(name).toFixed(2)} pages/s, CPU/page node ${(t.nodeCpuMs / t.pages).toFixed(0)} ms + browser ${(t.browserCpuMs / t.pages).toFixed(0)} ms (${t.failures} failed)`
      : `${name.padEnd(9)} did not run`,
  );
}
const ratioRaw = rate('ours') / rate('raw');
const ratioCrawlee = rate('ours') / rate('crawlee');
console.log(`ours/raw     ${ratioRaw.toFixed(2)}×  (target ≥ 1.3)`);
if (!flags['no-crawlee']) console.log(`ours/crawlee ${ratioCrawlee.toFixed(2)}×  (target ≥ 1.5)`);
console.log(
  `RESULT full_page ours_per_s=${rate('ours').toFixed(2)} raw_per_s=${rate('raw').toFixed(2)} crawlee_per_s=${rate('crawlee').toFixed(2)} ratio_raw=${ratioRaw.toFixed(2)} ratio_crawlee=${ratioCrawlee.toFixed(2)}`,
);
if (!flags['no-actions']) {
  const mean = (xs: number[] = []) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const plainMs = mean(jobMs.get('ours'));
  const actionsMs = mean(jobMs.get('ours+act'));
  console.log(
    `5 actions: ${actionsMs.toFixed(0)} ms a page against ${plainMs.toFixed(0)} ms plain (+${(actionsMs - plainMs).toFixed(0)} ms)`,
  );
  console.log(
    `RESULT full_page_actions actions=5 plain_ms=${plainMs.toFixed(0)} with_actions_ms=${actionsMs.toFixed(0)} added_ms=${(actionsMs - plainMs).toFixed(0)} actions_per_s=${rate('ours+act').toFixed(2)}`,
  );
}
