// Location evidence without sockets: the lab map's form, the one-sided verdicts, the distance
// lower bound, the bundled geolocation database, and the service counting contradictions into the
// real reputation on a real (in-memory) store until it quarantines (docs/security.md).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import pino from 'pino';
import { parseIp } from '../../common/net-policy/cidr.js';
import type { ConnectedDevice } from '../../coordinator/scheduler/device.js';
import { servesPlace } from '../../coordinator/scheduler/standing.js';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import { GeoDb } from '../../coordinator/trust/location/geo-db.js';
import { parseLabGeo } from '../../coordinator/trust/location/lab-geo.js';
import type { LocationConfig } from '../../coordinator/trust/location/location-config.js';
import { LocationService } from '../../coordinator/trust/location/location-service.js';
import { judge } from '../../coordinator/trust/location/location-verdict.js';
import { distanceToCountryKm, haversineKm } from '../../coordinator/trust/location/place-distance.js';
import { Reputation } from '../../coordinator/trust/reputation.js';

const quiet = pino({ enabled: false });
const FRANKFURT = { lat: 50.11, lon: 8.68 };
const TOKYO = { lat: 35.68, lon: 139.69 };
const NEW_YORK = { lat: 40.71, lon: -74.01 };
const claimJP = { country: 'JP', region: 'APAC', city: 'Tokyo' };
const inDE = { source: 'database' as const, country: 'DE', city: '', via: 'test db' };
const inJP = { source: 'database' as const, country: 'JP', city: '', via: 'test db' };

describe('lab map', () => {
  test('entries with a city and an added delay', () => {
    const parsed = parseLabGeo('127.0.0.2=jp/Tokyo+250ms, 127.0.0.3=DE ,::1=US/New York');
    assert.ok(parsed.ok);
    assert.deepEqual(Object.fromEntries(parsed.places), {
      '127.0.0.2': { country: 'JP', city: 'Tokyo', addedRttMs: 250 },
      '127.0.0.3': { country: 'DE', city: '', addedRttMs: 0 },
      '::1': { country: 'US', city: 'New York', addedRttMs: 0 },
    });
  });

  test('a bad entry is named', () => {
    for (const bad of ['127.0.0.2', 'nowhere=JP', '127.0.0.2=Japan', '127.0.0.2=JP+fast', '']) {
      const parsed = parseLabGeo(bad);
      assert.equal(parsed.ok, false, bad);
    }
  });
});

describe('verdict', () => {
  const jpKm = distanceToCountryKm(FRANKFURT, 'JP');
  const deKm = distanceToCountryKm(FRANKFURT, 'DE');
  const base = { claimedDistanceKm: jpKm, marginMs: 10 };

  test('an address in another country contradicts the claim', () => {
    const v = judge({ ...base, claimed: claimJP, address: inDE, rtt: null });
    assert.equal(v.verified, 'no');
    assert.match(v.contradictions[0] ?? '', /address is in DE \(test db\), the device claims JP/);
  });

  test('a round trip faster than light to the claimed country contradicts it', () => {
    const v = judge({ ...base, claimed: claimJP, address: inJP, rtt: { minMs: 3, samples: 4, addedMs: 0 } });
    assert.equal(v.verified, 'no');
    assert.equal(v.contradictions.length, 1);
    assert.match(v.contradictions[0] ?? '', /^round trip 3 ms to the coordinator, but JP is at least/);
  });

  test('agreeing address and a plausible round trip: yes', () => {
    const v = judge({
      ...base,
      claimed: claimJP,
      address: inJP,
      rtt: { minMs: 230, samples: 4, addedMs: 0 },
    });
    assert.deepEqual(v.contradictions, []);
    assert.equal(v.verified, 'yes');
  });

  test('one-sided: a slow round trip never contradicts a near claim', () => {
    const claimDE = { country: 'DE', region: 'EU', city: '' };
    const v = judge({
      ...base,
      claimedDistanceKm: deKm,
      claimed: claimDE,
      address: inDE,
      rtt: { minMs: 900, samples: 1, addedMs: 0 },
    });
    assert.equal(v.verified, 'yes');
  });

  test('nothing to judge by: unknown', () => {
    assert.equal(judge({ ...base, claimed: claimJP, address: null, rtt: null }).verified, 'unknown');
    const noPlace = judge({
      claimedDistanceKm: null,
      marginMs: 10,
      claimed: claimJP,
      address: null,
      rtt: null,
    });
    assert.equal(noPlace.verified, 'unknown');
    assert.equal(noPlace.floorMs, null);
    const noClaim = { country: '', region: '', city: '' };
    assert.equal(judge({ ...base, claimed: noClaim, address: inDE, rtt: null }).verified, 'unknown');
  });
});

