// Which connected device may run a job, and which of those is best. Pure: no I/O.
import { placementMethod } from '../../proto/index.js';
import type { JobRecord, Placement } from '../store/records.js';
import { SweepSpread } from './sweep-spread.js';

export interface DeviceProfile {
  deviceId: string;
  methods: ReadonlySet<string>;
  maxConcurrent: number;
  country: string;
  region: string;
  city: string;
  deviceType: string;
  networkType: string;
  /** The autonomous system of the link's remote address; null or absent when unknown. */
  asn?: number | null;
}

export interface JobNeeds {
  method: string;
  placement: Placement;
  /** Set for session jobs once the session has a device, and for placement.device_id. */
  pinnedDeviceId: string | null;
  excludedDeviceIds?: ReadonlySet<string>;
  /** Sweep jobs: `sweepId/region`, whose tries should land on distinct devices (see sweep-spread.ts). */
  spreadGroup?: string;
  /**
   * Measurement jobs: the spread group is the whole measurement, and a device it already used is
   * not a fallback but excluded (each device measures once per measurement).
   */
  distinctDevices?: boolean;
  /** The job's URL, for the device owners' domain lists (owner-controls.ts). */
  url?: string;
  /** Its host, parsed once when the job is queued ('' when the URL does not parse). */
  host?: string;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function hostOf(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/** Names the first constraint the device fails, or null when it matches. */
export function mismatch(device: DeviceProfile, needs: JobNeeds): string | null {
  const p = needs.placement;
  if (!device.methods.has(needs.method)) return 'method';
  if (needs.pinnedDeviceId && device.deviceId !== needs.pinnedDeviceId) return 'pinned';
  if (needs.excludedDeviceIds?.has(device.deviceId)) return 'excluded';
  if (p.device_id && device.deviceId !== p.device_id) return 'device_id';
  if (p.region && !same(device.region, p.region)) return 'region';
  if (p.country && !same(device.country, p.country)) return 'country';
  if (p.city && !same(device.city, p.city)) return 'city';
  if (p.device_type && device.deviceType !== p.device_type) return 'device_type';
  if (p.network_type && device.networkType !== p.network_type) return 'network_type';
  if (p.asn !== undefined && device.asn !== p.asn) return 'asn';
  return null;
}

/** The constraints a job's placement uses (`region=EU`), for metadata.placement_reason. */
export function constraintsOf(needs: JobNeeds): string[] {
  const out = Object.entries(needs.placement)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${String(v)}`);
  out.unshift(`method=${needs.method}`);
  if (needs.pinnedDeviceId && !needs.placement.device_id) out.push(`session device=${needs.pinnedDeviceId}`);
  return out;
}

/** What a queued job asks of a device. A session job names its session's device once it has one. */
export function needsOf(job: JobRecord, sessionDeviceId: string | null): JobNeeds {
  const measurementId = job.request.measure?.measurementId;
  if (measurementId) {
    return {
      method: job.method,
      placement: job.placement,
      pinnedDeviceId: job.placement.device_id ?? null,
      spreadGroup: SweepSpread.groupOf(`measure:${measurementId}`, ''),
      distinctDevices: true,
      url: job.url,
      host: hostOf(job.url),
    };
  }
  return {
    // A job with page options (actions, extract, HAR...) needs a device that advertised them.
    method: placementMethod(job.method, job.request.page),
    placement: job.placement,
    pinnedDeviceId: sessionDeviceId ?? job.placement.device_id ?? null,
    spreadGroup: SweepSpread.groupOf(job.sweepId, job.placement.region),
    url: job.url,
    host: hostOf(job.url),
  };
}

/**
 * Jobs with the same key match exactly the same devices (the spread group only orders them), so a
 * key that found no device is unplaceable for every job that has it. Null when the job is pinned or
 * excludes devices: those are looked at one by one.
 */
export function matchKeyOf(needs: JobNeeds): string | null {
  if (needs.pinnedDeviceId || needs.excludedDeviceIds) return null;
  const p = needs.placement;
  // The host too: device owners may refuse some domains, so two hosts may match different devices.
  return [
    // A measurement's jobs exclude the devices it used, so no other job shares their key.
    needs.distinctDevices ? needs.spreadGroup : '',
    needs.method,
    p.region,
    p.country,
    p.city,
    p.device_type,
    p.network_type,
    p.asn,
    needs.host ?? hostOf(needs.url),
  ].join('\u0000');
}
