// Agent releases (docs/operations.md, releases): what the release tool signs, the agent verifies and
// the coordinator serves. The coordinator only carries releases; the agent trusts the release key it
// was installed with, never the coordinator.

/** A release version: what `versions/<version>/` is named after, so nothing a path could escape by. */
export const RELEASE_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$/;

export function isReleaseVersion(version: string): boolean {
  return RELEASE_VERSION_PATTERN.test(version) && !version.includes('..');
}

/** sha256:<64 lower-case hex>: the digest of a bundle's bytes. */
export const RELEASE_DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;

/** Ed25519 signatures are 64 bytes; public keys 32. */
export const RELEASE_SIGNATURE_BYTES = 64;
export const RELEASE_PUBLIC_KEY_BYTES = 32;

/**
 * The bytes a release key signs: a fixed context line, the version and the digest, one per line. The
 * context keeps a release signature from meaning anything else signed by the same key.
 */
export function releaseSignedMessage(version: string, digest: string): Buffer {
  return Buffer.from(`crawl-agent-release/v1\n${version}\n${digest}\n`, 'utf8');
}

/** Where a device downloads a release's bundle on its coordinator (GET, its device token). */
export function releaseBundlePath(version: string): string {
  return `/agent/v1/releases/${encodeURIComponent(version)}/bundle`;
}

/** The file at a bundle's root that says what it is and how it starts. */
export const BUNDLE_MANIFEST_FILE = 'crawl-release.json';

/**
 * Why an upgrade did not happen (UpgradeReport.reason), one label each in the coordinator's
 * crawl_agent_upgrades_failed_total.
 */
export const UPGRADE_FAILURE_REASONS = [
  'download', // the bundle could not be fetched (HTTP error, too large, link gone)
  'digest', // the bytes are not the ones the release named (tampered or broken in transit)
  'signature', // not signed by the release key the device trusts
  'bundle', // signed, but not a bundle the device can unpack or start (no manifest, wrong version)
  'disk', // could not be written beside the running version
  'crashed', // the new version kept exiting at start: rolled back
  'no_link', // the new version did not link within the trial time: rolled back
  'refused', // the device does not take upgrades (no release key, pinned by its owner, failed before)
] as const;
export type UpgradeFailureReason = (typeof UPGRADE_FAILURE_REASONS)[number];

export function isUpgradeFailureReason(reason: string): reason is UpgradeFailureReason {
  return (UPGRADE_FAILURE_REASONS as readonly string[]).includes(reason);
}
