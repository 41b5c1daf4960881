// Which release a device should run: its pin, else the rollout's version when the device falls in
// the rollout's share. Pure: the release service applies it.
import { createHash } from 'node:crypto';
import type { RolloutRecord } from '../store/release-types.js';

/**
 * The device's place in the rollout of `version`, in [0, 100): the first 32 bits of
 * sha256("<version>\n<deviceId>"). Deterministic, so a share picks the same devices on every
 * coordinator and growing the share only adds devices; salted with the version, so each release
 * starts on a different few.
 */
export function rolloutBucket(version: string, deviceId: string): number {
  const h = createHash('sha256').update(`${version}\n${deviceId}`).digest();
  return (h.readUInt32BE(0) / 2 ** 32) * 100;
}

export function inRollout(rollout: RolloutRecord, deviceId: string): boolean {
  return rollout.percent >= 100 || rolloutBucket(rollout.version, deviceId) < rollout.percent;
}

/** The version the device should run, or null: leave it as it is. */
export function targetVersion(
  deviceId: string,
  pin: string | undefined,
  rollout: RolloutRecord | null,
): string | null {
  if (pin) return pin;
  if (rollout && inRollout(rollout, deviceId)) return rollout.version;
  return null;
}