describe('distance to a claimed country', () => {
  test('a lower bound: never more than the distance to a real place in the country', () => {
    assert.equal(distanceToCountryKm(FRANKFURT, 'DE'), 0);
    const jp = distanceToCountryKm(FRANKFURT, 'JP') ?? -1;
    assert.ok(jp > 7000 && jp <= haversineKm(FRANKFURT, TOKYO), String(jp));
    const us = distanceToCountryKm(FRANKFURT, 'US') ?? -1;
    assert.ok(us > 3000 && us <= haversineKm(FRANKFURT, NEW_YORK), String(us));
    assert.equal(distanceToCountryKm(FRANKFURT, 'XX'), null);
  });
});

describe('bundled geolocation database', () => {
  test('a public address has a country; loopback is not looked up', async () => {
    const db = new GeoDb('package', quiet);
    assert.equal(await db.lookup(parseIp('127.0.0.1') ?? assert.fail()), null);
    assert.equal(db.label, '', 'loopback did not open the file');
    const found = await db.lookup(parseIp('8.8.8.8') ?? assert.fail());
    assert.equal(found?.country, 'US');
    assert.match(db.label, /^country ipvAll \(\d{4}-\d\d-\d\d\)$/, 'the database type and build date');
  });
});

function device(id: string, country: string): ConnectedDevice {
  return {
    profile: {
      deviceId: id,
      methods: new Set(['GET']),
      maxConcurrent: 1,
      country,
      region: '',
      city: '',
      deviceType: 'desktop',
      networkType: 'ethernet',
    },
    link: { assign: () => undefined, cancel: () => undefined, endSession: () => undefined },
    running: new Map(),
    draining: false,
    connectedAt: new Date().toISOString(),
    info: {},
    assignedTotal: 0,
  };
}

describe('location service', () => {
  function harness(overrides: Partial<LocationConfig> = {}) {
    const store = new SqliteStore(':memory:');
    const standings: Array<[string, boolean]> = [];
    const reputation = new Reputation({
      store: store.trust,
      log: quiet,
      quarantineBelow: 0.5,
      releaseAfterCanaries: 3,
      onStanding: (id, q) => standings.push([id, q]),
    });
    let nowMs = 1_000_000;
    const lab = parseLabGeo('127.0.0.2=DE/Frankfurt,127.0.0.3=JP/Tokyo+240ms');
    if (!lab.ok) throw new Error(lab.problem);
    const config: LocationConfig = {
      geoDb: null,
      coordinatorPlace: FRANKFURT,
      rttMarginMs: 10,
      quarantineAfter: 3,
      recheckIntervalMs: 60_000,
      allowContradicted: false,
      lab: lab.places,
      ...overrides,
    };
    const service = new LocationService({ config, reputation, log: quiet, now: () => nowMs });
    return { service, reputation, store, standings, advance: (ms: number) => (nowMs += ms) };
  }

  test('a liar is kept from placement by place, counted again per recheck, and quarantined at the third', async () => {
    const h = harness();
    const liar = device('liar', 'JP');
    const honest = device('honest', 'JP');
    h.service.linked(liar, await h.service.placeOf('127.0.0.2'));
    h.service.linked(honest, await h.service.placeOf('::ffff:127.0.0.3'));
    h.service.rtt('honest', 1);
    assert.equal(h.service.view('honest', claimJP).evidence?.rtt?.min_ms, 241, 'the lab delay is added');
    assert.equal(h.service.view('honest', claimJP).verified, 'yes');
    assert.equal(h.service.view('liar', claimJP).verified, 'no');
    assert.equal(liar.locationContradicted, true);
    assert.equal(servesPlace(liar, { country: 'JP' }), false);
    assert.equal(servesPlace(liar, { region: 'APAC' }), false);
    assert.equal(servesPlace(liar, {}), true, 'work naming no place');
    assert.equal(servesPlace(honest, { country: 'JP' }), true);
    // Too soon: not counted again.
    h.advance(30_000);
    h.service.recheck();
    h.advance(30_000);
    h.service.recheck();
    h.advance(60_000);
    h.service.recheck();
    assert.equal(h.service.view('liar', claimJP).evidence?.contradictions_counted, 3);
    const t = await h.reputation.standing('liar');
    assert.equal(t.quarantined, true);
    assert.match(t.reason, /^location: the link's address is in DE .* \(contradiction 3 of 3\)$/);
    assert.deepEqual(h.standings, [['liar', true]]);
    assert.equal(await h.store.trust.getDeviceTrust('honest'), null, 'the honest device was never charged');
    h.service.unlinked(liar);
    assert.equal(h.service.view('liar', claimJP).verified, 'unknown');
    await h.store.close();
  });

  test('with --allow-contradicted-location the liar still serves places; the verdict still says no', async () => {
    const h = harness({ allowContradicted: true });
    const liar = device('liar', 'JP');
    h.service.linked(liar, await h.service.placeOf('127.0.0.2'));
    assert.equal(h.service.view('liar', claimJP).verified, 'no');
    assert.equal(servesPlace(liar, { country: 'JP' }), true);
    assert.ok((await h.reputation.standing('liar')).score < 1);
    await h.store.close();
  });
});
