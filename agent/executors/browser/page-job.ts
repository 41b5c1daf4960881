// One CRAWL_FULL_PAGE job on a prepared page: emulate the device, navigate, settle, then read what
// the page produced (metrics, DOM, screenshot, main body, cookies) into the outcome. Every browser
// call is raced against the job's deadline and the page's crash (see job-deadline.ts): a crashed tab
// ends the job at once, a page that runs out of time is stopped and reported as far as it got.
import { type DeviceErrorType, PAGE_RESULT_LIMITS } from '../../../proto/index.js';
import type { ExecOutcome } from '../types.js';
import { type ActionRun, runActions, screenshotsPart } from './actions/run-actions.js';
import { storedToParam, toCookieParam } from './cookies.js';
import { deviceProfile } from './devices.js';
import { HarRecorder } from './har-recorder.js';
import { isStopped, PageWatch } from './job-deadline.js';
import { netErrorType } from './net-errors.js';
import { makeExtras } from './page-extras.js';
import type { PageJob } from './page-job-types.js';
import { type PageReadings, toMetrics } from './page-metrics.js';
import { readPage } from './page-read.js';

export type { PageJob, PageJobSettings } from './page-job-types.js';

// Request headers Chromium computes itself; a job's values for them would be wrong or refused.
const BROWSER_HEADERS = new Set(['host', 'content-length', 'connection', 'cookie', 'user-agent']);

export interface PageJobResult {
  /** The rendered HTML to make reader text of, when the document is HTML. */
  readerHtml?: string;
  /** The job stopped waiting for the browser (deadline, or a hung page): worth a health probe. */
  stalled?: boolean;
  /**
   * The tab crashed or closed before the navigation started (a spare whose renderer died just
   * before the job took it): the outcome is untouched and the job may run again in a new tab.
   */
  unusable?: boolean;
}

