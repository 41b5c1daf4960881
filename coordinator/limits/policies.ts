// The four per-key limits as fixed windows, and their IETF RateLimit header fields
// (draft-ietf-httpapi-ratelimit-headers-09: `RateLimit-Policy: "minute";q=60;w=60` and
// `RateLimit: "minute";r=0;t=12`, Structured Field lists of strings with parameters).
import type { KeyLimits } from '../store/limit-types.js';

export type PolicyName = 'minute' | 'jobs-day' | 'sweeps-day' | 'concurrent';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
/** Retry-After when the unfinished-jobs limit refuses: jobs end at their own pace, no window resets. */
export const CONCURRENT_RETRY_SEC = 5;

/** Counter names in the store, per windowed policy. */
export const COUNTER_OF = { minute: 'requests', 'jobs-day': 'jobs', 'sweeps-day': 'sweeps' } as const;

export interface Policy {
  name: PolicyName;
  quota: number;
  /** Window length in seconds; absent for the unfinished-jobs limit. */
  windowSec?: number;
}

const positive = (v: number | null | undefined): v is number => typeof v === 'number' && v > 0;

/** The key's policies in a fixed order (absent limits have none). */
export function policiesOf(limits: KeyLimits | undefined): Policy[] {
  const out: Policy[] = [];
  if (!limits) return out;
  if (positive(limits.requestsPerMinute))
    out.push({ name: 'minute', quota: limits.requestsPerMinute, windowSec: 60 });
  if (positive(limits.jobsPerDay))
    out.push({ name: 'jobs-day', quota: limits.jobsPerDay, windowSec: 86_400 });
  if (positive(limits.sweepsPerDay))
    out.push({ name: 'sweeps-day', quota: limits.sweepsPerDay, windowSec: 86_400 });
  if (positive(limits.concurrentJobs)) out.push({ name: 'concurrent', quota: limits.concurrentJobs });
  return out;
}

/** Start of the fixed window holding `nowMs`: the minute, or the UTC day. */
export function windowStartMs(name: PolicyName, nowMs: number): number {
  const size = name === 'minute' ? MINUTE_MS : DAY_MS;
  return Math.floor(nowMs / size) * size;
}

/** Whole seconds until the window holding `nowMs` ends (at least 1). */
export function secondsToReset(name: PolicyName, nowMs: number): number {
  if (name === 'concurrent') return CONCURRENT_RETRY_SEC;
  const size = name === 'minute' ? MINUTE_MS : DAY_MS;
  return Math.max(1, Math.ceil((windowStartMs(name, nowMs) + size - nowMs) / 1000));
}

export function policyHeader(policies: readonly Policy[]): string {
  return policies
    .map((p) => `"${p.name}";q=${p.quota}${p.windowSec === undefined ? '' : `;w=${p.windowSec}`}`)
    .join(', ');
}

export function rateLimitHeader(
  items: ReadonlyArray<{ name: PolicyName; remaining: number; resetSec: number }>,
): string {
  return items.map((i) => `"${i.name}";r=${Math.max(0, i.remaining)};t=${i.resetSec}`).join(', ');
}
