// A device connected to this coordinator, as the scheduler sees it.
import type { DeviceEgress } from '../network/network-lookup.js';
import type { JobRecord } from '../store/records.js';
import type { WireTraceContext } from '../tracing/job-tracing.js';
import type { DeviceProfile } from './matching.js';
import type { DeviceOwnerView } from './owner-controls.js';

export interface DeviceLink {
  /** Sends the job to the device; `trace`: the dispatch span's context, when tracing is on. */
  assign(job: JobRecord, attempt: number, trace?: WireTraceContext): void;
  cancel(jobId: string, attempt: number, reason: string): void;
  endSession(sessionId: string): void;
}

export interface ConnectedDevice {
  profile: DeviceProfile;
  link: DeviceLink;
  /**
   * Quarantined by the coordinator (coordinator/trust/): it gets canary jobs pinned to it, nothing
   * else. Set through JobLifecycle.setQuarantined (device-slots.ts).
   */
  quarantined?: boolean;
  /**
   * Its location claim is contradicted by the evidence (coordinator/trust/location/): it serves no
   * placement by place (standing.ts servesPlace). Never set with --allow-contradicted-location.
   */
  locationContradicted?: boolean;
  /** What the device's owner allows (paused, hours, domains, caps), as it last advertised. */
  owner?: DeviceOwnerView;
  running: Map<string, number>;
  draining: boolean;
  connectedAt: string;
  info: Record<string, unknown>;
  /**
   * The network its link comes from (family, ASN, name, kind), looked up when it connected; the
   * address itself is not kept. Absent when not looked up.
   */
  egress?: DeviceEgress;
  assignedTotal: number;
  /**
   * Set while the device is held full after it refused a job as busy although the coordinator
   * counted a free slot there (device-slots.ts holdBusy): no job goes to it until one of its jobs
   * ends or the hold runs out.
   */
  busyHold?: NodeJS.Timeout;
  /**
   * Epoch ms of the latest sign of life the scheduler saw (connect, result, reject, state change,
   * or a touch reported by the link). Set by the device slots (device-slots.ts).
   */
  lastSeenMs?: number;
}

/** Told when a device joins or leaves this coordinator (trust checks, metrics). */
export interface DeviceListener {
  added(device: ConnectedDevice): void;
  removed(device: ConnectedDevice): void;
}

/**
 * Whether the device has a slot for another job by the coordinator's count: fewer running than its
 * concurrency, and not held full after a busy refusal. The picker and the direct pick both ask this.
 */
export function hasFreeSlot(dev: ConnectedDevice): boolean {
  return dev.busyHold === undefined && dev.running.size < dev.profile.maxConcurrent;
}
