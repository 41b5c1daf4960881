// One CRAWL_FULL_PAGE job on an open page: emulate the device, navigate, settle, then read what the
// page produced (metrics, DOM, screenshot, main body, cookies) into the outcome.
import type { Logger } from 'pino';
import { type BrowserContext, type Page, TimeoutError } from 'puppeteer-core';
import type { DeviceErrorType } from '../../../proto/index.js';
import { extractReader } from '../reader.js';
import type { ExecOutcome, ExecRequest } from '../types.js';
import { type StoredCookie, storedToParam, toCookieParam, toCookieRecord } from './cookies.js';
import { deviceProfile } from './devices.js';
import { netErrorType } from './net-errors.js';
import { NetworkRecorder } from './network-recorder.js';
import { OBSERVER_SCRIPT, type PageReadings, READ_SCRIPT, toMetrics } from './page-metrics.js';
import type { PolicyProxy } from './policy-proxy.js';
import { captureScreenshot, type Screenshot } from './screenshot.js';
import { tlsCipherName, tlsVersionName } from './tls-names.js';

export interface PageJobSettings {
  maxBodyBytes: number;
  settleMs: number;
  maxScreenshotBytes: number;
  maxScreenshotHeight: number;
  /** Budget for reading the page after navigation (evaluate, DOM, screenshot...). */
  collectTimeoutMs: number;
  networkType: string;
  effectiveConnectionType: string;
}

export interface PageJob {
  req: ExecRequest;
  page: Page;
  context: BrowserContext;
  proxy: PolicyProxy;
  chromeMajor: string;
  /** Cookies to restore first (a session whose context was lost with its browser). */
  restoreCookies: StoredCookie[];
  settings: PageJobSettings;
  signal: AbortSignal;
  log: Logger;
}

// Request headers Chromium computes itself; a job's values for them would be wrong or refused.
const BROWSER_HEADERS = new Set(['host', 'content-length', 'connection', 'cookie', 'user-agent']);

const STEP_TIMED_OUT = Symbol('timed out');

export interface PageJobResult {
  /** The rendered HTML to make reader text of, when the document is HTML. */
  readerHtml?: string;
}

