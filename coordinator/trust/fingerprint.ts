// A fingerprint of a page's text that tolerates small dynamic differences (a date, a counter):
// a 64-bit simhash over word shingles, compared by the share of equal bits.
import { createHash } from 'node:crypto';

/** The visible words of a body: tags, scripts and styles dropped, case folded. */
export function wordsOf(body: string): string[] {
  const text = body
    .replace(/<(script|style|noscript)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .toLowerCase();
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** 64-bit simhash (as a bigint) of the text's 3-word shingles. */
export function simhash(body: string): bigint {
  const words = wordsOf(body);
  const weights = new Array<number>(64).fill(0);
  const shingles = words.length < 3 ? [words.join(' ')] : [];
  for (let i = 0; i + 3 <= words.length; i++) shingles.push(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  for (const s of shingles) {
    const h = createHash('sha256').update(s).digest().readBigUInt64BE(0);
    for (let bit = 0; bit < 64; bit++)
      weights[bit] = (weights[bit] ?? 0) + ((h >> BigInt(bit)) & 1n ? 1 : -1);
  }
  let out = 0n;
  for (let bit = 0; bit < 64; bit++) if ((weights[bit] ?? 0) > 0) out |= 1n << BigInt(bit);
  return out;
}

/** Share of equal bits of two fingerprints: 1 for the same text, about 0.5 for unrelated texts. */
export function similarity(a: bigint, b: bigint): number {
  let x = a ^ b;
  let differing = 0;
  while (x) {
    differing += Number(x & 1n);
    x >>= 1n;
  }
  return 1 - differing / 64;
}
