// Globalping compatibility: its measurement request (POST /v1/measurements) read into our
// MeasureInput (ping, traceroute, dns, mtr) or an http request (globalping-http.ts), with its
// locations read for resolving against the fleet (globalping-locations.ts); and our measurement
// answered in its result shape (GET /v1/measurements/{id}). Shapes from Globalping's published API
// (https://github.com/jsdelivr/globalping/blob/master/public/v1/components/schemas.yaml); what
// differs is listed in docs/measure.md ("Globalping compatibility") and docs/compat.md.
import type { Measurement, MeasurementEntry } from '../../contract/index.js';
import { asObject, type Json } from '../api/validate.js';
import { type ApiError, invalid } from '../errors.js';
import type { JobRecord } from '../store/records.js';
import { type HttpAsk, readHttpOptions } from './globalping-http.js';
import { type AskedLocations, readGlobalpingLocations } from './globalping-locations.js';
import { CONTINENT_REGION } from './globalping-places.js';
import { factsOfEntry, probeLocation, probeTags } from './globalping-probes.js';
import { type MeasureInput, parseMeasureFields } from './measure-input.js';

/** Globalping's measurement types; all run here (`http` as our HTTP jobs). */
export const GLOBALPING_TYPES = ['ping', 'traceroute', 'dns', 'mtr', 'http'] as const;
/** Globalping's bounds of its `timeout` (seconds). */
const TIMEOUT_SEC = { min: 5, max: 30 } as const;

/** Our region → the continent it is shown as (APAC as Asia). */
const CONTINENT_OF_REGION: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(CONTINENT_REGION)
    .reverse()
    .map(([continent, region]) => [region, continent]),
);

const REQUEST_FIELDS = new Set([
  'type',
  'target',
  'locations',
  'limit',
  'timeout',
  'measurementOptions',
  'inProgressUpdates',
]);

/** A Globalping request as read: what to run, and its locations to resolve against the fleet. */
export type GlobalpingAsk =
  | { type: 'measure'; measure: MeasureInput; locations: AskedLocations }
  | { type: 'http'; http: HttpAsk; locations: AskedLocations };

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

/** A Globalping measurement request, read (its locations resolved when it is made). */
export function parseGlobalpingRequest(raw: unknown): GlobalpingAsk {
  const body = asObject(raw);
  for (const key of Object.keys(body)) {
    if (!REQUEST_FIELDS.has(key)) throw invalid(`${key} is not a known field`);
  }
  const type = typeof body.type === 'string' ? body.type.toLowerCase() : '';
  if (!(GLOBALPING_TYPES as readonly string[]).includes(type)) {
    throw invalid(`type must be one of ${GLOBALPING_TYPES.join(', ')}`);
  }
  let timeoutSec: number | undefined;
  if (body.timeout !== undefined && body.timeout !== null) {
    const t = body.timeout;
    if (typeof t !== 'number' || !Number.isInteger(t) || t < TIMEOUT_SEC.min || t > TIMEOUT_SEC.max)
      throw invalid(`timeout must be an integer from ${TIMEOUT_SEC.min} to ${TIMEOUT_SEC.max}`);
    timeoutSec = t;
  }
  if (typeof body.target !== 'string' || body.target === '') throw invalid('target is required');
  const locations = readGlobalpingLocations(body.locations, body.limit);
  if (type === 'http') {
    return {
      type: 'http',
      http: readHttpOptions(body.target, body.measurementOptions, timeoutSec),
      locations,
    };
  }
  const fields: Json = { type, target: body.target, ...optionsOf(type, body.measurementOptions) };
  if (timeoutSec !== undefined) fields.timeout_sec = timeoutSec;
  // The locations are resolved when it is made; until then the measurement asks for one anywhere.
  return { type: 'measure', measure: parseMeasureFields(fields), locations };
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
  const facts = factsOfEntry(e.device);
  return { ...probeLocation(facts), tags: probeTags(facts), resolvers: [] };
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

/** When a measurement last changed: its newest job end, else its creation. */
export function measurementUpdatedAt(createdAt: string, jobs: Iterable<JobRecord>): string {
  let latest = createdAt;
  for (const j of jobs) if (j.completedAt && j.completedAt > latest) latest = j.completedAt;
  return latest;
}

/** Our measurement in Globalping's MeasurementResponse shape; null for a type it does not have. */
export function globalpingView(m: Measurement, updatedAt: string): Record<string, unknown> | null {
  if (!(GLOBALPING_TYPES as readonly string[]).includes(m.type)) return null;
  const locations = m.locations.map((l) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(l)) {
      if (k === 'region') {
        const continent = CONTINENT_OF_REGION[String(v)];
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
