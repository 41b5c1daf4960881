// Each device's standing: a score in [0, 1] moved by what the coordinator observes of it (canaries,
// disputes, lost attempts, protocol strikes). Below a threshold the device is quarantined: it gets
// canaries only, no user jobs, until it passes K canaries in a row. Persisted in the store, so a
// device keeps its standing across reconnects and coordinators.
import type { Logger } from 'pino';
import type { DeviceTrustRecord, TrustStore } from '../store/trust-types.js';

export type TrustSignal =
  | 'canary_pass'
  | 'canary_fail'
  | 'canary_unreachable'
  | 'dispute'
  | 'lost'
  | 'strike'
  /** Its location claim contradicted by the evidence (coordinator/trust/location/). */
  | 'location';

/** How far each signal moves the score. A fabricated canary answer alone quarantines a new device. */
const DELTA: Readonly<Record<TrustSignal, number>> = {
  canary_pass: 0.1,
  canary_fail: -0.6,
  canary_unreachable: -0.05,
  dispute: -0.25,
  lost: -0.02,
  strike: -0.05,
  location: -0.1,
};

export interface ReputationOptions {
  store: TrustStore;
  log: Logger;
  /** Score under which a device is quarantined. */
  quarantineBelow: number;
  /** Canaries passed in a row that release a quarantined device. */
  releaseAfterCanaries: number;
  /** Told whenever a device enters or leaves quarantine. */
  onStanding: (deviceId: string, quarantined: boolean, reason: string) => void;
  now?: () => number;
}

export function freshTrust(deviceId: string, at: string): DeviceTrustRecord {
  return {
    deviceId,
    score: 1,
    quarantined: false,
    reason: '',
    canaryStreak: 0,
    canaryPasses: 0,
    canaryFailures: 0,
    disputes: 0,
    strikes: 0,
    updatedAt: at,
  };
}

export class Reputation {
  private readonly cache = new Map<string, DeviceTrustRecord>();
  /** One change at a time per device: each reads what the previous one wrote. */
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly now: () => number;

  constructor(private readonly opts: ReputationOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** The device's standing (loaded once from the store). */
  async standing(deviceId: string): Promise<DeviceTrustRecord> {
    return this.serial(deviceId, () => this.load(deviceId));
  }

  /** Forgets the cached copy (the device disconnected; the store keeps it). */
  forget(deviceId: string): void {
    if (!this.chains.has(deviceId)) this.cache.delete(deviceId);
  }

  /**
   * Applies one observation; resolves with the standing after it (persisted). `quarantine`: the
   * observer's own count says this one quarantines the device whatever its score (repeated location
   * contradictions, coordinator/trust/location/).
   */
  record(
    deviceId: string,
    signal: TrustSignal,
    detail: string,
    opts: { quarantine?: boolean } = {},
  ): Promise<DeviceTrustRecord> {
    return this.serial(deviceId, async () => {
      const before = await this.load(deviceId);
      const t: DeviceTrustRecord = { ...before, updatedAt: new Date(this.now()).toISOString() };
      t.score = Math.min(1, Math.max(0, Math.round((t.score + DELTA[signal]) * 1000) / 1000));
      if (signal === 'canary_pass') {
        t.canaryPasses++;
        t.canaryStreak++;
      } else if (signal === 'canary_fail') {
        t.canaryFailures++;
        t.canaryStreak = 0;
      } else if (signal === 'dispute') t.disputes++;
      else if (signal === 'strike') t.strikes++;
      if (t.quarantined && t.canaryStreak >= this.opts.releaseAfterCanaries) {
        t.quarantined = false;
        t.score = Math.max(t.score, Math.min(1, this.opts.quarantineBelow + 0.2));
        t.reason = `released after ${t.canaryStreak} canaries passed in a row (was: ${before.reason})`;
      } else if (!t.quarantined && (t.score < this.opts.quarantineBelow || opts.quarantine === true)) {
        t.quarantined = true;
        t.canaryStreak = 0;
        t.reason = `${signal.replace('_', ' ')}: ${detail}`;
      }
      await this.opts.store.putDeviceTrust(t);
      this.cache.set(deviceId, t);
      if (t.quarantined !== before.quarantined) {
        const log = this.opts.log.child({ deviceId });
        if (t.quarantined) log.warn({ score: t.score, reason: t.reason }, 'device quarantined');
        else log.info({ score: t.score, reason: t.reason }, 'device released from quarantine');
        this.opts.onStanding(deviceId, t.quarantined, t.reason);
      }
      return t;
    });
  }

  private async load(deviceId: string): Promise<DeviceTrustRecord> {
    const cached = this.cache.get(deviceId);
    if (cached) return cached;
    const stored = await this.opts.store.getDeviceTrust(deviceId);
    const t = stored ?? freshTrust(deviceId, new Date(this.now()).toISOString());
    this.cache.set(deviceId, t);
    return t;
  }

  private serial<T>(deviceId: string, work: () => Promise<T>): Promise<T> {
    const prev = this.chains.get(deviceId) ?? Promise.resolve();
    const next = prev.then(work, work);
    const settled = next.catch(() => undefined);
    this.chains.set(deviceId, settled);
    void settled.then(() => {
      if (this.chains.get(deviceId) === settled) this.chains.delete(deviceId);
    });
    return next;
  }
}
