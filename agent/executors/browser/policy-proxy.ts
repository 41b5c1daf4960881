// A forward proxy on loopback through which one browser context sends all its traffic. It is where
// the network policy is enforced for the browser: every request (redirect hops, subresources,
// workers, WebSockets) names its host here, the policy resolves and checks it, and the proxy dials
// exactly the address the policy approved. Chromium itself resolves no names (its host resolver is
// mapped to NOTFOUND, see chromium-host.ts), so a rebinding DNS answer cannot redirect a connection
// after the check. HTTPS and WebSockets arrive as CONNECT tunnels: TLS stays end to end.

import http from 'node:http';
import net from 'node:net';
import { listenOn } from '../../../common/listen.js';
import { DnsLookupError } from '../../policy/index.js';
import type { NetworkPolicy, PolicyDecision } from '../../policy/types.js';

/** Why the proxy did not reach a target; the kinds are device error types of the same name. */
export type ProxyFailureKind = 'blocked' | 'dns' | 'connect' | 'timeout';

export interface ProxyFailure {
  kind: ProxyFailureKind;
  message: string;
}

/** Upstream timings of the first connection the proxy made to one `host:port` during a job. */
export interface ProxyTiming {
  /** Time spent in policy.check (DNS resolution plus the policy decision), ms. */
  dnsMs: number;
  /** TCP connect time to the approved address, ms. */
  connectMs: number;
}

export interface PolicyProxyOptions {
  policy: NetworkPolicy;
  /** Upstream TCP connect timeout. Default 30_000. */
  connectTimeoutMs?: number;
  /** Local address every upstream connection is bound to (`--local-address`). Default: none. */
  localAddress?: string | undefined;
}

// Hop-by-hop headers (RFC 9110 7.6.1) and the proxy ones Chromium adds; never forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** `host:port` as both the proxy and a request URL spell it (IPv6 without brackets, lower case). */
export function authorityKey(hostname: string, port: number): string {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return `${bare.toLowerCase()}:${port}`;
}

/** The authority key of an http(s)/ws(s) URL, or null for other schemes. */
export function urlAuthorityKey(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const defaults: Record<string, number> = { 'http:': 80, 'ws:': 80, 'https:': 443, 'wss:': 443 };
  const fallback = defaults[parsed.protocol];
  if (fallback === undefined) return null;
  return authorityKey(parsed.hostname, parsed.port === '' ? fallback : Number(parsed.port));
}

export class PolicyProxy {
  readonly #policy: NetworkPolicy;
  readonly #connectTimeoutMs: number;
  readonly #localAddress: string | undefined;
  readonly #server: http.Server;
  readonly #tunnels = new Set<net.Socket>();
  // Keep-alive to upstreams, one agent per (authority, approved address), so a connection never
  // carries two origins' requests nor goes to an address another decision approved. Cut with the
  // proxy at the job's end.
  readonly #agents = new Map<string, http.Agent>();
  // One decision per authority and job: repeated requests reuse it, so a page cannot make the proxy
  // resolve a name again and again hoping for a different answer.
  #decisions = new Map<string, Promise<{ decision: PolicyDecision; ms: number }>>();
  #failures = new Map<string, ProxyFailure>();
  /** Decisions taken (allowed or refused) per authority, for the job's network context. */
  #decided = new Map<string, PolicyDecision>();
  #timings = new Map<string, ProxyTiming>();
  #closed = false;
  #url = '';

