// CRAWL_FULL_PAGE: loads the job's URL in Chromium as a mobile or desktop device and reports the
// rendered page, a screenshot, reader text, the main response, every subresource and performance
// metrics. One browser serves all jobs; each job gets a fresh incognito context whose traffic goes
// through its own policy proxy, except that jobs of one session share a context (and cookies).
import { type Logger, pino } from 'pino';
import type { BrowserContext, Page } from 'puppeteer-core';
import type { NetworkPolicy } from '../../policy/types.js';
import {
  type ExecContext,
  type ExecOutcome,
  type ExecRequest,
  type Executor,
  emptyOutcome,
} from '../types.js';
import { type BrowserLease, ChromiumHost, type ChromiumHostStats } from './chromium-host.js';
import type { StoredCookie } from './cookies.js';
import { type PageJobSettings, readerText, runPageJob } from './page-job.js';
import { PageSlots } from './page-slots.js';
import { PolicyProxy } from './policy-proxy.js';

export interface BrowserExecutorOptions {
  /** Chromium binary, e.g. from findBrowser(). */
  executablePath: string;
  /** Decides every host:port the page reaches, redirects and subresources included. */
  policy: NetworkPolicy;
  /** Pages open at once; further jobs queue. Default 2. */
  maxPages?: number;
  /** Relaunch the browser (between jobs) after this many pages. Default 200. */
  restartAfterPages?: number;
  /** Largest screenshot PNG kept, bytes. Default 5 MiB. */
  maxScreenshotBytes?: number;
  /** Full-page screenshots stop at this many CSS pixels from the top. Default 5000. */
  maxScreenshotHeight?: number;
  /** Largest main-document body and serialized page kept; more ends the job with `too_large`. */
  maxBodyBytes: number;
  /** Wait after the load event before reading the page (script-rendered content), ms. Default 500. */
  settleMs?: number;
  /** Relaunch the browser (between jobs) when its processes use more than this (Pss). Default: off. */
  memoryLimitBytes?: number;
  /** Certificates Chromium accepts by public key (self-signed or in the served chain). Default none. */
  ca?: Buffer[];
  /** Reported as networkType when the browser does not know it (it rarely does). Default 'unknown'. */
  networkType?: string;
  /** Reported when navigator.connection.effectiveType is missing. Default 'unknown'. */
  effectiveConnectionType?: string;
  /** Time to read the page after navigation (DOM, metrics, screenshot), ms. Default 15_000. */
  collectTimeoutMs?: number;
  log?: Logger;
}

export interface BrowserExecutorStats extends ChromiumHostStats {
  activePages: number;
  queuedJobs: number;
  sessions: number;
}

interface SessionState {
  proxy: PolicyProxy;
  started: Promise<void>;
  context: Promise<BrowserContext> | null;
  generation: number;
  /** Cookies after the session's latest job: restored if the browser (and context) is replaced. */
  saved: StoredCookie[];
}

export class BrowserExecutor implements Executor {
  readonly methods = ['CRAWL_FULL_PAGE'] as const;
  /** Error type of a failure execute() did not classify itself. */
  readonly failureType = 'browser' as const;
  readonly #policy: NetworkPolicy;
  readonly #settings: PageJobSettings;
  readonly #host: ChromiumHost;
  readonly #slots: PageSlots;
  readonly #log: Logger;
  readonly #sessions = new Map<string, SessionState>();
  readonly #inflight = new Set<Promise<ExecOutcome>>();
  #closed: Promise<void> | null = null;

