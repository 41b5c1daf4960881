// Location evidence for every connected device (docs/security.md, "Location evidence"): where the
// link's source address is (geolocation database, or the lab map in labs), its network (the ASN
// table the coordinator already keeps), and its least round trip to this coordinator against the
// distance to the claimed country. A device whose claim is contradicted serves no placement by
// place (scheduler/standing.ts servesPlace) unless --allow-contradicted-location; each
// contradiction lowers its reputation, and --location-quarantine-after of them quarantine it
// through the same path as a failed canary (trust/reputation.ts). Honest devices are never charged:
// only a contradiction is ever recorded.
//
// The link reports to it (coordinator/link/): the place of its address at the upgrade (the address
// itself goes no further), the device once its hello is accepted, each heartbeat's round trip, and
// the end of the link. State is per connected device; contradiction counts are kept in memory per
// coordinator (the reputation score they moved is persisted).
import type { Logger } from 'pino';
import { formatIp } from '../../../common/net-policy/cidr.js';
import { rangeRule } from '../../../common/net-policy/ranges.js';
import { egressAddress } from '../../network/network-lookup.js';
import type { ConnectedDevice } from '../../scheduler/device.js';
import type { Reputation } from '../reputation.js';
import { GeoDb } from './geo-db.js';
import type { LocationConfig } from './location-config.js';
import {
  type AddressPlace,
  type ClaimedPlace,
  judge,
  type Verdict,
  type Verified,
} from './location-verdict.js';

/** What the link keeps of its address after the upgrade: where it is, never the address. */
export interface LinkPlace {
  address: AddressPlace | null;
  /** Why the address is not located, when it is not ('' otherwise). */
  unlocated: string;
  /** Lab delay added to this link's round trips, ms (0 outside labs). */
  addedRttMs: number;
}

/** What the agent link calls (coordinator/link/connection-deps.ts). */
export interface LinkLocation {
  placeOf(remote: string | undefined): Promise<LinkPlace>;
  linked(device: ConnectedDevice, place: LinkPlace): void;
  rtt(deviceId: string, ms: number): void;
  unlinked(device: ConnectedDevice): void;
}

/** A device's location in the devices API (docs/api.md). */
export interface LocationView {
  claimed: ClaimedPlace;
  evidence: {
    address: { source: 'database' | 'lab'; country: string; city: string; via: string } | null;
    network: { asn: number | null; name: string | null; kind: string | null } | null;
    rtt: { min_ms: number; samples: number; added_ms: number } | null;
    claimed_distance_km: number | null;
    rtt_floor_ms: number | null;
    notes: string[];
    contradictions: string[];
    /** Contradictions counted against the device by this coordinator (quarantine at the limit). */
    contradictions_counted: number;
    checked_at: string;
  } | null;
  verified: Verified;
}

interface DeviceState {
  device: ConnectedDevice;
  place: LinkPlace;
  rtt: { minMs: number; samples: number } | null;
  verdict: Verdict;
  checkedMs: number;
  /** When a contradiction was last counted against the device on this link (null: none yet). */
  countedMs: number | null;
}

export interface LocationServiceOptions {
  config: LocationConfig;
  reputation: Reputation;
  log: Logger;
  now?: () => number;
}

const NOT_PUBLIC = 'the address is not public, and no --lab-geo entry names it';

export class LocationService implements LinkLocation {
  private readonly states = new Map<string, DeviceState>();
  /** Devices whose claim is contradicted now (the recheck walks these only). */
  private readonly contradicted = new Set<string>();
  private readonly counts = new Map<string, number>();
  private readonly geo: GeoDb | null;
  private readonly log: Logger;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  /** place-distance.ts once loaded (only with --coordinator-location): the round-trip check. */
  private distanceKm: ((country: string) => number | null) | null = null;

  constructor(private readonly opts: LocationServiceOptions) {
    this.log = opts.log.child({ component: 'location' });
    this.geo = opts.config.geoDb ? new GeoDb(opts.config.geoDb, this.log) : null;
    this.now = opts.now ?? Date.now;
  }