  constructor(options: PolicyProxyOptions) {
    this.#policy = options.policy;
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 30_000;
    this.#localAddress = options.localAddress || undefined;
    this.#server = http.createServer((req, res) => void this.#onRequest(req, res));
    this.#server.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
      void this.#onConnect(req, socket, head);
    });
    // Plain-HTTP upgrades are not used by Chromium through a proxy (it tunnels ws:// with CONNECT).
    this.#server.on('upgrade', (_req: http.IncomingMessage, socket: net.Socket) => socket.destroy());
    this.#server.on('clientError', (_err, socket) => socket.destroy());
  }

  /** Listens on 127.0.0.1, port chosen by the OS. */
  async start(): Promise<void> {
    const { port } = await listenOn(this.#server, 0, '127.0.0.1');
    this.#url = `http://127.0.0.1:${port}`;
  }

  /** The proxy URL for Chromium's `proxyServer`. */
  get url(): string {
    return this.#url;
  }

  /** Forgets decisions, failures and timings: a new job starts in a reused (session) context. */
  resetJob(): void {
    this.#decisions = new Map();
    this.#failures = new Map();
    this.#decided = new Map();
    this.#timings = new Map();
  }

  /**
   * Why the proxy did not reach `url`, if it did not. Plain-HTTP failures are keyed by URL; tunnels
   * only show the authority, so HTTPS failures are keyed by `host:port`.
   */
  failureFor(url: string): ProxyFailure | undefined {
    const exact = this.#failures.get(stripFragment(url));
    if (exact) return exact;
    const key = urlAuthorityKey(url);
    return key === null ? undefined : this.#failures.get(key);
  }

  /**
   * The policy's decision for `url`'s host and port in this job (with the resolved addresses and
   * the address the proxy dials), or undefined when none was taken (not reached, or DNS failed).
   */
  decisionFor(url: string): PolicyDecision | undefined {
    const key = urlAuthorityKey(url);
    return key === null ? undefined : this.#decided.get(key);
  }

  timingFor(url: string): ProxyTiming | undefined {
    const key = urlAuthorityKey(url);
    return key === null ? undefined : this.#timings.get(key);
  }

  /** Checks `url` the way the proxy will (same cached decision), without connecting. */
  async check(url: string): Promise<ProxyFailure | null> {
    const key = urlAuthorityKey(url);
    if (key === null) return { kind: 'blocked', message: `scheme of ${url} is not allowed` };
    const { hostname, port } = splitKey(key);
    const outcome = await this.#decide(key, hostname, port);
    if ('kind' in outcome) {
      this.#failures.set(key, outcome);
      return outcome;
    }
    return null;
  }

  /** Stops listening and cuts every connection, tunnels included. Safe twice. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const socket of this.#tunnels) socket.destroy();
    this.#tunnels.clear();
    for (const agent of this.#agents.values()) agent.destroy();
    this.#agents.clear();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #decide(
    key: string,
    hostname: string,
    port: number,
  ): Promise<{ address: string; dnsMs: number } | ProxyFailure> {
    let pending = this.#decisions.get(key);
    if (!pending) {
      pending = timed(this.#policy.check(hostname, port));
      this.#decisions.set(key, pending);
    }
    try {
      const { decision, ms } = await pending;
      if (this.#decisions.get(key) === pending) this.#decided.set(key, decision);
      if (!decision.allowed) return { kind: 'blocked', message: decision.message };
      return { address: decision.address, dnsMs: ms };
    } catch (err) {
      const message = err instanceof DnsLookupError ? err.message : `DNS lookup failed for ${hostname}`;
      return { kind: 'dns', message };
    }
  }

  async #onRequest(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
      if (target.protocol !== 'http:') throw new Error('not http');
    } catch {
      // Only absolute-form http:// requests are proxied; anything else is not from Chromium.
      res.writeHead(400).end();
      return;
    }
    const port = target.port === '' ? 80 : Number(target.port);
    const key = authorityKey(target.hostname, port);
    const decision = await this.#decide(key, target.hostname, port);
    if ('kind' in decision) {
      this.#fail(res, stripFragment(target.href), decision);
      return;
    }
    if (this.#closed) {
      res.destroy();
      return;
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i] as string;
      const value = req.rawHeaders[i + 1] as string;
      if (HOP_BY_HOP.has(name.toLowerCase())) continue;
      const prev = headers[name];
      headers[name] = prev === undefined ? value : ([] as string[]).concat(prev as string | string[], value);
    }
    const upstream = http.request({
      host: decision.address,
      port,
      method: req.method,
      path: target.pathname + target.search,
      headers,
      agent: this.#agentFor(`${key}|${decision.address}`),
      localAddress: this.#localAddress,
      // The Host header Chromium sent is kept as is; Node must not replace it with the address.
      setHost: false,
    });
    upstream.on('socket', (socket) => {
      this.#timeConnect(socket, key, decision.dnsMs);
      this.#boundConnect(socket, () => upstream.destroy(new TimeoutError()));
    });
    upstream.on('response', (answer) => {
      const raw: string[] = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        const name = answer.rawHeaders[i] as string;
        if (!HOP_BY_HOP.has(name.toLowerCase())) raw.push(name, answer.rawHeaders[i + 1] as string);
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, raw);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (err) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      this.#fail(res, stripFragment(target.href), connectFailure(err, target.host));
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }

  async #onConnect(req: http.IncomingMessage, client: net.Socket, head: Buffer): Promise<void> {
    this.#tunnels.add(client);
    client.on('close', () => this.#tunnels.delete(client));
    client.on('error', () => client.destroy());
    // "host:port" (authority form); URL parsing alone would drop a default port such as ws:// 80.
    const authority = /^(\[[^\]]+\]|[^:/?#@\s]+):(\d{1,5})$/.exec(req.url ?? '');
    let hostname = '';
    try {
      hostname = new URL(`http://${authority?.[1]}`).hostname; // canonical: lower case, IPv4 forms
    } catch {
      // left empty: answered with 400 below
    }
    if (!authority || hostname === '') {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const port = Number(authority[2]);
    const key = authorityKey(hostname, port);
    const decision = await this.#decide(key, hostname, port);
    if ('kind' in decision) {
      this.#failures.set(key, decision);
      client.end(`HTTP/1.1 ${decision.kind === 'blocked' ? 403 : 502} Proxy Refused\r\n\r\n`);
      return;
    }
    if (this.#closed || client.destroyed) return;
    const upstream = net.connect({ host: decision.address, port, localAddress: this.#localAddress });
    this.#tunnels.add(upstream);
    let established = false;
    upstream.on('close', () => {
      this.#tunnels.delete(upstream);
      // Before the tunnel is up the client gets a 502 (written in the error handler) instead.
      if (established) client.destroy();
    });
    client.on('close', () => upstream.destroy());
    this.#timeConnect(upstream, key, decision.dnsMs);
    this.#boundConnect(upstream, () => upstream.destroy(new TimeoutError()));
    upstream.once('connect', () => {
      established = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', (err) => {
      if (!established && !client.destroyed) {
        this.#failures.set(key, connectFailure(err, authority[0]));
        client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      }
    });
  }

  #agentFor(key: string): http.Agent {
    let agent = this.#agents.get(key);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
      this.#agents.set(key, agent);
    }
    return agent;
  }

  /** Bounds only the TCP connect: a slow or long-polling answer is the browser's to time out. */
  #boundConnect(socket: net.Socket, onTimeout: () => void): void {
    if (!socket.connecting) return;
    const timer = setTimeout(onTimeout, this.#connectTimeoutMs);
    const clear = () => clearTimeout(timer);
    socket.once('connect', clear);
    socket.once('close', clear);
  }

  #timeConnect(socket: net.Socket, key: string, dnsMs: number): void {
    if (!socket.connecting || this.#timings.has(key)) return;
    const startedAt = performance.now();
    socket.once('connect', () => {
      if (!this.#timings.has(key))
        this.#timings.set(key, { dnsMs, connectMs: performance.now() - startedAt });
    });
  }

  #fail(res: http.ServerResponse, url: string, failure: ProxyFailure): void {
    this.#failures.set(url, failure);
    // The status only matters to Chromium's rendering; the executor reads the recorded failure.
    const status = failure.kind === 'blocked' ? 403 : failure.kind === 'timeout' ? 504 : 502;
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    res.end(failure.message);
  }
}

/** The decision with how long it took (the DNS part of the target's timings). */
async function timed(check: Promise<PolicyDecision>): Promise<{ decision: PolicyDecision; ms: number }> {
  const startedAt = performance.now();
  const decision = await check;
  return { decision, ms: performance.now() - startedAt };
}

class TimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
}

function connectFailure(err: unknown, host: string): ProxyFailure {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
  if (code === 'ETIMEDOUT') return { kind: 'timeout', message: `connection to ${host} timed out` };
  return { kind: 'connect', message: `connection to ${host} failed${code ? ` (${code})` : ''}` };
}

function splitKey(key: string): { hostname: string; port: number } {
  const at = key.lastIndexOf(':');
  return { hostname: key.slice(0, at), port: Number(key.slice(at + 1)) };
}

function stripFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}
