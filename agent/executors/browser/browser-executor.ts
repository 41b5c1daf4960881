// CRAWL_FULL_PAGE: loads the job's URL in Chromium as a mobile or desktop device and reports the
// rendered page, a screenshot, reader text, the main response, every subresource and performance
// metrics. One browser serves all jobs; each job gets a fresh incognito context whose traffic goes
// through its own policy proxy, except that jobs of one session share a context (and cookies).
// Every job ends by its timeout + deadlineGraceMs, whatever the page or the browser does
// (docs/browser.md, "Deadlines").

import { type Logger, pino } from 'pino';
import type { BrowserContext } from 'puppeteer-core';
import type { PageFeature } from '../../../proto/index.js';
import type { NetworkPolicy } from '../../policy/types.js';
import { networkContext } from '../network-context.js';
import { type OffloadLimits, OffloadPool, pageReaderOffloaded } from '../offload/index.js';
import { pageLinksOffloaded } from '../page-links.js';
import {
  type ExecContext,
  type ExecOutcome,
  type ExecRequest,
  type Executor,
  emptyOutcome,
} from '../types.js';
import { Redactor } from './actions/redact.js';
import { type BrowserLease, ChromiumHost, type ChromiumHostStats } from './chromium-host.js';
import type { StoredCookie } from './cookies.js';
import { isStopped, JobDeadline } from './job-deadline.js';
import { fail, flagged, stoppedCopy } from './job-outcome.js';
import { type PageJobResult, type PageJobSettings, runPageJob } from './page-job.js';
import { PageSlots } from './page-slots.js';
import { PolicyProxy, type PolicyProxyOptions } from './policy-proxy.js';
import { closePrepared, newContext, type PreparedPage, preparePage } from './prepared-page.js';
import { SparePages } from './spare-pages.js';

export interface BrowserExecutorOptions {
  /** Chromium binary, e.g. from findBrowser(). */
  executablePath: string;
  /** Decides every host:port the page reaches, redirects and subresources included. */
  policy: NetworkPolicy;
  /** Local address the policy proxy binds its upstream connections to (`--local-address`). Default: none. */
  localAddress?: string;
  /** Pages open at once; further jobs queue. Default 2. */
  maxPages?: number;
  /** Relaunch the browser (between jobs) after this many pages. Default 200. */
  restartAfterPages?: number;
  /** Largest screenshot PNG kept, bytes. Default 5 MiB. */
  maxScreenshotBytes?: number;
  /** Full-page screenshots stop at this many CSS pixels from the top. Default 5000. */
  maxScreenshotHeight?: number;
  /**
   * Offer Lighthouse audits (`audits: ["lighthouse"]`, docs/actions.md). Default false; the agent
   * turns it on for desktop and server devices (a phone's CPU would make the scores its own).
   */
  lighthouse?: boolean;
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
  /**
   * Time after the job's timeout to read a page that did not finish loading and end the job; the
   * job's outcome is returned by timeout + this, ms. Default 2_000.
   */
  deadlineGraceMs?: number;
  /** A page evaluation unanswered this long means the page's script is stuck: it is stopped, ms. Default 1_000. */
  unresponsiveMs?: number;
  /** A browser that does not answer a health probe within this is killed and relaunched, ms. Default 2_000. */
  healthTimeoutMs?: number;
  /** Health probe interval while jobs use the browser, ms. Default 5_000. */
  healthIntervalMs?: number;
  /** Tabs (each in its own fresh context) kept open and ready for the next jobs. Default 1; 0 disables. */
  sparePages?: number;
  /**
   * Worker threads for reader text and the extraction's JSON Schema check, shared with the agent's
   * other executors. Default: a pool of this executor's own, closed with it.
   */
  offload?: OffloadPool;
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

/** Inner work ends this long before timeout + grace, so the outcome is returned in time. */
const FINISH_MARGIN_MS = 250;
/** Closing a job's page and context; longer means the browser is in trouble (health probe). */
const CLEANUP_TIMEOUT_MS = 5_000;

export class BrowserExecutor implements Executor {
  readonly methods = ['CRAWL_FULL_PAGE'] as const;
  /** Error type of a failure execute() did not classify itself. */
  readonly failureType = 'browser' as const;
  /** Actions, extraction, HAR and PDF (docs/actions.md); Lighthouse when it is enabled. */
  readonly pageFeatures: readonly PageFeature[];
  /** How each job's policy proxy is built: the policy and the bound local address. */
  readonly #proxyOptions: PolicyProxyOptions;
  readonly #settings: PageJobSettings;
  readonly #graceMs: number;
  readonly #host: ChromiumHost;
  readonly #slots: PageSlots;
  readonly #spares: SparePages;
  readonly #log: Logger;
  readonly #sessions = new Map<string, SessionState>();
  readonly #inflight = new Set<Promise<unknown>>();
  readonly #offload: OffloadPool;
  #closed: Promise<void> | null = null;

