// The device index changes how many devices a pick looks at, never which device it picks: random
// fleets and jobs, the indexed pick against a walk over every device. Plus the pick's cost at 10,000.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ConnectedDevice } from '../../coordinator/scheduler/device.js';
import { DevicePicker, EXACT_MAX } from '../../coordinator/scheduler/device-picker.js';
import { better, type Scored, score } from '../../coordinator/scheduler/device-score.js';
import { type JobNeeds, mismatch } from '../../coordinator/scheduler/matching.js';
import { regionOf } from '../../coordinator/scheduler/regions.js';
import type { Placement } from '../../coordinator/store/records.js';

/** Deterministic PRNG (mulberry32), so a failure reproduces. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COUNTRIES = ['US', 'CA', 'DE', 'FR', 'GB', 'JP', 'SG', 'BR', 'AR', 'ZA', 'AE', 'TR', ''];
const CITIES = ['A', 'B', 'C'];
const TYPES = ['mobile', 'desktop', 'server'];
const NETS = ['wifi', 'cellular', 'ethernet'];
const METHODS = ['GET', 'POST', 'CRAWL_FULL_PAGE', 'SOLANA_JSON_RPC'];

function makeFleet(n: number, r: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const devices = new Map<string, ConnectedDevice>();
  const picker = new DevicePicker(devices);
  for (let i = 0; i < n; i++) {
    const country = pick(COUNTRIES);
    const max = 1 + Math.floor(r() * 4);
    const dev: ConnectedDevice = {
      profile: {
        deviceId: `dev-${String(i).padStart(5, '0')}`,
        methods: new Set(METHODS.filter(() => r() < 0.7)),
        maxConcurrent: max,
        country,
        // Some agents state a region that differs from their country's (or in lower case).
        region: r() < 0.1 ? pick(['EU', 'eu', 'APAC']) : (regionOf(country) ?? ''),
        city: pick(CITIES),
        deviceType: pick(TYPES),
        networkType: pick(NETS),
      },
      link: { assign: () => undefined, cancel: () => undefined, endSession: () => undefined },
      running: new Map(Array.from({ length: Math.floor(r() * (max + 1)) }, (_, k) => [`job-${i}-${k}`, 1])),
      draining: r() < 0.05,
      connectedAt: '',
      info: {},
      assignedTotal: Math.floor(r() * 3),
    };
    devices.set(dev.profile.deviceId, dev);
    picker.refresh(dev);
    if (r() < 0.5) {
      for (let k = 0; k < 3; k++) {
        picker.stats.record(dev.profile.deviceId, pick(METHODS), r() < 0.8, 50 + r() * 500);
      }
    }
  }
  return { devices, picker, pick };
}

function randomNeeds(r: () => number, pick: <T>(xs: readonly T[]) => T, n: number): JobNeeds {
  const placement: Placement = {};
  if (r() < 0.4) placement.region = pick(['NA', 'EU', 'APAC', 'LATAM', 'MEA']);
  if (r() < 0.3) placement.country = pick(COUNTRIES.filter(Boolean));
  if (r() < 0.2) placement.city = pick(CITIES);
  if (r() < 0.3) placement.device_type = pick(TYPES);
  if (r() < 0.2) placement.network_type = pick(NETS);
  const pinned = r() < 0.1 ? `dev-${String(Math.floor(r() * n)).padStart(5, '0')}` : null;
  return {
    method: pick(METHODS),
    placement,
    pinnedDeviceId: pinned,
    spreadGroup: r() < 0.3 ? pick(['sweep-1/EU', 'sweep-2/APAC']) : undefined,
  };
}

/** The same decision made the slow way: every connected device, no index. */
function reference(devices: Map<string, ConnectedDevice>, picker: DevicePicker, needs: JobNeeds) {
  let best: Scored<ConnectedDevice> | null = null;
  // Reads the spread through the picker's own tier, by scoring each device as the picker does.
  const tierOf = (dev: ConnectedDevice) =>
    (
      picker as unknown as { spread: { tier(g: string | undefined, id: string, c: string): 0 | 1 | 2 } }
    ).spread.tier(needs.spreadGroup, dev.profile.deviceId, dev.profile.country);
  for (const dev of devices.values()) {
    if (dev.draining || dev.running.size >= dev.profile.maxConcurrent) continue;
    if (mismatch(dev.profile, needs) !== null) continue;
    const s = score(
      dev,
      dev.profile.deviceId,
      dev.running.size,
      dev.profile.maxConcurrent,
      dev.assignedTotal,
      picker.stats.of(dev.profile.deviceId, needs.method),
      picker.stats.fleetLatencyMs(needs.method),
      tierOf(dev),
    );
    if (!best || better(s, best)) best = s;
  }
  return best?.deviceId ?? null;
}

