// The picker alone, in this process: CPU µs to pick a device for a job and account for it (pick,
// refresh, sweep spread), over a synthetic fleet of any size with the fleet bench's placement mix
// and about as many jobs running as the stream keeps busy. Shows the scheduler's share of a job's
// cost at fleet sizes a single coordinator process cannot hold sockets for.
import type { ConnectedDevice } from '../../../coordinator/scheduler/device.js';
import { DevicePicker } from '../../../coordinator/scheduler/device-picker.js';
import type { JobNeeds } from '../../../coordinator/scheduler/matching.js';
import { regionOf } from '../../../coordinator/scheduler/regions.js';

const COUNTRIES = 'US US CA MX BR AR CL CO DE DE FR GB NL PL ES IT SE JP SG IN AU KR ZA AE NG EG TR'.split(
  ' ',
);

function fleet(n: number): { picker: DevicePicker; list: ConnectedDevice[] } {
  const devices = new Map<string, ConnectedDevice>();
  const picker = new DevicePicker(devices);
  const list: ConnectedDevice[] = [];
  for (let i = 0; i < n; i++) {
    const country = COUNTRIES[i % COUNTRIES.length] as string;
    const dev: ConnectedDevice = {
      profile: {
        deviceId: `sim-${String(i).padStart(6, '0')}`,
        methods: new Set(['GET', 'CRAWL_FULL_PAGE']),
        maxConcurrent: 4,
        country,
        region: regionOf(country) ?? '',
        city: '',
        deviceType: i % 10 < 7 ? 'mobile' : 'desktop',
        networkType: 'wifi',
      },
      link: { assign: () => undefined, cancel: () => undefined, endSession: () => undefined },
      running: new Map(),
      draining: false,
      connectedAt: '',
      info: {},
      assignedTotal: 0,
    };
    devices.set(dev.profile.deviceId, dev);
    picker.refresh(dev);
    list.push(dev);
  }
  return { picker, list };
}

/** The fleet bench's mix: 40% no placement, 30% a region, 20% a country, 10% country and type. */
function needsOf(i: number, list: ConnectedDevice[]): JobNeeds {
  const r = i % 10;
  const p = (list[(i * 7919) % list.length] as ConnectedDevice).profile;
  const placement =
    r < 4
      ? {}
      : r < 7
        ? { region: ['NA', 'EU', 'APAC', 'LATAM', 'MEA'][i % 5] }
        : r < 9
          ? { country: p.country }
          : { country: p.country, device_type: p.deviceType };
  return { method: i % 5 === 0 ? 'CRAWL_FULL_PAGE' : 'GET', placement, pinnedDeviceId: null };
}

/** CPU µs a job spends in the picker at this fleet size (`jobs` picks, `running` kept busy). */
export function pickerCostUs(devices: number, jobs = 50_000, running = 200): number {
  const { picker, list } = fleet(devices);
  const busy: Array<[ConnectedDevice, string]> = [];
  const run = (from: number, to: number): void => {
    for (let i = from; i < to; i++) {
      const needs = needsOf(i, list);
      const choice = picker.pick(needs);
      if (!choice) continue;
      const dev = choice.device;
      dev.running.set(`j${i}`, 1);
      dev.assignedTotal++;
      picker.refresh(dev);
      picker.assigned(needs, dev);
      busy.push([dev, `j${i}`]);
      if (busy.length > running) {
        const [done, id] = busy.shift() as [ConnectedDevice, string];
        done.running.delete(id);
        picker.refresh(done);
      }
    }
  };
  run(0, 5_000); // warm up, and build the placement shapes' groups
  const t0 = process.cpuUsage();
  run(5_000, 5_000 + jobs);
  const used = process.cpuUsage(t0);
  return (used.user + used.system) / jobs;
}