  constructor(options: BrowserExecutorOptions) {
    if (!(options.maxBodyBytes > 0)) throw new Error('maxBodyBytes must be positive');
    this.#proxyOptions = { policy: options.policy, localAddress: options.localAddress };
    this.#log = options.log ?? pino({ enabled: false });
    this.pageFeatures = options.lighthouse
      ? ['actions', 'extract', 'har', 'pdf', 'lighthouse']
      : ['actions', 'extract', 'har', 'pdf'];
    this.#settings = {
      maxBodyBytes: options.maxBodyBytes,
      settleMs: options.settleMs ?? 500,
      maxScreenshotBytes: options.maxScreenshotBytes ?? 5 * 1024 * 1024,
      maxScreenshotHeight: options.maxScreenshotHeight ?? 5_000,
      unresponsiveMs: options.unresponsiveMs ?? 1_000,
      networkType: options.networkType ?? 'unknown',
      effectiveConnectionType: options.effectiveConnectionType ?? 'unknown',
    };
    this.#graceMs = options.deadlineGraceMs ?? 2_000;
    this.#slots = new PageSlots(options.maxPages ?? 2);
    this.#host = new ChromiumHost({
      executablePath: options.executablePath,
      restartAfterPages: options.restartAfterPages ?? 200,
      memoryLimitBytes: options.memoryLimitBytes,
      ca: options.ca,
      healthTimeoutMs: options.healthTimeoutMs ?? 2_000,
      healthIntervalMs: options.healthIntervalMs ?? 5_000,
      log: this.#log,
    });
    this.#spares = new SparePages({
      count: options.sparePages ?? 1,
      host: this.#host,
      proxy: this.#proxyOptions,
      log: this.#log,
    });
    this.#offload = options.offload ?? new OffloadPool({ log: this.#log });
    this.#offload.retain();
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
    // Reader text and the extraction's check follow the page: a worker starts meanwhile.
    this.#offload.warm();
    const task = this.#run(req, ctx, outcome);
    this.#track(task);
    return task;
  }

  pageLinks(
    html: Buffer | undefined,
    pageUrl: string,
    contentType: string,
    limits: OffloadLimits,
  ): Promise<string[]> {
    return pageLinksOffloaded(this.#offload, html, pageUrl, contentType, limits);
  }

  async endSession(sessionId: string): Promise<void> {
    const session = this.#sessions.get(sessionId);
    if (!session) return;
    this.#sessions.delete(sessionId);
    const context = await session.context?.catch(() => null);
    await context?.close().catch(() => undefined);
    await session.proxy.close();
  }

  /** Waits for running jobs, then closes sessions, spare pages and the browser. Safe twice. */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      try {
        await Promise.allSettled([...this.#inflight]);
        await this.#spares.close();
        await Promise.all([...this.#sessions.keys()].map((id) => this.endSession(id)));
        await this.#host.close();
      } finally {
        await this.#offload.release();
      }
    })();
    return this.#closed;
  }

  #track(task: Promise<unknown>): void {
    this.#inflight.add(task);
    void task.finally(() => this.#inflight.delete(task)).catch(() => undefined);
  }

  /**
   * The job, raced against a last-resort timer just past its deadline: the guarded steps inside end
   * in time on their own; this only makes the promise certain.
   */
  #run(req: ExecRequest, ctx: ExecContext, outcome: ExecOutcome): Promise<ExecOutcome> {
    const startMs = performance.now();
    const navigationEndMs = startMs + req.timeoutMs;
    const deadline = new JobDeadline(navigationEndMs + this.#graceMs - FINISH_MARGIN_MS);
    let timer: NodeJS.Timeout | undefined;
    const backstop = new Promise<ExecOutcome>((resolve) => {
      timer = setTimeout(
        () => resolve(stoppedCopy(outcome, req)),
        deadline.remainingMs() + FINISH_MARGIN_MS / 2,
      );
    });
    const job = this.#job(req, ctx, outcome, deadline, navigationEndMs);
    return Promise.race([job, backstop]).finally(() => {
      clearTimeout(timer);
      deadline.dispose();
    });
  }

  async #job(
    req: ExecRequest,
    ctx: ExecContext,
    outcome: ExecOutcome,
    deadline: JobDeadline,
    navigationEndMs: number,
  ): Promise<ExecOutcome> {
    // A timer of our own, not AbortSignal.timeout: inside AbortSignal.any, Node 20 holds the timeout
    // signal only weakly, so a garbage collection during the wait dropped it and the job waited on
    // until the backstop (nodejs/node#57736).
    const wait = new AbortController();
    const waitTimer = setTimeout(() => wait.abort(), Math.ceil(deadline.remainingMs()));
    let releaseSlot: () => void;
    try {
      releaseSlot = await this.#slots.acquire(AbortSignal.any([ctx.signal, wait.signal]));
      clearTimeout(waitTimer);
    } catch {
      clearTimeout(waitTimer);
      fail(
        outcome,
        'timeout',
        ctx.signal.aborted
          ? 'job cancelled while waiting for a browser page'
          : 'no browser page became free within the job timeout',
      );
      flagged(outcome, req);
      return outcome;
    }
    const log = ctx.log;
    const redactor = new Redactor();
    const session = req.sessionId ? this.#session(req.sessionId) : null;
    let lease: BrowserLease | null = null;
    let prepared: PreparedPage | null = null;
    let spare: PreparedPage | null = null;
    let proxy: PolicyProxy | null = null;
    let result: PageJobResult = {};
    try {
      if (session) {
        await deadline.bound(session.started);
        proxy = session.proxy;
      } else {
        spare = this.#spares.take();
        proxy = spare?.proxy ?? new PolicyProxy(this.#proxyOptions);
      }
      proxy.resetJob();
      // The main URL is checked before any browser work: a refused target costs no page.
      const refused = await deadline.bound(proxy.check(req.url));
      outcome.network = networkContext(proxy.decisionFor(req.url), this.#proxyOptions.localAddress);
      if (refused) {
        if (spare) this.#spares.giveBack(spare);
        else if (!session) await proxy.close();
        spare = null;
        proxy = null;
        return fail(outcome, refused.kind, refused.message);
      }
      lease = await this.#lease(deadline);
      let restoreCookies: StoredCookie[] = [];
      if (session) {
        if (!session.context || session.generation !== lease.generation) {
          // First job of the session, or its browser was replaced: a new context, old cookies back.
          restoreCookies = session.saved;
          session.generation = lease.generation;
          session.context = newContext(lease, session.proxy);
        }
        const context = await deadline.bound(session.context);
        prepared = await this.#prepare(deadline, lease, session.proxy, context);
      } else if (spare && spare.generation === lease.generation && !spare.page.isClosed()) {
        prepared = spare;
      } else {
        // No spare, or one from a browser that has since been replaced: its proxy is kept.
        if (spare) void closePrepared(spare, false);
        if (!spare) await deadline.bound(proxy.start());
        prepared = await this.#prepare(deadline, lease, proxy);
      }
      spare = null;
      this.#spares.refill();
      const pageJob = {
        req,
        prepared,
        chromeMajor: lease.chromeMajor,
        restoreCookies,
        settings: this.#settings,
        navigationEndMs,
        deadline,
        signal: ctx.signal,
        log,
        redactor,
        busy: <T>(work: () => Promise<T>) => this.#host.busy(work),
        offload: this.#offload,
      };
      result = await runPageJob(pageJob, outcome);
      if (result.unusable) {
        // The tab died before the job used it: once more in a new tab (same proxy and session).
        const dead = prepared;
        void closePrepared(dead, false);
        prepared = await this.#prepare(deadline, lease, dead.proxy, dead.shared ? dead.context : undefined);
        result = await runPageJob({ ...pageJob, prepared }, outcome);
        if (result.unusable) {
          fail(outcome, 'browser', 'the page crashed before loading');
          flagged(outcome, req);
        }
      }
      if (session && prepared) {
        session.saved = await deadline.bound(prepared.context.cookies()).catch(() => session.saved);
      }
    } catch (err) {
      if (isStopped(err, 'deadline')) {
        result.stalled = true;
        fail(outcome, 'timeout', `Request timed out after ${req.timeoutMs / 1000} seconds`);
      } else {
        log.warn({ err }, 'browser job failed');
        fail(outcome, 'browser', `browser error: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (session) session.context = null; // a context that failed to open is not kept
      flagged(outcome, req);
    } finally {
      if (lease && !lease.browser.connected) {
        fail(outcome, 'browser', 'the browser crashed during the job');
        flagged(outcome, req);
        if (session) session.context = null;
      }
      // The main document's connection: the decision for the URL the page ended on.
      const final = proxy?.decisionFor(outcome.finalUrl || req.url);
      if (proxy) outcome.network = networkContext(final, this.#proxyOptions.localAddress);
      if (result.stalled) void this.#host.probe();
      if (lease) this.#host.jobDone();
      // Closing happens after the outcome is returned; the slot is free once it is done.
      this.#track(this.#cleanUp(prepared ?? spare, proxy, session !== null, lease, releaseSlot));
    }
    // Reader text is CPU work on a copy of the DOM, outside the browser: in the offload pool, until
    // the job's deadline (a page it cannot finish by then has none).
    if (result.readerHtml !== undefined && outcome.success) {
      const reader = await pageReaderOffloaded(
        this.#offload,
        result.readerHtml,
        outcome.finalUrl,
        { timeoutMs: deadline.remainingMs(), signal: ctx.signal },
        log,
      );
      if (reader) outcome.content.reader = reader;
    }
    redactor.outcome(outcome);
    return outcome;
  }

  /** A browser lease within the deadline; one granted too late is handed back at once. */
  async #lease(deadline: JobDeadline): Promise<BrowserLease> {
    const leasing = this.#host.lease();
    try {
      return await deadline.bound(leasing);
    } catch (err) {
      void leasing.then((late) => late.release()).catch(() => undefined);
      throw err;
    }
  }

  /** A tab within the deadline; one that opens too late is closed (its proxy stays with the job). */
  async #prepare(
    deadline: JobDeadline,
    lease: BrowserLease,
    proxy: PolicyProxy,
    context?: BrowserContext,
  ): Promise<PreparedPage> {
    const preparing = preparePage(lease, proxy, context);
    try {
      return await deadline.bound(preparing);
    } catch (err) {
      void preparing.then((late) => closePrepared(late, false)).catch(() => undefined);
      throw err;
    }
  }

  async #cleanUp(
    prepared: PreparedPage | null,
    proxy: PolicyProxy | null,
    inSession: boolean,
    lease: BrowserLease | null,
    releaseSlot: () => void,
  ): Promise<void> {
    try {
      const closing = prepared ? closePrepared(prepared, !inSession) : inSession ? undefined : proxy?.close();
      if (closing) {
        const cleanup = new JobDeadline(performance.now() + CLEANUP_TIMEOUT_MS);
        await cleanup.bound(closing).catch(() => {
          // The browser does not close a tab: it is probed, and killed if it is hung.
          void this.#host.probe();
          if (!inSession) void proxy?.close();
        });
        cleanup.dispose();
      }
    } finally {
      lease?.release();
      releaseSlot();
    }
  }

  #session(id: string): SessionState {
    let session = this.#sessions.get(id);
    if (!session) {
      const proxy = new PolicyProxy(this.#proxyOptions);
      session = { proxy, started: proxy.start(), context: null, generation: 0, saved: [] };
      this.#sessions.set(id, session);
    }
    return session;
  }
}
