// Globalping's `locations` as our measurement locations, in two steps. Read with the request
// (readGlobalpingLocations: shape, bounds, the limits), then resolved against the fleet when the
// measurement is made (resolveGlobalpingLocations):
// - fields our placement has (continent as our region, country, city, asn) stay a placement, which
//   the scheduler places as any measurement's (measure-service.ts planLocations);
// - fields it has not (a UN M49 `region`, `network`, `tags`, the `magic` keywords that name those
//   or match by name) choose that many connected devices here, each one location pinned to its
//   device (`device_id`), the place named kept beside it, so the picker checks it again;
// - an earlier measurement's id: one location per device that ran it, pinned the same way.
// Every device chosen for a place passes standing.ts couldRun (servesPlace within), the one rule for that.
import { MAX_MEASURE_DEVICES, MAX_MEASURE_LOCATIONS } from '../../contract/index.js';
import { asObject, parsePlacement } from '../api/validate.js';
import { ApiError, invalid } from '../errors.js';
import type { ConnectedDevice } from '../scheduler/device.js';
import { couldRun, outOfService } from '../scheduler/standing.js';
import type { CoreServices } from '../services.js';
import type { MeasureLocationRecord } from '../store/measure-types.js';
import type { JobRecord, Placement } from '../store/records.js';
import {
  type MagicCondition,
  type MagicVocabulary,
  magicKeywords,
  parseMagic,
  wordPrefix,
} from './globalping-magic.js';
import { CONTINENT_REGION, normalizeName, REGION_NAMES, regionCountries } from './globalping-places.js';
import { factsOfDevice, probeNames, probeTags } from './globalping-probes.js';

/** One location as asked, before the fleet is looked at. */
export interface AskedLocation {
  /** `locations[i]`, for messages. */
  field: string;
  /** From the fields our placement has. */
  placement: Placement;
  limit: number;
  /** A UN M49 region's countries. */
  countries?: ReadonlySet<string>;
  /** `network`, normalized: the device's network name, whole. */
  network?: string;
  tags?: readonly string[];
  magic?: string;
}

export type AskedLocations =
  | { kind: 'list'; list: AskedLocation[] }
  /** An earlier measurement's id: the same devices. */
  | { kind: 'measurement'; id: string };

const LOCATION_FIELDS = new Set([
  'continent',
  'region',
  'country',
  'state',
  'city',
  'asn',
  'network',
  'tags',
  'magic',
  'limit',
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const given = (v: unknown): boolean => v !== undefined && v !== null;

function readLimit(v: unknown, field: string): number | undefined {
  if (!given(v)) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_MEASURE_DEVICES) {
    throw invalid(`${field} must be an integer from 1 to ${MAX_MEASURE_DEVICES}`);
  }
  return v;
}

function readLocation(raw: unknown, field: string, globalLimit: number | undefined): AskedLocation {
  const loc = asObject(raw, field);
  const out: AskedLocation = { field, placement: {}, limit: 1 };
  const plain: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(loc)) {
    if (!LOCATION_FIELDS.has(key)) throw invalid(`${field}.${key} is not a known location field`);
    if (!given(value)) continue;
    if (key === 'continent') {
      const region = typeof value === 'string' ? CONTINENT_REGION[value.toUpperCase()] : undefined;
      if (!region)
        throw invalid(`${field}.continent must be one of ${Object.keys(CONTINENT_REGION).join(', ')}`);
      plain.region = region;
    } else if (key === 'country' || key === 'city' || key === 'asn') {
      plain[key] = value;
    } else if (key === 'region') {
      const countries = typeof value === 'string' ? regionCountries(value) : null;
      if (!countries) throw invalid(`${field}.region must be one of ${REGION_NAMES.join(', ')}`);
      out.countries = countries;
    } else if (key === 'state') {
      throw invalid(`${field}.state is not supported here (devices report no US state)`);
    } else if (key === 'network') {
      if (typeof value !== 'string' || value.trim() === '') throw invalid(`${field}.network must be a name`);
      out.network = normalizeName(value);
    } else if (key === 'tags') {
      if (!Array.isArray(value) || !value.every((t) => typeof t === 'string'))
        throw invalid(`${field}.tags must be an array of strings`);
      out.tags = value.map((t: string) => t.toLowerCase());
    } else if (key === 'magic') {
      if (typeof value !== 'string') throw invalid(`${field}.magic must be a string`);
      magicKeywords(value, `${field}.magic`);
      out.magic = value;
    } else if (key === 'limit') {
      // Globalping: a global limit and a location's own exclude each other.
      if (globalLimit !== undefined)
        throw invalid(`${field}.limit is not allowed when a global limit is set`);
      out.limit = readLimit(value, `${field}.limit`) ?? 1;
    }
  }
  out.placement = parsePlacement(plain, field);
  return out;
}

