// Where `npm start`'s local agent says it is, so placements and sweeps by region find it: the
// flags when given, else the country of the machine's time zone, else region NA. The tz
// database's zone.tab names the country of each zone (Europe/Berlin → DE); UTC, Etc/* and zones
// it does not list name none.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { regionOf } from '../coordinator/scheduler/regions.js';

/** The region when neither the flags nor the time zone say where the machine is. */
export const FALLBACK_REGION = 'NA';

export interface LocalLocation {
  country: string;
  region: string;
  /** Where the location came from, for the start-up banner. */
  source: 'flags' | 'time zone' | 'default';
}

/** Zone name → ISO country code, from the text of a zone.tab (tab-separated, `#` comments). */
export function zoneCountries(zoneTab: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of zoneTab.split('\n')) {
    if (line.startsWith('#')) continue;
    const [country, , zone] = line.split('\t');
    if (country && zone) out.set(zone.trim(), country.trim().toUpperCase());
  }
  return out;
}

/**
 * The local agent's location. `country` / `region`: the flags (either one is enough; a country
 * alone gets its region from the coordinator's table). `timeZone`: the machine's IANA zone.
 * `zoneTab`: the tz database's zone.tab text, or null when there is none.
 */
export function localLocation(
  flags: { country?: string; region?: string },
  timeZone: string,
  zoneTab: string | null,
): LocalLocation {
  if (flags.country || flags.region) {
    const country = (flags.country ?? '').toUpperCase();
    return { country, region: (flags.region ?? regionOf(country) ?? '').toUpperCase(), source: 'flags' };
  }
  const country = zoneTab ? zoneCountries(zoneTab).get(timeZone) : undefined;
  const region = country ? regionOf(country) : null;
  if (country && region) return { country, region, source: 'time zone' };
  return { country: '', region: FALLBACK_REGION, source: 'default' };
}

/** The machine's zone.tab (TZDIR, else /usr/share/zoneinfo), or null when absent. */
export function readZoneTab(env: NodeJS.ProcessEnv): string | null {
  const dir = env.TZDIR || '/usr/share/zoneinfo';
  try {
    return readFileSync(path.join(dir, 'zone.tab'), 'utf8');
  } catch {
    return null; // no tz database here (some containers, Windows): the fallback region applies
  }
}
