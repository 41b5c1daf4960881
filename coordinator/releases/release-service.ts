// Agent releases on the coordinator (docs/operations.md, releases): publishing a signed bundle into
// content storage, the fleet's rollout and per-device pins, and the offers made to linked agents.
// The coordinator carries releases but is not trusted with them: it checks the digest of what it
// stores (a broken upload is refused early), never the signature; each agent checks both.
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import type { Logger } from 'pino';
import {
  isReleaseVersion,
  isUpgradeFailureReason,
  RELEASE_DIGEST_PATTERN,
  RELEASE_SIGNATURE_BYTES,
  releaseBundlePath,
  type UpgradeOffer,
  type UpgradeReport,
} from '../../proto/index.js';
import type { ContentStorage, StorageType } from '../storage/types.js';
import type { ReleaseRecord, RolloutRecord, VersionPinRecord } from '../store/release-types.js';
import type { Store } from '../store/types.js';
import { targetVersion } from './rollout.js';

/** An agent's link, as releases see it (the agent connection implements it). */
export interface UpgradeLink {
  readonly deviceId: string;
  offerUpgrade(offer: UpgradeOffer): void;
}

/** What the link layer tells releases (ConnectionDeps.releases). */
export interface LinkReleases {
  linked(link: UpgradeLink, agentVersion: string): void;
  unlinked(link: UpgradeLink): void;
  report(deviceId: string, report: UpgradeReport): void;
}

export type ReleaseErrorCode =
  | 'RELEASE_INVALID'
  | 'RELEASE_EXISTS'
  | 'RELEASE_NOT_FOUND'
  | 'RELEASE_TOO_LARGE';

export class ReleaseError extends Error {
  constructor(
    readonly code: ReleaseErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ReleaseError';
  }
}

export interface ReleaseServiceOptions {
  store: Store;
  storage: (type: StorageType) => ContentStorage | null;
  storageType: StorageType;
  log: Logger;
  /** Largest bundle accepted. */
  maxBundleBytes: number;
  /**
   * How often the rollout and pins are read again, ms: what another coordinator on the same
   * database changed reaches this one's agents within it. Default 15 s.
   */
  refreshMs?: number;
  /** Told of each failed upgrade a device reports (metrics). */
  onFailure?: (reason: string) => void;
}

interface Linked {
  link: UpgradeLink;
  version: string;
  /** The version last offered on this link (offered once per link and target). */
  offered: string;
}

/** Reasons a device gave not to take a version: it is not offered that version again here. */
const MAX_REMEMBERED_FAILURES = 100_000;

/** Emits 'report' (deviceId, UpgradeReport) for every report a device sends, after counting it. */
export class ReleaseService extends EventEmitter implements LinkReleases {
  private readonly links = new Map<string, Linked>();
  private rollout: RolloutRecord | null = null;
  private pins = new Map<string, string>();
  private releases = new Map<string, ReleaseRecord>();
  /** deviceId → versions it failed or refused (reported). */
  private readonly failed = new Map<string, Set<string>>();
  private timer: NodeJS.Timeout | null = null;
  private readonly log: Logger;

  constructor(private readonly opts: ReleaseServiceOptions) {
    super();
    this.log = opts.log.child({ component: 'releases' });
  }

  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(
      () => void this.refresh().catch((err) => this.log.warn({ err }, 'rollout not read')),
      this.opts.refreshMs ?? 15_000,
    );
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reads releases, the rollout and pins again, and offers what changed to linked agents. */
  async refresh(): Promise<void> {
    const s = this.opts.store.releases;
    const [releases, rollout, pins] = await Promise.all([s.listReleases(), s.getRollout(), s.listPins()]);
    this.releases = new Map(releases.map((r) => [r.version, r]));
    this.rollout = rollout;
    this.pins = new Map(pins.map((p) => [p.deviceId, p.version]));
    for (const l of this.links.values()) this.maybeOffer(l);
  }

  // ---------------------------------------------------------------- admin operations

