// Placement by the device's egress network (`placement.asn`) and sweep tries spread over distinct
// networks: the picker over 100,000 devices on a few hundred networks, and the dispatcher over a
// simulated fleet. No sockets.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, test } from 'node:test';
import type { ConnectedDevice } from '../../coordinator/scheduler/device.js';
import { DevicePicker, EXACT_MAX } from '../../coordinator/scheduler/device-picker.js';
import { type JobNeeds, matchKeyOf, mismatch } from '../../coordinator/scheduler/matching.js';
import { regionOf } from '../../coordinator/scheduler/regions.js';
import { SweepSpread } from '../../coordinator/scheduler/sweep-spread.js';
import type { JobRecord } from '../../coordinator/store/records.js';
import { SimulatedFleet } from '../helpers/simulated-fleet.js';

const N = 100_000;
const COUNTRIES = ['US', 'DE', 'FR', 'JP', 'BR'];
/** 300 networks; every 50th device's network is unknown. */
const asnOf = (i: number): number | null => (i % 50 === 49 ? null : 64_500 + (i % 300));

function device(i: number, over: Partial<ConnectedDevice['profile']> = {}): ConnectedDevice {
  const country = COUNTRIES[i % COUNTRIES.length] as string;
  return {
    profile: {
      deviceId: `dev-${String(i).padStart(6, '0')}`,
      methods: new Set(['GET', 'CRAWL_FULL_PAGE']),
      maxConcurrent: 4,
      country,
      region: regionOf(country) ?? '',
      city: '',
      deviceType: 'mobile',
      networkType: 'wifi',
      asn: asnOf(i),
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

const needs = (
  method: string,
  placement: JobNeeds['placement'],
  extra: Partial<JobNeeds> = {},
): JobNeeds => ({
  method,
  placement,
  pinnedDeviceId: null,
  ...extra,
});

function place(picker: DevicePicker, n: JobNeeds, dev: ConnectedDevice, jobId: string): void {
  dev.running.set(jobId, 1);
  dev.assignedTotal++;
  picker.refresh(dev);
  picker.assigned(n, dev);
}

describe('placement.asn over 100,000 devices', () => {
  const devices = new Map<string, ConnectedDevice>();
  const picker = new DevicePicker(devices);
  for (let i = 0; i < N; i++) {
    const dev = device(i);
    devices.set(dev.profile.deviceId, dev);
    picker.refresh(dev);
  }
  // Five devices on a network nobody else is on.
  for (let k = 0; k < 5; k++) {
    const d = device(N + k, { asn: 65_001 });
    devices.set(d.profile.deviceId, d);
    picker.refresh(d);
  }

  test('only devices on the named network, alone or with other filters', () => {
    for (const n of [
      needs('GET', { asn: 64_510 }),
      needs('CRAWL_FULL_PAGE', { asn: 64_777 }),
      needs('GET', { asn: 64_510, country: 'us' }),
      needs('GET', { asn: 64_601, region: 'EU' }),
    ]) {
      for (let i = 0; i < 40; i++) {
        const c = picker.pick(n);
        assert.ok(c, JSON.stringify(n));
        assert.equal(mismatch(c.device.profile, n), null);
        assert.equal(c.device.profile.asn, n.placement.asn);
      }
    }
    // Devices on 64510 are those with i % 300 = 10, so i % 5 = 0: all in the US, none in Japan.
    assert.equal(picker.pick(needs('GET', { asn: 64_510, country: 'JP' })), null);
    assert.equal(picker.pick(needs('GET', { asn: 1 })), null, 'a network no device is on');
  });

  test('a device of unknown network never matches a placement by network', () => {
    const unknown = devices.get('dev-000049') as ConnectedDevice;
    assert.equal(unknown.profile.asn, null);
    assert.equal(mismatch(unknown.profile, needs('GET', { asn: 64_549 })), 'asn');
    assert.equal(mismatch(unknown.profile, needs('GET', {})), null);
  });

  test('a rare network (5 of 100,005) is found, used evenly, without a fleet walk', () => {
    const n = needs('GET', { asn: 65_001 });
    picker.pick(needs('GET', { asn: 64_500 })); // the asn shape's groups are built once, here
    const used = new Set<string>();
    const t0 = performance.now();
    for (let i = 0; i < 5; i++) {
      const c = picker.pick(n);
      assert.ok(c);
      used.add(c.device.profile.deviceId);
      place(picker, n, c.device, `rare-${i}`);
    }
    const perPickMs = (performance.now() - t0) / 5;
    assert.equal(used.size, 5, 'least loaded first: each of the five once');
    assert.ok(perPickMs < 5, `a pick took ${perPickMs.toFixed(3)} ms`);
  });

  test('the reason names the network constraint', () => {
    const c = picker.pick(needs('GET', { asn: 64_700 }));
    assert.match(c?.reason ?? '', /^matched method=GET, asn=64700; deciding factor: /);
  });

  test('jobs on different networks are never unplaceable for each other', () => {
    assert.notEqual(matchKeyOf(needs('GET', { asn: 64_500 })), matchKeyOf(needs('GET', { asn: 64_501 })));
    assert.notEqual(matchKeyOf(needs('GET', { asn: 64_500 })), matchKeyOf(needs('GET', {})));
  });

  test('sampled sweep tries (a group past the walk limit) land on distinct networks', () => {
    // Region NA here is one country (US) with 20,000 devices on 60 networks: every try repeats the
    // country, so the network is what spreads them.
    const group = `${randomUUID()}/NA`;
    const n = needs('CRAWL_FULL_PAGE', { region: 'NA' }, { spreadGroup: group });
    assert.ok(N / COUNTRIES.length > EXACT_MAX, 'the group is sampled, not walked');
    const networks = new Set<number | null | undefined>();
    // Thirty tries over 60 networks: at random, some network would repeat all but surely.
    for (let t = 0; t < 30; t++) {
      const c = picker.pick(n);
      assert.ok(c);
      networks.add(c.device.profile.asn);
      place(picker, n, c.device, `sweep-${t}`);
    }
    assert.equal(networks.size, 30, `thirty tries, thirty networks: ${[...networks].join(', ')}`);
  });
});

describe('sweep spread tiers', () => {
  test('new country first, then new network, then a new device, a used device last', () => {
    const s = new SweepSpread();
    const g = 'sweep/EU';
    s.use(g, 'd1', 'DE', 64_500);
    assert.equal(s.tier(g, 'd2', 'FR', 64_501), 0);
    assert.equal(s.tier(g, 'd2', 'FR', 64_500), 1);
    assert.equal(s.tier(g, 'd2', 'FR', null), 1, 'an unknown network is not a new one');
    assert.equal(s.tier(g, 'd2', 'DE', 64_501), 2);
    assert.equal(s.tier(g, 'd2', 'DE', 64_500), 3);
    assert.equal(s.tier(g, 'd2', '', undefined), 3);
    assert.equal(s.tier(g, 'd1', 'FR', 64_999), 4);
    assert.equal(s.tier(undefined, 'd1', 'DE', 64_500), 0, 'not a sweep job');
  });
});

describe('sweep tries through the dispatcher', () => {
  let fleet: SimulatedFleet;
  afterEach(() => fleet?.close());

  async function sweepRegion(region: string, tries: number): Promise<JobRecord[]> {
    const sweepId = randomUUID();
    const out: JobRecord[] = [];
    for (let t = 0; t < tries; t++) {
      out.push(
        await fleet.submit({
          method: 'CRAWL_FULL_PAGE',
          sweepId,
          placement: { region, device_type: 'mobile' },
        }),
      );
    }
    return out;
  }

  test('one country, several networks: each try on another network; the reason says so', async () => {
    fleet = new SimulatedFleet();
    // Six devices on network A, one each on B and C: by device alone, A would take most tries.
    for (let i = 0; i < 6; i++) fleet.addDevice({ id: `a-${i}`, country: 'DE', asn: 64_601 });
    fleet.addDevice({ id: 'b-0', country: 'DE', asn: 64_602 });
    fleet.addDevice({ id: 'c-0', country: 'DE', asn: 64_603 });
    const jobs = await sweepRegion('EU', 3);
    const asns = jobs.map((j) => fleet.devices.get(fleet.reservedOn(j.id) ?? '')?.profile.asn);
    assert.deepEqual(new Set(asns), new Set([64_601, 64_602, 64_603]));
    // The third try: one device left on a network the region has not used, ahead of the others.
    assert.match(
      (await fleet.placementReason(jobs[2]?.id ?? '')) ?? '',
      /deciding factor: first try of this sweep region on this device and on its network/,
    );
  });

  test('new countries still come first, on new networks where they can', async () => {
    fleet = new SimulatedFleet();
    fleet.addDevice({ id: 'de-a', country: 'DE', asn: 64_701 });
    fleet.addDevice({ id: 'de-b', country: 'DE', asn: 64_702 });
    fleet.addDevice({ id: 'fr-a', country: 'FR', asn: 64_701 });
    fleet.addDevice({ id: 'fr-c', country: 'FR', asn: 64_703 });
    const jobs = await sweepRegion('EU', 2);
    const on = jobs.map((j) => fleet.devices.get(fleet.reservedOn(j.id) ?? '')?.profile);
    assert.notEqual(on[0]?.country, on[1]?.country, 'two countries');
    assert.notEqual(on[0]?.asn, on[1]?.asn, 'two networks');
  });
});
