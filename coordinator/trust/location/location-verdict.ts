// Whether what is known of a device's link contradicts the place it claims. Pure: the evidence in,
// the verdict and its reasons out. Two independent checks, each one-sided, so that an honest device
// is only ever contradicted by a database error (docs/security.md, "Location evidence"):
// - the address: the geolocation database (or the lab map) puts the link's source address in
//   another country than the one claimed;
// - the round trip: the link answered the coordinator's heartbeat faster than light in fibre could
//   reach the claimed country and come back. A device can always answer slower (so a round trip
//   never proves a device far away), never faster.
// A city is shown as evidence but not judged: databases place cities poorly, and a claimed city has
// no coordinates to check a round trip against beyond its country's.

/** Light in fibre covers about 200 km per ms (refractive index ≈ 1.5). */
export const FIBRE_KM_PER_MS = 200;

/** The least round trip, ms, over `distanceKm` of fibre there and back. */
export function rttFloorMs(distanceKm: number): number {
  return (2 * distanceKm) / FIBRE_KM_PER_MS;
}

export type Verified = 'yes' | 'no' | 'unknown';

export interface ClaimedPlace {
  country: string;
  region: string;
  city: string;
}

/** Where the link's source address is, by the database or the lab map. */
export interface AddressPlace {
  source: 'database' | 'lab';
  country: string;
  city: string;
  /** The database file and its build date, or `lab override`. */
  via: string;
}

export interface RttEvidence {
  /** Least round trip seen on this link (lab delay included), ms. */
  minMs: number;
  samples: number;
  /** Lab delay added to each sample, ms (0 outside labs). */
  addedMs: number;
}

export interface VerdictInput {
  claimed: ClaimedPlace;
  address: AddressPlace | null;
  rtt: RttEvidence | null;
  /**
   * Lower bound of the distance from this coordinator to the claimed country, km
   * (place-distance.ts); null: no round-trip check (no --coordinator-location, or an unknown code).
   */
  claimedDistanceKm: number | null;
  marginMs: number;
}

export interface Verdict {
  verified: Verified;
  /** Why 'no', in words (empty otherwise). */
  contradictions: string[];
  /** Lower bound of the distance coordinator → claimed country, km; null when not computed. */
  claimedDistanceKm: number | null;
  /** The least round trip that distance allows, ms, before the margin. */
  floorMs: number | null;
}

export function judge(input: VerdictInput): Verdict {
  const { claimed, address, rtt, claimedDistanceKm: km, marginMs } = input;
  const country = claimed.country.toUpperCase();
  const out: Verdict = { verified: 'unknown', contradictions: [], claimedDistanceKm: null, floorMs: null };
  if (country === '') return out;
  if (address && address.country !== country) {
    out.contradictions.push(
      `the link's address is in ${address.country} (${address.via}), the device claims ${country}`,
    );
  }
  if (km !== null) {
    out.claimedDistanceKm = km;
    out.floorMs = Math.round(rttFloorMs(km) * 10) / 10;
    if (rtt && rtt.minMs + marginMs < out.floorMs) {
      out.contradictions.push(
        `round trip ${rtt.minMs} ms to the coordinator, but ${country} is at least ${km} km away ` +
          `(≥ ${out.floorMs} ms in fibre, ${marginMs} ms margin)`,
      );
    }
  }
  if (out.contradictions.length > 0) out.verified = 'no';
  else if (address) out.verified = 'yes';
  return out;
}
