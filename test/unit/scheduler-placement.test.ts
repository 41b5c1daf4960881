// Placement over a simulated fleet: which devices a job's constraints allow, the country → region
// table, placement validation, and sessions pinned to a device. No sockets.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { parsePlacement } from '../../coordinator/api/validate.js';
import { ApiError } from '../../coordinator/errors.js';
import { deviceRegion, isKnownCountry, regionOf } from '../../coordinator/scheduler/regions.js';
import type { JobRecord } from '../../coordinator/store/records.js';
import { jobInput } from '../helpers/records.js';
import { SimulatedFleet } from '../helpers/simulated-fleet.js';

describe('placement validation and regions', () => {
  test('an agent giving only its country gets its region from the table', () => {
    const cases: Array<[string, string]> = [
      ['US', 'NA'],
      ['ca', 'NA'],
      ['DE', 'EU'],
      ['GB', 'EU'],
      ['JP', 'APAC'],
      ['AU', 'APAC'],
      ['FM', 'APAC'],
      ['BR', 'LATAM'],
      ['MX', 'NA'],
      ['ZA', 'MEA'],
      ['AE', 'MEA'],
      ['TR', 'MEA'],
    ];
    for (const [country, region] of cases) assert.equal(regionOf(country), region, country);
    assert.equal(regionOf('XX'), null);
    assert.equal(isKnownCountry('UK'), false, 'UK is reserved, not assigned: GB is the code');
    assert.equal(deviceRegion('', 'FR'), 'EU');
    assert.equal(deviceRegion('apac', 'FR'), 'APAC', 'a stated, known region wins');
    assert.equal(deviceRegion('MARS', 'BR'), 'LATAM', 'an unknown stated region falls back to the table');
    assert.equal(deviceRegion('', ''), '');
  });

  test('placement: known keys pass normalised; unknown key, region or country is a 400 naming the field', () => {
    assert.deepEqual(
      parsePlacement({
        region: 'eu',
        country: 'de',
        city: 'Berlin',
        device_type: 'mobile',
        network_type: 'wifi',
      }),
      { region: 'EU', country: 'DE', city: 'Berlin', device_type: 'mobile', network_type: 'wifi' },
    );
    assert.deepEqual(parsePlacement({ device_id: 'dev-1' }), { device_id: 'dev-1' });
    const bad: Array<[unknown, RegExp]> = [
      [{ continent: 'EU' }, /^invalid request: placement\.continent is not a known placement field$/],
      [{ region: 'EUROPE' }, /^invalid request: placement\.region must be one of NA, EU, APAC, LATAM, MEA$/],
      [{ country: 'XX' }, /^invalid request: placement\.country must be an ISO 3166-1 alpha-2/],
      [{ country: 'DEU' }, /placement\.country/],
      [{ device_type: 'tablet' }, /placement\.device_type must be one of/],
      [{ network_type: '5g' }, /placement\.network_type must be one of/],
      [{ region: 7 }, /placement\.region must be a string/],
      [[], /placement must be a JSON object/],
    ];
    for (const [input, message] of bad) {
      assert.throws(
        () => parsePlacement(input),
        (err: unknown) => err instanceof ApiError && err.statusCode === 400 && message.test(err.message),
        JSON.stringify(input),
      );
    }
  });
});

