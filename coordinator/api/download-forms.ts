// The content forms of GET /crawl/v1/jobs/{id}/download?format=… and the detail's include_body.
// json (default) is the contract's object, plus `markdown` for HTML pages; the other forms answer
// the content itself. Crawled HTML is served sandboxed: it must never run on the API's origin.
// Markdown and main text are made in the coordinator's offload workers (results/format-work.ts),
// stopped at --format-timeout: a page that cannot be converted in time has none.
import type { FastifyReply } from 'fastify';
import { OffloadError } from '../../common/offload/index.js';
import type { DownloadFormat } from '../../contract/index.js';
import { type ApiError, internal, invalid } from '../errors.js';
import { buildDownload, encodeBody, partName, readPart } from '../results/content.js';
import type { FormatWork } from '../results/format-work.js';
import { decodeBody, isHtmlType } from '../results/markdown.js';
import { type ContentStorage, contentKey } from '../storage/types.js';
import type { JobRecord, ResultRecord } from '../store/records.js';

/** Largest decompressed body a content form reads, so a small gzip body cannot expand unbounded. */
export const MAX_DECODED_BODY_BYTES = 64 * 1024 * 1024;
/**
 * Largest page turned into markdown. Readability and turndown take roughly 4 ms per KiB of an
 * ordinary page (scripts/bench/api-requests.ts), in an offload worker (a page built to take longer
 * is stopped at --format-timeout); a larger page would hold a worker for seconds.
 */
export const MAX_MARKDOWN_HTML_BYTES = 2 * 1024 * 1024;

const SANDBOX = { 'content-security-policy': 'sandbox', 'x-content-type-options': 'nosniff' };

function header(r: ResultRecord, name: string): string {
  return r.responseHeaders.find((h) => h.name.toLowerCase() === name)?.value ?? '';
}

/** The encoding the stored body still carries: none once the device decoded it. */
function storedEncoding(r: ResultRecord): string {
  return r.contentEncoding ? '' : header(r, 'content-encoding');
}

export interface PageSource {
  /** The page's HTML: the rendered DOM for full-page jobs, else the decoded HTML body; or null. */
  html: string | null;
  /** The body decoded as text when its type is textual; null otherwise. */
  text: string | null;
  url: string;
}

/** The page of a completed job: its HTML and text as the content forms read them. */
export async function pageSource(job: JobRecord, storage: ContentStorage): Promise<PageSource> {
  const r = job.result as ResultRecord;
  const [body, fullPage] = await Promise.all([
    readPart(storage, job, r, 'body'),
    readPart(storage, job, r, 'full_page'),
  ]);
  const bytes = body ?? Buffer.alloc(0);
  const encoding = storedEncoding(r);
  const decoded = decodeBody(bytes, r.contentType, encoding, MAX_DECODED_BODY_BYTES);
  const textual = encodeBody(Buffer.alloc(0), r.contentType).encoding === 'text' || r.contentType === '';
  let html: string | null = null;
  if (fullPage && fullPage.length > 0) html = fullPage.toString('utf8');
  else if (isHtmlType(r.contentType) && decoded !== null) html = decoded;
  return { html, text: textual ? decoded : null, url: r.finalUrl || job.url };
}

/**
 * The page's markdown, computed once and kept beside the job's content (archival removes it with
 * the rest); null when the job has no HTML page or the page is over MAX_MARKDOWN_HTML_BYTES, an
 * OffloadError when it could not be made (nothing is kept then).
 */
async function markdownOf(
  job: JobRecord,
  storage: ContentStorage,
  r: ResultRecord,
  formats: FormatWork,
): Promise<string | OffloadError | null> {
  if (!isHtmlType(r.contentType) && r.parts.full_page === undefined) return null;
  const key = contentKey(job.ownerId, job.id, partName(r.attempt, 'markdown'));
  const cached = await storage.get(key);
  if (cached) return cached.toString('utf8');
  const page = await pageSource(job, storage);
  if (page.html === null || Buffer.byteLength(page.html) > MAX_MARKDOWN_HTML_BYTES) return null;
  let markdown: string;
  try {
    markdown = await formats.markdown(page.html, page.url);
  } catch (err) {
    if (err instanceof OffloadError) return err;
    throw err;
  }
  try {
    await storage.put(key, Buffer.from(markdown, 'utf8'), 'text/markdown; charset=utf-8');
  } catch {
    // Only a cache: the answer is complete without it, and the next download computes it again.
  }
  return markdown;
}

/**
 * Why `format` could not be made from this page: its time (--format-timeout) or a worker's heap ran
 * out, a 400 like the form's other refusals (the page, not the coordinator, is why; format=raw
 * still answers); a worker that failed is the coordinator's own failure.
 */
