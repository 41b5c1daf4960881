// The devices of this coordinator that can carry proxy streams, and the choice among them: only
// devices whose owner consented, matching the caller's targeting (country, city, ASN, type), with a
// free stream slot and the destination port allowed, and whose standing lets them take work now
// (the scheduler's own rule, read from the scheduler's own record of the device: not quarantined,
// not draining, not paused or past its owner's hours or caps) and not held back by the proxy
// canaries (canary.ts: an exit that altered a canary's bytes); the least busy first. A session
// name keeps its device for its TTL; when that device has gone or may take no work now, the
// session moves (fallback) or the connection is refused, as the caller chose.
import type { LinkStream } from '../../common/link-streams/link-stream.js';
import type { ConnectedDevice } from '../scheduler/device.js';
import { servesPlace, takesWork } from '../scheduler/standing.js';
import type { Targeting } from './username.js';

/** A connected device's link as the proxy uses it (AgentConnection implements it). */
export interface ExitLink {
  readonly deviceId: string;
  /** Opens a stream to host:port from the device; rejects with the device's refusal. */
  openStream(host: string, port: number, keyId: string): Promise<LinkStream>;
  /** Streams open on the link now. */
  readonly streamCount: number;
}

export interface ExitProfile {
  country: string;
  /** Lower case. */
  city: string;
  asn: number;
  deviceType: string;
  ports: readonly number[];
  maxStreams: number;
}

export interface Exit {
  link: ExitLink;
  profile: ExitProfile;
  consent: boolean;
  /**
   * The device as the scheduler holds it (DeviceSlots): its quarantine, draining and owner's
   * controls change there, and are read here on every pick.
   */
  device: ConnectedDevice;
}

/**
 * `no_device`: none fits the targeting and port (or all are full); `port_not_offered`: some fit the
 * targeting but none offers the destination port (the device's `--proxy-ports`); `not_taking`: some would, but
 * none may take work now (quarantined, draining, paused...); with `fallback-no`, the session's
 * device is gone (or full: `session_gone`) or may take no work now (`session_not_taking`).
 */
export type NoExit = 'no_device' | 'port_not_offered' | 'not_taking' | 'session_gone' | 'session_not_taking';

export type PickResult = { ok: true; link: ExitLink } | { ok: false; error: NoExit };

/** Told when an exit joins or leaves (the proxy canaries schedule their checks by it: canary.ts). */
export interface ExitListener {
  added(deviceId: string): void;
  removed(deviceId: string): void;
}

/** Sessions kept at most; the oldest expiring go first beyond it. */
const MAX_SESSIONS = 100_000;

export class ProxyExits {
  private readonly exits = new Map<string, Exit>();
  private readonly sessions = new Map<string, { deviceId: string; expiresMs: number }>();
  private readonly listeners = new Set<ExitListener>();
  /**
   * Exits held back from user streams by the proxy canaries (a canary came back altered through
   * them: canary.ts), whatever their standing, until they pass canaries again. Kept across the
   * device's reconnects to this coordinator.
   */
  private readonly held = new Set<string>();

  constructor(private readonly now: () => number = Date.now) {}

  get size(): number {
    return this.exits.size;
  }

  /** Devices that consent now. */
  get consenting(): number {
    let n = 0;
    for (const e of this.exits.values()) if (e.consent) n++;
    return n;
  }

  /** The device offered streams; `device` is the scheduler's record of it (its standing). */
  add(link: ExitLink, profile: ExitProfile, consent: boolean, device: ConnectedDevice): void {
    this.exits.set(link.deviceId, { link, profile, consent, device });
    for (const l of this.listeners) l.added(link.deviceId);
  }

  remove(link: ExitLink): void {
    if (this.exits.get(link.deviceId)?.link !== link) return;
    this.exits.delete(link.deviceId);
    for (const l of this.listeners) l.removed(link.deviceId);
  }

  /** The exit of a device connected here, or undefined. */
  get(deviceId: string): Readonly<Exit> | undefined {
    return this.exits.get(deviceId);
  }

