// Which requested regions of a sweep have no connected device able to run its tries, so the answer
// can say so and those tries fail at once instead of waiting out their timeout (docs/sweeps.md,
// "Regions without a device"). Pure: no I/O.
import type { ConnectedDevice } from '../scheduler/device.js';
import type { JobNeeds } from '../scheduler/matching.js';
import { couldRun } from '../scheduler/standing.js';

/** The method every sweep try runs. */
export const SWEEP_METHOD = 'CRAWL_FULL_PAGE';

/**
 * The regions of `regions` (in their order) where no connected device could take a try: none
 * that runs CRAWL_FULL_PAGE in that region as a `deviceType` device. Quarantined devices (canaries
 * only) do not count. Busy ones do, and so do those not taking jobs for now (paused by their owner,
 * result spool full, draining: the scheduler does not tell these apart), as they may take the try
 * within its timeout: only a region with nobody at all fails at once.
 * One walk of the devices at most, ended as soon as every region has one.
 */
export function regionsWithoutDevices(
  devices: Iterable<ConnectedDevice>,
  regions: readonly string[],
  deviceType: string,
  lighthouse = false,
): string[] {
  // A try with audits is placed by its feature key: only devices that run Lighthouse count.
  const method = lighthouse ? `${SWEEP_METHOD}+lighthouse` : SWEEP_METHOD;
  const open = new Map<string, JobNeeds>(
    regions.map((region) => [
      region,
      { method, placement: { region, device_type: deviceType }, pinnedDeviceId: null },
    ]),
  );
  if (open.size === 0) return [];
  for (const device of devices) {
    for (const [region, needs] of open) {
      // A device whose claimed location is contradicted serves no region (standing.ts couldRun).
      if (couldRun(device, needs)) open.delete(region);
    }
    if (open.size === 0) return [];
  }
  return regions.filter((r) => open.has(r));
}

/** The `no_device` message of a try failed at submit because its region has no device. */
export function noDeviceMessage(region: string, deviceType: string, lighthouse = false): string {
  const what = lighthouse ? `${SWEEP_METHOD} with Lighthouse` : SWEEP_METHOD;
  return `no connected device in region ${region} runs ${what} as a ${deviceType} device`;
}
