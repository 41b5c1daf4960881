// Globalping's `magic` keywords and `locations` as the facade reads them (no sockets): what each
// common form means, in Globalping's order of precedence, and the bounds of the request.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readGlobalpingLocations } from '../../coordinator/measure/globalping-locations.js';
import {
  classifyKeyword,
  type MagicVocabulary,
  parseMagic,
} from '../../coordinator/measure/globalping-magic.js';
import { placedCountries, placeOf } from '../../coordinator/measure/globalping-places.js';
import { isKnownCountry } from '../../coordinator/scheduler/regions.js';

const words: MagicVocabulary = {
  cities: new Map([
    ['berlin', 'Berlin'],
    ['sao paulo', 'São Paulo'],
  ]),
  networks: new Set(['deutsche telekom ag', 'hetzner online gmbh']),
};
const read = (magic: string) => parseMagic(magic, 'locations[0].magic', words);

describe('Globalping magic keywords', () => {
  test('countries: codes, English names, aliases, any case and diacritics', () => {
    const cases: Array<[string, string]> = [
      ['DE', 'DE'],
      ['germany', 'DE'],
      ['United-Kingdom', 'GB'],
      ['uk', 'GB'],
      ['USA', 'US'],
      ['Türkiye', 'TR'],
      ['turkey', 'TR'],
      ["Côte d'Ivoire", 'CI'],
      ['hong kong', 'HK'],
      ['Bosnia & Herzegovina', 'BA'],
    ];
    for (const [magic, country] of cases) {
      assert.deepEqual(read(magic), [{ kind: 'country', country }], magic);
    }
  });

  test("a country code comes before a continent's (NA is Namibia), as in Globalping", () => {
    assert.deepEqual(read('NA'), [{ kind: 'country', country: 'NA' }]);
    assert.deepEqual(read('eu'), [{ kind: 'continent', continent: 'EU' }]);
    assert.deepEqual(read('north america'), [{ kind: 'continent', continent: 'NA' }]);
    assert.deepEqual(read('Oceania'), [{ kind: 'continent', continent: 'OC' }]);
  });

  test('regions, ASNs, tags, cities and networks', () => {
    assert.deepEqual(read('Western Europe'), [{ kind: 'region', region: 'Western Europe' }]);
    assert.deepEqual(read('south-east-asia'), [{ kind: 'region', region: 'South-eastern Asia' }]);
    assert.deepEqual(read('AS3320'), [{ kind: 'asn', asn: 3320 }]);
    assert.deepEqual(read('eyeball-network'), [{ kind: 'tag', tag: 'eyeball-network' }]);
    assert.deepEqual(read('datacenter'), [{ kind: 'tag', tag: 'datacenter-network' }]);
    assert.deepEqual(read('BERLIN'), [{ kind: 'city', city: 'Berlin' }]);
    assert.deepEqual(read('sao-paulo'), [{ kind: 'city', city: 'São Paulo' }]);
    assert.deepEqual(read('deutsche telekom'), [{ kind: 'network', network: 'deutsche telekom' }]);
    // Not a whole word of a network's name: matched by name anywhere instead.
    assert.deepEqual(read('telek'), [{ kind: 'text', text: 'telek' }]);
  });

  test('+ joins conditions; world alone is anywhere', () => {
    assert.deepEqual(read('Germany+Berlin+AS3320'), [
      { kind: 'country', country: 'DE' },
      { kind: 'city', city: 'Berlin' },
      { kind: 'asn', asn: 3320 },
    ]);
    assert.deepEqual(read('world'), []);
    assert.deepEqual(classifyKeyword('hetzner', words), { kind: 'network', network: 'hetzner' });
  });

  test("Globalping's bounds: four conditions, none empty, 128 characters", () => {
    assert.throws(() => read('a+b+c+d+e'), {
      message: 'invalid request: locations[0].magic must contain at most 4 combined filters',
    });
    assert.throws(() => read('DE+'), {
      message: 'invalid request: locations[0].magic has an empty condition',
    });
    assert.throws(() => read('x'.repeat(129)), {
      message: 'invalid request: locations[0].magic must be 1 to 128 characters',
    });
  });

  test('every country our placement knows has a Globalping continent and region', () => {
    const placed = new Set(placedCountries());
    for (const code of placed) assert.ok(isKnownCountry(code), code);
    assert.equal(placed.size, 250);
    assert.deepEqual(placeOf('DE', ''), { continent: 'EU', region: 'Western Europe' });
    assert.deepEqual(placeOf('TR', ''), { continent: 'AS', region: 'Western Asia' });
    assert.deepEqual(placeOf('', 'LATAM'), { continent: 'SA', region: 'South America' });
  });
});

