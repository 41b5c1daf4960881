// The picker at 100,000 devices: placement filters, a rare placement, pinning, sweep spread, load
// spread by sampling, an extra per-device predicate, and owner fairness through the dispatcher.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ConnectedDevice } from '../../coordinator/scheduler/device.js';
import { DeviceIndex } from '../../coordinator/scheduler/device-index.js';
import { DevicePicker, EXACT_MAX } from '../../coordinator/scheduler/device-picker.js';
import { type JobNeeds, mismatch } from '../../coordinator/scheduler/matching.js';
import { regionOf } from '../../coordinator/scheduler/regions.js';
import { SweepSpread } from '../../coordinator/scheduler/sweep-spread.js';
import { SimulatedFleet } from '../helpers/simulated-fleet.js';

const N = 100_000;
const COUNTRIES = ['US', 'CA', 'DE', 'FR', 'GB', 'NL', 'PL', 'JP', 'SG', 'BR', 'AR', 'ZA', 'AE', 'TR'];
const TYPES = ['mobile', 'desktop', 'server'];
const NETS = ['wifi', 'cellular', 'ethernet'];

function device(i: number, over: Partial<ConnectedDevice['profile']> = {}): ConnectedDevice {
  const country = COUNTRIES[i % COUNTRIES.length] as string;
  return {
    profile: {
      deviceId: `dev-${String(i).padStart(6, '0')}`,
      methods: new Set(i % 3 === 0 ? ['GET'] : ['GET', 'CRAWL_FULL_PAGE']),
      maxConcurrent: 4,
      country,
      region: regionOf(country) ?? '',
      city: `city-${i % 50}`,
      deviceType: TYPES[i % 3] as string,
      networkType: NETS[Math.floor(i / 3) % 3] as string,
      ...over,
    },
    link: { assign: () => undefined, cancel: () => undefined, endSession: () => undefined },
    running: new Map(),
    draining: false,
    connectedAt: '',
    info: {},
    assignedTotal: 0,
  };
}

/** What the dispatcher does when a job goes to a device. */
function place(picker: DevicePicker, needs: JobNeeds, dev: ConnectedDevice, jobId: string): void {
  dev.running.set(jobId, 1);
  dev.assignedTotal++;
  picker.refresh(dev);
  picker.assigned(needs, dev);
}

const needs = (
  method: string,
  placement: JobNeeds['placement'] = {},
  extra: Partial<JobNeeds> = {},
): JobNeeds => ({
  method,
  placement,
  pinnedDeviceId: null,
  ...extra,
});

function bigFleet(n = N, opts: ConstructorParameters<typeof DevicePicker>[2] = {}) {
  const devices = new Map<string, ConnectedDevice>();
  const picker = new DevicePicker(devices, Date.now, opts);
  for (let i = 0; i < n; i++) {
    const dev = device(i);
    devices.set(dev.profile.deviceId, dev);
    picker.refresh(dev);
  }
  return { devices, picker };
}

