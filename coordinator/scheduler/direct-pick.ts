// A placement rule beside the picker: jobs the coordinator makes for one device (canaries), which
// reach it even in quarantine (the device's standing otherwise: standing.ts).
import { type ConnectedDevice, hasFreeSlot } from './device.js';
import type { Choice } from './device-picker.js';
import { type JobNeeds, mismatch } from './matching.js';
import { ownerAllows } from './standing.js';

/** The one device a coordinator-made job is for, quarantined or not, when it has room. */
export function pickDirect(
  devices: ReadonlyMap<string, ConnectedDevice>,
  needs: JobNeeds,
  nowMs: number,
): Choice | null {
  const device = needs.pinnedDeviceId ? devices.get(needs.pinnedDeviceId) : undefined;
  if (!device || device.draining || !hasFreeSlot(device)) return null;
  if (mismatch(device.profile, needs) !== null || !ownerAllows(device, needs, nowMs)) return null;
  return { device, reason: `a check of device ${device.profile.deviceId} by the coordinator` };
}
