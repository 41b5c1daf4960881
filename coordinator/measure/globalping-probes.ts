// Devices as Globalping probes: the facts a `magic` keyword or a location field is matched against,
// the probe's location as Globalping shows it (a result's `probe`, GET /v1/probes), and which
// connected devices GET /v1/probes lists. Globalping has no fields for what we do not know: a
// device's coordinates are 0, its state null, its resolvers the ones a result reported.
import type { MeasurementEntry } from '../../contract/index.js';
import type { ConnectedDevice } from '../scheduler/device.js';
import { outOfService, servesPlace } from '../scheduler/standing.js';
import type { CoreServices } from '../services.js';
import { CONTINENT_NAMES, countryName, normalizeName, placeOf } from './globalping-places.js';

/** What a device is, for Globalping: where it is and what network it is on. */
export interface ProbeFacts {
  country: string;
  /** Our network region (EU, APAC, …), for a device that gives no country. */
  networkRegion: string;
  city: string;
  asn: number | null;
  networkName: string | null;
  networkKind: string | null;
}

/** Globalping's ProbeLocation. */
export interface ProbeLocation {
  continent: string;
  region: string;
  country: string;
  state: null;
  city: string;
  asn: number;
  network: string;
  latitude: number;
  longitude: number;
}

/** Globalping's Probe (GET /v1/probes). */
export interface Probe {
  version: string;
  location: ProbeLocation;
  tags: string[];
  resolvers: string[];
}

export function factsOfDevice(d: ConnectedDevice): ProbeFacts {
  return {
    country: d.profile.country,
    networkRegion: d.profile.region,
    city: d.profile.city,
    asn: d.egress?.asn ?? d.profile.asn ?? null,
    networkName: d.egress?.networkName ?? null,
    networkKind: d.egress?.networkKind ?? null,
  };
}

/** The facts a measurement's result recorded of the device that ran it. */
export function factsOfEntry(d: MeasurementEntry['device'] | undefined): ProbeFacts {
  return {
    country: d?.country ?? '',
    networkRegion: d?.region ?? '',
    city: d?.city ?? '',
    asn: d?.network?.asn ?? null,
    networkName: d?.network?.network_name ?? null,
    networkKind: d?.network?.network_kind ?? null,
  };
}

export function probeLocation(f: ProbeFacts): ProbeLocation {
  const { continent, region } = placeOf(f.country, f.networkRegion);
  return {
    continent,
    region,
    country: f.country,
    state: null,
    city: f.city,
    asn: f.asn ?? 0,
    network: f.networkName ?? '',
    latitude: 0,
    longitude: 0,
  };
}

/** Globalping's system tags we can tell: the network kind (coordinator/network/network-kinds.ts). */
export function probeTags(f: ProbeFacts): string[] {
  if (!f.networkKind) return [];
  return [f.networkKind === 'datacenter' ? 'datacenter-network' : 'eyeball-network'];
}

/** Every name of a device a fuzzy magic keyword may be part of (normalized). */
export function probeNames(f: ProbeFacts): string[] {
  const loc = probeLocation(f);
  const names = [
    f.country,
    countryName(f.country),
    f.city,
    f.networkName ?? '',
    loc.region,
    CONTINENT_NAMES[loc.continent] ?? '',
    f.asn === null ? '' : `as${f.asn}`,
    ...probeTags(f),
  ];
  return names.filter((n) => n !== '').map(normalizeName);
}

/** Whether the device runs anything the facade offers (a measurement or an HTTP request). */
const measures = (d: ConnectedDevice): boolean =>
  [...d.profile.methods].some((m) => m.startsWith('MEASURE_') || m === 'GET');

/**
 * The probes online here: connected devices that take work (not quarantined, not draining), run
 * something the facade offers, and serve measurements placed at their own location (standing.ts
 * servesPlace: a device whose location claim is contradicted is not a probe of that place). In
 * a stable order (country, city, network, id), so an unchanged fleet answers the same ETag.
 */
export function onlineProbes(services: CoreServices): Probe[] {
  const devices = services.jobs
    .listDevices()
    .filter(
      (d) =>
        outOfService(d) === null &&
        measures(d) &&
        servesPlace(d, { country: d.profile.country, city: d.profile.city, region: d.profile.region }),
    )
    .map((d) => ({ d, facts: factsOfDevice(d) }))
    .sort(
      (a, b) =>
        a.facts.country.localeCompare(b.facts.country) ||
        a.facts.city.localeCompare(b.facts.city) ||
        (a.facts.asn ?? 0) - (b.facts.asn ?? 0) ||
        a.d.profile.deviceId.localeCompare(b.d.profile.deviceId),
    );
  return devices.map(({ d, facts }) => ({
    version: typeof d.info.agent_version === 'string' ? d.info.agent_version : '',
    location: probeLocation(facts),
    tags: probeTags(facts),
    resolvers: [],
  }));
}