/** Fills `outcome`. Failures of the target are outcomes; it throws only on browser trouble. */
export async function runPageJob(job: PageJob, outcome: ExecOutcome): Promise<PageJobResult> {
  const { req, page, proxy, settings } = job;
  let crashed = false;
  page.once('error', () => {
    crashed = true; // renderer crash ("Page crashed!")
  });
  const session = await page.createCDPSession();
  const recorder = new NetworkRecorder(session);
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
    recorder.start(),
    page.evaluateOnNewDocument(OBSERVER_SCRIPT),
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

  // Navigation: bounded by the job's timeout; a page whose load never completes keeps what it has.
  let timedOut = false;
  let navError: Error | null = null;
  try {
    await abortable(page.goto(req.url, { waitUntil: 'load', timeout: req.timeoutMs }), job.signal);
  } catch (err) {
    if (err instanceof TimeoutError) timedOut = true;
    else navError = err instanceof Error ? err : new Error(String(err));
  }
  if (job.signal.aborted) return fail(outcome, 'timeout', 'job cancelled before the page finished');
  const main = recorder.main();
  const mainUrl = main?.url ?? req.url;
  const refused = proxy.failureFor(mainUrl);
  outcome.requestResults = recorder.outcomes((url) => proxy.failureFor(url) !== undefined);
  if (main) {
    outcome.finalUrl = main.url;
    outcome.timeUs = main.timeUs;
    outcome.requestHeaders = main.requestHeaders;
  }
  if (crashed) {
    outcome.performance = metrics(null, true);
    return fail(outcome, 'browser', 'the page crashed while loading');
  }
  if (refused) return fail(outcome, refused.kind, refused.message);
  if (navError || !main || main.statusCode === 0) {
    if (timedOut || (!navError && main?.state === 'pending')) {
      outcome.performance = metrics(null, true);
      return fail(outcome, 'timeout', `Request timed out after ${req.timeoutMs / 1000} seconds`);
    }
    const text = main?.errorText || (navError ? /net::ERR_[A-Z_]+/.exec(navError.message)?.[0] : '') || '';
    const type: DeviceErrorType = text ? netErrorType(text) : 'browser';
    return fail(outcome, type, text || navError?.message || 'navigation failed');
  }
  if (timedOut) {
    // The document answered but its load never completed: stop it and report what is there.
    await session.send('Page.stopLoading').catch(() => undefined);
  } else if (settings.settleMs > 0) {
    // Content rendered by script after load (SPAs, lazy parts) gets a moment to appear.
    await abortable(sleep(settings.settleMs), job.signal).catch(() => undefined);
    if (job.signal.aborted) return fail(outcome, 'timeout', 'job cancelled before the page finished');
  }

  const deadline = performance.now() + settings.collectTimeoutMs;
  const step = <T>(work: Promise<T>) => within(work, deadline).catch(() => null);
  // Metrics first: a full-page capture may resize the view, which must not count as a layout shift.
  const readings = await step(page.evaluate(READ_SCRIPT) as Promise<PageReadings>);
  const read = readings === STEP_TIMED_OUT ? null : readings;
  const [html, body, stored, shot] = await Promise.all([
    step(page.content()),
    // A body already known to be over the limit is not copied out of the browser.
    main.decodedBytes > settings.maxBodyBytes ? null : step(recorder.mainBody()),
    step(job.context.cookies()),
    within(
      captureScreenshot(page, {
        maxBytes: settings.maxScreenshotBytes,
        maxHeight: settings.maxScreenshotHeight,
        viewport: profile.viewport,
        pageHeight: read?.scrollHeight,
      }),
      deadline,
    ).catch(
      (err: unknown): Screenshot => ({
        note: `screenshot failed: ${err instanceof Error ? err.message : err}`,
      }),
    ),
  ]);
  crashed ||= !page.browser().connected;

  const nowMs = Date.now();
  const contentType = main.responseHeaders.find((h) => h.name?.toLowerCase() === 'content-type')?.value;
  Object.assign(outcome, {
    success: true,
    statusCode: main.statusCode,
    responseHeaders: main.responseHeaders,
    contentType: contentType ?? main.mimeType,
    tlsVersion: main.securityDetails ? tlsVersionName(main.securityDetails.protocol) : '',
    tlsCipher: main.securityDetails ? tlsCipherName(main.securityDetails) : '',
    requestCookies: main.sentCookies.map((c) => toCookieRecord(c, nowMs)),
    responseCookies: Array.isArray(stored) ? stored.map((c) => toCookieRecord(c, nowMs)) : [],
    requestResults: recorder.outcomes((url) => proxy.failureFor(url) !== undefined),
    sizeBytes: read?.encodedBodySize || main.sizeBytes,
  });
  outcome.performance = metrics(read, timedOut || crashed || read === null || typeof html !== 'string');
  const notes: string[] = [];
  if (shot === STEP_TIMED_OUT) notes.push('screenshot timed out');
  else {
    if (shot.png) outcome.content.screenshot = shot.png;
    if (shot.note) notes.push(shot.note);
  }
  if (crashed) return fail(outcome, 'browser', 'the browser or page crashed while the page was read');

  const limit = settings.maxBodyBytes;
  if (main.decodedBytes > limit || (Buffer.isBuffer(body) && body.length > limit)) {
    return fail(outcome, 'too_large', `Response body exceeds the limit of ${limit} bytes`);
  }
  if (Buffer.isBuffer(body)) outcome.content.body = body;
  if (typeof html === 'string') {
    const fullPage = Buffer.from(html, 'utf8');
    if (fullPage.length > limit) {
      return fail(outcome, 'too_large', `Rendered page exceeds the limit of ${limit} bytes`);
    }
    outcome.content.fullPage = fullPage;
  } else notes.push('the rendered page could not be read');
  if (notes.length > 0) outcome.errorMessage = notes.join('; ');
  // Reader text is pure CPU work on the DOM copy: done by the caller once the page is closed.
  return typeof html === 'string' && /html/i.test(main.mimeType) ? { readerHtml: html } : {};
}

/** Reader text of a rendered page (see reader.ts), or undefined when Readability finds no article. */
export function readerText(html: string, url: string, log: Logger): Buffer | undefined {
  try {
    const article = extractReader(html, url);
    return article ? Buffer.from(article.text, 'utf8') : undefined;
  } catch (err) {
    log.debug({ err }, 'no reader view'); // a page Readability chokes on has none
    return undefined;
  }
}

function fail(outcome: ExecOutcome, errorType: DeviceErrorType, message: string): PageJobResult {
  Object.assign(outcome, { success: false, errorType, errorMessage: message });
  return {};
}

function within<T>(work: Promise<T>, deadline: number): Promise<T | typeof STEP_TIMED_OUT> {
  const ms = Math.max(0, deadline - performance.now());
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof STEP_TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(STEP_TIMED_OUT), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
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
