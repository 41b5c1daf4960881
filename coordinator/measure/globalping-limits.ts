// Globalping's limits on this network. Globalping counts tests (a measurement's probes), per hour,
// with credits beyond; here every test is a job, counted by the key's jobs per day (the same
// counter and quota every job of the key is charged to: coordinator/limits/). So its X-RateLimit-*
// headers and GET /v1/limits say the jobs-per-day window: its quota, what is left and when the UTC
// day ends. There are no credits: a key has none left, and a refusal says it used none.
import { secondsToReset } from '../limits/policies.js';
import { usageOf } from '../limits/usage.js';
import type { ApiKeyRecord } from '../store/records.js';
import type { Store } from '../store/types.js';

/**
 * A key without a jobs-per-day quota: its limit and what is left are this (the limiter's own
 * "unlimited", limiter.ts), as Globalping's fields are numbers.
 */
export const UNLIMITED_TESTS = Number.MAX_SAFE_INTEGER;

/** The key's tests (jobs) this UTC day. */
export interface TestAllowance {
  limit: number;
  remaining: number;
  /** Seconds until the window resets (the end of the UTC day). */
  resetSec: number;
}

export async function testAllowance(
  store: Store,
  key: ApiKeyRecord,
  nowMs = Date.now(),
): Promise<TestAllowance> {
  const usage = await usageOf(store, key, nowMs);
  const quota = usage.limits.jobs_per_day;
  return {
    limit: quota ?? UNLIMITED_TESTS,
    remaining: quota === null ? UNLIMITED_TESTS : Math.max(0, quota - usage.usage.jobs_today),
    resetSec: secondsToReset('jobs-day', nowMs),
  };
}

/** Globalping's headers of a measurement request that `consumed` tests of the allowance. */
export function rateLimitHeaders(a: TestAllowance, consumed: number): Record<string, string> {
  return {
    'x-ratelimit-limit': String(a.limit),
    'x-ratelimit-consumed': String(consumed),
    'x-ratelimit-remaining': String(a.remaining),
    'x-ratelimit-reset': String(a.resetSec),
  };
}

/** What a refusal adds: no credits were used, none are left. */
export const NO_CREDITS: Readonly<Record<string, string>> = {
  'x-credits-consumed': '0',
  'x-credits-remaining': '0',
};

/** Globalping's Limits (GET /v1/limits) for a key: a user's, with its (absent) credits. */
export function limitsBody(a: TestAllowance) {
  return {
    rateLimit: {
      measurements: {
        create: { type: 'user', limit: a.limit, remaining: a.remaining, reset: a.resetSec },
      },
    },
    credits: { remaining: 0 },
  };
}
