// Whether a device's owner controls (sent in Hello and Availability) refuse a job, so the scheduler
// does not send what the agent would only Reject. Pure: no I/O. The agent enforces the same rules
// (common/owner-rules.ts) whatever the scheduler decides; this only saves the round trip.
import { domainRefusal, withinHours } from '../../common/owner-rules.js';
import { type OwnerControls, RejectReason } from '../../proto/index.js';

export interface OwnerJob {
  url: string;
  /** The URL's host when the caller parsed it already ('' for a URL that does not parse). */
  host?: string;
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
  const windows = controls.allowedHours;
  if (windows && windows.length > 0) {
    const hours = windows.map((w) => ({ startMinute: w.startMinute ?? 0, endMinute: w.endMinute ?? 0 }));
    if (!withinHours(hours, deviceLocalMinute(controls, now)))
      return "outside the device owner's allowed hours";
  }
  const maxBytes = Number(controls.maxBytesPerDay ?? 0);
  if (maxBytes > 0 && Number(controls.bytesToday ?? 0) >= maxBytes)
    return "the device owner's daily byte budget is used up";
  const perMinute = controls.maxJobsPerMinute ?? 0;
  if (perMinute > 0 && usage.assignedLastMinute >= perMinute)
    return "at the device owner's jobs-per-minute limit";
  // No domain lists (most owners): nothing below can refuse, and the host need not be parsed.
  if (!controls.allowDomains?.length && !controls.denyDomains?.length) return null;
  let host = job.host;
  if (host === undefined) {
    try {
      host = new URL(job.url).hostname;
    } catch {
      host = '';
    }
  }
  if (host === '') return null; // the device reports a URL that does not parse as its own failure
  return domainRefusal(host, {
    allowDomains: controls.allowDomains ?? [],
    denyDomains: controls.denyDomains ?? [],
  });
}

/** Whether the controls could refuse any job: most devices send none, or none that restrict. */
function restricts(c: OwnerControls): boolean {
  return Boolean(
    c.paused ||
      (c.allowedHours?.length ?? 0) > 0 ||
      Number(c.maxBytesPerDay ?? 0) > 0 ||
      (c.maxJobsPerMinute ?? 0) > 0 ||
      (c.allowDomains?.length ?? 0) > 0 ||
      (c.denyDomains?.length ?? 0) > 0,
  );
}

/**
 * What the scheduler keeps per device for deviceRefuses(): the latest controls (from Hello, then
 * every Availability that carries them) and its own assignments of the last minute. The picker asks every device it looks at, so the common case
 * (nothing restricts) is one field read, with nothing allocated.
 */
export class DeviceOwnerView {
  private controls: OwnerControls | null = null;
  private readonly assignedMs: number[] = [];
  /** False while the controls can refuse nothing: refuses() is then null without looking. */
  restricts = false;

  /** From Hello.owner_controls, and from Availability.owner_controls whenever present. */
  update(controls: OwnerControls | null | undefined): void {
    if (!controls) return;
    this.controls = controls;
    this.restricts = restricts(controls);
  }

  /** Call when a job is assigned to the device. */
  assigned(nowMs: number): void {
    // Pruned here too: a device whose owner restricts nothing is never asked (refuses), and a cap
    // set later still sees the minute's assignments.
    this.forget(nowMs - 60_000);
    this.assignedMs.push(nowMs);
  }

  refuses(job: OwnerJob, now: Date): string | null {
    if (!this.restricts) return null;
    this.forget(now.getTime() - 60_000);
    return deviceRefuses(this.controls, job, now, { assignedLastMinute: this.assignedMs.length });
  }

  private forget(sinceMs: number): void {
    while (this.assignedMs.length > 0 && (this.assignedMs[0] ?? 0) <= sinceMs) this.assignedMs.shift();
  }
}

/**
 * How the scheduler treats a Reject: `retryElsewhere` excludes the rejecting device when the job is
 * requeued (it would refuse again), `deviceFull` marks the device as taking nothing for now.
 */
export function rejectHandling(reason: RejectReason | null | undefined): {
  retryElsewhere: boolean;
  deviceFull: boolean;
  busy: boolean;
} {
  switch (reason) {
    case RejectReason.REJECT_REASON_UNSUPPORTED:
    case RejectReason.REJECT_REASON_INVALID:
    case RejectReason.REJECT_REASON_OWNER_POLICY:
      return { retryElsewhere: true, deviceFull: false, busy: false };
    case RejectReason.REJECT_REASON_DRAINING:
    case RejectReason.REJECT_REASON_SPOOL_FULL:
      return { retryElsewhere: false, deviceFull: true, busy: false };
    default:
      // BUSY, or a reason this coordinator does not know: the device has no slot for it now.
      return { retryElsewhere: false, deviceFull: false, busy: true };
  }
}