  /**
   * Stores a bundle (streamed into content storage, hashed on the way) and its release record.
   * Refused: a malformed version, digest or signature, a body whose digest is not the one named,
   * a version that exists with other bytes. The same version with the same digest again is a no-op.
   */
  async publish(input: {
    version: string;
    digest: string;
    signature: string;
    body: Readable;
  }): Promise<{ release: ReleaseRecord; created: boolean }> {
    const { version, digest, signature } = input;
    if (!isReleaseVersion(version)) throw new ReleaseError('RELEASE_INVALID', 'not a release version');
    if (!RELEASE_DIGEST_PATTERN.test(digest))
      throw new ReleaseError('RELEASE_INVALID', 'digest must be sha256:<64 lower-case hex>');
    if (Buffer.from(signature, 'base64').length !== RELEASE_SIGNATURE_BYTES)
      throw new ReleaseError(
        'RELEASE_INVALID',
        `signature must be the base64 of ${RELEASE_SIGNATURE_BYTES} bytes`,
      );
    const existing = await this.opts.store.releases.getRelease(version);
    if (existing) {
      input.body.resume();
      if (existing.digest === digest && existing.signature === signature)
        return { release: existing, created: false };
      throw new ReleaseError('RELEASE_EXISTS', `release ${version} exists with another bundle`);
    }
    const storage = this.opts.storage(this.opts.storageType);
    if (!storage)
      throw new ReleaseError('RELEASE_INVALID', `storage ${this.opts.storageType} is not configured`);
    const key = `releases/${version}/${digest.slice('sha256:'.length)}.tar.gz`;
    const hash = createHash('sha256');
    let size = 0;
    const max = this.opts.maxBundleBytes;
    const counted = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > max) return done(new ReleaseError('RELEASE_TOO_LARGE', `the bundle is over ${max} bytes`));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    input.body.on('error', (err) => counted.destroy(err));
    try {
      await storage.put(key, input.body.pipe(counted), 'application/gzip');
    } catch (err) {
      await storage.deletePrefix(`releases/${version}/`).catch(() => undefined);
      if (err instanceof ReleaseError) throw err;
      throw err;
    }
    const got = `sha256:${hash.digest('hex')}`;
    if (got !== digest) {
      await storage.deletePrefix(`releases/${version}/`).catch(() => undefined);
      throw new ReleaseError('RELEASE_INVALID', `the bundle's digest is ${got}, not ${digest}`);
    }
    const release: ReleaseRecord = {
      version,
      digest,
      signature,
      sizeBytes: size,
      storageType: this.opts.storageType,
      storageKey: key,
      createdAt: new Date().toISOString(),
    };
    if (!(await this.opts.store.releases.insertRelease(release)))
      throw new ReleaseError('RELEASE_EXISTS', `release ${version} was published at the same time`);
    this.releases.set(version, release);
    this.log.info({ version, digest, sizeBytes: size }, 'release published');
    return { release, created: true };
  }

  /** Sets the fleet's rollout: `percent` of devices (by id) take `version`. */
  async setRollout(version: string, percent: number): Promise<RolloutRecord> {
    if (!Number.isFinite(percent) || percent < 0 || percent > 100)
      throw new ReleaseError('RELEASE_INVALID', 'percent must be between 0 and 100');
    if (!(await this.opts.store.releases.getRelease(version)))
      throw new ReleaseError('RELEASE_NOT_FOUND', `no release ${version}`);
    const rollout = { version, percent, updatedAt: new Date().toISOString() };
    await this.opts.store.releases.setRollout(rollout);
    this.log.info({ version, percent }, 'rollout set');
    await this.refresh();
    return rollout;
  }

  /** Holds a device at `version` (null: follow the rollout again). */
  async pin(deviceId: string, version: string | null): Promise<VersionPinRecord | null> {
    if (version === null) {
      await this.opts.store.releases.deletePin(deviceId);
      await this.refresh();
      return null;
    }
    if (!(await this.opts.store.releases.getRelease(version)))
      throw new ReleaseError('RELEASE_NOT_FOUND', `no release ${version}`);
    const pin = { deviceId, version, createdAt: new Date().toISOString() };
    await this.opts.store.releases.setPin(pin);
    this.log.info({ deviceId, version }, 'device pinned');
    await this.refresh();
    return pin;
  }

  /** A release's bundle as a stream, or null. */
  async openBundle(version: string): Promise<{ release: ReleaseRecord; body: Readable } | null> {
    const release = await this.opts.store.releases.getRelease(version);
    if (!release) return null;
    const body = await this.opts.storage(release.storageType)?.getStream(release.storageKey);
    return body ? { release, body } : null;
  }

  /** Linked devices by the version their hello named. */
  devicesByVersion(): Map<string, number> {
    const out = new Map<string, number>();
    for (const l of this.links.values()) out.set(l.version, (out.get(l.version) ?? 0) + 1);
    return out;
  }

  /** What the API and dashboard show. */
  view() {
    return {
      rollout: this.rollout
        ? { version: this.rollout.version, percent: this.rollout.percent, updated_at: this.rollout.updatedAt }
        : null,
      releases: [...this.releases.values()]
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map((r) => ({
          version: r.version,
          digest: r.digest,
          size_bytes: r.sizeBytes,
          created_at: r.createdAt,
        })),
      pins: [...this.pins].map(([device_id, version]) => ({ device_id, version })),
      devices_by_version: [...this.devicesByVersion()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([version, devices]) => ({ version, devices })),
    };
  }

  // ---------------------------------------------------------------- the link

  linked(link: UpgradeLink, agentVersion: string): void {
    // The peer's string, bounded: it keys the counts by version.
    const l: Linked = { link, version: agentVersion.slice(0, 64), offered: '' };
    this.links.set(link.deviceId, l);
    this.maybeOffer(l);
  }

  unlinked(link: UpgradeLink): void {
    if (this.links.get(link.deviceId)?.link === link) this.links.delete(link.deviceId);
  }

  report(deviceId: string, report: UpgradeReport): void {
    const version = String(report.version ?? '').slice(0, 64);
    if (report.ok) {
      this.failed.get(deviceId)?.delete(version);
      this.log.info({ deviceId, version }, 'agent upgraded');
      this.emit('report', deviceId, report);
      return;
    }
    const reason = isUpgradeFailureReason(report.reason ?? '') ? (report.reason as string) : 'other';
    this.log.warn(
      { deviceId, version, reason, why: String(report.message ?? '').slice(0, 500) },
      'agent upgrade failed',
    );
    this.opts.onFailure?.(reason);
    if (this.failed.size < MAX_REMEMBERED_FAILURES || this.failed.has(deviceId)) {
      const set = this.failed.get(deviceId) ?? new Set<string>();
      if (set.size < 16) set.add(version);
      this.failed.set(deviceId, set);
    }
    this.emit('report', deviceId, report);
  }

  private maybeOffer(l: Linked): void {
    const id = l.link.deviceId;
    const target = targetVersion(id, this.pins.get(id), this.rollout);
    if (!target || target === l.version || target === l.offered) return;
    if (this.failed.get(id)?.has(target)) return;
    const release = this.releases.get(target);
    if (!release) return;
    l.offered = target;
    l.link.offerUpgrade({
      version: release.version,
      digest: release.digest,
      signature: Buffer.from(release.signature, 'base64'),
      path: releaseBundlePath(release.version),
      sizeBytes: release.sizeBytes,
    });
  }
}