  /** Subscribes to exits joining and leaving; returns the unsubscribe. */
  addListener(listener: ExitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Holds the device back from user streams (true) or lets it carry them again (false). */
  hold(deviceId: string, held: boolean): void {
    if (held) this.held.add(deviceId);
    else this.held.delete(deviceId);
  }

  isHeld(deviceId: string): boolean {
    return this.held.has(deviceId);
  }

  /** The owner turned proxying on or off (Availability.owner_controls.proxy). */
  setConsent(deviceId: string, consent: boolean): void {
    const e = this.exits.get(deviceId);
    if (e) e.consent = consent;
  }

  /**
   * A device for a stream to host:port (host normalised: lower case, no brackets), none of
   * `exclude`. Standing is read now, so a device quarantined, draining or paused since its last
   * stream takes no new one (its open streams go on).
   */
  pick(t: Targeting, host: string, port: number, exclude: ReadonlySet<string> = new Set()): PickResult {
    const nowMs = this.now();
    const work = { host };
    const sessionKey = t.session ? `${t.keyId}/${t.session}` : '';
    if (sessionKey) {
      const held = this.sessions.get(sessionKey);
      if (held && held.expiresMs > nowMs) {
        const e = this.exits.get(held.deviceId);
        const fits = e !== undefined && !exclude.has(held.deviceId) && this.fits(e, t, port);
        const taking = fits && !this.held.has(held.deviceId) && takesWork(e.device, work, nowMs);
        if (taking) return { ok: true, link: e.link };
        if (!t.fallback) return { ok: false, error: fits ? 'session_not_taking' : 'session_gone' };
      }
    }
    let best: Exit | null = null;
    let bestLoad = Number.POSITIVE_INFINITY;
    let ties = 0;
    let notTaking = false;
    let portMissed = false;
    for (const e of this.exits.values()) {
      if (exclude.has(e.link.deviceId)) continue;
      if (!this.fits(e, t, port)) {
        portMissed ||= !e.profile.ports.includes(port) && this.fits(e, t, e.profile.ports[0] ?? -1);
        continue;
      }
      if (this.held.has(e.link.deviceId) || !takesWork(e.device, work, nowMs)) {
        notTaking = true;
        continue;
      }
      const load = e.link.streamCount / Math.max(1, e.profile.maxStreams);
      if (load < bestLoad) {
        best = e;
        bestLoad = load;
        ties = 1;
      } else if (load === bestLoad) {
        // Reservoir choice among the equally loaded: new connections spread over the devices.
        ties++;
        if (Math.random() * ties < 1) best = e;
      }
    }
    if (!best) {
      return { ok: false, error: notTaking ? 'not_taking' : portMissed ? 'port_not_offered' : 'no_device' };
    }
    if (sessionKey) this.remember(sessionKey, best.link.deviceId, nowMs + t.ttlSec * 1000);
    return { ok: true, link: best.link };
  }

  private fits(e: Exit, t: Targeting, port: number): boolean {
    const p = e.profile;
    return (
      e.consent &&
      e.link.streamCount < p.maxStreams &&
      p.ports.includes(port) &&
      (t.country === '' || p.country === t.country) &&
      (t.city === '' || p.city === t.city) &&
      (t.asn === 0 || p.asn === t.asn) &&
      (t.deviceType === '' || p.deviceType === t.deviceType) &&
      servesPlace(e.device, t)
    );
  }

  private remember(key: string, deviceId: string, expiresMs: number): void {
    this.sessions.delete(key);
    if (this.sessions.size >= MAX_SESSIONS) {
      const nowMs = this.now();
      for (const [k, v] of this.sessions) if (v.expiresMs <= nowMs) this.sessions.delete(k);
      // Still full: the oldest entry goes (insertion order).
      if (this.sessions.size >= MAX_SESSIONS) {
        const oldest = this.sessions.keys().next().value;
        if (oldest !== undefined) this.sessions.delete(oldest);
      }
    }
    this.sessions.set(key, { deviceId, expiresMs });
  }
}
