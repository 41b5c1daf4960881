// Ids of jobs, sessions and sweeps are UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, a 12-bit
// counter, then 62 random bits. A new id sorts after the ids made before it, so every index keyed
// by job id (SQLite's primary key and covering index, PostgreSQL's primary key) grows at its right
// edge: a batch of new jobs touches a few pages instead of one random page each, and completions
// land on pages still hot (scripts/bench/job-ids.ts: a fifth of the bytes written per job, under
// half the store's CPU). An id still cannot be guessed (62 random bits), and reading a job needs
// its owner's key anyway; the contract asks only for the uuid format.
import { randomFillSync } from 'node:crypto';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/** Random bytes for many ids at once: one call into the CSPRNG per 256 ids, not one per id. */
const pool = new Uint8Array(8 * 256);
let poolAt = pool.length;
const bytes = new Uint8Array(16);
let lastMs = 0;
let seq = 0;

/** A UUIDv7; ids made in the same millisecond by this process still sort in the order made. */
export function newResourceId(nowMs: number = Date.now()): string {
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  bytes.set(pool.subarray(poolAt, poolAt + 8), 8);
  poolAt += 8;
  // Within one millisecond (or if the clock steps back) the counter keeps the order (RFC 9562
  // method 1); past 4,095 ids in one millisecond the time field runs ahead by a millisecond.
  if (nowMs <= lastMs) {
    seq++;
    if (seq > 0xfff) {
      lastMs++;
      seq = 0;
    }
  } else {
    lastMs = nowMs;
    seq = 0;
  }
  let ms = lastMs;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | (seq >> 8);
  bytes[7] = seq & 0xff;
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  let s = '';
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) s += '-';
    s += HEX[bytes[i] as number];
  }
  return s;
}