describe('device index', () => {
  // Fleets of EXACT_MAX devices: every group is walked whole, so the pick must be the exact best.
  test('indexed picks equal a full walk over random fleets, jobs and assignments', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const r = rng(seed);
      const { devices, picker, pick } = makeFleet(EXACT_MAX, r);
      for (let i = 0; i < 600; i++) {
        const needs = randomNeeds(r, pick, EXACT_MAX);
        const want = reference(devices, picker, needs);
        const got = picker.pick(needs)?.device.profile.deviceId ?? null;
        assert.equal(
          got,
          want,
          `seed ${seed}, job ${i}: ${JSON.stringify({ ...needs, spreadGroup: needs.spreadGroup })}`,
        );
        // Half the time the job is placed, changing load and the sweep spread for later picks.
        if (got && r() < 0.5) {
          const dev = devices.get(got) as ConnectedDevice;
          dev.running.set(`job-x-${i}`, 1);
          dev.assignedTotal++;
          picker.refresh(dev);
          picker.assigned(needs, dev);
        }
        // Now and then a job finishes somewhere, or a device drains or comes back.
        if (r() < 0.3) {
          const dev = devices.get(
            `dev-${String(Math.floor(r() * EXACT_MAX)).padStart(5, '0')}`,
          ) as ConnectedDevice;
          const first = dev.running.keys().next();
          if (!first.done) dev.running.delete(first.value);
          if (r() < 0.1) dev.draining = !dev.draining;
          picker.refresh(dev);
        }
      }
    }
  });

  test('without recent results, the pick is the old rule: least loaded, then fewest given', () => {
    const r = rng(42);
    const devices = new Map<string, ConnectedDevice>();
    const picker = new DevicePicker(devices);
    for (let i = 0; i < EXACT_MAX; i++) {
      const max = 1 + Math.floor(r() * 4);
      const dev: ConnectedDevice = {
        profile: {
          deviceId: `d${i}`,
          methods: new Set(['GET']),
          maxConcurrent: max,
          country: 'DE',
          region: 'EU',
          city: '',
          deviceType: 'server',
          networkType: 'ethernet',
        },
        link: { assign: () => undefined, cancel: () => undefined, endSession: () => undefined },
        running: new Map(Array.from({ length: Math.floor(r() * max) }, (_, k) => [`j${i}-${k}`, 1])),
        draining: false,
        connectedAt: '',
        info: {},
        assignedTotal: Math.floor(r() * 5),
      };
      devices.set(dev.profile.deviceId, dev);
      picker.refresh(dev);
    }
    const needs: JobNeeds = { method: 'GET', placement: { region: 'EU' }, pinnedDeviceId: null };
    // Until every slot is taken: each pick is checked against the rule.
    const slots = [...devices.values()].reduce((n, d) => n + d.profile.maxConcurrent - d.running.size, 0);
    for (let i = 0; i < slots; i++) {
      const chosen = picker.pick(needs)?.device as ConnectedDevice;
      const load = (d: ConnectedDevice) => d.running.size / d.profile.maxConcurrent;
      const free = [...devices.values()].filter((d) => d.running.size < d.profile.maxConcurrent);
      const minLoad = Math.min(...free.map(load));
      assert.equal(load(chosen), minLoad);
      const minGiven = Math.min(...free.filter((d) => load(d) === minLoad).map((d) => d.assignedTotal));
      assert.equal(chosen.assignedTotal, minGiven);
      chosen.running.set(`n${i}`, 1);
      chosen.assignedTotal++;
      picker.refresh(chosen);
    }
    assert.equal(picker.pick(needs), null, 'every slot is taken');
  });

  test('a pick at 10,000 devices stays cheap (constrained and unconstrained)', (t) => {
    const r = rng(7);
    const { picker } = makeFleet(10_000, r);
    const time = (needs: JobNeeds, n: number) => {
      const samples: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        picker.pick(needs);
        samples.push(performance.now() - t0);
      }
      samples.sort((a, b) => a - b);
      return { p50: samples[Math.floor(n / 2)] as number, p99: samples[Math.floor(n * 0.99)] as number };
    };
    const any = time({ method: 'GET', placement: {}, pinnedDeviceId: null }, 300);
    const region = time({ method: 'GET', placement: { region: 'APAC' }, pinnedDeviceId: null }, 300);
    const country = time({ method: 'GET', placement: { country: 'JP' }, pinnedDeviceId: null }, 300);
    const none = time({ method: 'GET', placement: { country: 'NZ' }, pinnedDeviceId: null }, 300);
    t.diagnostic(
      `pick over ${picker.availableCount} available of 10,000: any p50 ${any.p50.toFixed(3)} ms p99 ${any.p99.toFixed(3)} ms; region ${region.p50.toFixed(3)}/${region.p99.toFixed(3)} ms; country ${country.p50.toFixed(3)}/${country.p99.toFixed(3)} ms; no match ${none.p50.toFixed(4)} ms`,
    );
    // Generous bounds (shared CI machines); the bench reports the real figures.
    assert.ok(any.p50 < 25, `unconstrained pick p50 ${any.p50} ms`);
    // A group past EXACT_MAX is sampled, so the unconstrained pick no longer walks thousands.
    assert.ok(any.p50 < 1, 'an unconstrained pick draws a sample instead of walking the fleet');
    assert.ok(country.p50 < 25, `country pick p50 ${country.p50} ms`);
    assert.ok(none.p50 < 0.5, 'a job nothing can match costs a lookup, not a walk');
  });
});
