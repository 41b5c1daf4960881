// Chooses the device for a job among the connected ones: the available devices that match, scored
// by load, recent success rate and latency (device-score.ts), sweep tries spread over distinct
// devices, countries and networks. The index hands over exactly the matching group (device-index.ts); a small group is
// walked and the best device wins, a large one is sampled: the best of SAMPLE_SIZE devices drawn
// uniformly (power of d choices, as in Sparrow), which lands within a few percent of the best load
// at a cost that does not grow with the fleet.
import { type ConnectedDevice, hasFreeSlot } from './device.js';
import { DeviceIndex, type IndexEntry } from './device-index.js';
import { costOf, placementReason, ranksBefore, type Scored, score } from './device-score.js';
import { DeviceStats, type MethodStats, NEUTRAL } from './device-stats.js';
import { type JobNeeds, mismatch } from './matching.js';
import { outOfService } from './standing.js';
import { SweepSpread } from './sweep-spread.js';

/**
 * Groups up to this size are walked whole, so the pick is the exact best (a lab's few devices).
 * A walk of 512 cost ~100 µs a job in the live fleet profile; best-of-8 keeps load even above it.
 */
export const EXACT_MAX = 64;
/** Devices drawn from a larger group; the best of them wins. */
export const SAMPLE_SIZE = 8;
/**
 * Draws allowed per pick: for a sweep try still looking for an unused country, and before falling
 * back to a walk when nearly every device drawn is excluded or refuses.
 */
const MAX_DRAWS = SAMPLE_SIZE * 8;

export interface Choice {
  device: ConnectedDevice;
  reason: string;
}

export interface DevicePickerOptions {
  /**
   * An extra per-device test applied to every candidate looked at (for example the owner's own
   * controls: allowed domains, hours, pause). False skips the device. Default: every device accepts.
   */
  accepts?: (dev: ConnectedDevice, needs: JobNeeds) => boolean;
  /** Uniform random number in [0, 1) for sampling. Default Math.random. */
  random?: () => number;
}

/**
 * What a pick reads per device, copied into its index entry on every refresh: a sampled pick at
 * 100,000 devices is bound by memory latency, and one record near the entry beats a chain of
 * device → profile → running map → size.
 */
interface Hot {
  methods: ReadonlyMap<string, Readonly<MethodStats>>;
  running: number;
  maxConcurrent: number;
  assignedTotal: number;
}

type Entry = IndexEntry<ConnectedDevice, Hot>;

/**
 * The stats a device reads until its first outcome (shared, empty): most of a large fleet idles,
 * and an empty map of its own would cost each device memory for nothing (see firstStats).
 */
const NO_STATS: ReadonlyMap<string, Readonly<MethodStats>> = new Map();

/** The running best and runner-up of one pick. */
class Contest {
  best: Scored<ConnectedDevice> | null = null;
  second: Scored<ConnectedDevice> | null = null;
  looked = 0;

  constructor(
    private readonly needs: JobNeeds,
    private readonly spread: SweepSpread,
    private readonly fleetMs: number | null,
  ) {}

  consider(e: Entry): void {
    const dev = e.dev;
    const h = e.aux;
    const stats = h.methods.get(this.needs.method) ?? NEUTRAL;
    const group = this.needs.spreadGroup;
    const p = dev.profile;
    const tier = group === undefined ? 0 : this.spread.tier(group, p.deviceId, p.country, p.asn);
    // Records are built only for a new best or runner-up.
    const cost = costOf(h.running, h.maxConcurrent, stats, this.fleetMs);
    const best = this.best;
    if (best?.device === dev || this.second?.device === dev) return; // drawn twice
    this.looked++;
    const id = dev.profile.deviceId;
    const aheadOfBest = !best || ranksBefore(tier, cost, h.assignedTotal, id, best);
    if (!aheadOfBest && this.second && !ranksBefore(tier, cost, h.assignedTotal, id, this.second)) {
      return;
    }
    const s = score(dev, id, h.running, h.maxConcurrent, h.assignedTotal, stats, this.fleetMs, tier);
    if (aheadOfBest) {
      this.second = best;
      this.best = s;
    } else {
      this.second = s;
    }
  }
}

export class DevicePicker {
  readonly stats = new DeviceStats((deviceId, methods) => this.firstStats(deviceId, methods));
  private readonly index = new DeviceIndex<ConnectedDevice, Hot>((dev) => ({
    methods: this.stats.knownMethodsOf(dev.profile.deviceId) ?? NO_STATS,
    running: dev.running.size,
    maxConcurrent: dev.profile.maxConcurrent,
    assignedTotal: dev.assignedTotal,
  }));
  private readonly spread: SweepSpread;
  private readonly accepts: ((dev: ConnectedDevice, needs: JobNeeds) => boolean) | undefined;
  private readonly random: () => number;

