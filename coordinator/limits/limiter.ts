// Per-key rate limits and quotas, decided in at most one store round trip per request (more only
// inside a job-creating request's transaction on PostgreSQL). The key's limits come with its
// record from the API key cache; the counters live in the store, so every coordinator on one
// database shares them. A key without any quota the request touches is not held for that round
// trip: its counts are written beside the request, and the answer waits for them (Verdict.counted).
import { ApiError, MESSAGES } from '../errors.js';
import type { CounterCharge } from '../store/limit-types.js';
import type { ApiKeyRecord } from '../store/records.js';
import type { Store } from '../store/types.js';
import {
  COUNTER_OF,
  DAY_MS,
  type Policy,
  type PolicyName,
  policiesOf,
  policyHeader,
  rateLimitHeader,
  secondsToReset,
  windowStartMs,
} from './policies.js';

/** What one request asks for beyond being a request. */
export interface Demand {
  jobs: number;
  sweeps: number;
}

export interface Verdict {
  /** RateLimit-Policy, RateLimit and (refused) Retry-After. */
  headers: Record<string, string>;
  /** Set when the request is refused. */
  error: ApiError | null;
  /** Counters added to, for giving them back when the request fails after the check. */
  charged: CounterCharge[];
  /**
   * Set when no charge could refuse (the key has none of those quotas: the counters are usage
   * figures only): the counter write, started but not awaited, so the request goes on meanwhile
   * (on SQLite it commits with the job's insert). Settles with null once written, or the error;
   * the answer waits for it (limits-hook.ts), so a counted request is counted before its answer.
   */
  counted?: Promise<unknown>;
}

/** Counted for usage even on a key without that limit (GET /crawl/v1/usage shows it). */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

const MESSAGE_OF: Record<PolicyName, string> = {
  minute: MESSAGES.RATE_LIMITED_REQUESTS,
  'jobs-day': MESSAGES.RATE_LIMITED_JOBS,
  'sweeps-day': MESSAGES.RATE_LIMITED_SWEEPS,
  concurrent: MESSAGES.RATE_LIMITED_CONCURRENT,
};

export class Limiter {
  private pruneTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  /** Drops counters of windows over two days old, hourly. */
  start(onError: (err: unknown) => void): void {
    if (this.pruneTimer) return;
    this.pruneTimer = setInterval(() => {
      this.store.limits.pruneLimitCounters(this.now() - 2 * DAY_MS).catch(onError);
    }, 3_600_000);
    this.pruneTimer.unref();
  }

  close(): void {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.pruneTimer = null;
  }

  /**
   * Checks and charges one request: the request itself against the requests per minute (unless
   * `countRequest` is false: a job-creating request's jobs are charged after its body is read, its
   * request was counted before) and `demand` against the job and sweep quotas, all or nothing.
   */
  async check(key: ApiKeyRecord, demand: Demand, options: { countRequest?: boolean } = {}): Promise<Verdict> {
    const nowMs = this.now();
    const policies = policiesOf(key.limits);
    const byName = new Map<PolicyName, Policy>(policies.map((p) => [p.name, p]));
    const wanted: Array<[Exclude<PolicyName, 'concurrent'>, number]> = [];
    if (byName.has('minute') && options.countRequest !== false) wanted.push(['minute', 1]);
    if (demand.jobs > 0) wanted.push(['jobs-day', demand.jobs]);
    if (demand.sweeps > 0) wanted.push(['sweeps-day', demand.sweeps]);
    const charges: CounterCharge[] = wanted.map(([name, amount]) => ({
      name: COUNTER_OF[name],
      windowStartMs: windowStartMs(name, nowMs),
      amount,
      limit: byName.get(name)?.quota ?? UNLIMITED,
    }));
    const concurrent = byName.get('concurrent');
    const unfinished =
      concurrent && demand.jobs > 0
        ? { ownerId: key.ownerId, amount: demand.jobs, limit: concurrent.quota }
        : undefined;
    const headers: Record<string, string> = {};
    if (policies.length > 0) headers['ratelimit-policy'] = policyHeader(policies);
    if (charges.length === 0 && !unfinished) return { headers, error: null, charged: [] };

    if (!unfinished && charges.every((c) => c.limit === UNLIMITED)) {
      const counted = this.store.limits.addCounts(key.id, charges).then(
        () => null,
        (err: unknown) => err ?? new Error('the limit counters could not be written'),
      );
      return { headers, error: null, charged: charges, counted };
    }
    // A demand bigger than the whole quota can never fit: refuse without asking the store.
    const tooBig = charges.findIndex((c) => c.amount > c.limit);
    const outcome =
      tooBig >= 0
        ? { ok: false as const, failed: charges[tooBig]?.name ?? '', count: 0 }
        : unfinished && unfinished.amount > unfinished.limit
          ? { ok: false as const, failed: 'concurrent', count: 0 }
          : await this.store.limits.consumeLimits(key.id, charges, unfinished);

    if (outcome.ok) {
      const items = wanted
        .map(([name], i) => ({ name, policy: byName.get(name), count: outcome.counts[i] ?? 0 }))
        .filter((x) => x.policy !== undefined)
        .map((x) => ({
          name: x.name,
          remaining: (x.policy?.quota ?? 0) - x.count,
          resetSec: secondsToReset(x.name, nowMs),
        }));
      if (items.length > 0) headers.ratelimit = rateLimitHeader(items);
      return { headers, error: null, charged: charges };
    }
    const failed: PolicyName =
      outcome.failed === 'concurrent'
        ? 'concurrent'
        : (wanted.find(([name]) => COUNTER_OF[name] === outcome.failed)?.[0] ?? 'minute');
    const resetSec = secondsToReset(failed, nowMs);
    headers.ratelimit = rateLimitHeader([{ name: failed, remaining: 0, resetSec }]);
    headers['retry-after'] = String(resetSec);
    return { headers, error: new ApiError('RATE_LIMITED', MESSAGE_OF[failed]), charged: [] };
  }

