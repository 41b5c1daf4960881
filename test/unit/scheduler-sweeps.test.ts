// Sweep tries over a simulated fleet: the tries of a region land on distinct devices, in distinct
// countries where the region has enough, and reuse a device only rather than wait.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, test } from 'node:test';
import type { JobRecord } from '../../coordinator/store/records.js';
import { SimulatedFleet } from '../helpers/simulated-fleet.js';

let fleet: SimulatedFleet;
afterEach(() => fleet?.close());

/** What the sweep service submits: one CRAWL_FULL_PAGE job per try, placed by region and type. */
async function sweep(
  regions: string[],
  tries: number,
  deviceType = 'mobile',
): Promise<Map<string, JobRecord[]>> {
  const sweepId = randomUUID();
  const out = new Map<string, JobRecord[]>();
  for (let t = 0; t < tries; t++) {
    for (const region of regions) {
      const job = await fleet.submit({
        method: 'CRAWL_FULL_PAGE',
        sweepId,
        placement: { region, device_type: deviceType },
      });
      out.set(region, [...(out.get(region) ?? []), job]);
    }
  }
  return out;
}

const countryOf = (deviceId: string | undefined): string =>
  fleet.devices.get(deviceId ?? '')?.profile.country ?? '';

describe('sweep tries per region', () => {
  test('tries of a region go to distinct devices in distinct countries where there are enough', async () => {
    fleet = new SimulatedFleet();
    // EU: 3 countries with several devices each; APAC: 2 countries; NA: 1 country, 3 devices.
    const eu = ['DE', 'DE', 'DE', 'FR', 'FR', 'NL', 'NL', 'NL'];
    const add = (prefix: string, countries: string[]) => {
      countries.forEach((country, i) => {
        fleet.addDevice({ id: `${prefix}-${i}`, country });
      });
    };
    add('eu', eu);
    add('apac', ['JP', 'JP', 'JP', 'SG']);
    add('na', ['US', 'US', 'US']);
    const byRegion = await sweep(['EU', 'APAC', 'NA'], 3);
    const on = (region: string) => (byRegion.get(region) ?? []).map((j) => fleet.reservedOn(j.id));

    const euDevices = on('EU');
    assert.equal(new Set(euDevices).size, 3, 'three distinct EU devices');
    assert.deepEqual(new Set(euDevices.map(countryOf)), new Set(['DE', 'FR', 'NL']), 'three EU countries');

    const apac = on('APAC');
    assert.equal(new Set(apac).size, 3, 'three distinct APAC devices');
    assert.deepEqual(new Set(apac.map(countryOf)), new Set(['JP', 'SG']), 'both APAC countries used');

    const na = on('NA');
    assert.equal(new Set(na).size, 3, 'one country, still three distinct devices');
    for (const region of ['EU', 'APAC', 'NA']) {
      for (const d of on(region)) assert.ok(d?.startsWith(region.toLowerCase()), `${region} try ran on ${d}`);
    }
  });

  test('a second sweep starts afresh: its tries may use the devices the first one used', async () => {
    fleet = new SimulatedFleet();
    fleet.addDevice({ id: 'de-1', country: 'DE' });
    fleet.addDevice({ id: 'fr-1', country: 'FR' });
    const one = (await sweep(['EU'], 2)).get('EU') ?? [];
    const two = (await sweep(['EU'], 2)).get('EU') ?? [];
    assert.deepEqual(new Set(one.map((j) => fleet.reservedOn(j.id))), new Set(['de-1', 'fr-1']));
    assert.deepEqual(new Set(two.map((j) => fleet.reservedOn(j.id))), new Set(['de-1', 'fr-1']));
  });

  test('a distinct device wins over a less loaded one, and the reason says why', async () => {
    fleet = new SimulatedFleet();
    fleet.addDevice({ id: 'de-busy', country: 'DE' });
    fleet.addDevice({ id: 'fr-idle', country: 'FR' });
    // Load `fr-idle` with ordinary work so that by load alone it would lose.
    await fleet.submitMany(2, { placement: { country: 'FR' }, method: 'CRAWL_FULL_PAGE' });
    const jobs = (await sweep(['EU'], 2)).get('EU') ?? [];
    assert.deepEqual(new Set(jobs.map((j) => fleet.reservedOn(j.id))), new Set(['de-busy', 'fr-idle']));
    const second = jobs[1] as JobRecord;
    assert.equal(fleet.reservedOn(second.id), 'fr-idle');
    assert.match(
      (await fleet.placementReason(second.id)) ?? '',
      /matched method=CRAWL_FULL_PAGE, region=EU, device_type=mobile; deciding factor: first try of this sweep region on this device and in its country/,
    );
  });

  test('with fewer free devices than tries, a device is reused rather than the try waiting', async () => {
    fleet = new SimulatedFleet();
    fleet.addDevice({ id: 'jp-1', country: 'JP' });
    fleet.addDevice({ id: 'jp-2', country: 'JP' });
    const jobs = (await sweep(['APAC'], 5)).get('APAC') ?? [];
    const per = new Map<string, number>();
    for (const j of jobs) {
      const d = fleet.reservedOn(j.id);
      assert.ok(d, 'no try waits while a matching device has room');
      per.set(d, (per.get(d) ?? 0) + 1);
    }
    assert.deepEqual([...per.values()].sort(), [2, 3], 'reuse is spread too');
    assert.ok(
      jobs
        .slice(0, 2)
        .every((j, i, all) => fleet.reservedOn(j.id) !== fleet.reservedOn(all[1 - i]?.id ?? '')),
    );
  });

  test('device_type is honoured: desktop devices never run a mobile sweep', async () => {
    fleet = new SimulatedFleet();
    fleet.addDevice({ id: 'de-desk', country: 'DE', deviceType: 'desktop' });
    fleet.addDevice({ id: 'de-mob', country: 'DE', deviceType: 'mobile' });
    const jobs = (await sweep(['EU'], 2)).get('EU') ?? [];
    assert.deepEqual(
      jobs.map((j) => fleet.reservedOn(j.id)),
      ['de-mob', 'de-mob'],
    );
  });

  test('a try whose device was lost is retried elsewhere first', async () => {
    fleet = new SimulatedFleet();
    fleet.addDevice({ id: 'de-1', country: 'DE' });
    fleet.addDevice({ id: 'fr-1', country: 'FR' });
    fleet.addDevice({ id: 'nl-1', country: 'NL' });
    const [first] = (await sweep(['EU'], 1)).get('EU') ?? [];
    const lostOn = (await fleet.whenAssigned(first?.id as string)).deviceId;
    fleet.removeDevice(lostOn);
    fleet.addDevice({ id: lostOn, country: countryOf(lostOn) || 'DE' });
    const retry = (await fleet.whenAssigned(first?.id as string, 2)).deviceId;
    assert.notEqual(retry, lostOn);
  });
});
