// Keeps devices honest (docs/security.md): reputation from what is observed of each device,
// canaries, sampled cross-verification, quarantine applied to the scheduler. Subscribes to the job
// lifecycle and to devices joining and leaving; changes no job state itself.
import type { Logger } from 'pino';
import type { TrustConfig } from '../config.js';
import type { JobEvent, JobListener } from '../jobs/events.js';
import type { FleetView, JobRequests, TrustReports } from '../jobs/reports.js';
import type { ConnectedDevice, DeviceListener } from '../scheduler/device.js';
import type { ContentStorage, StorageType } from '../storage/types.js';
import type { Store } from '../store/types.js';
import { CanaryService } from './canary.js';
import { MeasureCrossCheck } from './measure/cross-check.js';
import { bodyReader } from './read-body.js';
import { Reputation } from './reputation.js';
import { ThirdDevice } from './third-device.js';
import { VerificationService } from './verification.js';

const OPT_OUT_CACHE_MS = 30_000;

export interface TrustServiceOptions {
  jobs: JobRequests & FleetView & TrustReports;
  store: Store;
  storages: (type: StorageType) => ContentStorage | null;
  config: TrustConfig;
  /** Where canaries point when no --canary-url is set (this coordinator's public URL + path). */
  canaryUrl: () => string;
  storageType: StorageType;
  log: Logger;
}

/** Told when a device's standing changes (the link tells the device: its status port shows why). */
export type StandingListener = (deviceId: string, quarantined: boolean, reason: string) => void;

export class TrustService implements DeviceListener, JobListener {
  readonly reputation: Reputation;
  private readonly canaries: CanaryService;
  private readonly verification: VerificationService;
  private readonly thirdDevice = new ThirdDevice();
  /** Devices by the network (ASN) their link comes from: measurement cross-checks stay in one. */
  private readonly networkPeers = new ThirdDevice((d) => String(d.profile.asn ?? ''));
  /** Sampled cross-checks of measurements between devices of one network (measure/cross-check.ts). */
  readonly measureCrossCheck: MeasureCrossCheck;
  private readonly unsubscribe: Array<() => void> = [];
  private readonly standingListeners = new Set<StandingListener>();
  private optOuts: { atMs: number; owners: Set<string> } | null = null;

  constructor(private readonly opts: TrustServiceOptions) {
    const log = opts.log.child({ component: 'trust' });
    const readBody = bodyReader(opts.storages);
    this.reputation = new Reputation({
      store: opts.store.trust,
      log,
      quarantineBelow: opts.config.quarantineBelow,
      releaseAfterCanaries: opts.config.releaseAfterCanaries,
      onStanding: (deviceId, quarantined, reason) => this.applyStanding(deviceId, quarantined, reason),
    });
    this.canaries = new CanaryService({
      jobs: opts.jobs,
      reputation: this.reputation,
      readBody,
      log,
      url: () => opts.config.canaryUrl ?? opts.canaryUrl(),
      secret: opts.config.canarySecret,
      intervalMs: opts.config.canaryIntervalMs,
      dns: opts.config.canaryDns,
      rtt: opts.config.canaryRtt,
      storageType: opts.storageType,
    });
    this.verification = new VerificationService({
      jobs: opts.jobs,
      reputation: this.reputation,
      store: opts.store.trust,
      readBody,
      log,
      share: opts.config.verifyShare,
      optedOut: (ownerId) => this.optedOut(ownerId),
      thirdAvailable: (method, region, exclude) => this.thirdDevice.available(method, region, exclude),
      canarySoon: (deviceId) => this.canaries.soon(deviceId),
    });
    const mv = opts.config.measureVerify;
    this.measureCrossCheck = new MeasureCrossCheck({
      jobs: opts.jobs,
      reputation: this.reputation,
      store: opts.store.trust,
      log,
      share: mv.share,
      tolerance: { factor: mv.rttFactor, marginMs: mv.rttMarginMs },
      // Devices of unknown network ('') are never peers: the key of an unknown ASN is never asked.
      available: (method, asn, exclude) => asn !== '' && this.networkPeers.available(method, asn, exclude),
      canarySoon: (deviceId) => this.canaries.soon(deviceId),
    });
  }

  start(): void {
    const { jobs } = this.opts;
    this.unsubscribe.push(
      jobs.addListener(this.canaries),
      jobs.addListener(this.verification),
      jobs.addListener(this.measureCrossCheck),
      jobs.addListener(this),
    );
    this.unsubscribe.push(jobs.addDeviceListener(this));
    this.canaries.start();
  }

  close(): void {
    this.canaries.close();
    for (const off of this.unsubscribe.splice(0)) off();
  }

  /** Subscribes to standing changes (quarantine on or off, and why); returns the unsubscribe. */
  addStandingListener(listener: StandingListener): () => void {
    this.standingListeners.add(listener);
    return () => this.standingListeners.delete(listener);
  }

  /** A frame for work that was not the device's (coordinator/link/result-receiver.ts). */
  strike(deviceId: string, why: string): void {
    void this.reputation
      .record(deviceId, 'strike', why)
      .catch((err) => this.opts.log.warn({ err }, 'strike not recorded'));
  }

  added(device: ConnectedDevice): void {
    const id = device.profile.deviceId;
    this.canaries.added(device);
    this.thirdDevice.added(device);
    this.networkPeers.added(device);
    void this.reputation
      .standing(id)
      .then((t) => {
        if (t.quarantined) this.applyStanding(id, true, t.reason);
      })
      .catch((err) => this.opts.log.warn({ err, deviceId: id }, 'standing not loaded'));
  }

  removed(device: ConnectedDevice): void {
    this.canaries.removed(device);
    this.thirdDevice.removed(device);
    this.networkPeers.removed(device);
    this.reputation.forget(device.profile.deviceId);
  }

  /** A user's attempt lost on a device (silent past its timeout) counts a little against it. */
  onJobEvent(e: JobEvent): void {
    if (e.transition === 'requeue' && e.job.deviceId && e.cause === 'timeout') {
      void this.reputation.record(e.job.deviceId, 'lost', e.why).catch(() => undefined);
    }
  }

  /** Owners whose keys opted out of re-runs, read from the keys at most every 30 s. */
  private async optedOut(ownerId: string): Promise<boolean> {
    const now = Date.now();
    if (!this.optOuts || now - this.optOuts.atMs > OPT_OUT_CACHE_MS) {
      const keys = await this.opts.store.listApiKeys();
      const owners = new Set(
        keys.filter((k) => !k.revokedAt && k.limits?.verification === false).map((k) => k.ownerId),
      );
      this.optOuts = { atMs: now, owners };
    }
    return this.optOuts.owners.has(ownerId);
  }

  private applyStanding(deviceId: string, quarantined: boolean, reason: string): void {
    const { jobs } = this.opts;
    jobs.setQuarantined(deviceId, quarantined);
    const dev = jobs.device(deviceId);
    if (dev) this.canaries.quarantineChanged(dev);
    for (const l of this.standingListeners) l(deviceId, quarantined, reason);
  }
}
