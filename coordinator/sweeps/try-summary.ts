// What one try of a sweep answered, in a few fields: enough to compare tries (across regions and
// networks, or across runs) without reading bodies. Made once when the try's result is stored
// (page-summary.ts) and kept with the result record (`ResultRecord.summary`).
import { similarity } from '../trust/fingerprint.js';

/** Why a page looks like a block page rather than the site: see block-rules.json. */
export type BlockKind = 'legal' | 'cdn_block' | 'captcha';

export interface BlockVerdict {
  kind: BlockKind;
  /** The id of the rule in block-rules.json that matched, e.g. `cloudflare-block`. */
  rule: string;
}

export interface TrySummary {
  /** The URL the page ended at, after redirects; '' when the try got no response. */
  finalUrl: string;
  /** The main response's HTTP status; 0 when there was none. */
  statusCode: number;
  /** The document's title (whitespace collapsed, at most 300 characters); '' when it has none. */
  title: string;
  /** The result's size in bytes, as the device reported it. */
  sizeBytes: number;
  /**
   * 64-bit simhash of the page's main text (16 hex digits; coordinator/trust/fingerprint.ts), or
   * null when there is no HTML body to read or it is past the size cap.
   */
  textFingerprint: string | null;
  /** The block page rule the page matched, or null. */
  block: BlockVerdict | null;
}

/**
 * Texts at least this similar count as the same content (a date, a counter or an ad may differ);
 * below it a try has "different content". The share of equal simhash bits: 1 for the same text,
 * about 0.5 for unrelated texts. The same line the trust checks draw.
 */
export const SAME_CONTENT = 0.85;

export function fingerprintHex(hash: bigint): string {
  return hash.toString(16).padStart(16, '0');
}

/** Similarity of two stored fingerprints (0..1), or null when either is missing or malformed. */
export function contentSimilarity(a: string | null, b: string | null): number | null {
  if (!a || !b || !/^[0-9a-f]{16}$/.test(a) || !/^[0-9a-f]{16}$/.test(b)) return null;
  return similarity(BigInt(`0x${a}`), BigInt(`0x${b}`));
}
