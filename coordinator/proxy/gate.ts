// Everything a proxied connection passes before a device sees it, the same for HTTP and SOCKS5:
// the API key (password) and the username's targeting, the key's quotas (the limiter), its
// concurrent streams, the destination deny-list; then a device chosen and a stream opened on it.
// Outcomes are typed so each front end answers in its own terms (407, 403, SOCKS reply codes...).
import type { LinkStream } from '../../common/link-streams/link-stream.js';
import { StreamResetError } from '../../common/link-streams/link-stream.js';
import type { KeyCache } from '../auth/key-cache.js';
import { hashSecret } from '../auth/secrets.js';
import type { ProxyConfig } from '../config.js';
import type { Limiter } from '../limits/limiter.js';
import type { ApiKeyRecord } from '../store/records.js';
import type { NoExit, ProxyExits } from './exits.js';
import type { ProxyMeter } from './meter.js';
import { parseUsername, type Targeting } from './username.js';

/** Why a connection was refused; each front end maps it to its status or reply code. */
export type RefusalKind =
  | 'auth' // no or wrong key, bad username: 407 / SOCKS auth failure
  | 'limit' // the key's quota or concurrent streams: 429 / SOCKS 0x02
  | 'denied' // destination on the deny-list, or refused by the device's policy or owner: 403 / 0x02
  | 'no_device' // no device fits: 503 / 0x01
  | 'unreachable' // the device could not resolve or connect: 502 / 0x04 or 0x05
  | 'invalid'; // a malformed target: 400 / 0x01

export class ProxyRefusal extends Error {
  readonly code = 'PROXY_REFUSED';
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** Extra response headers (the limiter's Retry-After and RateLimit fields). */
    readonly headers: Record<string, string> = {},
    /** The device's reason, when a device refused (consent, policy, port, connect...). */
    readonly deviceReason = '',
  ) {
    super(message);
    this.name = 'ProxyRefusal';
  }
}

export interface Caller {
  key: ApiKeyRecord;
  targeting: Targeting;
}

export interface ProxyGateDeps {
  keys: KeyCache;
  limiter: Limiter;
  exits: ProxyExits;
  meter: ProxyMeter;
  config: ProxyConfig;
  /** Told of each user stream opened, with its device (the proxy canaries sample them: canary.ts). */
  onStream?: (deviceId: string) => void;
}

/** Devices tried for one connection when one refuses for a reason of its own (full, consent gone). */
const MAX_TRIES = 3;
/** Device refusals that another device may not share: try the next one. */
const RETRY_ELSEWHERE = new Set(['consent', 'limit', 'owner', 'gone']);

/** The 503's text when no device is picked, by why (exits.ts PickResult). */
const NO_DEVICE: Record<NoExit, (session: string, port: number) => string> = {
  no_device: () => 'service unavailable: no device matches this targeting',
  // Devices match, but none offers the port: each device's owner lists its ports (80 and 443
  // unless set otherwise, docs/proxy.md).
  port_not_offered: (_session, port) =>
    `service unavailable: no device matching this targeting offers port ${port} (devices offer 80 and 443 unless their owner set --proxy-ports)`,
  // Some device matches, but its standing lets it take no work now (quarantined, draining, paused,
  // past its owner's hours or caps): the same targeting may succeed later.
  not_taking: () => 'service unavailable: no device matching this targeting is taking connections now',
  session_gone: (session) => `service unavailable: the device of session ${session} is gone (fallback-no)`,
  session_not_taking: (session) =>
    `service unavailable: the device of session ${session} is not taking connections now (fallback-no)`,
};

export class ProxyGate {
  private readonly perKey = new Map<string, number>();

  constructor(private readonly deps: ProxyGateDeps) {}

  /** Who is calling: the key (password) and the username's targeting; ProxyRefusal('auth') else. */
  async authenticate(username: string, password: string): Promise<Caller> {
    const parsed = parseUsername(username);
    if (!parsed.ok) throw new ProxyRefusal('auth', parsed.error);
    if (password === '') throw new ProxyRefusal('auth', 'unauthorized: the API key goes in the password');
    const key = await this.deps.keys.find(hashSecret(password));
    if (!key || key.revokedAt) throw new ProxyRefusal('auth', 'unauthorized: unknown API key');
    if (key.id.toLowerCase() !== parsed.targeting.keyId)
      throw new ProxyRefusal('auth', 'unauthorized: the username does not start with this key’s id');
    return { key, targeting: parsed.targeting };
  }

