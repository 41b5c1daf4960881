// Chooses the device for a job among the connected ones: the available devices that match, scored
// by load, recent success rate and latency (device-score.ts), sweep tries spread over distinct
// devices. An index keeps the walk to the devices that could match, so a pick at 10,000 devices
// costs what the matching group costs, not the fleet.
import type { ConnectedDevice } from './device.js';
import { DeviceIndex, type IndexEntry, locationKey } from './device-index.js';
import { costOf, placementReason, ranksBefore, type Scored, score } from './device-score.js';
import { DeviceStats, type MethodStats, NEUTRAL } from './device-stats.js';
import { type JobNeeds, mismatch } from './matching.js';
import { SweepSpread } from './sweep-spread.js';

export interface Choice {
  device: ConnectedDevice;
  reason: string;
}

type Entry = IndexEntry<ConnectedDevice, ReadonlyMap<string, Readonly<MethodStats>>>;

export class DevicePicker {
  readonly stats = new DeviceStats();
  private readonly index = new DeviceIndex<ConnectedDevice, ReadonlyMap<string, Readonly<MethodStats>>>(
    (dev) => this.stats.methodsOf(dev.profile.deviceId),
  );
  private readonly spread: SweepSpread;

  constructor(
    private readonly devices: ReadonlyMap<string, ConnectedDevice>,
    now: () => number = Date.now,
  ) {
    this.spread = new SweepSpread(now);
  }

  /** Devices that could take a job now. */
  get availableCount(): number {
    return this.index.size;
  }

  /** Re-reads whether the device can take a job; call after any change to it. */
  refresh(dev: ConnectedDevice): void {
    const current = this.devices.get(dev.profile.deviceId) === dev;
    this.index.set(
      dev,
      current && !dev.draining && !dev.quarantined && dev.running.size < dev.profile.maxConcurrent,
    );
  }

  remove(dev: ConnectedDevice): void {
    this.index.delete(dev);
  }

  /** The best available device for the job, or null when none can take it now. */
  pick(needs: JobNeeds): Choice | null {
    const fleetMs = this.stats.fleetLatencyMs(needs.method);
    let best: Scored<ConnectedDevice> | null = null;
    let second: Scored<ConnectedDevice> | null = null;
    let matching = 0;
    const consider = (e: Entry): void => {
      const dev = e.dev;
      const p = dev.profile;
      matching++;
      const stats = e.aux.get(needs.method) ?? NEUTRAL;
      const tier = this.spread.tier(needs.spreadGroup, p.deviceId, p.country);
      // Records are built only for a new best or runner-up: at fleet scale a pick walks thousands.
      const cost = costOf(dev.running.size, p.maxConcurrent, stats, fleetMs);
      const aheadOfBest = !best || ranksBefore(tier, cost, dev.assignedTotal, p.deviceId, best);
      if (!aheadOfBest && second && !ranksBefore(tier, cost, dev.assignedTotal, p.deviceId, second)) return;
      const s = score(
        dev,
        p.deviceId,
        dev.running.size,
        p.maxConcurrent,
        dev.assignedTotal,
        stats,
        fleetMs,
        tier,
      );
      if (aheadOfBest) {
        second = best;
        best = s;
      } else {
        second = s;
      }
    };
    if (needs.pinnedDeviceId) {
      const dev = this.devices.get(needs.pinnedDeviceId);
      const e = dev && this.index.entry(dev);
      if (e && mismatch(e.dev.profile, needs) === null) consider(e);
    } else {
      // The same test as matching.ts mismatch(), on precomputed keys; the method, and the region or
      // country the index narrowed by, hold for every candidate already.
      const pl = needs.placement;
      const region = pl.region ? locationKey(pl.region) : null;
      const country = pl.country ? locationKey(pl.country) : null;
      const city = pl.city ? locationKey(pl.city) : null;
      const excluded = needs.excludedDeviceIds;
      for (const e of this.index.candidates(needs)) {
        const p = e.dev.profile;
        if (region !== null && e.region !== region) continue;
        if (country !== null && e.country !== country) continue;
        if (city !== null && e.city !== city) continue;
        if (pl.device_type && p.deviceType !== pl.device_type) continue;
        if (pl.network_type && p.networkType !== pl.network_type) continue;
        if (pl.device_id && p.deviceId !== pl.device_id) continue;
        if (excluded?.has(p.deviceId)) continue;
        consider(e);
      }
    }
    const winner = best as Scored<ConnectedDevice> | null;
    if (!winner) return null;
    return { device: winner.device, reason: placementReason(needs, winner, second, matching) };
  }

  /** The job went to the device: later tries of its sweep region look elsewhere first. */
  assigned(needs: JobNeeds, dev: ConnectedDevice): void {
    this.spread.use(needs.spreadGroup, dev.profile.deviceId, dev.profile.country);
  }
}