  constructor(
    private readonly devices: ReadonlyMap<string, ConnectedDevice>,
    now: () => number = Date.now,
    opts: DevicePickerOptions = {},
  ) {
    this.spread = new SweepSpread(now);
    this.accepts = opts.accepts;
    this.random = opts.random ?? Math.random;
  }

  /** Devices that could take a job now. */
  get availableCount(): number {
    return this.index.size;
  }

  /** Re-reads whether the device can take a job; call after any change to it. */
  refresh(dev: ConnectedDevice): void {
    const current = this.devices.get(dev.profile.deviceId) === dev;
    // A quarantined or draining device stays out of every group (standing.ts): only jobs made for a
    // quarantined one reach it (direct-pick.ts).
    const available = current && outOfService(dev) === null && hasFreeSlot(dev);
    const e = this.index.set(dev, available);
    if (e) {
      e.aux.running = dev.running.size;
      e.aux.assignedTotal = dev.assignedTotal;
    }
  }

  /** The device's first outcome: it reads its own stats from now on. */
  private firstStats(deviceId: string, methods: ReadonlyMap<string, Readonly<MethodStats>>): void {
    const dev = this.devices.get(deviceId);
    const e = dev === undefined ? undefined : this.index.indexed(dev);
    if (e) e.aux.methods = methods;
  }

  remove(dev: ConnectedDevice): void {
    this.index.delete(dev);
  }

  /** The best available device for the job, or null when none can take it now. */
  pick(needs: JobNeeds): Choice | null {
    const contest = new Contest(needs, this.spread, this.stats.fleetLatencyMs(needs.method));
    let matching: number;
    let sampled = false;
    const pinned = needs.pinnedDeviceId ?? needs.placement.device_id ?? null;
    if (pinned) {
      const dev = this.devices.get(pinned);
      const e = dev && this.index.entry(dev);
      if (
        e &&
        mismatch(e.dev.profile, { ...needs, pinnedDeviceId: pinned }) === null &&
        this.fits(e, needs)
      ) {
        contest.consider(e);
      }
      matching = contest.looked;
    } else {
      const group = this.index.candidates(needs);
      matching = group.length;
      if (group.length <= EXACT_MAX) {
        for (const e of group) if (this.fits(e, needs)) contest.consider(e);
        matching = contest.looked;
      } else {
        sampled = this.sample(group, needs, contest);
      }
    }
    const winner = contest.best;
    if (!winner) return null;
    let reason = placementReason(needs, winner, contest.second, matching);
    if (sampled) reason += ` (best of ${contest.looked} drawn at random)`;
    return { device: winner.device, reason };
  }

  /** The job went to the device: later tries of its sweep region look elsewhere first. */
  assigned(needs: JobNeeds, dev: ConnectedDevice): void {
    const p = dev.profile;
    this.spread.use(needs.spreadGroup, p.deviceId, p.country, p.asn);
  }

  /** Draws SAMPLE_SIZE fitting devices; true when it did, false when it had to walk the group. */
  private sample(group: ReadonlyArray<Entry>, needs: JobNeeds, contest: Contest): boolean {
    const sweep = needs.spreadGroup !== undefined;
    for (let draws = 0; draws < MAX_DRAWS; draws++) {
      // A sweep try keeps drawing until it finds a device, country and network its region has not
      // used (tier 0): with 4 of 5 countries used, 8 draws would miss the fifth 17% of the time, 64
      // draws about once in a million.
      if (contest.looked >= SAMPLE_SIZE && !(sweep && contest.best?.tier !== 0)) break;
      const e = group[Math.floor(this.random() * group.length)] as Entry;
      if (this.fits(e, needs)) contest.consider(e);
    }
    if (contest.best) return true;
    // Almost every device drawn was excluded or refused: only a walk can tell whether one fits.
    for (const e of group) if (this.fits(e, needs)) contest.consider(e);
    return false;
  }

  private fits(e: Entry, needs: JobNeeds): boolean {
    if (needs.excludedDeviceIds?.has(e.dev.profile.deviceId)) return false;
    if (needs.distinctDevices && this.spread.used(needs.spreadGroup, e.dev.profile.deviceId)) return false;
    return this.accepts === undefined || this.accepts(e.dev, needs);
  }
}
