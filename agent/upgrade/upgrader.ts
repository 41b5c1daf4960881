// Takes the release the coordinator offers (docs/operations.md, releases): checks the signature
// over (version, digest) against the release keys set at install time, downloads the bundle with
// the device's token, checks its digest, unpacks it beside the running version, marks it on trial,
// swaps the `current` link and asks the process to restart. Anything wrong is refused, logged and
// reported (UpgradeReport); the running version goes on. On the next start the new version
// confirms its trial once it links; if it does not, the launcher rolls it back.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import { Agent, request } from 'undici';
import {
  isReleaseVersion,
  RELEASE_DIGEST_PATTERN,
  type UpgradeFailureReason,
  type UpgradeOffer,
  type UpgradeReport,
} from '../../proto/index.js';
import type { AgentConfig } from '../config.js';
import { readBundleManifest } from './bundle-manifest.js';
import { CURRENT_LINK, PREVIOUS_LINK, ReleaseLayout } from './release-layout.js';
import { releaseSignedBy } from './release-verify.js';
import { unpackTarGz } from './tar.js';

/** How long a bundle download may take, ms. */
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

export interface UpgraderDeps {
  config: Readonly<AgentConfig>;
  /** The version this process runs (what its hello says). */
  runningVersion: string;
  log: Logger;
  /** Sends a report on the link (dropped when the link is down: the coordinator re-offers). */
  report(report: UpgradeReport): void;
  /** The coordinator the link is on now (http(s) or ws(s) base URL). */
  coordinatorUrl(): string;
  /** The new version is in place: stop and exit so the service manager starts it. */
  restart(version: string): void;
}

class UpgradeRefused extends Error {
  constructor(
    readonly reason: UpgradeFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'UpgradeRefused';
  }
}

export class Upgrader {
  private readonly layout: ReleaseLayout | null;
  private busy: string | null = null;
  private installed = false;
  /**
   * The current link's start-up work (trial confirmed, rollback reported): offers wait for it, so
   * the coordinator hears why a version failed before it hears that the version is refused.
   */
  private linkWork: Promise<void> = Promise.resolve();
  private readonly log: Logger;

  constructor(private readonly deps: UpgraderDeps) {
    this.layout = deps.config.releaseRoot ? new ReleaseLayout(deps.config.releaseRoot) : null;
    this.log = deps.log.child({ component: 'upgrade' });
  }

  /**
   * The link is up: a version on trial has now linked (its trial ends), and a rollback the launcher
   * did before this start is reported.
   */
  linked(): Promise<void> {
    this.linkWork = this.onLinked();
    return this.linkWork;
  }

  private async onLinked(): Promise<void> {
    const layout = this.layout;
    if (!layout) return;
    try {
      const version = this.deps.config.releaseVersion;
      if (version && (await layout.confirmTrial(version))) {
        this.log.info({ version }, 'upgrade confirmed: this version linked within its trial');
        this.deps.report({ version, ok: true, reason: '', message: 'linked' });
      }
      const rollback = await layout.readRollback();
      if (rollback) {
        this.log.warn(rollback, 'reporting a rollback');
        this.deps.report({
          version: rollback.version,
          ok: false,
          reason: rollback.reason,
          message: rollback.message,
        });
        await layout.clearRollback();
      }
    } catch (err) {
      this.log.error({ err }, 'release folder not readable');
    }
  }

  /** An UpgradeOffer arrived. */
  offer(offer: UpgradeOffer): void {
    const version = offer.version ?? '';
    if (version === this.deps.runningVersion || this.busy === version || this.installed) return;
    if (this.busy !== null) {
      this.log.info({ version, busy: this.busy }, 'upgrade offer ignored: another is under way');
      return;
    }
    this.busy = version;
    void this.linkWork
      .then(() => this.take(offer))
      .then(() => {
        this.installed = true;
        this.deps.restart(version);
      })
      .catch((err: unknown) => {
        const refused =
          err instanceof UpgradeRefused
            ? err
            : new UpgradeRefused('disk', (err as Error).message ?? String(err));
        this.log.error({ version, reason: refused.reason, err: refused.message }, 'upgrade refused');
        this.deps.report({
          version,
          ok: false,
          reason: refused.reason,
          message: refused.message.slice(0, 500),
        });
      })
      .finally(() => {
        this.busy = null;
      });
  }

