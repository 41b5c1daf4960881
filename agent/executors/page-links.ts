// The links of a fetched page, for a site crawl (JobRequest.collect_links), as html-links.ts finds
// them in its DOM. A full page's HTML is the rendered DOM (page-read.ts), so its script-made links
// are found too. Only http(s) links leave, bounded as proto/links.ts says; the coordinator trusts
// none of them. The parse runs in the executor's offload pool until the job's deadline: a page whose
// DOM takes longer (a deeply nested megabyte keeps linkedom busy for seconds) has no links.
import type { Logger } from 'pino';
import { boundLinks } from '../../proto/index.js';
import { linksInHtml } from './html-links.js';
import { OffloadError, type OffloadLimits, type OffloadPool } from './offload/index.js';
import type { ExecOutcome, Executor } from './types.js';

/** Content types read for links; anything else (images, PDFs, JSON) has none to give. */
const HTML_TYPE = /^\s*(text\/html|application\/xhtml\+xml)/i;
/** A page larger than this is read for links only up to here, bytes. */
const MAX_HTML_BYTES = 4 * 1024 * 1024;

/** The part of `html` read for links, or null when the page has none to give. */
function linkSource(html: Buffer | undefined, contentType: string): Buffer | null {
  if (!html || html.byteLength === 0) return null;
  if (contentType && !HTML_TYPE.test(contentType)) return null;
  return html.subarray(0, MAX_HTML_BYTES);
}

/** The page's links (absolute, fragments dropped, http(s) only), or [] when it is not HTML. */
export function pageLinks(html: Buffer | undefined, pageUrl: string, contentType: string): string[] {
  const source = linkSource(html, contentType);
  return source ? boundLinks(linksInHtml(source.toString('utf8'), pageUrl)) : [];
}

/** pageLinks in `pool` (tasks.ts `pageLinks`): [] when it does not finish within `limits`. */
export async function pageLinksOffloaded(
  pool: OffloadPool,
  html: Buffer | undefined,
  pageUrl: string,
  contentType: string,
  limits: OffloadLimits,
): Promise<string[]> {
  const source = linkSource(html, contentType);
  if (!source) return [];
  return boundLinks(await pool.run('pageLinks', { html: source, pageUrl }, limits));
}

/**
 * The links of a job's page (its rendered DOM, else its body), collected by its executor's offload
 * pool within `limits` (an executor without one parses them here). Never throws: a page whose links
 * cannot be had in time, or at all, gives none, and the job's result goes without them.
 */
export async function outcomeLinks(
  executor: Executor,
  outcome: ExecOutcome,
  requestUrl: string,
  limits: OffloadLimits,
  log: () => Logger,
): Promise<string[]> {
  const html = outcome.content.fullPage ?? outcome.content.body;
  const pageUrl = outcome.finalUrl || requestUrl;
  try {
    if (!executor.pageLinks) return pageLinks(html, pageUrl, outcome.contentType);
    return await executor.pageLinks(html, pageUrl, outcome.contentType, limits);
  } catch (err) {
    if (err instanceof OffloadError) log().info({ reason: err.code }, `page links ${err.message}`);
    else log().warn({ err }, 'page links could not be collected');
    return [];
  }
}
