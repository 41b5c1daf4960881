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
    // The first 8 digest bytes as two 32-bit halves: plain number bit tests, not 64 BigInt shifts
    // per shingle (the same bits, several times faster on long pages).
    const digest = createHash('sha256').update(s).digest();
    const low = digest.readUInt32BE(4);
    const high = digest.readUInt32BE(0);
    for (let bit = 0; bit < 32; bit++) {
      weights[bit] = (weights[bit] ?? 0) + ((low >>> bit) & 1 ? 1 : -1);
      weights[bit + 32] = (weights[bit + 32] ?? 0) + ((high >>> bit) & 1 ? 1 : -1);
    }
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
