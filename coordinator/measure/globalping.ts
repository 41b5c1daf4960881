// Globalping compatibility: its measurement request (POST /v1/measurements) read into our
// MeasureInput, and our measurement answered in its result shape (GET /v1/measurements/{id}) for
// the types both have: ping, traceroute, dns, mtr. Shapes from Globalping's published API
// (https://github.com/jsdelivr/globalping/blob/master/public/v1/components/schemas.yaml); what
// differs is listed in docs/measure.md ("Globalping compatibility").
import type { Measurement, MeasurementEntry } from '../../contract/index.js';
import { asObject, type Json } from '../api/validate.js';
import { type ApiError, invalid } from '../errors.js';
import { regionOf } from '../scheduler/regions.js';
import { type MeasureInput, parseMeasureFields } from './measure-input.js';

/** Globalping's types that devices here run (its `http` is our page jobs, POST /crawl/v1/new). */
export const GLOBALPING_TYPES = ['ping', 'traceroute', 'dns', 'mtr'] as const;

/** Globalping continent → our region (docs/measure.md: OC is part of APAC here). */
const CONTINENT_REGION: Readonly<Record<string, string>> = {
  EU: 'EU',
  NA: 'NA',
  SA: 'LATAM',
  AS: 'APAC',
  OC: 'APAC',
  AF: 'MEA',
};
/** Our region → Globalping continent and a representative M49 region name. */
const REGION_CONTINENT: Readonly<Record<string, [string, string]>> = {
  EU: ['EU', 'Western Europe'],
  NA: ['NA', 'Northern America'],
  LATAM: ['SA', 'South America'],
  APAC: ['AS', 'Eastern Asia'],
  MEA: ['AF', 'Northern Africa'],
};
const LOCATION_FIELDS = new Set(['continent', 'country', 'city', 'asn', 'limit']);
const UNSUPPORTED_LOCATION_FIELDS = new Set(['region', 'state', 'network', 'tags', 'magic']);
const REQUEST_FIELDS = new Set([
  'type',
  'target',
  'locations',
  'limit',
  'measurementOptions',
  'inProgressUpdates',
]);

/** Globalping's error body: `{error: {type, message}}`. */
export function globalpingError(err: ApiError): { status: number; body: unknown } {
  const type =
    err.statusCode === 400
      ? 'validation_error'
      : err.statusCode === 404
        ? 'not_found'
        : err.statusCode === 422
          ? 'no_probes_found'
          : err.statusCode === 401
            ? 'unauthorized'
            : err.statusCode === 429
              ? 'too_many_requests'
              : 'api_error';
  return { status: err.statusCode, body: { error: { type, message: err.message } } };
}

function locationsOf(raw: unknown): Json[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'string')
    throw invalid('locations: reusing the probes of an earlier measurement is not supported');
  if (!Array.isArray(raw)) throw invalid('locations must be an array');
  return raw.map((item, i) => {
    const loc = asObject(item, `locations[${i}]`);
    const out: Json = {};
    for (const [key, value] of Object.entries(loc)) {
      if (UNSUPPORTED_LOCATION_FIELDS.has(key)) throw invalid(`locations[${i}].${key} is not supported here`);
      if (!LOCATION_FIELDS.has(key)) throw invalid(`locations[${i}].${key} is not a known location field`);
      if (key === 'continent') {
        const region = typeof value === 'string' ? CONTINENT_REGION[value.toUpperCase()] : undefined;
        if (!region)
          throw invalid(
            `locations[${i}].continent must be one of ${Object.keys(CONTINENT_REGION).join(', ')}`,
          );
        out.region = region;
      } else out[key] = value;
    }
    return out;
  });
}

/** The options of one Globalping type as our fields (`measurementOptions` → body fields). */
function optionsOf(type: string, raw: unknown): Json {
  if (raw === undefined || raw === null) return {};
  const o = asObject(raw, 'measurementOptions');
  const out: Json = {};
  const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
  for (const [key, value] of Object.entries(o)) {
    if (key === 'packets' && type !== 'dns') out.packets = value;
    else if (key === 'protocol') out.protocol = lower(value);
    else if (key === 'port') out[type === 'dns' ? 'resolver_port' : 'port'] = value;
    else if (key === 'ipVersion') out.ip_version = value;
    else if (key === 'resolver' && type === 'dns') out.resolver = value;
    else if (key === 'query' && type === 'dns') {
      const q = asObject(value, 'measurementOptions.query');
      if (q.type !== undefined) out.record_type = q.type;
    } else if (key === 'trace' && type === 'dns') {
      if (value === true) throw invalid('measurementOptions.trace is not supported here');
    } else throw invalid(`measurementOptions.${key} is not supported for ${type}`);
  }
  // Globalping's ping and mtr default to ICMP; a port alone means nothing there, as here.
  return out;
}

/** A Globalping measurement request as our MeasureInput. */
export function parseGlobalpingRequest(raw: unknown): MeasureInput {
  const body = asObject(raw);
  for (const key of Object.keys(body)) {
    if (!REQUEST_FIELDS.has(key)) throw invalid(`${key} is not a known field`);
  }
  const type = typeof body.type === 'string' ? body.type : '';
  if (!(GLOBALPING_TYPES as readonly string[]).includes(type)) {
    throw invalid(`type must be one of ${GLOBALPING_TYPES.join(', ')}`);
  }
  const fields: Json = { type, target: body.target, ...optionsOf(type, body.measurementOptions) };
  const locations = locationsOf(body.locations);
  if (locations) {
    if (body.limit !== undefined && body.limit !== null) {
      // Globalping: the global limit applies to locations without their own.
      const limit = body.limit;
      for (const l of locations) l.limit ??= limit;
    }
    fields.locations = locations;
  } else if (body.limit !== undefined) fields.limit = body.limit;
  return parseMeasureFields(fields);
}

