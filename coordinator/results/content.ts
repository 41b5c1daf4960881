// Download content (interface.md 2.5) and job detail (4.3), assembled from records and stored parts.
import { isUtf8 } from 'node:buffer';
import type { ContentStorage } from '../storage/types.js';
import { contentKey } from '../storage/types.js';
import type { JobRecord, ResultRecord } from '../store/records.js';
import { inputCookieRecord, parseCookieHeaders, parseSetCookieHeaders } from './cookies.js';

const TEXT_TYPE =
  /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript|x-www-form-urlencoded)|image\/svg\+xml)/i;

/** Storage part name of one attempt's content part. */
export function partName(attempt: number, part: string): string {
  return `a${attempt}-${part}`;
}

/** Text when the body is UTF-8 text (by content type or, lacking one, by its bytes); else base64. */
export function encodeBody(body: Buffer, contentType: string): { body: string; encoding: 'text' | 'base64' } {
  const textual = contentType ? TEXT_TYPE.test(contentType) : !body.includes(0);
  if (textual && isUtf8(body)) return { body: body.toString('utf8'), encoding: 'text' };
  return { body: body.toString('base64'), encoding: 'base64' };
}

export async function readPart(storage: ContentStorage, job: JobRecord, r: ResultRecord, part: string) {
  if (r.parts[part] === undefined) return null;
  const data = await storage.get(contentKey(job.ownerId, job.id, partName(r.attempt, part)));
  // Recorded but absent: never answer as if the job had no such content.
  if (!data) throw new Error(`content part ${part} of job ${job.id} is missing from ${storage.type} storage`);
  return data;
}

export async function buildDownload(
  job: JobRecord,
  storage: ContentStorage,
): Promise<Record<string, unknown>> {
  const r = job.result as ResultRecord;
  const [body, fullPage, screenshot, reader] = await Promise.all([
    readPart(storage, job, r, 'body'),
    readPart(storage, job, r, 'full_page'),
    readPart(storage, job, r, 'screenshot'),
    readPart(storage, job, r, 'reader'),
  ]);
  const encoded = encodeBody(body ?? Buffer.alloc(0), r.contentType);
  return {
    id: job.id,
    hasFullPage: fullPage !== null,
    hasPerformanceMetrics: r.performance !== null,
    hasReader: reader !== null,
    hasScreenshot: screenshot !== null,
    fullPage: fullPage ? fullPage.toString('utf8') : '',
    readerContent: reader ? reader.toString('utf8') : '',
    screenshot: screenshot ? screenshot.toString('base64') : '',
    mainRequest: {
      headers: job.request.headers,
      jobId: job.id,
      method: job.method,
      timeoutSec: job.timeoutSec,
      url: job.url,
    },
    mainResult: {
      body: encoded.body,
      bodyEncoding: encoded.encoding,
      errorMessage: r.errorMessage,
      errorType: r.errorType,
      finalUrl: r.finalUrl,
      headers: r.responseHeaders,
      sizeBytes: r.sizeBytes,
      statusCode: r.statusCode,
      success: r.success,
      timeUs: r.timeUs,
      tlsCipherSuite: r.tlsCipher,
      tlsVersion: r.tlsVersion,
    },
    performanceMetrics: r.performance ?? {},
    requestResults: r.requestResults,
    metadata: r.metadata,
    ...(await pageExtras(job, storage, r)),
  };
}

/**
 * What a page job's actions and extraction produced (docs/actions.md): `extracted` (the JSON
 * value, null when the extraction gave none), `extractErrors`, `actionScreenshots` (name → base64
 * PNG). Absent for jobs that asked for none; HAR, PDF and Lighthouse have their own formats.
 */
async function pageExtras(job: JobRecord, storage: ContentStorage, r: ResultRecord) {
  const out: Record<string, unknown> = {};
  if (job.request.page?.extract) {
    const extracted = await readPart(storage, job, r, 'extract');
    out.extracted = extracted ? parseJson(extracted) : null;
    out.extractErrors = Array.isArray(r.metadata.extract_errors) ? r.metadata.extract_errors : [];
  }
  const shots = await readPart(storage, job, r, 'action_screenshots');
  if (shots) out.actionScreenshots = parseJson(shots) ?? {};
  return out;
}

/** A JSON part as its value; null when it is not JSON (a device's part is not trusted). */
export function parseJson(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
}

export function resultView(r: ResultRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: r.id,
    created_at: r.createdAt,
    success: r.success,
    status_code: r.statusCode,
    size_bytes: r.sizeBytes,
    time_ms: Math.round(r.timeUs / 1000),
    timestamp_ms: r.startedAtMs,
    tls_cipher_suite: r.tlsCipher,
    tls_version: r.tlsVersion,
  };
  // The attempt's network (docs/api.md); absent on results stored before it was recorded.
  if (r.metadata.network !== undefined) out.network = r.metadata.network;
  if (!r.success) {
    out.error_message = r.errorMessage;
    out.error_type = r.errorType;
  }
  return out;
}

export function buildDetail(
  job: JobRecord,
  jobObject: Record<string, unknown>,
  downloadUrl: string,
  parseCookies: boolean,
): Record<string, unknown> {
  const r = job.result;
  let host = '';
  try {
    host = new URL(r?.finalUrl || job.url).hostname;
  } catch {
    host = '';
  }
  const requestHeaders = r?.requestHeaders.length ? r.requestHeaders : job.request.headers;
  const responseHeaders = r?.responseHeaders ?? [];
  const requestCookies = r?.requestCookies.length
    ? [...r.requestCookies]
    : job.request.cookies.map((c) => inputCookieRecord(c, host));
  const responseCookies = r ? [...r.responseCookies] : [];
  if (parseCookies) {
    requestCookies.push(...parseCookieHeaders(requestHeaders, host));
    responseCookies.push(...parseSetCookieHeaders(responseHeaders, host));
  }
  return {
    job: jobObject,
    download_url: downloadUrl,
    // The crawled response's status at the top level too (null until the device reports).
    status_code: r ? r.statusCode : null,
    request_headers: requestHeaders,
    response_headers: responseHeaders,
    request_cookies: requestCookies,
    response_cookies: responseCookies,
    result: r ? resultView(r) : null,
  };
}