describe('picker over 100,000 devices', () => {
  const { devices, picker } = bigFleet();
  // Ten devices in a country nobody else is in.
  const rare = Array.from({ length: 10 }, (_, k) => device(N + k, { country: 'NZ', region: 'APAC' }));
  for (const d of rare) {
    devices.set(d.profile.deviceId, d);
    picker.refresh(d);
  }

  test('every placement filter and combination picks only matching devices', () => {
    const cases: JobNeeds[] = [
      needs('GET'),
      needs('CRAWL_FULL_PAGE', { region: 'EU' }),
      needs('GET', { country: 'jp' }),
      needs('GET', { city: 'CITY-7' }),
      needs('GET', { device_type: 'desktop' }),
      needs('CRAWL_FULL_PAGE', { network_type: 'cellular' }),
      needs('GET', { country: 'DE', device_type: 'server', network_type: 'ethernet' }),
      needs('CRAWL_FULL_PAGE', { region: 'NA', city: 'city-3', device_type: 'desktop' }),
    ];
    for (const n of cases) {
      for (let i = 0; i < 50; i++) {
        const c = picker.pick(n);
        assert.ok(c, JSON.stringify(n));
        assert.equal(
          mismatch(c.device.profile, n),
          null,
          `${JSON.stringify(n)} → ${c.device.profile.deviceId}`,
        );
      }
    }
    // No device offers this combination: nothing, without a walk.
    assert.equal(
      picker.pick(needs('CRAWL_FULL_PAGE', { country: 'US', device_type: 'server', city: 'nowhere' })),
      null,
    );
    assert.equal(picker.pick(needs('SOLANA_JSON_RPC')), null);
  });

  test('a rare placement (10 of 100,010) is found, spread over all ten, in microseconds', () => {
    const n = needs('GET', { country: 'NZ' });
    // The first job placed by country builds that shape's groups once (a walk); later ones look up.
    picker.pick(needs('GET', { country: 'JP' }));
    const used = new Set<string>();
    const t0 = performance.now();
    for (let i = 0; i < 10; i++) {
      const c = picker.pick(n);
      assert.ok(c);
      used.add(c.device.profile.deviceId);
      place(picker, n, c.device, `rare-${i}`);
    }
    const perPickMs = (performance.now() - t0) / 10;
    assert.deepEqual(
      [...used].sort(),
      rare.map((d) => d.profile.deviceId).sort(),
      'least loaded first: all ten',
    );
    // Generous (shared machines): a walk of 100,000 devices takes milliseconds.
    assert.ok(perPickMs < 1, `rare pick took ${perPickMs} ms`);
    assert.match(picker.pick(n)?.reason ?? '', /matched method=GET, country=NZ; .* among 10 available/);
  });

  test('a pinned job gets its device even when it is the busiest, and waits while it is full', () => {
    const dev = devices.get('dev-000042') as ConnectedDevice;
    const n = needs('GET', {}, { pinnedDeviceId: 'dev-000042' });
    for (let i = 0; i < 4; i++) {
      const c = picker.pick(n);
      assert.equal(c?.device, dev);
      place(picker, n, dev, `pin-${i}`);
    }
    assert.equal(picker.pick(n), null, 'full: the job waits rather than go elsewhere');
    assert.equal(picker.pick(needs('GET', { device_id: 'dev-000042' })), null);
    dev.running.delete('pin-0');
    picker.refresh(dev);
    assert.equal(picker.pick(needs('GET', { device_id: 'dev-000042' }))?.device, dev);
    // A pin that does not match the placement is no match.
    assert.equal(picker.pick(needs('GET', { country: 'FR' }, { pinnedDeviceId: 'dev-000042' })), null);
  });

  test('sweep tries of a region land on distinct devices in distinct countries', () => {
    const group = SweepSpread.groupOf('sweep-big', 'EU');
    const n = needs('CRAWL_FULL_PAGE', { region: 'EU', device_type: 'desktop' }, { spreadGroup: group });
    const seen = new Set<string>();
    const countries = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const c = picker.pick(n);
      assert.ok(c);
      seen.add(c.device.profile.deviceId);
      if (i < 5) countries.add(c.device.profile.country);
      place(picker, n, c.device, `sweep-${i}`);
    }
    assert.equal(seen.size, 40, '40 tries on 40 devices');
    assert.equal(countries.size, 5, 'the first five tries cover the five EU countries');
    for (const id of seen) {
      const dev = devices.get(id) as ConnectedDevice;
      dev.running.clear();
      picker.refresh(dev);
    }
  });

  test('an extra predicate is applied to every candidate looked at', () => {
    const { picker: p } = bigFleet(20_000, {
      accepts: (dev) => dev.profile.deviceId.endsWith('7'),
    });
    for (const n of [needs('GET'), needs('GET', { country: 'NZ' }), needs('GET', { country: 'JP' })]) {
      for (let i = 0; i < 30; i++) {
        const c = p.pick(n);
        if (n.placement.country === 'NZ') assert.equal(c, null);
        else assert.ok(c?.device.profile.deviceId.endsWith('7'), c?.device.profile.deviceId);
      }
    }
    // A predicate nearly nobody passes: the pick still finds the one that does.
    const { picker: q } = bigFleet(20_000, { accepts: (dev) => dev.profile.deviceId === 'dev-012345' });
    assert.equal(q.pick(needs('GET'))?.device.profile.deviceId, 'dev-012345');
  });
});

