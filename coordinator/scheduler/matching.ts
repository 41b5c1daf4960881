// Which connected device may run a job, and which of those is best. Pure: no I/O.
import type { Placement } from '../store/types.js';

export interface DeviceProfile {
  deviceId: string;
  methods: ReadonlySet<string>;
  maxConcurrent: number;
  country: string;
  region: string;
  city: string;
  deviceType: string;
  networkType: string;
}

export interface JobNeeds {
  method: string;
  placement: Placement;
  /** Set for session jobs once the session has a device, and for placement.device_id. */
  pinnedDeviceId: string | null;
  excludedDeviceIds?: ReadonlySet<string>;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

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
  return null;
}

/** Constraint names a placement uses, for metadata.placement_reason. */
export function constraintsOf(needs: JobNeeds): string[] {
  const out = Object.entries(needs.placement)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k]) => k);
  if (needs.pinnedDeviceId && !needs.placement.device_id) out.push('session');
  return out;
}