function formatStopped(format: 'markdown' | 'text', err: OffloadError, formats: FormatWork): ApiError {
  if (err.code === 'OFFLOAD_DEADLINE') {
    return invalid(
      `format ${format} could not be made from this page within ${formats.timeoutMs / 1000} s; use format=raw for this job`,
    );
  }
  if (err.code === 'OFFLOAD_MEMORY') {
    return invalid(
      `format ${format} could not be made from this page within ${formats.maxHeapMb} MiB of memory; use format=raw for this job`,
    );
  }
  return internal(err);
}

/** `formats`: the coordinator's format workers (Services.formats), where markdown and text are made. */
export async function sendDownload(
  reply: FastifyReply,
  job: JobRecord,
  storage: ContentStorage,
  format: DownloadFormat,
  formats: FormatWork,
): Promise<unknown> {
  const r = job.result as ResultRecord;
  if (format === 'json') {
    const content = await buildDownload(job, storage);
    // A page whose markdown cannot be made has none here, as a page over the size limit.
    const markdown = await markdownOf(job, storage, r, formats);
    if (typeof markdown === 'string') content.markdown = markdown;
    return content;
  }
  if (format === 'markdown') {
    const markdown = await markdownOf(job, storage, r, formats);
    if (markdown instanceof OffloadError) throw formatStopped('markdown', markdown, formats);
    if (markdown === null) {
      throw invalid(
        `format markdown needs an HTML page of at most ${MAX_MARKDOWN_HTML_BYTES} bytes; use format=raw for this job`,
      );
    }
    return sendText(reply, 'text/markdown; charset=utf-8', markdown);
  }
  if (format === 'extract' || format === 'har' || format === 'pdf' || format === 'lighthouse') {
    return sendPagePart(reply, job, storage, r, format);
  }
  if (format === 'raw') {
    const body = (await readPart(storage, job, r, 'body')) ?? Buffer.alloc(0);
    const encoding = storedEncoding(r);
    reply.headers(SANDBOX).type(r.contentType || 'application/octet-stream');
    if (encoding) reply.header('content-encoding', encoding);
    // A Buffer is sent as-is by fastify: no serializer runs for it.
    return reply.send(body);
  }
  const page = await pageSource(job, storage);
  if (format === 'html') {
    if (page.html === null) throw invalid('format html needs an HTML page; use format=raw for this job');
    return sendText(reply.headers(SANDBOX), 'text/html; charset=utf-8', page.html);
  }
  // text: the reader text of an HTML page (the stored reader view when the device made one), or
  // the body itself when it is plain text.
  const reader = await readPart(storage, job, r, 'reader');
  let text: string | null = reader ? reader.toString('utf8') : null;
  if (text === null && page.html !== null) {
    if (Buffer.byteLength(page.html) > MAX_MARKDOWN_HTML_BYTES) {
      throw invalid(
        `format text needs a page of at most ${MAX_MARKDOWN_HTML_BYTES} bytes; use format=raw for this job`,
      );
    }
    try {
      text = await formats.mainText(page.html, page.url);
    } catch (err) {
      if (err instanceof OffloadError) throw formatStopped('text', err, formats);
      throw err;
    }
  }
  if (text === null) text = page.text;
  if (text === null) throw invalid('format text needs a text or HTML response; use format=raw for this job');
  return sendText(reply, 'text/plain; charset=utf-8', text);
}

const PAGE_PART_TYPES = {
  extract: 'application/json; charset=utf-8',
  har: 'application/json; charset=utf-8',
  pdf: 'application/pdf',
  lighthouse: 'application/json; charset=utf-8',
} as const;

/** The extracted JSON, the HAR, the PDF or the Lighthouse report, as stored (docs/actions.md). */
async function sendPagePart(
  reply: FastifyReply,
  job: JobRecord,
  storage: ContentStorage,
  r: ResultRecord,
  format: keyof typeof PAGE_PART_TYPES,
): Promise<unknown> {
  const data = await readPart(storage, job, r, format);
  if (!data) {
    const asked = {
      extract: 'extract',
      har: 'har: true',
      pdf: 'pdf',
      lighthouse: 'audits: ["lighthouse"]',
    }[format];
    throw invalid(`format ${format} needs a job run with ${asked} that produced one`);
  }
  reply.headers(SANDBOX).type(PAGE_PART_TYPES[format]);
  return reply.send(data);
}

function sendText(reply: FastifyReply, type: string, text: string): FastifyReply {
  return reply
    .type(type)
    .serializer((x: unknown) => x as string)
    .send(text);
}

/** Detail's include_body=true: the response body, as text or base64 like mainResult.body. */
export async function detailBody(
  job: JobRecord,
  storage: ContentStorage,
): Promise<{ body: string; body_encoding: 'text' | 'base64' }> {
  const r = job.result as ResultRecord;
  const bytes = (await readPart(storage, job, r, 'body')) ?? Buffer.alloc(0);
  const encoded = encodeBody(bytes, r.contentType);
  return { body: encoded.body, body_encoding: encoded.encoding };
}
