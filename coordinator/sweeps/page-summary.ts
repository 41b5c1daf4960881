// The summary of one sweep try (try-summary.ts), made from its result and content while they are
// in memory, once, when the result is stored. Bounded: the title is looked for in the first
// TITLE_SCAN_BYTES, block markers in the first scan_bytes of block-rules.json, and the main text is
// extracted (Readability, results/markdown.ts) only from HTML up to MAX_TEXT_HTML_BYTES, and only
// its first MAX_FINGERPRINT_CHARS are fingerprinted. That fingerprint is made by the caller's
// TextFingerprint: at ingest, the coordinator's offload workers (results/format-work.ts), which a
// deadline stops (scripts/bench/try-summary.ts measures the cost).
import type { PartName } from '../../proto/index.js';
import { decodeBody, isHtmlType, mainContent } from '../results/markdown.js';
import type { ResultRecord } from '../store/records.js';
import { simhash } from '../trust/fingerprint.js';
import { BLOCK_RULES, type BlockRules, detectBlock } from './block-detector.js';
import { fingerprintHex, type TrySummary } from './try-summary.js';

/** HTML past this size gets no text fingerprint (main-text extraction costs CPU in its size). */
export const MAX_TEXT_HTML_BYTES = 512 * 1024;
/**
 * Only this much of the main text is fingerprinted (characters): hashing costs CPU in the text's
 * length, and a page whose first 32 Ki characters agree is rarely another page.
 */
export const MAX_FINGERPRINT_CHARS = 32 * 1024;
/** The title is looked for in this much of the page. */
export const TITLE_SCAN_BYTES = 64 * 1024;
/** Longest title kept (characters). */
export const MAX_TITLE_CHARS = 300;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#')) {
      const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[lower] ?? whole;
  });
}

/** The text of the first <title> element in the first TITLE_SCAN_BYTES of `html`; '' when none. */
export function titleOf(html: string): string {
  const head = html.slice(0, TITLE_SCAN_BYTES);
  const lower = head.toLowerCase();
  let at = lower.indexOf('<title');
  // `<title` must be the whole tag name (not <titles>); skip lookalikes, a bounded number of times.
  for (let guard = 0; at >= 0 && guard < 16; guard++) {
    const next = lower[at + 6];
    if (next === '>' || next === ' ' || next === '\t' || next === '\n' || next === '\r' || next === '/')
      break;
    at = lower.indexOf('<title', at + 6);
  }
  if (at < 0) return '';
  const open = lower.indexOf('>', at);
  if (open < 0) return '';
  const close = lower.indexOf('</title', open);
  const raw = head.slice(open + 1, close < 0 ? head.length : close);
  const text = decodeEntities(raw).replace(/\s+/g, ' ').trim();
  return text.length > MAX_TITLE_CHARS ? `${text.slice(0, MAX_TITLE_CHARS - 1)}…` : text;
}

type SummaryFields = Pick<
  ResultRecord,
  'finalUrl' | 'statusCode' | 'sizeBytes' | 'contentType' | 'contentEncoding' | 'responseHeaders'
>;

/**
 * The fingerprint of a page's main text (16 hex digits): Readability over the page, seconds of CPU
 * for a page built for it, so the coordinator runs this in its format workers (format-tasks.ts).
 */
export function textFingerprintOf(html: string, pageUrl: string): string {
  const text = mainContent(html, pageUrl).text;
  return fingerprintHex(simhash(text.slice(0, MAX_FINGERPRINT_CHARS)));
}

/**
 * textFingerprintOf from where a deadline can stop it; null when it could not be had in time: the
 * summary then has no text fingerprint.
 */
export type TextFingerprint = (html: string, pageUrl: string) => Promise<string | null>;

export interface SummaryOptions {
  /** Default: block-rules.json. */
  rules?: BlockRules;
  /** Default MAX_TEXT_HTML_BYTES. */
  maxTextHtmlBytes?: number;
}

/**
 * The try's summary. The rendered page (what the browser showed) is read for the title and the
 * text when there is one, else the response body; both are searched for block markers. The text
 * fingerprint comes from `fingerprint`.
 */
export async function summarizeTry(
  result: SummaryFields,
  parts: ReadonlyMap<PartName, Buffer>,
  fingerprint: TextFingerprint,
  options: SummaryOptions = {},
): Promise<TrySummary> {
  const maxHtml = options.maxTextHtmlBytes ?? MAX_TEXT_HTML_BYTES;
  const body = parts.get('body');
  const rendered = parts.get('full_page');
  const block = detectBlock(
    { statusCode: result.statusCode, headers: result.responseHeaders, samples: [body, rendered] },
    options.rules ?? BLOCK_RULES,
  );
  let html: string | null = null;
  if (rendered) html = rendered.toString('utf8');
  else if (body && isHtmlType(result.contentType)) {
    html = decodeBody(body, result.contentType, result.contentEncoding ?? '', maxHtml + 1);
  }
  let title = '';
  let textFingerprint: string | null = null;
  if (html !== null) {
    title = titleOf(html);
    if (html.length <= maxHtml) textFingerprint = await fingerprint(html, result.finalUrl || 'about:blank');
  }
  return {
    finalUrl: result.finalUrl,
    statusCode: result.statusCode,
    title,
    sizeBytes: result.sizeBytes,
    textFingerprint,
    block,
  };
}