/** Fills `outcome`. Failures of the target are outcomes; it throws only on browser trouble. */
export async function runPageJob(job: PageJob, outcome: ExecOutcome): Promise<PageJobResult> {
  const { req, settings, deadline } = job;
  const { page, recorder, proxy } = job.prepared;
  const watch = new PageWatch(page);
  const guard = <T>(work: Promise<T>, atMs?: number) => watch.guard(work, deadline, atMs);
  const profile = deviceProfile(req.deviceType, job.chromeMajor);
  const metrics = (readings: PageReadings | null, crashOrTimeout: boolean) =>
    toMetrics({
      readings,
      crashOrTimeout,
      upstream: proxy.timingFor(outcome.finalUrl),
      networkType: settings.networkType,
      effectiveConnectionType: settings.effectiveConnectionType,
      viewport: {
        width: profile.viewport.width,
        height: profile.viewport.height,
        deviceScaleFactor: profile.viewport.deviceScaleFactor ?? 1,
      },
    });
  const noteRequests = () => {
    const main = recorder.main();
    if (main) {
      outcome.finalUrl = main.url;
      outcome.timeUs = main.timeUs;
      outcome.requestHeaders = main.requestHeaders;
    }
    outcome.requestResults = recorder.outcomes((url) => proxy.failureFor(url) !== undefined);
  };
  const stopped = (err: unknown): PageJobResult => {
    noteRequests();
    outcome.performance = metrics(null, true);
    if (isStopped(err, 'deadline')) {
      fail(outcome, 'timeout', `Request timed out after ${req.timeoutMs / 1000} seconds`);
      return { stalled: true };
    }
    fail(outcome, 'browser', watch.reason?.message ?? String(err));
    return {};
  };
  const options = req.page;
  // Recording starts before the navigation: the HAR covers the load and every action's requests.
  const har = options?.har ? new HarRecorder(job.prepared.session) : null;
  try {
    try {
      await guard(Promise.all([setUp(job, profile), har?.start()]));
    } catch (err) {
      if (isStopped(err, 'deadline')) return stopped(err);
      if (isStopped(err)) return { unusable: true };
      throw err;
    }

    // Navigation: bounded by the job's timeout; a page whose load never completes keeps what it has.
    let timedOut = false;
    let navError: Error | null = null;
    const navMs = Math.max(1, job.navigationEndMs - performance.now());
    try {
      await guard(
        abortable(page.goto(req.url, { waitUntil: 'load', timeout: navMs }), job.signal),
        job.navigationEndMs,
      );
    } catch (err) {
      if (isStopped(err, 'deadline') || (err instanceof Error && err.name === 'TimeoutError'))
        timedOut = true;
      else if (isStopped(err)) return stopped(err);
      else navError = err instanceof Error ? err : new Error(String(err));
    }
    if (job.signal.aborted) return fail(outcome, 'timeout', 'job cancelled before the page finished');
    noteRequests();
    const main = recorder.main();
    const refused = proxy.failureFor(main?.url ?? req.url);
    if (refused) return fail(outcome, refused.kind, refused.message);
    if (navError || !main || main.statusCode === 0) {
      if (timedOut || (!navError && main?.state === 'pending')) {
        outcome.performance = metrics(null, true);
        fail(outcome, 'timeout', `Request timed out after ${req.timeoutMs / 1000} seconds`);
        return { stalled: timedOut };
      }
      const text = main?.errorText || (navError ? /net::ERR_[A-Z_]+/.exec(navError.message)?.[0] : '') || '';
      const type: DeviceErrorType = text ? netErrorType(text) : 'browser';
      return fail(outcome, type, text || navError?.message || 'navigation failed');
    }
    if (!timedOut && settings.settleMs > 0) {
      // Content rendered by script after load (SPAs, lazy parts) gets a moment to appear.
      await guard(sleep(settings.settleMs)).catch(() => undefined);
      if (watch.reason) return stopped(watch.reason);
      if (job.signal.aborted) return fail(outcome, 'timeout', 'job cancelled before the page finished');
    }
    let actionRun: ActionRun | undefined;
    if (options?.actions && !timedOut) {
      try {
        actionRun = await runActions({
          actions: options.actions,
          page,
          proxy,
          guard,
          endMs: job.navigationEndMs,
          viewport: profile.viewport,
          maxScreenshotHeight: settings.maxScreenshotHeight,
          redactor: job.redactor,
          log: job.log,
        });
      } catch (err) {
        if (isStopped(err)) return stopped(err);
        throw err;
      }
      outcome.actions = actionRun.outcomes;
      const shots = screenshotsPart(actionRun.screenshots, PAGE_RESULT_LIMITS.maxActionScreenshotsBytes);
      if (shots) outcome.content.actionScreenshots = shots;
    }
    const read = await readPage({ ...job, watch, profile, main, timedOut }, outcome);
    if (watch.reason) return stopped(watch.reason);
    outcome.performance = metrics(read.readings, read.flagged);
    if (options && (options.extract || options.pdf || har || options.audits)) {
      try {
        await makeExtras(
          {
            options,
            page,
            guard,
            html: read.html,
            har,
            maxBodyBytes: settings.maxBodyBytes,
            context: job.prepared.context,
            url: outcome.finalUrl || req.url,
            deviceType: req.deviceType,
            remainingMs: () => deadline.remainingMs(),
            ...(job.busy ? { busy: job.busy } : {}),
            offload: job.offload,
            signal: job.signal,
          },
          outcome,
        );
      } catch (err) {
        if (isStopped(err)) return stopped(err);
        throw err;
      }
    }
    const failed = actionRun?.failed;
    if (failed) {
      fail(outcome, 'action', `action ${failed.index} (${failed.type}) ${failed.status}: ${failed.message}`);
    }
    return read.html !== null && /html/i.test(main.mimeType)
      ? { readerHtml: read.html, stalled: read.stalled }
      : { stalled: read.stalled };
  } finally {
    har?.stop();
    watch.dispose();
  }
}

/** Device emulation, user agent, extra headers and input cookies, in parallel. */
async function setUp(job: PageJob, profile: ReturnType<typeof deviceProfile>): Promise<void> {
  const { req } = job;
  const { page, session } = job.prepared;
  const extraHeaders: Record<string, string> = {};
  let userAgent = profile.userAgent;
  for (const { name, value } of req.headers) {
    const lower = (name ?? '').toLowerCase();
    if (lower === 'user-agent') userAgent = value ?? '';
    else if (!BROWSER_HEADERS.has(lower) && name) {
      extraHeaders[name] =
        extraHeaders[name] === undefined ? (value ?? '') : `${extraHeaders[name]}, ${value}`;
    }
  }
  const cookies = [
    ...job.restoreCookies.map(storedToParam),
    ...req.cookies.map((cookie) => toCookieParam(cookie, req.url)),
  ];
  await Promise.all([
    page.setViewport(profile.viewport),
    page.setUserAgent({
      userAgent,
      userAgentMetadata: {
        brands: [
          { brand: 'Chromium', version: job.chromeMajor },
          { brand: 'Not_A Brand', version: '24' },
        ],
        platform: profile.platform,
        platformVersion: '',
        architecture: '',
        model: '',
        mobile: profile.mobile,
      },
    }),
    Object.keys(extraHeaders).length > 0 ? page.setExtraHTTPHeaders(extraHeaders) : undefined,
    cookies.length > 0 ? session.send('Network.setCookies', { cookies }) : undefined,
  ]);
}

export function fail(outcome: ExecOutcome, errorType: DeviceErrorType, message: string): PageJobResult {
  Object.assign(outcome, { success: false, errorType, errorMessage: message });
  return {};
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