  private async take(offer: UpgradeOffer): Promise<void> {
    const c = this.deps.config;
    const version = offer.version ?? '';
    const digest = offer.digest ?? '';
    const signature = offer.signature ?? new Uint8Array(0);
    if (c.releaseKeys.length === 0) throw new UpgradeRefused('refused', 'no release key configured');
    const layout = this.layout;
    if (!layout) throw new UpgradeRefused('refused', 'not started by the launcher (no release root)');
    if (c.upgradePin && c.upgradePin !== version)
      throw new UpgradeRefused('refused', `the owner pinned version ${c.upgradePin}`);
    if (!isReleaseVersion(version)) throw new UpgradeRefused('bundle', 'not a release version');
    if (!RELEASE_DIGEST_PATTERN.test(digest)) throw new UpgradeRefused('digest', 'not a sha256 digest');
    const failed = (await layout.failedVersions())[version];
    if (failed)
      throw new UpgradeRefused('refused', `version ${version} was rolled back here before (${failed})`);
    // The signature first: nothing unsigned is even downloaded.
    if (!releaseSignedBy(c.releaseKeys, version, digest, signature))
      throw new UpgradeRefused('signature', 'the release is not signed by a trusted release key');
    this.log.info({ version, sizeBytes: Number(offer.sizeBytes ?? 0) }, 'downloading release');
    await layout.ensure();
    const file = path.join(layout.downloadsDir, `${version}.${randomBytes(4).toString('hex')}.tar.gz`);
    try {
      const got = await this.download(offer.path ?? '', file);
      if (got !== digest)
        throw new UpgradeRefused('digest', `the bundle's digest is ${got}, the release says ${digest}`);
      await this.install(layout, version, await readFile(file));
    } finally {
      await rm(file, { force: true });
    }
  }

  /** Streams the bundle to `file`, bounded in size; its sha256 digest. */
  private async download(where: string, file: string): Promise<string> {
    const c = this.deps.config;
    const base = new URL(this.deps.coordinatorUrl());
    if (base.protocol === 'ws:') base.protocol = 'http:';
    if (base.protocol === 'wss:') base.protocol = 'https:';
    const url = new URL(where, base);
    // The device's token goes to the coordinator it is linked to, nowhere else.
    if (!where.startsWith('/') || url.origin !== base.origin)
      throw new UpgradeRefused('download', 'the download is not on the linked coordinator');
    const dispatcher = new Agent({
      connect: {
        ...(c.localAddress ? { localAddress: c.localAddress } : {}),
        ...(c.ca.length > 0 ? { ca: c.ca } : {}),
      },
    });
    try {
      const res = await request(url, {
        dispatcher,
        headers: { authorization: `Bearer ${c.token}` },
        signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
      }).catch((err: Error) => {
        throw new UpgradeRefused('download', err.message);
      });
      if (res.statusCode !== 200) {
        await res.body.dump();
        throw new UpgradeRefused('download', `HTTP ${res.statusCode}`);
      }
      const hash = createHash('sha256');
      let bytes = 0;
      const max = c.upgradeMaxBytes;
      await pipeline(
        res.body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            bytes += chunk.length;
            if (bytes > max) throw new UpgradeRefused('download', `the bundle is larger than ${max} bytes`);
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(file, { mode: 0o600 }),
      ).catch((err: Error) => {
        throw err instanceof UpgradeRefused ? err : new UpgradeRefused('download', err.message);
      });
      return `sha256:${hash.digest('hex')}`;
    } finally {
      await dispatcher.close();
    }
  }

  /** Unpacks beside the running version, marks the trial and swaps `current`. */
  private async install(layout: ReleaseLayout, version: string, bundle: Buffer): Promise<void> {
    const running = this.deps.config.releaseVersion;
    const final = layout.versionDir(version);
    const staging = `${final}.partial-${randomBytes(4).toString('hex')}`;
    try {
      await unpackTarGz(bundle, staging, { maxUnpackedBytes: this.deps.config.upgradeMaxBytes * 4 });
      await readBundleManifest(staging, version);
    } catch (err) {
      await rm(staging, { recursive: true, force: true });
      throw new UpgradeRefused('bundle', (err as Error).message);
    }
    if (running === version) throw new UpgradeRefused('refused', 'already running');
    // A leftover of an earlier attempt at this version (never the running one) makes way.
    await rm(final, { recursive: true, force: true });
    await rename(staging, final);
    // Order matters: what to go back to, then the trial, then the switch itself.
    await layout.pointAt(PREVIOUS_LINK, running);
    await layout.writeTrial({ version, previous: running, startedAtMs: 0, starts: 0 });
    await layout.pointAt(CURRENT_LINK, version);
    this.log.info(
      { version, previous: running || 'installed code' },
      'upgrade installed: restarting into it',
    );
  }
}