  /**
   * Checks the destination and the key's limits, picks a device and opens a stream on it. The
   * returned release() must be called once the connection ends (it frees the key's stream slot).
   */
  async open(caller: Caller, host: string, port: number): Promise<{ stream: LinkStream; release(): void }> {
    const target = normaliseHost(host);
    if (target === '' || !Number.isInteger(port) || port < 1 || port > 65_535)
      throw new ProxyRefusal('invalid', `invalid request: target ${host}:${port}`);
    const cfg = this.deps.config;
    if (cfg.denyPorts.includes(port))
      throw new ProxyRefusal('denied', `forbidden: port ${port} is not proxied`);
    if (cfg.denyHosts.some((d) => target === d || target.endsWith(`.${d}`)))
      throw new ProxyRefusal('denied', `forbidden: ${target} is not proxied`);
    const { key, targeting } = caller;
    const open = this.perKey.get(key.id) ?? 0;
    if (open >= cfg.maxStreamsPerKey)
      throw new ProxyRefusal(
        'limit',
        `too many requests: this API key has ${cfg.maxStreamsPerKey} proxy connections open`,
        { 'retry-after': '1' },
      );
    const verdict = await this.deps.limiter.check(key, { jobs: 0, sweeps: 0 });
    if (verdict.error) throw new ProxyRefusal('limit', verdict.error.message, verdict.headers);
    const quota = await this.deps.meter.overQuota(key);
    if (quota) throw new ProxyRefusal('limit', quota, { 'retry-after': '3600' });
    this.perKey.set(key.id, open + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const n = (this.perKey.get(key.id) ?? 1) - 1;
      if (n <= 0) this.perKey.delete(key.id);
      else this.perKey.set(key.id, n);
    };
    try {
      const stream = await this.openOnDevice(targeting, target, port, key.id);
      this.deps.meter.opened(key);
      return { stream, release };
    } catch (err) {
      release();
      throw err;
    }
  }

  /** Streams open per key now. */
  streamsOf(keyId: string): number {
    return this.perKey.get(keyId) ?? 0;
  }

  /** Streams open across keys now (metrics). */
  get openStreams(): number {
    let n = 0;
    for (const v of this.perKey.values()) n += v;
    return n;
  }

  private async openOnDevice(t: Targeting, host: string, port: number, keyId: string): Promise<LinkStream> {
    const tried = new Set<string>();
    let last: ProxyRefusal | null = null;
    for (let i = 0; i < MAX_TRIES; i++) {
      const pick = this.deps.exits.pick(t, host, port, tried);
      if (!pick.ok) {
        if (last) throw last;
        throw new ProxyRefusal('no_device', NO_DEVICE[pick.error](t.session, port));
      }
      tried.add(pick.link.deviceId);
      try {
        const stream = await pick.link.openStream(host, port, keyId);
        this.deps.onStream?.(pick.link.deviceId);
        return stream;
      } catch (err) {
        const reason = err instanceof StreamResetError ? err.reason : 'gone';
        const message = err instanceof Error ? err.message : String(err);
        last = refusalOf(reason, message);
        if (!RETRY_ELSEWHERE.has(reason) || (t.session !== '' && !t.fallback)) throw last;
      }
    }
    throw last ?? new ProxyRefusal('no_device', 'service unavailable: no device took the connection');
  }
}

function refusalOf(reason: string, message: string): ProxyRefusal {
  switch (reason) {
    case 'policy':
    case 'port':
    case 'owner':
    case 'consent':
      return new ProxyRefusal('denied', `forbidden: ${message}`, {}, reason);
    case 'dns':
    case 'connect':
    case 'timeout':
      return new ProxyRefusal('unreachable', `bad gateway: ${message}`, {}, reason);
    case 'limit':
    case 'gone':
      return new ProxyRefusal('no_device', `service unavailable: ${message}`, {}, reason);
    default:
      return new ProxyRefusal('unreachable', `bad gateway: ${message}`, {}, reason);
  }
}

/** Lower case, brackets off an IPv6 literal, no trailing dot; '' when it cannot be a host. */
export function normaliseHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  h = h.replace(/\.$/, '');
  if (h.length === 0 || h.length > 253 || !/^[a-z0-9.:_-]+$/.test(h)) return '';
  return h;
}