/**
 * `locations` and `limit` of a Globalping request, read. A global limit with locations is spread
 * over them as evenly as it goes (Globalping weighs its locations equally); a location left with
 * none is dropped. Without locations, the global limit (default 1) from anywhere.
 */
export function readGlobalpingLocations(raw: unknown, rawLimit: unknown): AskedLocations {
  const globalLimit = readLimit(rawLimit, 'limit');
  if (!given(raw))
    return { kind: 'list', list: [{ field: 'locations', placement: {}, limit: globalLimit ?? 1 }] };
  if (typeof raw === 'string') {
    if (raw.trim() === '') throw invalid('locations must be a measurement id or an array of locations');
    return { kind: 'measurement', id: raw.trim().toLowerCase() };
  }
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_MEASURE_LOCATIONS) {
    throw invalid(
      `locations must be a measurement id or an array of 1 to ${MAX_MEASURE_LOCATIONS} locations`,
    );
  }
  const list = raw.map((item, i) => readLocation(item, `locations[${i}]`, globalLimit));
  // Globalping: a lone magic location naming no probe is tried as a measurement id; an id of ours
  // (a UUID) names no place, so it is one at once.
  const lone = list.length === 1 ? list[0] : undefined;
  if (lone?.magic && UUID.test(lone.magic.trim()) && Object.keys(lone.placement).length === 0) {
    return { kind: 'measurement', id: lone.magic.trim().toLowerCase() };
  }
  if (globalLimit !== undefined) {
    const share = Math.floor(globalLimit / list.length);
    const extra = globalLimit % list.length;
    list.forEach((l, i) => {
      l.limit = share + (i < extra ? 1 : 0);
    });
  }
  const kept = list.filter((l) => l.limit > 0);
  const total = kept.reduce((n, l) => n + l.limit, 0);
  if (total > MAX_MEASURE_DEVICES) {
    throw invalid(`locations ask for ${total} probes; a measurement has at most ${MAX_MEASURE_DEVICES}`);
  }
  return { kind: 'list', list: kept };
}

/** What one location asks of a device beyond its placement, once its magic is read. */
interface Conditions {
  placement: Placement;
  countries?: Set<string>;
  /** The device's whole network name (the `network` field), normalized. */
  network?: string;
  /** Word prefixes of it (magic keywords), normalized. */
  networks: string[];
  tags: string[];
  texts: string[];
  /** Two of its conditions exclude each other (`DE+FR`): no device is there. */
  impossible: boolean;
}

const sameText = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function setPlace<K extends 'country' | 'city' | 'region'>(c: Conditions, key: K, value: string): void {
  const had = c.placement[key];
  if (had !== undefined && !sameText(had, value)) c.impossible = true;
  else c.placement[key] = value;
}

function conditionsOf(asked: AskedLocation, words: MagicVocabulary): Conditions {
  const c: Conditions = {
    placement: { ...asked.placement },
    countries: asked.countries ? new Set(asked.countries) : undefined,
    network: asked.network,
    networks: [],
    tags: [...(asked.tags ?? [])],
    texts: [],
    impossible: false,
  };
  const conditions: MagicCondition[] = asked.magic
    ? parseMagic(asked.magic, `${asked.field}.magic`, words)
    : [];
  for (const m of conditions) {
    if (m.kind === 'country') setPlace(c, 'country', m.country);
    else if (m.kind === 'city') setPlace(c, 'city', m.city);
    else if (m.kind === 'continent') {
      const region = CONTINENT_REGION[m.continent];
      if (region) setPlace(c, 'region', region);
      else c.impossible = true; // Antarctica: no region of ours
    } else if (m.kind === 'asn') {
      if (c.placement.asn !== undefined && c.placement.asn !== m.asn) c.impossible = true;
      else c.placement.asn = m.asn;
    } else if (m.kind === 'region') {
      const countries = regionCountries(m.region) ?? new Set<string>();
      c.countries = c.countries
        ? new Set([...c.countries].filter((x) => countries.has(x)))
        : new Set(countries);
    } else if (m.kind === 'tag') c.tags.push(m.tag);
    else if (m.kind === 'network') c.networks.push(m.network);
    else c.texts.push(m.text);
  }
  return c;
}

const byDevice = (c: Conditions): boolean =>
  c.countries !== undefined ||
  c.network !== undefined ||
  c.networks.length > 0 ||
  c.tags.length > 0 ||
  c.texts.length > 0;