  constructor(options: BrowserExecutorOptions) {
    if (!(options.maxBodyBytes > 0)) throw new Error('maxBodyBytes must be positive');
    this.#policy = options.policy;
    this.#log = options.log ?? pino({ enabled: false });
    this.#settings = {
      maxBodyBytes: options.maxBodyBytes,
      settleMs: options.settleMs ?? 500,
      maxScreenshotBytes: options.maxScreenshotBytes ?? 5 * 1024 * 1024,
      maxScreenshotHeight: options.maxScreenshotHeight ?? 5_000,
      collectTimeoutMs: options.collectTimeoutMs ?? 15_000,
      networkType: options.networkType ?? 'unknown',
      effectiveConnectionType: options.effectiveConnectionType ?? 'unknown',
    };
    this.#slots = new PageSlots(options.maxPages ?? 2);
    this.#host = new ChromiumHost({
      executablePath: options.executablePath,
      restartAfterPages: options.restartAfterPages ?? 200,
      memoryLimitBytes: options.memoryLimitBytes,
      ca: options.ca,
      log: this.#log,
    });
  }

  stats(): BrowserExecutorStats {
    return {
      ...this.#host.stats(),
      activePages: this.#slots.active,
      queuedJobs: this.#slots.queued,
      sessions: this.#sessions.size,
    };
  }

  execute(req: ExecRequest, ctx: ExecContext): Promise<ExecOutcome> {
    const outcome = emptyOutcome(Date.now(), req.url);
    if (this.#closed) return Promise.resolve(fail(outcome, 'browser', 'browser executor is closed'));
    let scheme = '';
    try {
      scheme = new URL(req.url).protocol;
    } catch {
      return Promise.resolve(fail(outcome, 'blocked', `invalid URL: ${req.url}`));
    }
    if (scheme !== 'http:' && scheme !== 'https:') {
      return Promise.resolve(fail(outcome, 'blocked', `only http and https URLs are crawled, not ${scheme}`));
    }
    const task = this.#run(req, ctx, outcome);
    this.#inflight.add(task);
    void task.finally(() => this.#inflight.delete(task));
    return task;
  }

  async endSession(sessionId: string): Promise<void> {
    const session = this.#sessions.get(sessionId);
    if (!session) return;
    this.#sessions.delete(sessionId);
    const context = await session.context?.catch(() => null);
    await context?.close().catch(() => undefined);
    await session.proxy.close();
  }

  /** Waits for running jobs, then closes sessions and the browser. Safe twice. */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      await Promise.allSettled([...this.#inflight]);
      await Promise.all([...this.#sessions.keys()].map((id) => this.endSession(id)));
      await this.#host.close();
    })();
    return this.#closed;
  }

  async #run(req: ExecRequest, ctx: ExecContext, outcome: ExecOutcome): Promise<ExecOutcome> {
    let releaseSlot: () => void;
    try {
      releaseSlot = await this.#slots.acquire(ctx.signal);
    } catch {
      return fail(outcome, 'timeout', 'job cancelled while waiting for a browser page');
    }
    const log = ctx.log;
    const session = req.sessionId ? this.#session(req.sessionId) : null;
    const proxy = session?.proxy ?? new PolicyProxy({ policy: this.#policy });
    let lease: BrowserLease | null = null;
    let context: BrowserContext | null = null;
    let page: Page | null = null;
    let readerHtml: string | undefined;
    try {
      await (session ? session.started : proxy.start());
      proxy.resetJob();
      // The main URL is checked before any browser work: a refused target costs no page.
      const refused = await proxy.check(req.url);
      if (refused) return fail(outcome, refused.kind, refused.message);
      lease = await this.#host.lease();
      let restoreCookies: StoredCookie[] = [];
      if (session) {
        if (!session.context || session.generation !== lease.generation) {
          // First job of the session, or its browser was replaced: a new context, old cookies back.
          restoreCookies = session.saved;
          session.generation = lease.generation;
          session.context = newContext(lease, proxy);
        }
        context = await session.context;
      } else {
        context = await newContext(lease, proxy);
      }
      page = await context.newPage();
      const settings = this.#settings;
      const job = {
        req,
        page,
        context,
        proxy,
        chromeMajor: lease.chromeMajor,
        restoreCookies,
        settings,
        log,
      };
      ({ readerHtml } = await runPageJob({ ...job, signal: ctx.signal }, outcome));
      if (session) session.saved = await context.cookies().catch(() => session.saved);
    } catch (err) {
      log.warn({ err }, 'browser job failed');
      if (session) session.context = null; // a context that failed to open is not kept
      fail(outcome, 'browser', `browser error: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      if (lease && !lease.browser.connected) {
        fail(outcome, 'browser', 'the browser crashed during the job');
        if (outcome.performance) outcome.performance.crashOrTimeoutFlag = true;
        if (session) session.context = null;
      }
      // Closing the context closes its pages; a session's context stays, so its page is closed.
      if (session) await page?.close().catch(() => undefined);
      else {
        await context?.close().catch(() => undefined);
        await proxy.close();
      }
      lease?.release();
      releaseSlot();
    }
    // Reader text is CPU work on a copy of the DOM: done after the page and its slot are given back.
    if (readerHtml !== undefined && outcome.success) {
      const reader = readerText(readerHtml, outcome.finalUrl, log);
      if (reader) outcome.content.reader = reader;
    }
    return outcome;
  }

  #session(id: string): SessionState {
    let session = this.#sessions.get(id);
    if (!session) {
      const proxy = new PolicyProxy({ policy: this.#policy });
      session = { proxy, started: proxy.start(), context: null, generation: 0, saved: [] };
      this.#sessions.set(id, session);
    }
    return session;
  }
}

function newContext(lease: BrowserLease, proxy: PolicyProxy): Promise<BrowserContext> {
  return lease.browser.createBrowserContext({
    proxyServer: proxy.url,
    // Chromium bypasses proxies for loopback by default; '<-loopback>' removes that exception so
    // even 127.0.0.1 goes through the policy.
    proxyBypassList: ['<-loopback>'],
    downloadBehavior: { policy: 'deny' },
  });
}

function fail(outcome: ExecOutcome, errorType: string, errorMessage: string): ExecOutcome {
  return Object.assign(outcome, { success: false, errorType, errorMessage });
}