describe('Globalping locations as read', () => {
  test('a global limit is spread over the locations; a location left with none is dropped', () => {
    const spread = readGlobalpingLocations([{ country: 'DE' }, { country: 'FR' }, { country: 'JP' }], 5);
    assert.equal(spread.kind, 'list');
    if (spread.kind === 'list')
      assert.deepEqual(
        spread.list.map((l) => l.limit),
        [2, 2, 1],
      );
    const few = readGlobalpingLocations([{ country: 'DE' }, { country: 'FR' }, { country: 'JP' }], 2);
    if (few.kind === 'list')
      assert.deepEqual(
        few.list.map((l) => l.placement.country),
        ['DE', 'FR'],
      );
    const none = readGlobalpingLocations(undefined, 3);
    if (none.kind === 'list')
      assert.deepEqual(
        none.list.map((l) => [l.placement, l.limit]),
        [[{}, 3]],
      );
  });

  test('fields our placement has become one; the others are kept for the fleet', () => {
    const asked = readGlobalpingLocations(
      [{ continent: 'sa', country: 'br', city: 'São Paulo', asn: 28573, region: 'South America', limit: 2 }],
      undefined,
    );
    assert.equal(asked.kind, 'list');
    if (asked.kind !== 'list') return;
    const [loc] = asked.list;
    assert.deepEqual(loc?.placement, { region: 'LATAM', country: 'BR', city: 'São Paulo', asn: 28573 });
    assert.equal(loc?.limit, 2);
    assert.ok(loc?.countries?.has('BR'));
  });

  test("an earlier measurement's id, as the string or as a lone magic location", () => {
    const id = '3b241101-e2bb-4255-8caf-4136c566a962';
    assert.deepEqual(readGlobalpingLocations(id.toUpperCase(), undefined), { kind: 'measurement', id });
    assert.deepEqual(readGlobalpingLocations([{ magic: id }], undefined), { kind: 'measurement', id });
  });

  test('refusals, in Globalping’s words where it has them', () => {
    const cases: Array<[unknown, unknown, string]> = [
      [[{ country: 'DE', limit: 2 }], 3, 'locations[0].limit is not allowed when a global limit is set'],
      [[{ region: 'Middle Earth' }], undefined, 'locations[0].region must be one of Northern Africa, '],
      [[{ state: 'CA' }], undefined, 'locations[0].state is not supported here (devices report no US state)'],
      [[{ continent: 'AN' }], undefined, 'locations[0].continent must be one of EU, NA, SA, AS, OC, AF'],
      [[{ planet: 'Mars' }], undefined, 'locations[0].planet is not a known location field'],
      [
        [{ limit: 60 }, { limit: 60 }],
        undefined,
        'locations ask for 120 probes; a measurement has at most 100',
      ],
      ['', undefined, 'locations must be a measurement id or an array of locations'],
    ];
    for (const [locations, limit, message] of cases) {
      assert.throws(
        () => readGlobalpingLocations(locations, limit),
        (err: Error) => err.message.startsWith(`invalid request: ${message}`),
        message,
      );
    }
  });
});