  start(): void {
    const { lab, recheckIntervalMs } = this.opts.config;
    if (lab) {
      this.log.warn(
        { addresses: [...lab.keys()] },
        '--lab-geo is set: these source addresses are placed by hand (for tests and labs only, never in production)',
      );
    }
    const from = this.opts.config.coordinatorPlace;
    if (from && !this.distanceKm) {
      // The borders load once, off the start path; links judged before then are judged again.
      void import('./place-distance.js')
        .then((m) => {
          this.distanceKm = (country) => m.distanceToCountryKm(from, country);
          for (const s of this.states.values()) this.check(s);
        })
        .catch((err) => this.log.error({ err }, 'country borders not loaded: round trips are not checked'));
    }
    if (recheckIntervalMs > 0 && !this.timer) {
      // A quarter of the interval: a device is counted again within 1.25 intervals of the last count.
      this.timer = setInterval(() => this.recheck(), Math.max(50, recheckIntervalMs / 4));
      this.timer.unref();
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async placeOf(remote: string | undefined): Promise<LinkPlace> {
    const ip = egressAddress(remote);
    if (!ip) return { address: null, unlocated: 'no source address', addedRttMs: 0 };
    const lab = this.opts.config.lab?.get(formatIp(ip));
    if (lab) {
      return {
        address: { source: 'lab', country: lab.country, city: lab.city, via: 'lab override (--lab-geo)' },
        unlocated: '',
        addedRttMs: lab.addedRttMs,
      };
    }
    if (rangeRule(ip) !== null) return { address: null, unlocated: NOT_PUBLIC, addedRttMs: 0 };
    if (!this.geo)
      return { address: null, unlocated: 'no geolocation database (--geo-db off)', addedRttMs: 0 };
    const found = await this.geo.lookup(ip);
    if (!found) return { address: null, unlocated: 'the database does not place the address', addedRttMs: 0 };
    return {
      address: { source: 'database', country: found.country, city: found.city, via: this.geo.label },
      unlocated: '',
      addedRttMs: 0,
    };
  }

  linked(device: ConnectedDevice, place: LinkPlace): void {
    const state: DeviceState = {
      device,
      place,
      rtt: null,
      verdict: { verified: 'unknown', contradictions: [], claimedDistanceKm: null, floorMs: null },
      checkedMs: this.now(),
      countedMs: null,
    };
    this.states.set(device.profile.deviceId, state);
    this.check(state);
  }

  rtt(deviceId: string, ms: number): void {
    const state = this.states.get(deviceId);
    if (!state || !Number.isFinite(ms) || ms < 0) return;
    const total = Math.round(ms + state.place.addedRttMs);
    const before = state.rtt?.minMs;
    state.rtt = { minMs: Math.min(before ?? total, total), samples: (state.rtt?.samples ?? 0) + 1 };
    // Only a new least round trip can change the verdict.
    if (before === undefined || total < before) this.check(state);
  }

  unlinked(device: ConnectedDevice): void {
    const id = device.profile.deviceId;
    if (this.states.get(id)?.device !== device) return;
    this.states.delete(id);
    this.contradicted.delete(id);
  }

  /** The device's location as the devices API shows it; `device` when it is connected here. */
  view(deviceId: string, claimed: ClaimedPlace): LocationView {
    const s = this.states.get(deviceId);
    if (!s) return { claimed, evidence: null, verified: 'unknown' };
    const egress = s.device.egress;
    return {
      claimed,
      evidence: {
        address: s.place.address,
        network: egress ? { asn: egress.asn, name: egress.networkName, kind: egress.networkKind } : null,
        rtt: s.rtt ? { min_ms: s.rtt.minMs, samples: s.rtt.samples, added_ms: s.place.addedRttMs } : null,
        claimed_distance_km: s.verdict.claimedDistanceKm,
        rtt_floor_ms: s.verdict.floorMs,
        notes: this.notesOf(s),
        contradictions: s.verdict.contradictions,
        contradictions_counted: this.counts.get(deviceId) ?? 0,
        checked_at: new Date(s.checkedMs).toISOString(),
      },
      verified: s.verdict.verified,
    };
  }

  /** The device's verdict now ('unknown' when it is not connected here): the dashboard's counts. */
  verdictOf(deviceId: string): Verified {
    return this.states.get(deviceId)?.verdict.verified ?? 'unknown';
  }

  private notesOf(s: DeviceState): string[] {
    const notes: string[] = [];
    if (s.place.unlocated) notes.push(s.place.unlocated);
    if (!this.opts.config.coordinatorPlace)
      notes.push('round trip not checked: the coordinator has no --coordinator-location');
    else if (!this.distanceKm) notes.push('country borders still loading: round trip not checked yet');
    else if (!s.rtt) notes.push('no round trip measured yet (one per heartbeat)');
    if (s.device.egress?.networkKind === 'datacenter')
      notes.push('a datacenter network: the address may be a VPN or proxy exit, not where the device is');
    if (s.place.address?.city && s.device.profile.city)
      notes.push('cities are shown, not judged: only the country is checked');
    return notes;
  }

  private check(state: DeviceState): void {
    const { config } = this.opts;
    const p = state.device.profile;
    const wasNo = state.verdict.verified === 'no';
    state.verdict = judge({
      claimed: { country: p.country, region: p.region, city: p.city },
      address: state.place.address,
      rtt: state.rtt ? { ...state.rtt, addedMs: state.place.addedRttMs } : null,
      claimedDistanceKm: this.distanceKm?.(p.country) ?? null,
      marginMs: config.rttMarginMs,
    });
    state.checkedMs = this.now();
    const no = state.verdict.verified === 'no';
    // The scheduler's rule reads this (standing.ts servesPlace); with contradicted devices allowed
    // for placement it stays unset, and only the evidence and the reputation show the lie.
    state.device.locationContradicted = no && !config.allowContradicted;
    if (no) this.contradicted.add(p.deviceId);
    else this.contradicted.delete(p.deviceId);
    if (no && !wasNo) this.count(state);
  }

  /** Devices still contradicted count again once per --location-recheck (the timer calls this; tests may too). */
  recheck(): void {
    const nowMs = this.now();
    for (const id of this.contradicted) {
      const s = this.states.get(id);
      if (!s || s.countedMs === null) continue;
      if (nowMs - s.countedMs >= this.opts.config.recheckIntervalMs) this.count(s);
    }
  }

  private count(state: DeviceState): void {
    const id = state.device.profile.deviceId;
    const n = (this.counts.get(id) ?? 0) + 1;
    this.counts.set(id, n);
    state.countedMs = this.now();
    const limit = this.opts.config.quarantineAfter;
    const detail = `${state.verdict.contradictions.join('; ')} (contradiction ${n} of ${limit})`;
    this.log.warn(
      { deviceId: id, contradictions: state.verdict.contradictions, count: n },
      'location contradicted',
    );
    void this.opts.reputation
      .record(id, 'location', detail, { quarantine: n >= limit })
      .catch((err) => this.log.warn({ err, deviceId: id }, 'location contradiction not recorded'));
  }
}
