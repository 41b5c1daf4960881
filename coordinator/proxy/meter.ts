// Proxy metering per API key: connections and bytes, counted in the limiter's daily counters (so
// /crawl/v1/usage shows them and every coordinator on the database shares them) and checked
// against the key's proxy quotas (proxyConnectionsPerDay, proxyBytesPerDay). Bytes are added to the
// store in batches (once a second per key, and when a connection ends), not per chunk.
import { MESSAGES } from '../errors.js';
import { windowStartMs } from '../limits/policies.js';
import type { ApiKeyRecord } from '../store/records.js';
import type { Store } from '../store/types.js';

export const PROXY_BYTES = 'proxy_bytes';
export const PROXY_CONNECTIONS = 'proxy_connections';
const UNLIMITED = Number.MAX_SAFE_INTEGER;
const FLUSH_MS = 1_000;

export interface ProxyTotals {
  connections: number;
  bytesUp: number;
  bytesDown: number;
  refused: Record<string, number>;
}

export class ProxyMeter {
  /** Bytes counted since the last write, per key id. */
  private readonly unwritten = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  /** Process totals for /metrics. */
  readonly totals: ProxyTotals = { connections: 0, bytesUp: 0, bytesDown: 0, refused: {} };

  constructor(
    private readonly store: Store,
    private readonly onError: (err: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** The limiter's refusal text when the key is over a proxy quota, else null. */
  async overQuota(key: ApiKeyRecord): Promise<string | null> {
    const l = key.limits ?? {};
    const bytesCap = l.proxyBytesPerDay ?? 0;
    const connCap = l.proxyConnectionsPerDay ?? 0;
    const day = windowStartMs('jobs-day', this.now());
    if (connCap > 0) {
      const out = await this.store.limits.consumeLimits(key.id, [
        { name: PROXY_CONNECTIONS, windowStartMs: day, amount: 1, limit: connCap },
      ]);
      if (!out.ok) return MESSAGES.RATE_LIMITED_PROXY_CONNECTIONS;
    }
    if (bytesCap > 0) {
      const { counts } = await this.store.limits.readUsage(key.id, key.ownerId, [
        { name: PROXY_BYTES, windowStartMs: day },
      ]);
      if ((counts[0] ?? 0) + (this.unwritten.get(key.id) ?? 0) >= bytesCap)
        return MESSAGES.RATE_LIMITED_PROXY_BYTES;
    }
    return null;
  }

  /** A connection opened for the key (counted here unless its quota check already counted it). */
  opened(key: ApiKeyRecord): void {
    this.totals.connections++;
    if ((key.limits?.proxyConnectionsPerDay ?? 0) > 0) return;
    const day = windowStartMs('jobs-day', this.now());
    this.store.limits
      .addCounts(key.id, [{ name: PROXY_CONNECTIONS, windowStartMs: day, amount: 1, limit: UNLIMITED }])
      .catch(this.onError);
  }

  refused(kind: string): void {
    this.totals.refused[kind] = (this.totals.refused[kind] ?? 0) + 1;
  }

  /** Bytes carried for the key: `up` from the client to the target, `down` back. */
  bytes(keyId: string, up: number, down: number): void {
    this.totals.bytesUp += up;
    this.totals.bytesDown += down;
    this.unwritten.set(keyId, (this.unwritten.get(keyId) ?? 0) + up + down);
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes the counted bytes now (a connection ended, the coordinator closes). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const day = windowStartMs('jobs-day', this.now());
    const writes: Promise<void>[] = [];
    for (const [keyId, amount] of this.unwritten) {
      if (amount <= 0) continue;
      writes.push(
        this.store.limits
          .addCounts(keyId, [{ name: PROXY_BYTES, windowStartMs: day, amount, limit: UNLIMITED }])
          .catch(this.onError),
      );
    }
    this.unwritten.clear();
    return Promise.all(writes).then(() => undefined);
  }

  /** Today's proxy counters of a key (GET /crawl/v1/usage). */
  async usage(key: ApiKeyRecord): Promise<{ bytes: number; connections: number }> {
    const day = windowStartMs('jobs-day', this.now());
    const { counts } = await this.store.limits.readUsage(key.id, key.ownerId, [
      { name: PROXY_BYTES, windowStartMs: day },
      { name: PROXY_CONNECTIONS, windowStartMs: day },
    ]);
    return { bytes: (counts[0] ?? 0) + (this.unwritten.get(key.id) ?? 0), connections: counts[1] ?? 0 };
  }
}
