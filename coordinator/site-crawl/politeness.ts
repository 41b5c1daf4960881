// Politeness across the cluster: before a crawl page goes to a device, its host must have a free
// request slot (one request per interval: the host's rate, or its robots.txt Crawl-delay when
// longer), its registrable domain too, and fewer requests in flight than the host's concurrency.
// Slots and backoffs live in the store (host_politeness), in-flight counts are the frontier's
// running rows: every coordinator on one database sees the same, so a host gets at most its rate
// from the whole network, whatever the number of crawls, keys and coordinators.
import type { CrawlStore } from '../store/crawl-types.js';
import { registrableDomain } from './registrable-domain.js';

export interface PolitenessDefaults {
  /** Requests per second to one host (scheme, host and port). Default 2. */
  hostRate: number;
  /** Requests in flight to one host at once. Default 2. */
  hostConcurrency: number;
  /** Requests per second to one registrable domain, all its hosts together. Default 4. */
  domainRate: number;
}

/** The owner's own limits: lower than the defaults, never higher. */
export interface OwnerLimits {
  requestsPerSecond: number | null;
  concurrency: number | null;
}

/** Longest Retry-After honoured; a longer one holds the host this long, then it is tried again. */
export const MAX_BACKOFF_MS = 10 * 60_000;
/** Backoff after a 429/503 without Retry-After: doubled for each try of the page. */
export const BASE_BACKOFF_MS = 5_000;

export type GateAnswer = { ok: true } | { ok: false; retryInMs: number };

export class PolitenessGate {
  constructor(
    private readonly store: CrawlStore,
    private readonly defaults: PolitenessDefaults,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** The interval between two requests to one host, in µs. */
  hostIntervalUs(owner: OwnerLimits, crawlDelaySec: number): number {
    const rate = Math.min(this.defaults.hostRate, owner.requestsPerSecond ?? Number.POSITIVE_INFINITY);
    return Math.max(Math.ceil(1e6 / rate), Math.ceil(crawlDelaySec * 1e6));
  }

  hostConcurrency(owner: OwnerLimits): number {
    return Math.max(
      1,
      Math.min(this.defaults.hostConcurrency, owner.concurrency ?? Number.POSITIVE_INFINITY),
    );
  }

  /** Requests `host` (hostKey) may still take in flight, across every coordinator on the store. */
  async concurrencyRoom(host: string, owner: OwnerLimits): Promise<number> {
    return this.hostConcurrency(owner) - (await this.store.runningOnHost(host));
  }

  /** Takes a request slot of `host` and of its registrable domain, or says how long until one may be free. */
  async takeRate(
    host: string,
    hostname: string,
    owner: OwnerLimits,
    crawlDelaySec: number,
  ): Promise<GateAnswer> {
    const nowUs = this.nowMs() * 1000;
    const hostInterval = this.hostIntervalUs(owner, crawlDelaySec);
    const hostKey = `host:${host}`;
    if (!(await this.store.takeSlot(hostKey, nowUs, hostInterval, slack(hostInterval)))) {
      return { ok: false, retryInMs: await this.waitMs(hostKey, nowUs) };
    }
    const domainKey = `domain:${registrableDomain(hostname)}`;
    const domainInterval = Math.ceil(1e6 / this.defaults.domainRate);
    if (!(await this.store.takeSlot(domainKey, nowUs, domainInterval, slack(domainInterval)))) {
      return { ok: false, retryInMs: await this.waitMs(domainKey, nowUs) };
    }
    return { ok: true };
  }

  /** A 429/503: the host takes no request from anyone until the backoff ends. */
  async backoff(host: string, delayMs: number): Promise<void> {
    const ms = Math.min(Math.max(delayMs, 0), MAX_BACKOFF_MS);
    await this.store.backoff(`host:${host}`, (this.nowMs() + ms) * 1000);
  }

  private async waitMs(key: string, nowUs: number): Promise<number> {
    const freeAt = await this.store.slotFreeAtUs(key);
    return Math.max(1, Math.ceil((freeAt - nowUs) / 1000));
  }
}

/**
 * The clock reads whole milliseconds: an interval under 1 ms may start from up to 1 ms ago, so
 * a high rate is not cut to one request per millisecond. At 1 ms and over there is no slack.
 */
const slack = (intervalUs: number) => (intervalUs < 1000 ? 1000 : 0);

/** How long a 429/503 answer asks to wait: Retry-After (seconds or an HTTP date), else a backoff. */
export function retryAfterMs(
  headers: ReadonlyArray<{ name: string; value: string }>,
  tries: number,
  nowMs: number,
): number {
  const raw = headers.find((h) => h.name.toLowerCase() === 'retry-after')?.value.trim();
  if (raw) {
    if (/^\d{1,9}$/.test(raw)) return Math.min(Number(raw) * 1000, MAX_BACKOFF_MS);
    const at = Date.parse(raw);
    if (Number.isFinite(at)) return Math.min(Math.max(at - nowMs, 0), MAX_BACKOFF_MS);
  }
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, tries - 1), MAX_BACKOFF_MS);
}
