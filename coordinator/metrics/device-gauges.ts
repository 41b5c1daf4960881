// Device gauges computed at scrape time from the connected devices (the job owner's fleet view):
// the cost is one walk of this coordinator's devices per scrape, never anything per job.
import { Gauge, type Registry } from 'prom-client';
import type { ConnectedDevice } from '../scheduler/device.js';
import { BoundedLabel } from './bounded-label.js';

/** Set by the change that adds quarantine; absent means not quarantined. */
export const isQuarantined = (d: ConnectedDevice): boolean =>
  (d as ConnectedDevice & { quarantined?: boolean }).quarantined === true;

/** Could take one more job now (as the device picker sees it): not draining or quarantined, a free slot. */
export const isAvailable = (d: ConnectedDevice): boolean =>
  !d.draining && !isQuarantined(d) && d.running.size < d.profile.maxConcurrent;

type Labels = { region: string; device_type: string; method: string };

/** What agents advertise, capped in distinct values per registry (see bounded-label.ts). */
interface Advertised {
  region: BoundedLabel;
  deviceType: BoundedLabel;
  method: BoundedLabel;
}

function tally(
  advertised: Advertised,
  devices: readonly ConnectedDevice[],
  pick: (d: ConnectedDevice) => boolean,
): Map<string, Labels & { n: number }> {
  const out = new Map<string, Labels & { n: number }>();
  for (const d of devices) {
    if (!pick(d)) continue;
    for (const method of d.profile.methods) {
      if (method.includes('+')) continue; // a page-feature key (METHOD+page), not a method
      const labels = {
        region: advertised.region.of(d.profile.region, 'unknown'),
        device_type: advertised.deviceType.of(d.profile.deviceType, 'unknown'),
        method: advertised.method.of(method),
      };
      const k = `${labels.region}\u0000${labels.device_type}\u0000${method}`;
      const c = out.get(k) ?? { ...labels, n: 0 };
      c.n++;
      out.set(k, c);
    }
  }
  return out;
}

export function registerDeviceGauges(registry: Registry, devices: () => readonly ConnectedDevice[]): void {
  const registers = [registry];
  const labelNames = ['region', 'device_type', 'method'];
  const advertised: Advertised = {
    region: new BoundedLabel(),
    deviceType: new BoundedLabel(),
    method: new BoundedLabel(),
  };
  const gauge = (name: string, help: string, pick: (d: ConnectedDevice) => boolean) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      collect() {
        this.reset();
        for (const { n, ...labels } of tally(advertised, devices(), pick).values()) this.set(labels, n);
      },
    });
  gauge(
    'crawl_devices_connected',
    'Devices linked to this coordinator, once per method they run.',
    () => true,
  );
  gauge('crawl_devices_available', 'Linked devices that could take a job now, once per method.', isAvailable);
  new Gauge({
    name: 'crawl_devices_quarantined',
    help: 'Linked devices held out of scheduling (quarantined), by region.',
    labelNames: ['region'],
    registers,
    collect() {
      this.reset();
      const byRegion = new Map<string, number>();
      for (const d of devices()) {
        const region = d.profile.region || 'unknown';
        byRegion.set(region, (byRegion.get(region) ?? 0) + (isQuarantined(d) ? 1 : 0));
      }
      if (byRegion.size === 0) this.set({ region: 'none' }, 0);
      for (const [region, n] of byRegion) this.set({ region }, n);
    },
  });
}
