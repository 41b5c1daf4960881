// Keep-alive connection reuse that cannot get around the network policy. Connections are pooled per
// (origin, address the policy allowed): a job checks its target through the policy first, then asks
// for the pool of exactly that origin and address, so
//   - a DNS answer that changed gets a pool (and connections) of its own,
//   - a refusal is decided before any pool is looked at, so a pooled connection never serves it,
//   - a connection never carries requests for two origins or to two addresses.
// Pools are bounded (least recently used closed first) and idle connections close on their own.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Dispatcher, Pool } from 'undici';
import { type DialOptions, dialPinned, type TlsInfo, trustedRoots } from './connector.js';
import type { PolicyAllowed } from './types.js';

export interface PinnedPoolsOptions {
  /** Extra trusted CA certificates, added to Node's bundled roots. Default: none. */
  ca?: Buffer[] | undefined;
  /** Local address every connection is bound to (`--local-address`). Default: none (the OS chooses). */
  localAddress?: string | undefined;
  /** Pools kept, one per (origin, address); the least recently used is closed beyond. Default 64. */
  maxPools?: number;
  /** Connections one pool opens at most; further requests to it wait for one. Default 16. */
  maxConnectionsPerPool?: number;
  /**
   * An idle connection is closed after this long, ms, unless the target's `Keep-Alive: timeout`
   * says less (undici then keeps it that long minus 2 s). Default 4_000, below the 5 s that Node
   * and Apache servers keep idle connections, so a reused connection is rarely one the target is
   * closing at that moment.
   */
  keepAliveTimeoutMs?: number;
  /** TCP connect limit, ms. Default 30_000. */
  connectTimeoutMs?: number;
}

/**
 * Resolves once a connection whose response was just read to the end is free in its pool again:
 * undici hands a keep-alive connection back one event-loop turn after the response completes (so
 * a server closing it despite keep-alive is noticed first). A request sent sooner (the next hop of
 * a same-origin redirect, the next job) would open a second connection.
 */
export function connectionReleased(): Promise<void> {
  return nextTurn();
}

/** What a job dispatches its request to. */
export interface PinnedPool {
  dispatcher: Dispatcher;
  /** TLS parameters of the pool's latest handshake (all its connections go to one origin and address). */
  tls(): TlsInfo | undefined;
}

interface Entry extends PinnedPool {
  pool: Pool;
}

export class PinnedPools {
  readonly #entries = new Map<string, Entry>();
  readonly #dial: DialOptions;
  readonly #maxPools: number;
  readonly #connections: number;
  readonly #keepAliveTimeoutMs: number;
  #closed = false;

  constructor(options: PinnedPoolsOptions = {}) {
    this.#dial = {
      ca: trustedRoots(options.ca),
      localAddress: options.localAddress || undefined,
      connectTimeoutMs: options.connectTimeoutMs ?? 30_000,
    };
    this.#maxPools = Math.max(1, options.maxPools ?? 64);
    this.#connections = Math.max(1, options.maxConnectionsPerPool ?? 16);
    this.#keepAliveTimeoutMs = options.keepAliveTimeoutMs ?? 4_000;
  }

  /** Pools currently kept. */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The pool for `url`'s origin connected to `allowed.address`. The caller has just checked `url`
   * through the policy and got `allowed`; every connection the pool opens goes to that address.
   */
  get(url: URL, allowed: PolicyAllowed): PinnedPool {
    if (this.#closed) throw new Error('PinnedPools is closed');
    const key = `${url.origin}|${allowed.address}`;
    const known = this.#entries.get(key);
    if (known) {
      // Most recently used last: the Map's order is the eviction order.
      this.#entries.delete(key);
      this.#entries.set(key, known);
      return known;
    }
    const secure = url.protocol === 'https:';
    const target = {
      secure,
      hostname: url.hostname,
      port: Number(url.port) || (secure ? 443 : 80),
      address: allowed.address,
      family: allowed.family,
    };
    let latestTls: TlsInfo | undefined;
    const pool = new Pool(url.origin, {
      connections: this.#connections,
      pipelining: 1,
      keepAliveTimeout: this.#keepAliveTimeoutMs,
      keepAliveMaxTimeout: Math.max(this.#keepAliveTimeoutMs, 30_000),
      // The job's own deadline bounds headers and body.
      headersTimeout: 0,
      bodyTimeout: 0,
      connect: (_opts, callback) => {
        dialPinned(target, this.#dial, (err, socket, info) => {
          if (err || !socket) {
            callback(err ?? new Error('no socket'), null);
            return;
          }
          if (info) latestTls = info;
          callback(null, socket);
        });
      },
    });
    const entry: Entry = { pool, dispatcher: pool, tls: () => latestTls };
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#maxPools) {
      const [oldestKey, oldest] = this.#entries.entries().next().value as [string, Entry];
      this.#entries.delete(oldestKey);
      // Graceful: requests still running on it finish, then its connections close.
      oldest.pool.close().catch(() => {});
    }
    return entry;
  }

  /** Drops every pool, cutting their connections (running requests fail). Safe twice. */
  async destroy(): Promise<void> {
    this.#closed = true;
    const pools = [...this.#entries.values()].map((e) => e.pool);
    this.#entries.clear();
    await Promise.allSettled(pools.map((p) => p.destroy()));
  }
}
