// Wire ↔ domain on the coordinator's side of the link: the Assign frame from a job record, and a
// device's final frame as a domain report. Handlers above this file see domain values only.
import {
  type Assign,
  boundLinks,
  measureProtocolOf,
  measureTypeOf,
  PAGE_LIMITS,
  PAGE_RESULT_LIMITS,
  type PageOptions,
  type ResultFinal,
} from '../../proto/index.js';
import { measureResultJson } from '../measure/measure-result.js';
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
  const m = job.request.measure;
  if (m && assign.request) {
    const o = m.options;
    assign.request.measure = {
      type: measureTypeOf(m.type),
      target: m.target,
      protocol: measureProtocolOf(o.protocol),
      port: o.port,
      packets: o.packets,
      maxHops: o.maxHops,
      recordType: o.recordType,
      resolver: o.resolver,
      resolverPort: o.resolverPort,
      serverName: o.serverName,
      ipVersion: o.ipVersion,
    };
  }
  const page = job.request.page;
  if (page && assign.request) pageRequestOf(page, assign.request);
  // The dispatch span's W3C context, so the agent's execution span joins the job's trace.
  if (trace) {
    assign.traceParent = trace.traceParent;
    assign.traceState = trace.traceState;
  }
  return assign;
}

/** A job's page options on the wire (JobRequest 20-24). */
function pageRequestOf(page: PageOptions, request: NonNullable<Assign['request']>): void {
  if (page.actions) request.actionsJson = JSON.stringify(page.actions);
  if (page.extract) request.extractJson = JSON.stringify(page.extract);
  if (page.har) request.har = true;
  if (page.pdf) {
    request.pdf = {
      format: page.pdf.format,
      landscape: page.pdf.landscape,
      printBackground: page.pdf.print_background,
    };
  }
  if (page.audits) request.audits = page.audits;
}

/**
 * What the device said of the page's actions, extraction and audits, for the result's metadata
 * (docs/actions.md): bounded again here, since a device is not trusted to keep the bounds.
 */
export function pageMetadataOf(final: ResultFinal): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  const actions = (final.actions ?? []).slice(0, PAGE_LIMITS.maxActions);
  if (actions.length > 0) {
    const cut = (s: string | null | undefined, max: number) => (s ?? '').slice(0, max);
    out.actions = actions.map((a) => {
      const o: Record<string, unknown> = {
        index: a.index ?? 0,
        type: cut(a.type, 32),
        status: cut(a.status, 32),
        duration_ms: a.durationMs ?? 0,
      };
      if (a.error) o.error = cut(a.error, PAGE_RESULT_LIMITS.maxErrorChars);
      if (a.name) o.name = cut(a.name, PAGE_LIMITS.maxNameChars);
      if (a.count) o.count = a.count;
      if (a.optional) o.optional = true;
      if (a.resultJson) {
        try {
          o.result = JSON.parse(cut(a.resultJson, PAGE_RESULT_LIMITS.maxEvaluateJsonBytes));
        } catch {
          o.result = null;
        }
      }
      return o;
    });
    const failed = actions.find((a) => a.status !== 'ok' && a.status !== 'skipped' && !a.optional);
    if (failed && final.errorType === 'action') out.failed_action = failed.index ?? 0;
  }
  const errors = (final.extractErrors ?? []).slice(0, PAGE_RESULT_LIMITS.maxExtractErrors);
  if (errors.length > 0) out.extract_errors = errors.map((e) => e.slice(0, PAGE_RESULT_LIMITS.maxErrorChars));
  if (final.lighthouseJson && final.lighthouseJson.length <= PAGE_RESULT_LIMITS.maxLighthouseSummaryBytes) {
    try {
      out.lighthouse = JSON.parse(final.lighthouseJson);
    } catch {
      // A summary that is not JSON is left out: the report part stays.
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
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
  const report: ReportedResult = {
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
  if (final.measure) report.measure = measureResultJson(final.measure);
  const page = pageMetadataOf(final);
  if (page) report.pageMetadata = page;
  return report;
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