const DNS_RCODES: Readonly<Record<string, number>> = {
  NOERROR: 0,
  NODATA: 0,
  FORMERR: 1,
  SERVFAIL: 2,
  NXDOMAIN: 3,
  NOTIMP: 4,
  REFUSED: 5,
};

const nullIfEmpty = (s: string | undefined): string | null => (s ? s : null);

function probeOf(e: MeasurementEntry): Record<string, unknown> {
  const d = e.device;
  const region = d?.region || (d?.country ? (regionOf(d.country) ?? '') : '');
  const [continent, m49] = REGION_CONTINENT[region] ?? ['EU', 'Western Europe'];
  const kind = d?.network?.network_kind;
  return {
    continent,
    region: m49,
    country: d?.country ?? '',
    state: null,
    city: d?.city ?? '',
    asn: d?.network?.asn ?? 0,
    network: d?.network?.network_name ?? '',
    latitude: 0,
    longitude: 0,
    tags: kind ? [kind === 'datacenter' ? 'datacenter-network' : 'eyeball-network'] : [],
    resolvers: [],
  };
}

function resultOf(type: string, e: MeasurementEntry): Record<string, unknown> {
  const r = e.result;
  if (!r) return { status: e.status === 'failed' ? 'failed' : 'in-progress', rawOutput: '' };
  const rawOutput = r.raw_output || r.error_message;
  if (!r.success) return { status: 'failed', rawOutput };
  const base = { status: 'finished', rawOutput };
  if (type === 'ping') {
    const p = r.ping;
    const got = (p?.received ?? 0) > 0;
    return {
      ...base,
      resolvedAddress: nullIfEmpty(r.address),
      resolvedHostname: null,
      stats: {
        min: got ? (p?.min_ms ?? null) : null,
        avg: got ? (p?.avg_ms ?? null) : null,
        max: got ? (p?.max_ms ?? null) : null,
        total: p?.sent ?? 0,
        rcv: p?.received ?? 0,
        drop: (p?.sent ?? 0) - (p?.received ?? 0),
        loss: p?.loss_percent ?? 0,
      },
      // The agent does not report the replies' TTLs.
      timings: (p?.rtts_ms ?? []).map((rtt) => ({ rtt, ttl: 0 })),
    };
  }
  if (type === 'traceroute') {
    return {
      ...base,
      resolvedAddress: nullIfEmpty(r.address),
      resolvedHostname: null,
      hops: (r.hops ?? []).map((h) => ({
        resolvedAddress: nullIfEmpty(h.address),
        resolvedHostname: nullIfEmpty(h.host_name),
        timings: h.rtts_ms.map((rtt) => ({ rtt })),
      })),
    };
  }
  if (type === 'mtr') {
    return {
      ...base,
      resolvedAddress: nullIfEmpty(r.address),
      resolvedHostname: null,
      hops: (r.hops ?? []).map((h) => ({
        resolvedAddress: nullIfEmpty(h.address),
        resolvedHostname: nullIfEmpty(h.host_name),
        asn: typeof h.asn === 'number' ? [h.asn] : [],
        stats: {
          min: h.min_ms,
          avg: h.avg_ms,
          max: h.max_ms,
          stDev: h.stdev_ms,
          // mtr's jitter columns are not collected.
          jMin: 0,
          jAvg: 0,
          jMax: 0,
          total: h.sent,
          rcv: h.received,
          drop: h.sent - h.received,
          loss: h.loss_percent,
        },
        timings: h.rtts_ms.map((rtt) => ({ rtt })),
      })),
    };
  }
  const d = r.dns;
  return {
    ...base,
    statusCode: DNS_RCODES[d?.status ?? ''] ?? 2,
    statusCodeName: d?.status ?? '',
    resolver: d?.resolver ?? '',
    answers: (d?.answers ?? []).map((a) => ({
      name: a.name,
      type: a.type,
      ttl: a.ttl ?? 0,
      class: 'IN',
      value: a.value,
    })),
    timings: { total: d?.time_ms ?? 0 },
  };
}

/** Our measurement in Globalping's MeasurementResponse shape; null for a type it does not have. */
export function globalpingView(m: Measurement, updatedAt: string): Record<string, unknown> | null {
  if (!(GLOBALPING_TYPES as readonly string[]).includes(m.type)) return null;
  const locations = m.locations.map((l) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(l)) {
      if (k === 'region') {
        const continent = REGION_CONTINENT[String(v)]?.[0];
        if (continent) out.continent = continent;
      } else if (k === 'country' || k === 'city' || k === 'asn' || k === 'limit') out[k] = v;
    }
    return out;
  });
  return {
    id: m.id,
    type: m.type,
    target: m.target,
    status: m.status,
    createdAt: m.created_at,
    updatedAt,
    probesCount: m.total_devices,
    locations,
    results: m.results.map((e) => ({ probe: probeOf(e), result: resultOf(m.type, e) })),
  };
}