/** Whether the device meets the conditions our placement cannot say. */
function meets(d: ConnectedDevice, c: Conditions): boolean {
  const facts = factsOfDevice(d);
  if (c.countries && !c.countries.has(facts.country.toUpperCase())) return false;
  const network = normalizeName(facts.networkName ?? '');
  if (c.network !== undefined && network !== c.network) return false;
  if (c.networks.some((n) => network === '' || !wordPrefix(network, n))) return false;
  const tags = probeTags(facts);
  if (c.tags.some((t) => !tags.includes(t))) return false;
  if (c.texts.length > 0) {
    const names = probeNames(facts);
    if (c.texts.some((t) => !names.some((n) => n.includes(t)))) return false;
  }
  return true;
}

/** The cities and network names of the connected devices, for the magic keywords. */
function vocabulary(devices: readonly ConnectedDevice[]): MagicVocabulary {
  const cities = new Map<string, string>();
  const networks = new Set<string>();
  for (const d of devices) {
    if (d.profile.city) cities.set(normalizeName(d.profile.city), d.profile.city);
    if (d.egress?.networkName) networks.add(normalizeName(d.egress.networkName));
  }
  return { cities, networks };
}

const load = (d: ConnectedDevice): number => d.running.size / Math.max(1, d.profile.maxConcurrent);

/** The devices that ran an earlier measurement of `ownerId` (or the facade's http one), in order. */
async function devicesOf(services: CoreServices, ownerId: string, id: string): Promise<string[]> {
  let jobIds: string[] = [];
  const m = await services.store.measurements.getMeasurement(id);
  if (m && m.ownerId === ownerId) jobIds = m.jobs.map((r) => r.jobId);
  else {
    const batch = await services.store.batches.getBatch(id);
    if (batch && batch.ownerId === ownerId) {
      jobIds = (await services.store.batches.listBatchJobs(id, -1, MAX_MEASURE_DEVICES)).map((j) => j.jobId);
    }
  }
  const jobs = new Map((await services.store.getJobs(jobIds)).map((j): [string, JobRecord] => [j.id, j]));
  const out: string[] = [];
  for (const jobId of jobIds) {
    const job = jobs.get(jobId);
    const device = job?.result?.deviceId || job?.deviceId;
    if (device && !out.includes(device)) out.push(device);
  }
  return out;
}

/** No measurement to take the devices of. */
export const noEarlierMeasurement = (id: string): ApiError =>
  new ApiError('NO_DEVICE', `unprocessable: no measurement ${id} of this key ran on a device`);

/**
 * The asked locations as measurement locations, for a job `method`. A location no device meets
 * (by device) or that excludes itself is left out; when none is left the caller answers 422.
 */
export async function resolveGlobalpingLocations(
  services: CoreServices,
  ownerId: string,
  asked: AskedLocations,
  method: string,
): Promise<MeasureLocationRecord[]> {
  if (asked.kind === 'measurement') {
    const devices = await devicesOf(services, ownerId, asked.id);
    if (devices.length === 0) throw noEarlierMeasurement(asked.id);
    // A device gone since is not placed (Globalping shows it `offline`; we leave it out).
    return devices.map((id) => ({ placement: { device_id: id }, limit: 1 }));
  }
  const fleet = services.jobs.listDevices().filter((d) => outOfService(d) === null);
  const words = vocabulary(fleet);
  const taken = new Set<string>();
  const out: MeasureLocationRecord[] = [];
  for (const loc of asked.list) {
    const c = conditionsOf(loc, words);
    if (c.impossible) continue;
    if (!byDevice(c)) {
      out.push({ placement: c.placement, limit: loc.limit });
      continue;
    }
    // A place named only by its countries (an M49 region) is the device's country: the picker then
    // checks the same standing rule again when it places the pinned job.
    const chosen = fleet
      .filter((d) => !taken.has(d.profile.deviceId))
      .filter((d) => meets(d, c))
      .map((d) => ({
        d,
        // The place's own country, when it names one, stays what the device is matched against.
        placement: c.countries ? { country: d.profile.country, ...c.placement } : c.placement,
      }))
      // The one rule for "could this device run it there" (able to, not quarantined, serving the place).
      .filter(({ d, placement }) => couldRun(d, { method, placement, pinnedDeviceId: null }))
      .sort((a, b) => load(a.d) - load(b.d) || a.d.profile.deviceId.localeCompare(b.d.profile.deviceId))
      .slice(0, loc.limit);
    for (const { d, placement } of chosen) {
      taken.add(d.profile.deviceId);
      out.push({ placement: { ...placement, device_id: d.profile.deviceId }, limit: 1 });
    }
  }
  return out;
}