describe('placement over a simulated fleet', () => {
  let fleet: SimulatedFleet;
  beforeEach(() => {
    fleet = new SimulatedFleet();
    fleet.addDevice({
      id: 'us-nyc',
      country: 'US',
      city: 'New York',
      deviceType: 'desktop',
      networkType: 'ethernet',
    });
    fleet.addDevice({
      id: 'us-sfo',
      country: 'US',
      city: 'San Francisco',
      deviceType: 'mobile',
      networkType: 'cellular',
    });
    fleet.addDevice({
      id: 'de-ber',
      country: 'DE',
      city: 'Berlin',
      deviceType: 'mobile',
      networkType: 'wifi',
    });
    fleet.addDevice({
      id: 'fr-par',
      country: 'FR',
      city: 'Paris',
      deviceType: 'desktop',
      networkType: 'wifi',
    });
    fleet.addDevice({
      id: 'jp-tyo',
      country: 'JP',
      city: 'Tokyo',
      deviceType: 'mobile',
      networkType: 'wifi',
    });
    fleet.addDevice({ id: 'tr-ist', country: 'TR', region: 'EU', city: 'Istanbul', networkType: 'cellular' });
    fleet.addDevice({ id: 'srv-only-get', country: 'DE', methods: ['GET'], deviceType: 'server' });
  });
  afterEach(() => fleet.close());

  const cases: Array<[string, Record<string, string>, string, string[]]> = [
    ['region', { region: 'APAC' }, 'GET', ['jp-tyo']],
    ['region (stated by the agent)', { region: 'EU' }, 'CRAWL_FULL_PAGE', ['de-ber', 'fr-par', 'tr-ist']],
    ['country', { country: 'US' }, 'GET', ['us-nyc', 'us-sfo']],
    ['city, any case', { city: 'paris' }, 'GET', ['fr-par']],
    ['device_type', { device_type: 'desktop' }, 'GET', ['us-nyc', 'fr-par']],
    ['network_type', { network_type: 'cellular' }, 'GET', ['us-sfo', 'tr-ist']],
    ['country + device_type', { country: 'US', device_type: 'mobile' }, 'GET', ['us-sfo']],
    ['device_id', { device_id: 'de-ber' }, 'GET', ['de-ber']],
    ['method only', {}, 'CRAWL_FULL_PAGE', ['us-nyc', 'us-sfo', 'de-ber', 'fr-par', 'jp-tyo', 'tr-ist']],
    ['server type', { device_type: 'server' }, 'GET', ['srv-only-get']],
  ];
  for (const [name, placement, method, allowed] of cases) {
    test(`a job placed by ${name} runs only on a matching device`, async () => {
      for (let i = 0; i < allowed.length * 2; i++) {
        const job = await fleet.submit({ placement, method });
        const on = fleet.reservedOn(job.id);
        assert.ok(on && allowed.includes(on), `${name}: ran on ${on}, allowed ${allowed.join(', ')}`);
        const a = await fleet.whenAssigned(job.id);
        assert.equal(a.deviceId, on);
        assert.equal((await fleet.store.getJob(job.id))?.deviceId, on);
      }
    });
  }

  test('a job submitted to avoid two devices runs on neither, placed at once or queued', async () => {
    // Three EU devices; a third opinion on a disagreement between two of them must go to the third.
    const avoid = ['de-ber', 'fr-par'];
    const input = jobInput('owner-a', { placement: { region: 'EU' }, method: 'CRAWL_FULL_PAGE' });
    const jobs: JobRecord[] = [];
    for (let i = 0; i < 4; i++) jobs.push(await fleet.jobs.submit(input, null, { excludedDeviceId: avoid }));
    for (const job of jobs) assert.equal((await fleet.whenAssigned(job.id)).deviceId, 'tr-ist');
    // tr-ist is full (4 at once): the next one waits, though the two avoided devices are free.
    const waiting = await fleet.jobs.submit(input, null, { excludedDeviceId: avoid });
    assert.equal(fleet.reservedOn(waiting.id), undefined);
    assert.equal(fleet.dispatcher.queuedCount, 1);
  });

  test('a job nothing matches waits, then fails no_device at its deadline', async () => {
    const job = await fleet.submit({ placement: { country: 'BR' }, waitMs: 60 });
    assert.equal(fleet.reservedOn(job.id), undefined);
    assert.equal(fleet.dispatcher.queuedCount, 1);
    const failed = await fleet.whenFailed(job.id);
    assert.equal(failed.failureType, 'no_device');
    assert.match(failed.errorMessage ?? '', /no device matching the job/);
    assert.equal(fleet.dispatcher.queuedCount, 0);
  });

  test('a waiting job goes to the first matching device that connects', async () => {
    const job = await fleet.submit({ placement: { region: 'LATAM' } });
    assert.equal(fleet.reservedOn(job.id), undefined);
    fleet.addDevice({ id: 'br-sao', country: 'BR' });
    assert.equal((await fleet.whenAssigned(job.id)).deviceId, 'br-sao');
  });

  test('placement_reason names the constraints matched', async () => {
    const job = await fleet.submit({ placement: { country: 'US', device_type: 'mobile' } });
    const reason = (await fleet.placementReason(job.id)) ?? '';
    assert.match(reason, /^matched method=GET, country=US, device_type=mobile; deciding factor: /);
    assert.match(reason, /only available matching device/);
  });
});

