// Where `npm start`'s local agent says it is (scripts/dev-location.ts): the flags, else the country
// of the machine's time zone from the tz database's zone.tab, else region NA. No sockets.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FALLBACK_REGION, localLocation, zoneCountries } from '../../scripts/dev-location.js';

const ZONE_TAB = [
  '# tzdb timezone descriptions',
  '#codes\tcoordinates\tTZ\tcomments',
  'DE\t+5230+01322\tEurope/Berlin\tmost of Germany',
  'FR\t+4852+00220\tEurope/Paris',
  'JP\t+353916+1394441\tAsia/Tokyo',
  'BR\t-2332-04637\tAmerica/Sao_Paulo\tBrazil (southeast: GO, DF, MG, ES, RJ, SP, PR, SC, RS)',
  '',
].join('\n');

describe('the local agent location of npm start', () => {
  test('zone.tab rows map zones to countries; comments and blank lines are skipped', () => {
    const map = zoneCountries(ZONE_TAB);
    assert.equal(map.get('Europe/Berlin'), 'DE');
    assert.equal(map.get('America/Sao_Paulo'), 'BR');
    assert.equal(map.size, 4);
  });

  test('the time zone gives the country, and the country its region', () => {
    assert.deepEqual(localLocation({}, 'Europe/Paris', ZONE_TAB), {
      country: 'FR',
      region: 'EU',
      source: 'time zone',
    });
    assert.deepEqual(localLocation({}, 'America/Sao_Paulo', ZONE_TAB), {
      country: 'BR',
      region: 'LATAM',
      source: 'time zone',
    });
  });

  test('UTC, an unlisted zone or no tz database: region NA', () => {
    const fallback = { country: '', region: FALLBACK_REGION, source: 'default' };
    assert.equal(FALLBACK_REGION, 'NA');
    assert.deepEqual(localLocation({}, 'UTC', ZONE_TAB), fallback);
    assert.deepEqual(localLocation({}, 'Etc/GMT+3', ZONE_TAB), fallback);
    assert.deepEqual(localLocation({}, 'Europe/Paris', null), fallback);
  });

  test('flags win: a country alone takes its region, a region alone stands', () => {
    assert.deepEqual(localLocation({ country: 'jp' }, 'Europe/Paris', ZONE_TAB), {
      country: 'JP',
      region: 'APAC',
      source: 'flags',
    });
    assert.deepEqual(localLocation({ region: 'mea' }, 'Europe/Paris', ZONE_TAB), {
      country: '',
      region: 'MEA',
      source: 'flags',
    });
    assert.deepEqual(localLocation({ country: 'DE', region: 'EU' }, 'UTC', null), {
      country: 'DE',
      region: 'EU',
      source: 'flags',
    });
  });
});
