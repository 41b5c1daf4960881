// How far a claimed country is from the coordinator, as a lower bound. Borders come from
// @rapideditor/country-coder (OpenStreetMap-derived borders, ISC): each polygon of the country (with its territories) is reduced to its latitude and
// longitude box, and the distance is to the nearest box. A box holds its polygon, so the distance
// never exceeds the true distance to the country's nearest point: an honest device is never told
// it is farther than it is. Coarse on purpose (a country's box may reach well beyond its coast);
// the margin and the one-sidedness of the check (location-verdict.ts) absorb the rest. The borders
// take about 20 MB and a second to load: location-service.ts imports this module only when the
// coordinator has a --coordinator-location.
import { aggregateFeature } from '@rapideditor/country-coder';
import type { LatLon } from './location-config.js';

const EARTH_RADIUS_KM = 6371;

interface Box {
  latMin: number;
  latMax: number;
  lonMin: number;
  lonMax: number;
}

const boxes = new Map<string, Box[] | null>();

const rad = (deg: number): number => (deg * Math.PI) / 180;

export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

function boxesOf(country: string): Box[] | null {
  const key = country.toUpperCase();
  if (boxes.has(key)) return boxes.get(key) ?? null;
  const feature = /^[A-Z]{2}$/.test(key) ? aggregateFeature(key) : null;
  const geometry = feature?.geometry;
  let out: Box[] | null = null;
  if (geometry && feature?.properties.iso1A2 === key) {
    out = [];
    for (const polygon of geometry.coordinates) {
      const ring = polygon[0] ?? [];
      if (ring.length === 0) continue;
      const box: Box = { latMin: 90, latMax: -90, lonMin: 180, lonMax: -180 };
      for (const [lon = 0, lat = 0] of ring) {
        box.latMin = Math.min(box.latMin, lat);
        box.latMax = Math.max(box.latMax, lat);
        box.lonMin = Math.min(box.lonMin, lon);
        box.lonMax = Math.max(box.lonMax, lon);
      }
      out.push(box);
    }
    if (out.length === 0) out = null;
  }
  boxes.set(key, out);
  return out;
}

/** The point of the box nearest to `p` (by latitude and by the shorter way round in longitude). */
function nearestInBox(p: LatLon, b: Box): LatLon {
  const lat = Math.min(b.latMax, Math.max(b.latMin, p.lat));
  if (p.lon >= b.lonMin && p.lon <= b.lonMax) return { lat, lon: p.lon };
  const east = (((b.lonMin - p.lon) % 360) + 360) % 360;
  const west = (((p.lon - b.lonMax) % 360) + 360) % 360;
  return { lat, lon: east <= west ? b.lonMin : b.lonMax };
}

/**
 * Kilometres from `from` to the nearest point of the country's boxes (0 inside one); null when the
 * country code is not one the borders know.
 */
export function distanceToCountryKm(from: LatLon, country: string): number | null {
  const list = boxesOf(country);
  if (!list) return null;
  let best = Number.POSITIVE_INFINITY;
  for (const b of list) best = Math.min(best, haversineKm(from, nearestInBox(from, b)));
  return Math.round(best);
}