describe('sampling keeps load near the best', () => {
  test('200,000 jobs over 100,000 devices of 4 slots: no device gets more than 4 while most have 2', () => {
    const { devices, picker } = bigFleet();
    const n = needs('GET');
    const t0 = performance.now();
    for (let i = 0; i < 2 * N; i++) {
      const c = picker.pick(n);
      assert.ok(c);
      c.device.running.set(`j${i}`, 1);
      picker.refresh(c.device);
    }
    const perPickUs = ((performance.now() - t0) * 1000) / (2 * N);
    const histogram = [0, 0, 0, 0, 0];
    for (const d of devices.values()) histogram[d.running.size] = (histogram[d.running.size] ?? 0) + 1;
    // With least-loaded-of-8, loads stay within one of the mean (2): few at 0 or 4.
    assert.ok((histogram[0] as number) < N * 0.01, `idle devices: ${histogram.join(' / ')}`);
    assert.ok((histogram[4] as number) < N * 0.01, `full devices: ${histogram.join(' / ')}`);
    assert.ok(perPickUs < 500, `${perPickUs} µs a pick`);
    assert.match(picker.pick(n)?.reason ?? '', /best of 8 drawn at random/);
  });

  test('groups up to EXACT_MAX are walked whole: the exact best wins', () => {
    const { devices, picker } = bigFleet(EXACT_MAX);
    for (const d of devices.values()) {
      d.running.set('x', 1);
      picker.refresh(d);
    }
    const free = devices.get(`dev-${String(EXACT_MAX - 3).padStart(6, '0')}`) as ConnectedDevice;
    free.running.clear();
    picker.refresh(free);
    assert.equal(picker.pick(needs('GET'))?.device, free);
  });
});

describe('owner fairness at fleet scale', () => {
  let fleet: SimulatedFleet;
  before(() => {
    fleet = new SimulatedFleet();
    for (let i = 0; i < N; i++) fleet.addDevice({ id: `f-${i}`, country: COUNTRIES[i % COUNTRIES.length] });
    fleet.addDevice({ id: 'nz-only', country: 'NZ', maxConcurrent: 1 });
  });
  after(() => fleet.close());

  test("a burst on a rare placement does not starve another key's job among 100,000 devices", async () => {
    const burst = await fleet.submitMany(20, { owner: 'bulk', placement: { country: 'NZ' } });
    const single = await fleet.submit({ owner: 'single', placement: { country: 'NZ' } });
    assert.equal(fleet.reservedOn(burst[0]?.id as string), 'nz-only');
    await fleet.complete(burst[0]?.id as string);
    assert.equal((await fleet.whenAssigned(single.id)).deviceId, 'nz-only');
    // Unplaced jobs elsewhere in the fleet go straight through meanwhile.
    const other = await fleet.submit({ owner: 'bulk', placement: { country: 'JP' } });
    assert.equal(fleet.devices.get(fleet.reservedOn(other.id) ?? '')?.profile.country, 'JP');
  });
});

describe('matching groups under churn', () => {
  test('after random arrivals, departures and load changes each group holds exactly its available matching devices', () => {
    let seed = 12345;
    const r = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x80000000;
    };
    const index = new DeviceIndex<ConnectedDevice, null>(() => null);
    const all = Array.from({ length: 20_000 }, (_, i) => device(i));
    const available = new Set<ConnectedDevice>();
    const shapes: JobNeeds[] = [
      needs('GET'),
      needs('GET', { country: 'de' }),
      needs('CRAWL_FULL_PAGE', { region: 'EU', device_type: 'desktop' }),
      needs('GET', { city: 'city-7', network_type: 'wifi' }),
    ];
    const check = (): void => {
      for (const n of shapes) {
        const got = new Set(index.candidates(n).map((e) => e.dev));
        const want = [...available].filter((d) => mismatch(d.profile, n) === null);
        assert.equal(got.size, want.length, JSON.stringify(n.placement));
        for (const d of want) assert.ok(got.has(d), d.profile.deviceId);
      }
    };
    for (const d of all) {
      if (r() < 0.7) {
        index.set(d, true);
        available.add(d);
      }
    }
    check(); // shapes built over a fleet already there
    for (let step = 0; step < 60_000; step++) {
      const d = all[Math.floor(r() * all.length)] as ConnectedDevice;
      const x = r();
      if (x < 0.1) {
        index.delete(d);
        available.delete(d);
      } else if (x < 0.55) {
        index.set(d, true);
        available.add(d);
      } else {
        index.set(d, false);
        available.delete(d);
      }
    }
    check();
    assert.equal(index.size, available.size);
  });
});
