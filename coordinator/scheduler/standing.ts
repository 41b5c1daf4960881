// Whether a connected device may take new work now, jobs and proxy streams alike: its standing with
// the coordinator (quarantine, draining) and its owner's controls (paused, hours, caps, domains).
// One rule for both: the picker reads it for every job (device-picker.ts, device-slots.ts) and the
// proxy for every connection (coordinator/proxy/exits.ts), from the same ConnectedDevice.
import type { ConnectedDevice } from './device.js';
import { type JobNeeds, mismatch } from './matching.js';

/** Why a device takes no new work of any kind. */
export type OutOfService = 'quarantined' | 'draining';

/**
 * Why the device takes no new work at all now, or null when it may: `quarantined` by the coordinator
 * (coordinator/trust/: only canaries reach it, direct-pick.ts), or `draining` (it said it drains or
 * is shutting down, its spool is full, or its owner paused it or its hours or caps are used up: the
 * agent's Availability says `accepting: false` for each of those).
 */
export function outOfService(dev: Pick<ConnectedDevice, 'quarantined' | 'draining'>): OutOfService | null {
  if (dev.quarantined) return 'quarantined';
  if (dev.draining) return 'draining';
  return null;
}

/** The place a job or a stream is targeted at (any of them may be empty). */
export interface Place {
  region?: string;
  country?: string;
  city?: string;
}

/**
 * Whether the device may serve work placed by `place`: any device serves work that names no place;
 * work that names a region, country or city goes only to devices whose location claim is not
 * contradicted (verified yes or unknown; coordinator/trust/location/ sets the flag, and never
 * does with --allow-contradicted-location). The picker asks this of every candidate
 * (device-slots.ts), the proxy of every exit it targets by place (coordinator/proxy/exits.ts).
 */
export function servesPlace(dev: Pick<ConnectedDevice, 'locationContradicted'>, place: Place): boolean {
  return dev.locationContradicted !== true || !(place.region || place.country || place.city);
}

/**
 * Whether the device could run work of these needs at all, busy or not: not quarantined (canaries
 * only reach it), able to (matching.ts mismatch) and serving its place. What a group asks of the
 * fleet before it makes jobs no device could ever take (a sweep's regions, a measurement's
 * locations); the picker asks the same questions of every job, with availability beside them.
 */
export function couldRun(dev: ConnectedDevice, needs: JobNeeds): boolean {
  return !dev.quarantined && mismatch(dev.profile, needs) === null && servesPlace(dev, needs.placement);
}

/** What the owner's domain lists look at: a job's URL (and its host, parsed once), or a stream's host. */
export interface Work {
  url?: string;
  host?: string;
}

/**
 * The device's owner controls (paused, hours, byte budget, jobs per minute, domains) let it take
 * `work` at `now`. The picker asks this of every device it looks at (a job's needs are its Work):
 * when nothing restricts (most devices) the clock is not read and nothing is allocated.
 */
export function ownerAllows(dev: ConnectedDevice, work: Work, now: number | (() => number)): boolean {
  const owner = dev.owner;
  if (!owner?.restricts) return true;
  const nowMs = typeof now === 'number' ? now : now();
  return owner.refuses({ url: work.url ?? '', host: work.host }, new Date(nowMs)) === null;
}

/**
 * Whether the device may take new work for `work` now: in service and allowed by its owner. What
 * the proxy asks of an exit before it opens a stream there; the picker asks the same two questions
 * apart (availability is indexed, the owner's controls asked per job).
 */
export function takesWork(dev: ConnectedDevice, work: Work, nowMs: number): boolean {
  return outOfService(dev) === null && ownerAllows(dev, work, nowMs);
}