describe('sessions at fleet scale', () => {
  let fleet: SimulatedFleet;
  beforeEach(() => {
    fleet = new SimulatedFleet();
    for (let i = 0; i < 50; i++) fleet.addDevice({ id: `d${i}`, country: i % 2 ? 'DE' : 'US' });
  });
  afterEach(() => fleet.close());

  test('the first job picks and pins a device; later jobs follow it even when it is the busiest', async () => {
    const session = await fleet.newSession({ country: 'DE' });
    const first = await fleet.submit({ sessionId: session.id, placement: { country: 'DE' } });
    const pinned = (await fleet.whenAssigned(first.id)).deviceId;
    assert.equal((await fleet.store.getSession(session.id))?.deviceId, pinned);
    assert.equal(fleet.devices.get(pinned)?.profile.country, 'DE');
    for (let i = 0; i < 3; i++) {
      const job = await fleet.submit({ sessionId: session.id, placement: { country: 'DE' } });
      assert.equal((await fleet.whenAssigned(job.id)).deviceId, pinned);
      assert.match((await fleet.placementReason(job.id)) ?? '', /session device=/);
    }
    // The device is now full (4 of 4): the next session job waits for it rather than moving.
    const waiting = await fleet.submit({ sessionId: session.id });
    assert.equal(fleet.reservedOn(waiting.id), undefined);
    await fleet.complete(first.id);
    assert.equal((await fleet.whenAssigned(waiting.id)).deviceId, pinned);
  });

  test('a pinned device that disconnects: the job waits for it and runs when it is back', async () => {
    const session = await fleet.newSession();
    const first = await fleet.submit({ sessionId: session.id });
    const pinned = (await fleet.whenAssigned(first.id)).deviceId;
    await fleet.complete(first.id);
    const country = fleet.devices.get(pinned)?.profile.country;
    fleet.removeDevice(pinned);
    const job = await fleet.submit({ sessionId: session.id });
    assert.equal(fleet.reservedOn(job.id), undefined, 'no other device takes a session job');
    fleet.addDevice({ id: pinned, country });
    assert.equal((await fleet.whenAssigned(job.id)).deviceId, pinned);
  });

  test('a pinned device that stays away: the job fails session_device_unavailable at its timeout', async () => {
    const session = await fleet.newSession();
    const first = await fleet.submit({ sessionId: session.id });
    const pinned = (await fleet.whenAssigned(first.id)).deviceId;
    await fleet.complete(first.id);
    fleet.removeDevice(pinned);
    const job = await fleet.submit({ sessionId: session.id, waitMs: 80 });
    const failed = await fleet.whenFailed(job.id);
    assert.equal(failed.failureType, 'session_device_unavailable');
    assert.match(failed.errorMessage ?? '', new RegExp(`device ${pinned} was not available`));
  });

  test("the session's placement applies to the pick", async () => {
    const session = await fleet.newSession({ country: 'US' });
    // What the job API does: the session's placement is merged into the job's.
    const job = await fleet.submit({ sessionId: session.id, placement: { country: 'US' } });
    const a = await fleet.whenAssigned(job.id);
    assert.equal(fleet.devices.get(a.deviceId)?.profile.country, 'US');
  });
});
