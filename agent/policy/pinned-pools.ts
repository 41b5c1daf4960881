// Keep-alive connection reuse that cannot get around the network policy. Connections are pooled per
// (origin, address the policy allowed): a job checks its target through the policy first, then asks
// for the pool of exactly that origin and address, so
//   - a DNS answer that changed gets a pool (and connections) of its own,
//   - a refusal is decided before any pool is looked at, so a pooled connection never serves it,
//   - a connection never carries requests for two origins or to two addresses.
// Pools are bounded (least recently used closed first) and idle connections close on their own.
//
// A pool is also a part that can get stuck: undici 7 ignores the abort of a request still waiting in
// a pool for a connection, and a request it refuses at dispatch (an unsendable header) leaves the
// connection that refused it counted busy for good. So requests go through `request()` here, which
// returns (or fails) when the job's signal aborts whatever the pool does, retires a pool that
// refused a request, and destroys a pool whose request did not end at the abort, replacing it.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Dispatcher, Pool, request } from 'undici';
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
  /**
   * How long a request may take to end after its signal aborted before its pool counts as stuck
   * and is destroyed (its requests fail) and replaced, ms. Default 1_000.
   */
  stallGraceMs?: number;
}

/** One request on a pinned pool: undici's request options, minus the dispatcher. */
export interface PooledRequest {
  method: Dispatcher.HttpMethod;
  /** Name, value, name, value... */
  headers: string[];
  body?: Buffer | undefined;
  /** The job's signal: the request ends when it aborts, whatever the pool does. */
  signal: AbortSignal;
}

/** undici codes of a request refused at dispatch, before anything was sent. */
const REFUSED_AT_DISPATCH = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED']);

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
  key: string;
  pool: Pool;
}

export class PinnedPools {
  readonly #entries = new Map<string, Entry>();
  readonly #dial: DialOptions;
  readonly #maxPools: number;
  readonly #connections: number;
  readonly #keepAliveTimeoutMs: number;
  readonly #stallGraceMs: number;
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
    this.#stallGraceMs = options.stallGraceMs ?? 1_000;
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
    const entry: Entry = { key, pool, dispatcher: pool, tls: () => latestTls };
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#maxPools) {
      const [oldestKey, oldest] = this.#entries.entries().next().value as [string, Entry];
      this.#entries.delete(oldestKey);
      // Graceful: requests still running on it finish, then its connections close.
      oldest.pool.close().catch(() => {});
    }
    return entry;
  }

  /**
   * Sends `req` to `url` on `pinned` (from get(), in the same tick). Settles when the response
   * headers arrive, the request fails, or `req.signal` aborts (rejecting with its reason), even
   * when the pool never hands the request a connection or ignores the abort.
   */
  request(pinned: PinnedPool, url: URL, req: PooledRequest): Promise<Dispatcher.ResponseData> {
    const entry = pinned as Entry;
    const { signal } = req;
    let settled = false;
    let abandoned = false;
    const sent = request(url, {
      dispatcher: entry.pool,
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal,
    });
    sent.then(
      (res) => {
        settled = true;
        // Answered after the caller stopped waiting: nobody reads the body, so the connection goes.
        if (abandoned) {
          res.body.on('error', () => {});
          res.body.destroy();
        }
      },
      (err: unknown) => {
        settled = true;
        if (REFUSED_AT_DISPATCH.has(errorCode(err))) this.#retire(entry);
      },
    );
    if (signal.aborted) abandoned = true;
    return new Promise<Dispatcher.ResponseData>((resolve, reject) => {
      const onAbort = () => {
        abandoned = true;
        reject(signal.reason);
        if (settled) return;
        const timer = setTimeout(() => {
          if (!settled) this.#destroyStalled(entry);
        }, this.#stallGraceMs);
        timer.unref();
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      sent.then(
        (res) => {
          signal.removeEventListener('abort', onAbort);
          resolve(res);
        },
        (err: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(err);
        },
      );
    });
  }

  /** Takes the pool out of use; requests running on it finish, then its connections close. */
  #retire(entry: Entry): void {
    if (this.#entries.get(entry.key) === entry) this.#entries.delete(entry.key);
    entry.pool.close().catch(() => {});
  }

  /** A request outlived its abort in this pool: cut it and everything in it, and let get() make a new one. */
  #destroyStalled(entry: Entry): void {
    if (this.#entries.get(entry.key) === entry) this.#entries.delete(entry.key);
    entry.pool.destroy().catch(() => {});
  }

  /** Drops every pool, cutting their connections (running requests fail). Safe twice. */
  async destroy(): Promise<void> {
    this.#closed = true;
    const pools = [...this.#entries.values()].map((e) => e.pool);
    this.#entries.clear();
    await Promise.allSettled(pools.map((p) => p.destroy()));
  }
}

function errorCode(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
}
