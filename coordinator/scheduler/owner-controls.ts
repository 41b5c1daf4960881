// Whether a device's owner controls (sent in Hello and Availability) refuse a job, so the scheduler
// does not send what the agent would only Reject. Pure: no I/O. The agent enforces the same rules
// (common/owner-rules.ts) whatever the scheduler decides; this only saves the round trip.
import { domainRefusal, withinHours } from '../../common/owner-rules.js';
import type { OwnerControls } from '../../proto/index.js';

export interface OwnerJob {
  url: string;
}

export interface OwnerUsage {
  /** Jobs this coordinator assigned to the device in the last 60 s (it sees no one else's). */
  assignedLastMinute: number;
}

/** Minutes since the device's local midnight at `now`, from the UTC offset it reported. */
export function deviceLocalMinute(controls: Pick<OwnerControls, 'utcOffsetMinutes'>, now: Date): number {
  const utcMinute = now.getUTCHours() * 60 + now.getUTCMinutes();
  return (((utcMinute + (controls.utcOffsetMinutes ?? 0)) % 1440) + 1440) % 1440;
}

/**
 * The owner's reason to refuse `job` on this device at `now`, or null when it may be sent. Absent
 * controls refuse nothing. Checks, in order: paused, allowed hours, the day's byte budget, the
 * per-minute cap (from `usage`), the domain lists.
 */
export function deviceRefuses(
  controls: OwnerControls | null | undefined,
  job: OwnerJob,
  now: Date,
  usage: OwnerUsage = { assignedLastMinute: 0 },
): string | null {
  if (!controls) return null;
  if (controls.paused) return 'paused by the device owner';
  const hours = (controls.allowedHours ?? []).map((w) => ({
    startMinute: w.startMinute ?? 0,
    endMinute: w.endMinute ?? 0,
  }));
  if (!withinHours(hours, deviceLocalMinute(controls, now)))
    return "outside the device owner's allowed hours";
  const maxBytes = Number(controls.maxBytesPerDay ?? 0);
  if (maxBytes > 0 && Number(controls.bytesToday ?? 0) >= maxBytes)
    return "the device owner's daily byte budget is used up";
  const perMinute = controls.maxJobsPerMinute ?? 0;
  if (perMinute > 0 && usage.assignedLastMinute >= perMinute)
    return "at the device owner's jobs-per-minute limit";
  let host: string;
  try {
    host = new URL(job.url).hostname;
  } catch {
    return null; // the device reports a URL that does not parse as its own failure
  }
  return domainRefusal(host, {
    allowDomains: controls.allowDomains ?? [],
    denyDomains: controls.denyDomains ?? [],
  });
}
