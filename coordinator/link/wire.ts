// Wire ↔ domain on the coordinator's side of the link: the Assign frame from a job record, and a
// device's final frame as a domain report. Handlers above this file see domain values only.
import { type Assign, boundLinks, type ResultFinal } from '../../proto/index.js';
import type { ReportedResult } from '../results/reported.js';
import type { CookieRecordJson, JobRecord, ResultRecord } from '../store/records.js';
import type { WireTraceContext } from '../tracing/job-tracing.js';

/**
 * The Assign frame for `attempt` of the job; `deviceType` is the emulation hint when unplaced.
 * `deadline_ms` is when the coordinator gives up on the attempt: the job's timeout plus the grace
 * it allows a silent attempt (the agent's own timeout ends the job first; this is its hard stop).
 * `trace` is the dispatch span's context when the coordinator traces; otherwise both fields stay empty.
 */
export function assignOf(
  job: JobRecord,
  attempt: number,
  deviceType: string,
  nowMs: number,
  graceMs: number,
  trace?: WireTraceContext,
): Assign {
  const assign: Assign = {
    jobId: job.id,
    attempt,
    deadlineMs: nowMs + job.timeoutSec * 1000 + graceMs,
    request: {
      method: job.method,
      url: job.url,
      timeoutMs: job.timeoutSec * 1000,
      headers: job.request.headers.map((h) => ({ name: h.name, value: h.value })),
      body: Buffer.from(job.request.bodyBase64, 'base64'),
      cookies: job.request.cookies.map((c) => ({
        name: c.name,
        value: c.value,
        domain: c.domain ?? '',
        path: c.path ?? '',
        secure: c.secure ?? false,
        httpOnly: c.httponly ?? false,
        sameSite: c.samesite ?? '',
      })),
      sessionId: job.sessionId ?? '',
      deviceType: job.placement.device_type ?? deviceType,
      collectLinks: job.request.collectLinks === true,
    },
  };
  // The dispatch span's W3C context, so the agent's execution span joins the job's trace.
  if (trace) {
    assign.traceParent = trace.traceParent;
    assign.traceState = trace.traceState;
  }
  return assign;
}

const headers = (list: ResultFinal['responseHeaders']) =>
  (list ?? []).map((h) => ({ name: h.name ?? '', value: h.value ?? '' }));

const cookies = (list: ResultFinal['requestCookies']): CookieRecordJson[] =>
  (list ?? []).map((c) => ({
    domain: c.domain ?? '',
    expires: c.expires ?? '',
    httponly: c.httpOnly ?? false,
    max_age: Number(c.maxAge ?? 0),
    name: c.name ?? '',
    path: c.path ?? '',
    samesite: c.sameSite ?? '',
    secure: c.secure ?? false,
    value: c.value ?? '',
  }));

/** The device's final frame as a domain report (content parts travel separately). */
export function reportOf(final: ResultFinal): ReportedResult {
  const requestResults: ResultRecord['requestResults'] = {};
  for (const rr of final.requestResults ?? []) {
    requestResults[rr.url ?? ''] = {
      sizeBytes: Number(rr.sizeBytes ?? 0),
      statusCode: rr.statusCode ?? 0,
      success: rr.success ?? false,
    };
  }
  return {
    jobId: final.jobId ?? '',
    attempt: final.attempt ?? 0,
    success: final.success ?? false,
    statusCode: final.statusCode ?? 0,
    sizeBytes: Number(final.sizeBytes ?? 0),
    timeUs: Number(final.timeUs ?? 0),
    startedAtMs: Number(final.startedAtMs ?? 0),
    tlsVersion: final.tlsVersion ?? '',
    tlsCipher: final.tlsCipher ?? '',
    errorType: final.errorType ?? '',
    errorMessage: final.errorMessage ?? '',
    finalUrl: final.finalUrl ?? '',
    contentType: final.contentType ?? '',
    contentEncoding: final.contentEncoding ?? '',
    requestHeaders: headers(final.requestHeaders),
    responseHeaders: headers(final.responseHeaders),
    requestCookies: cookies(final.requestCookies),
    responseCookies: cookies(final.responseCookies),
    performance: final.performance ? performanceOf(final.performance) : null,
    requestResults,
    // Untrusted: bounded here, kept only for a job that asked (results/ingest.ts).
    links: boundLinks(final.links),
  };
}

/** Browser metrics under the contract's names (interface.md 2.5). */
export function performanceOf(
  p: NonNullable<ResultFinal['performance']>,
): Record<string, number | string | boolean> {
  return {
    crashOrTimeoutFlag: p.crashOrTimeoutFlag ?? false,
    effectiveConnectionType: p.effectiveConnectionType ?? '',
    networkType: p.networkType ?? '',
    protocol: p.protocol ?? '',
    cumulativeLayoutShift: p.cumulativeLayoutShift ?? 0,
    decodedBodySize: p.decodedBodySize ?? 0,
    devicePixelRatio: p.devicePixelRatio ?? 0,
    dnsTimeMs: p.dnsTimeMs ?? 0,
    domContentLoaded: p.domContentLoaded ?? 0,
    encodedBodySize: p.encodedBodySize ?? 0,
    firstContentfulPaint: p.firstContentfulPaint ?? 0,
    firstPaint: p.firstPaint ?? 0,
    largestContentfulPaint: p.largestContentfulPaint ?? 0,
    longTaskCount: p.longTaskCount ?? 0,
    maxLongTask: p.maxLongTask ?? 0,
    tcpTimeMs: p.tcpTimeMs ?? 0,
    timeToFirstByte: p.timeToFirstByte ?? 0,
    tlsTimeMs: p.tlsTimeMs ?? 0,
    totalBlockingTime: p.totalBlockingTime ?? 0,
    totalLoadTime: p.totalLoadTime ?? 0,
    transferSize: p.transferSize ?? 0,
    viewportHeight: p.viewportHeight ?? 0,
    viewportWidth: p.viewportWidth ?? 0,
  };
}
