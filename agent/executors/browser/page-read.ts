// Reading a loaded (or given up on) page into the outcome: metrics and the serialized DOM in one
// evaluation, then the main body, cookies and the screenshot in parallel, all within the job's
// deadline. A page whose script keeps the renderer busy (an endless loop, a long task at the wrong
// moment) does not answer evaluations: after `unresponsiveMs` its script is stopped (scripts
// disabled, the running one terminated) and the page is read as it stands, flagged.
import type { Viewport } from 'puppeteer-core';
import type { ExecOutcome } from '../types.js';
import { toCookieRecord } from './cookies.js';
import { isStopped, type PageWatch } from './job-deadline.js';
import type { MainDocument } from './network-recorder.js';
import type { PageJob } from './page-job-types.js';
import { PAINT_WAIT_MS, PAINT_WAIT_SCRIPT, type PageReadings, READ_WITH_DOM_SCRIPT } from './page-metrics.js';
import { captureScreenshot, type Screenshot } from './screenshot.js';
import { tlsCipherName, tlsVersionName } from './tls-names.js';

export interface ReadInput extends PageJob {
  watch: PageWatch;
  profile: { viewport: Viewport };
  main: MainDocument;
  /** The load event did not come in time: loading and scripts are stopped before reading. */
  timedOut: boolean;
}

export interface PageRead {
  readings: PageReadings | null;
  html: string | null;
  /** For crashOrTimeoutFlag: the page timed out, had to be stopped, or could not be fully read. */
  flagged: boolean;
  /** A read waited until the deadline: the browser may be hung. */
  stalled: boolean;
}

interface ReadResult {
  readings: PageReadings;
  html: string;
}

/** Fills the outcome's success fields and content; the caller adds the metrics. */
export async function readPage(input: ReadInput, outcome: ExecOutcome): Promise<PageRead> {
  const { page, session, recorder, proxy, context } = input.prepared;
  const { settings, deadline, watch, main } = input;
  const guard = <T>(work: Promise<T>, atMs?: number) => watch.guard(work, deadline, atMs);
  let stalled = false;
  let stopped = false;
  const stopScripts = async () => {
    stopped = true;
    await guard(
      Promise.all([
        session.send('Page.stopLoading'),
        session.send('Emulation.setScriptExecutionDisabled', { value: true }),
        session.send('Runtime.terminateExecution'),
      ]),
    ).catch(() => undefined);
  };
  const tryRead = (atMs: number) =>
    guard(page.evaluate(READ_WITH_DOM_SCRIPT) as Promise<ReadResult>, atMs).catch((err: unknown) => {
      if (isStopped(err, 'deadline') && deadline.passed) stalled = true;
      return null;
    });

  if (input.timedOut) await stopScripts();
  else {
    // The first paint may still be on its way (page-metrics.ts); a page too busy to answer is
    // handled by the read below.
    const paintedBy = performance.now() + PAINT_WAIT_MS + 50;
    await guard(page.evaluate(PAINT_WAIT_SCRIPT), paintedBy).catch(() => undefined);
  }
  let read = await tryRead(performance.now() + settings.unresponsiveMs);
  if (read === null && !watch.reason && !deadline.passed) {
    await stopScripts();
    read = await tryRead(deadline.atMs);
  }
  const empty = (): PageRead => ({ readings: null, html: null, flagged: true, stalled });
  if (watch.reason) return empty();

  const limit = settings.maxBodyBytes;
  const late = (err: unknown) => {
    if (isStopped(err, 'deadline')) stalled = true;
    return isStopped(err) ? null : Promise.reject(err);
  };
  const [body, stored, shot] = await Promise.all([
    // A body already known to be over the limit is not copied out of the browser.
    main.decodedBytes > limit ? null : guard(recorder.mainBody()).catch(late),
    guard(context.cookies()).catch(late),
    guard(
      captureScreenshot(page, {
        maxBytes: settings.maxScreenshotBytes,
        maxHeight: settings.maxScreenshotHeight,
        viewport: input.profile.viewport,
        pageHeight: read?.readings.scrollHeight,
      }),
    ).catch(
      (err: unknown): Screenshot => ({
        note: isStopped(err, 'deadline')
          ? 'screenshot timed out'
          : `screenshot failed: ${err instanceof Error ? err.message : err}`,
      }),
    ),
  ]);
  if (watch.reason) return empty();

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
    sizeBytes: read?.readings.encodedBodySize || main.sizeBytes,
  });
  const notes: string[] = [];
  if (stopped && !input.timedOut) notes.push('the page did not answer: its script was stopped');
  if (shot.png) outcome.content.screenshot = shot.png;
  if (shot.note) notes.push(shot.note);
  const result: PageRead = {
    readings: read?.readings ?? null,
    html: read?.html ?? null,
    flagged: input.timedOut || stopped || read === null,
    stalled,
  };
  if (main.decodedBytes > limit || (Buffer.isBuffer(body) && body.length > limit)) {
    Object.assign(outcome, {
      success: false,
      errorType: 'too_large',
      errorMessage: `Response body exceeds the limit of ${limit} bytes`,
    });
    return { ...result, html: null };
  }
  if (Buffer.isBuffer(body)) outcome.content.body = body;
  if (read) {
    const fullPage = Buffer.from(read.html, 'utf8');
    if (fullPage.length > limit) {
      Object.assign(outcome, {
        success: false,
        errorType: 'too_large',
        errorMessage: `Rendered page exceeds the limit of ${limit} bytes`,
      });
      return { ...result, html: null };
    }
    outcome.content.fullPage = fullPage;
  } else notes.push('the rendered page could not be read');
  if (notes.length > 0) outcome.errorMessage = notes.join('; ');
  return result;
}
