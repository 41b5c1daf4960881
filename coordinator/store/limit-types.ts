// Per-key limits and quotas as stored: the limits of a key, the fixed-window counters a request
// charges, and the part of the store behind coordinator/limits/.

/** Per-key limits; a missing or null field is unlimited. */
export interface KeyLimits {
  requestsPerMinute?: number | null;
  jobsPerDay?: number | null;
  /** Unfinished (pending or running) jobs of the key's owner at once. */
  concurrentJobs?: number | null;
  sweepsPerDay?: number | null;
  /** Proxy bytes (both directions) per UTC day (docs/proxy.md). */
  proxyBytesPerDay?: number | null;
  /** Proxy connections opened per UTC day. */
  proxyConnectionsPerDay?: number | null;
  /**
   * False: the key's jobs are never re-run for cross-verification (docs/security.md). Absent or
   * true: they may be sampled.
   */
  verification?: boolean | null;
  /**
   * True: the key's site crawls may turn robots.txt off (`robots: false`, docs/crawl.md). Absent,
   * null or false: robots.txt is always honoured. Set only by an admin.
   */
  crawlRobotsOptional?: boolean | null;
}

/** One fixed-window counter a request adds to, and the most it may reach. */
export interface CounterCharge {
  /** `requests`, `jobs`, `sweeps`. */
  name: string;
  /** Epoch ms the window starts (minute or UTC day). */
  windowStartMs: number;
  amount: number;
  limit: number;
}

/** What consumeLimits decided: every charge applied, or none and the first that did not fit. */
export type ConsumeOutcome =
  | { ok: true; counts: number[]; unfinished: number | null }
  | { ok: false; failed: string; count: number };

export interface UsageCounts {
  /** Counter values in the order asked (0 for a window with no row yet). */
  counts: number[];
  unfinished: number;
}

/** Per-key limits and their fixed-window counters, behind both stores. */
export interface LimitStore {
  /** Replaces the key's limits; false when there is no such key. */
  setApiKeyLimits(id: string, limits: KeyLimits): Promise<boolean>;
  /**
   * Adds every charge to its counter (keyed by key, name and window start) only if each stays within
   * its limit and, with `unfinished`, the owner's pending and running jobs plus `amount` stay within
   * `limit`. All or nothing, atomic against other coordinators for the counters.
   */
  consumeLimits(
    keyId: string,
    charges: readonly CounterCharge[],
    unfinished?: { ownerId: string; amount: number; limit: number },
  ): Promise<ConsumeOutcome>;
  /**
   * Adds every charge to its counter with no limit to check (usage of a key without quotas, and
   * refunds). Additions made in the same moment may be written together, as one row update each.
   * A counter may be held in shards (migration 20: on PostgreSQL each coordinator adds to a row of
   * its own, checked charges to shard ''); every read of a counter is the sum of its shards.
   */
  addCounts(keyId: string, charges: readonly CounterCharge[]): Promise<void>;
  /** Counter values for the given windows and the owner's unfinished jobs. */
  readUsage(
    keyId: string,
    ownerId: string,
    windows: ReadonlyArray<{ name: string; windowStartMs: number }>,
  ): Promise<UsageCounts>;
  /** Drops counter windows that started before `beforeMs`; returns how many. */
  pruneLimitCounters(beforeMs: number): Promise<number>;
}