  /**
   * How many of `wanted` jobs of one request the key's job quotas (jobs per day, unfinished jobs)
   * admit, charged: all of them in one round trip when they fit; else as many as the counters
   * leave room for (read once, then charged; a race with another request tries fewer). The request
   * itself was counted by check(). `error` words the refusal of the jobs beyond `admitted`.
   */
  async admitJobs(
    key: ApiKeyRecord,
    wanted: number,
  ): Promise<{ admitted: number; error: ApiError | null; charged: CounterCharge[] }> {
    if (wanted <= 0) return { admitted: 0, error: null, charged: [] };
    const nowMs = this.now();
    const policies = policiesOf(key.limits);
    const jobsDay = policies.find((p) => p.name === 'jobs-day');
    const concurrent = policies.find((p) => p.name === 'concurrent');
    const charge = (amount: number): CounterCharge => ({
      name: COUNTER_OF['jobs-day'],
      windowStartMs: windowStartMs('jobs-day', nowMs),
      amount,
      limit: jobsDay?.quota ?? UNLIMITED,
    });
    if (!jobsDay && !concurrent) {
      const charges = [charge(wanted)];
      await this.store.limits.addCounts(key.id, charges);
      return { admitted: wanted, error: null, charged: charges };
    }
    const tryCharge = async (amount: number) => {
      const charges = [charge(amount)];
      const unfinished = concurrent ? { ownerId: key.ownerId, amount, limit: concurrent.quota } : undefined;
      const outcome = await this.store.limits.consumeLimits(key.id, charges, unfinished);
      return { charges, outcome };
    };
    // A charge over a whole quota never reaches the store (it could never fit): cap it first.
    let amount = Math.min(wanted, jobsDay?.quota ?? UNLIMITED, concurrent?.quota ?? UNLIMITED);
    let failed = amount < wanted && concurrent && amount === concurrent.quota ? 'concurrent' : 'jobs';
    for (let tries = 0; amount > 0 && tries < 4; tries++) {
      const { charges, outcome } = await tryCharge(amount);
      if (outcome.ok) {
        const error = amount < wanted ? this.refusal(failed) : null;
        return { admitted: amount, error, charged: charges };
      }
      failed = outcome.failed;
      // What is left in the counters now; another request may take some before the next charge.
      const usage = await this.store.limits.readUsage(key.id, key.ownerId, [
        { name: COUNTER_OF['jobs-day'], windowStartMs: windowStartMs('jobs-day', nowMs) },
      ]);
      const dayRoom = jobsDay ? jobsDay.quota - (usage.counts[0] ?? 0) : UNLIMITED;
      const unfinishedRoom = concurrent ? concurrent.quota - usage.unfinished : UNLIMITED;
      amount = Math.min(amount - 1, dayRoom, unfinishedRoom);
    }
    return { admitted: 0, error: this.refusal(failed), charged: [] };
  }

  private refusal(failedCounter: string): ApiError {
    const name: PolicyName =
      failedCounter === 'concurrent'
        ? 'concurrent'
        : failedCounter === COUNTER_OF['jobs-day']
          ? 'jobs-day'
          : 'minute';
    return new ApiError('RATE_LIMITED', MESSAGE_OF[name]);
  }

  /**
   * Gives back the job and sweep units of a request that failed after its check (queue full, …);
   * with `request`, its request unit too (a request refused by a later check adds nothing).
   */
  async refund(
    keyId: string,
    charged: readonly CounterCharge[],
    options: { request?: boolean } = {},
  ): Promise<void> {
    const back = charged
      .filter((c) => options.request === true || c.name !== COUNTER_OF.minute)
      .map((c) => ({ ...c, amount: -c.amount, limit: UNLIMITED }));
    if (back.length > 0) await this.store.limits.addCounts(keyId, back);
  }
}
