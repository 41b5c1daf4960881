// Tells a block page (a legal block, a CDN or WAF refusal, a captcha interstitial) from the site,
// by the rules in block-rules.json. Matching is bounded: plain case-insensitive substrings over the
// first `scan_bytes` of each sample, no regular expressions.
import { readFileSync } from 'node:fs';
import type { StoredHeader } from '../store/records.js';
import type { BlockKind, BlockVerdict } from './try-summary.js';

export interface HeaderCondition {
  /** Lower-case header name. */
  name: string;
  /** Lower-case substring of the value; '' for any value. */
  contains: string;
}

export interface BlockRule {
  id: string;
  kind: BlockKind;
  /** Statuses the rule applies to; null for any. */
  status: readonly number[] | null;
  /** Lower-case markers that must all occur. */
  all: readonly string[];
  /** Lower-case markers of which one must occur (with anyHeader), unless both are empty. */
  any: readonly string[];
  anyHeader: readonly HeaderCondition[];
}

export interface BlockRules {
  /** How much of each sample is searched. */
  scanBytes: number;
  rules: readonly BlockRule[];
}

/** A malformed rule file: a programming error, reported once when the module loads. */
export class BlockRulesError extends Error {
  readonly code = 'BLOCK_RULES_INVALID';
}

const KINDS = new Set<string>(['legal', 'cdn_block', 'captcha']);
const MAX_SCAN_BYTES = 1 << 20;

type Json = Record<string, unknown>;

function strings(value: unknown, where: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((s) => typeof s !== 'string' || s === '')) {
    throw new BlockRulesError(`${where} must be an array of non-empty strings`);
  }
  return value.map((s: string) => s.toLowerCase());
}

function rule(raw: unknown, index: number, seen: Set<string>): BlockRule {
  const where = `block rule ${index}`;
  if (!raw || typeof raw !== 'object') throw new BlockRulesError(`${where} must be an object`);
  const r = raw as Json;
  if (typeof r.id !== 'string' || r.id === '') throw new BlockRulesError(`${where}: id must be a string`);
  if (seen.has(r.id)) throw new BlockRulesError(`${where}: id ${r.id} is used twice`);
  seen.add(r.id);
  if (typeof r.kind !== 'string' || !KINDS.has(r.kind)) {
    throw new BlockRulesError(`${where} (${r.id}): kind must be one of ${[...KINDS].join(', ')}`);
  }
  let status: number[] | null = null;
  if (r.status !== undefined) {
    if (!Array.isArray(r.status) || r.status.some((s) => !Number.isInteger(s) || s < 100 || s > 599)) {
      throw new BlockRulesError(`${where} (${r.id}): status must be an array of HTTP statuses`);
    }
    status = r.status as number[];
  }
  const headers = r.any_header === undefined ? [] : r.any_header;
  if (!Array.isArray(headers)) throw new BlockRulesError(`${where} (${r.id}): any_header must be an array`);
  const anyHeader = headers.map((h: unknown) => {
    const c = h as Json | null;
    if (!c || typeof c.name !== 'string' || c.name === '' || typeof c.contains !== 'string') {
      throw new BlockRulesError(`${where} (${r.id}): any_header entries need a name and contains`);
    }
    return { name: c.name.toLowerCase(), contains: c.contains.toLowerCase() };
  });
  const out: BlockRule = {
    id: r.id,
    kind: r.kind as BlockKind,
    status,
    all: strings(r.all, `${where} (${r.id}): all`),
    any: strings(r.any, `${where} (${r.id}): any`),
    anyHeader,
  };
  if (!out.status && out.all.length === 0 && out.any.length === 0 && out.anyHeader.length === 0) {
    throw new BlockRulesError(`${where} (${r.id}) would match every page`);
  }
  return out;
}

/** Checks a parsed rule file; throws BlockRulesError naming the first problem. */
export function parseBlockRules(json: unknown): BlockRules {
  const doc = json as Json | null;
  if (!doc || typeof doc !== 'object' || !Array.isArray(doc.rules)) {
    throw new BlockRulesError('block rules: `rules` must be an array');
  }
  const scanBytes = doc.scan_bytes;
  if (typeof scanBytes !== 'number' || !Number.isInteger(scanBytes) || scanBytes < 1024) {
    throw new BlockRulesError('block rules: scan_bytes must be an integer of at least 1024');
  }
  const seen = new Set<string>();
  return {
    scanBytes: Math.min(scanBytes, MAX_SCAN_BYTES),
    rules: doc.rules.map((r: unknown, i: number) => rule(r, i, seen)),
  };
}

/** The rules shipped in block-rules.json (read and checked once). */
export const BLOCK_RULES: BlockRules = parseBlockRules(
  JSON.parse(readFileSync(new URL('./block-rules.json', import.meta.url), 'utf8')),
);

export interface PageSample {
  statusCode: number;
  headers: readonly StoredHeader[];
  /** The response body and the rendered page, as received; only their first scanBytes are read. */
  samples: ReadonlyArray<Buffer | string | undefined>;
}

function haystack(samples: PageSample['samples'], scanBytes: number): string {
  const parts: string[] = [];
  for (const s of samples) {
    if (s === undefined) continue;
    // latin1 keeps one character per byte (markers are ASCII), so a cut never splits a character.
    const text = typeof s === 'string' ? s.slice(0, scanBytes) : s.subarray(0, scanBytes).toString('latin1');
    parts.push(text.toLowerCase());
  }
  return parts.join('\n');
}

/** The first rule the page matches, or null. */
export function detectBlock(page: PageSample, rules: BlockRules = BLOCK_RULES): BlockVerdict | null {
  let text: string | null = null;
  const headers = page.headers.map((h) => ({ name: h.name.toLowerCase(), value: h.value.toLowerCase() }));
  for (const r of rules.rules) {
    if (r.status && !r.status.includes(page.statusCode)) continue;
    if (r.all.length > 0 || r.any.length > 0) text ??= haystack(page.samples, rules.scanBytes);
    if (!r.all.every((m) => (text as string).includes(m))) continue;
    if (r.any.length > 0 || r.anyHeader.length > 0) {
      const inText = r.any.some((m) => (text as string).includes(m));
      const inHeaders =
        !inText &&
        r.anyHeader.some((c) => headers.some((h) => h.name === c.name && h.value.includes(c.contains)));
      if (!inText && !inHeaders) continue;
    }
    return { kind: r.kind, rule: r.id };
  }
  return null;
}
