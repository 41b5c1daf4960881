// Whether a third opinion can be had: a device connected here, other than the two that disagree,
// in the region the re-run asked for, taking the method and not quarantined. Devices are indexed by
// region as they come and go, and a question looks at a bounded number of them, so its cost does
// not grow with the fleet.
import type { ConnectedDevice, DeviceListener } from '../scheduler/device.js';
import { outOfService } from '../scheduler/standing.js';

/** Devices looked at before answering yes without a match (the third run then waits its turn). */
const LOOK_AT_MOST = 64;

export class ThirdDevice implements DeviceListener {
  /** Region (lower case; '' for none) → devices connected here. */
  private readonly byRegion = new Map<string, Map<string, ConnectedDevice>>();

  /**
   * `keyOf`: what groups devices, lower case; default their region (measurement cross-checks group
   * them by network, trust/measure/).
   */
  constructor(
    private readonly keyOf: (device: ConnectedDevice) => string = (d) => d.profile.region.toLowerCase(),
  ) {}

  added(device: ConnectedDevice): void {
    const region = this.keyOf(device);
    let set = this.byRegion.get(region);
    if (!set) {
      set = new Map();
      this.byRegion.set(region, set);
    }
    set.set(device.profile.deviceId, device);
  }

  removed(device: ConnectedDevice): void {
    const region = this.keyOf(device);
    const set = this.byRegion.get(region);
    if (set?.get(device.profile.deviceId) !== device) return;
    set.delete(device.profile.deviceId);
    if (set.size === 0) this.byRegion.delete(region);
  }

  /**
   * True when some device other than `exclude` could answer `method` in `region` (any region when
   * empty). Devices of other coordinators are not seen: a cluster may have a third device where
   * this says none, and the disagreement then stays unsettled (canaries judge each party).
   */
  available(method: string, region: string | undefined, exclude: readonly string[]): boolean {
    const groups = region ? [this.byRegion.get(region.toLowerCase())] : [...this.byRegion.values()];
    let looked = 0;
    for (const group of groups) {
      for (const dev of group?.values() ?? []) {
        if (++looked > LOOK_AT_MOST) return true;
        if (exclude.includes(dev.profile.deviceId)) continue;
        if (outOfService(dev) !== null || !dev.profile.methods.has(method)) continue;
        return true;
      }
    }
    return false;
  }
}
