// The lab override (`--lab-geo`), for tests and labs only: on loopback every device comes from
// 127.0.0.x, which no geolocation database places anywhere, so a lab names the place of each
// source address itself, and may add a fixed delay to the round trips measured from it to stand
// for distance (a device "in Tokyo" on the same machine as a "Frankfurt" coordinator still
// answers in a millisecond). The coordinator logs a warning at start when it is set: a production
// coordinator never has it (docs/security.md, "Location evidence").
//
// Form: `ADDR=CC[/City][+NNNms]`, comma-separated: `127.0.0.2=JP/Tokyo+250ms,127.0.0.3=DE/Frankfurt`.
import { formatIp, parseIp } from '../../../common/net-policy/cidr.js';

export interface LabPlace {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** '' when the entry names none. */
  city: string;
  /** Added to every round trip measured from the address, ms (simulated distance). */
  addedRttMs: number;
}

/** Canonical address text (formatIp) → place. */
export type LabPlaces = ReadonlyMap<string, LabPlace>;

const ENTRY = /^([A-Za-z]{2})(?:\/([^+]*[^+\s]))?(?:\+(\d{1,5})ms)?$/;

export function parseLabGeo(text: string): { ok: true; places: LabPlaces } | { ok: false; problem: string } {
  const places = new Map<string, LabPlace>();
  for (const item of text.split(',')) {
    const entry = item.trim();
    if (entry === '') continue;
    const eq = entry.indexOf('=');
    const ip = eq > 0 ? parseIp(entry.slice(0, eq).trim()) : null;
    const m = eq > 0 ? ENTRY.exec(entry.slice(eq + 1).trim()) : null;
    if (!ip || !m) {
      return {
        ok: false,
        problem: `expected ADDR=CC[/City][+NNNms] entries (127.0.0.2=JP/Tokyo+250ms), got ${JSON.stringify(entry)}`,
      };
    }
    places.set(formatIp(ip), {
      country: (m[1] as string).toUpperCase(),
      city: m[2]?.trim() ?? '',
      addedRttMs: Number(m[3] ?? 0),
    });
  }
  if (places.size === 0) return { ok: false, problem: 'no entries' };
  return { ok: true, places };
}
