// Sweeps that learn the network (docs/sweeps.md, "Network measurements"): a sweep's `measure`
// list starts one measurement per type beside its page tries, from the same regions (each region
// as many distinct devices as tries), against the page's host. The sweep shows per region what the
// devices resolved and the networks (ASNs) the path crossed, and flags the regions whose DNS
// answer differs from the one most devices got: a resolver that answers with a block page's
// address is a common form of blocking.
//
// The measurements are ordinary measurements (GET /crawl/v1/measure/{id} reads them). Their ids
// follow from the sweep's id and the type, so the sweep needs no column of its own to find them.
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { MEASURE_TYPES, type MeasureTypeName } from '../../contract/index.js';
import { asObject, type Json } from '../api/validate.js';
import { ApiError, invalid } from '../errors.js';
import { type MeasureInput, parseMeasureFields } from '../measure/measure-input.js';
import { createMeasurement } from '../measure/measure-service.js';
import { loadMeasurementView } from '../measure/measure-view.js';
import type { CoreServices } from '../services.js';
import type { SweepRecord } from '../store/records.js';
import type { SweepMeasureRecord } from '../store/schedule-types.js';
import { esc } from './html.js';

/** Measurements one sweep may add (one of each type at most). */
export const MAX_SWEEP_MEASURES = MEASURE_TYPES.length;

/** A `measure` entry as checked: its type and the options of its measurement body as given. */
export type SweepMeasure = SweepMeasureRecord;

/** The fields a sweep sets itself on each measurement. */
const SET_BY_SWEEP = ['target', 'locations', 'limit', 'webhook'];

/**
 * The `measure` field: a list of type names or measurement bodies without target and locations
 * (`["dns", {"type": "traceroute", "protocol": "tcp", "port": 443}]`). Each entry is checked as a
 * measurement body would be, against the sweep's host, so a bad option is refused before anything runs.
 */
export function parseSweepMeasures(
  body: Json,
  host: string,
  regions: readonly string[],
  tries: number,
): SweepMeasure[] {
  const raw = body.measure;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > MAX_SWEEP_MEASURES) {
    throw invalid(`measure must be a list of at most ${MAX_SWEEP_MEASURES} measurement types or bodies`);
  }
  const seen = new Set<string>();
  return raw.map((item, i) => {
    const field = `measure[${i}]`;
    const options: Json = typeof item === 'string' ? { type: item } : { ...asObject(item, field) };
    for (const key of SET_BY_SWEEP) {
      if (options[key] !== undefined) throw invalid(`${field}.${key} is set by the sweep`);
    }
    const type = MEASURE_TYPES.find((t) => t === options.type);
    if (!type) throw invalid(`${field} must name a type: one of ${MEASURE_TYPES.join(', ')}`);
    if (seen.has(type)) throw invalid(`${field}: ${type} is asked twice`);
    seen.add(type);
    const checked = tryParse(field, () => measureInput({ type, options }, host, regions, tries));
    if (type === 'dns' && isIP(checked.target) !== 0) {
      throw invalid(`${field}: dns needs the sweep's URL to name a host, not an address`);
    }
    return { type, options };
  });
}

function tryParse<T>(field: string, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof ApiError) throw invalid(`${field}: ${err.message.replace(/^invalid request: /, '')}`);
    throw err;
  }
}

function measureInput(
  m: SweepMeasure,
  host: string,
  regions: readonly string[],
  tries: number,
): MeasureInput {
  return parseMeasureFields({
    ...m.options,
    target: host.replace(/^\[|\]$/g, ''),
    locations: regions.map((region) => ({ region, limit: tries })),
  });
}

/** The id of a sweep's measurement of `type`: a UUID derived from both, so the sweep can find it. */
export function sweepMeasurementId(sweepId: string, type: string): string {
  const h = createHash('sha256').update(`sweep-measure:${sweepId}:${type}`).digest('hex');
  // Shaped as a version 8 (custom) UUID with the RFC 4122 variant.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((Number.parseInt(h[16] ?? '0', 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** How many jobs the measures add to a sweep (for the queue share and the key's quotas). */
export function sweepMeasureJobs(measures: readonly SweepMeasure[], regions: number, tries: number): number {
  return measures.length * regions * tries;
}

/**
 * Starts the sweep's measurements. A type no connected device can run from any of the regions
 * (a coordinator alone on its store knows) starts nothing; the sweep shows it as not run.
 */
export async function startSweepMeasures(
  services: CoreServices,
  sweep: SweepRecord,
  measures: readonly SweepMeasure[],
): Promise<void> {
  const host = new URL(sweep.url).hostname;
  for (const m of measures) {
    const input = measureInput(m, host, sweep.regions, sweep.triesPerRegion);
    try {
      await createMeasurement(services, sweep.ownerId, input, { id: sweepMeasurementId(sweep.id, m.type) });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'NO_DEVICE') continue;
      throw err;
    }
  }
}

export interface RegionNetwork {
  /** Devices of the region that answered (their measurement succeeded). */
  devices: number;
  /** DNS: the addresses (or other record values) the region's devices got, sorted. */
  answers?: string[];
  /** DNS: the region's usual answer is not the one most devices of the sweep got. */
  differs_from_majority?: boolean;
  /** traceroute / mtr: the networks the paths crossed, in the order first seen. */
  asns?: number[];
  /** ping: the mean of the devices' average round trips, ms. */
  rtt_avg_ms?: number | null;
}

export interface SweepNetworkEntry {
  measurement_id: string;
  status: string;
  regions: Record<string, RegionNetwork>;
}

export type SweepNetwork = Partial<Record<MeasureTypeName, SweepNetworkEntry>>;

/** The sweep's measurements, summarised per region; null when the sweep asked for none. */
export async function loadSweepNetwork(
  services: CoreServices,
  sweep: SweepRecord,
): Promise<SweepNetwork | null> {
  const out: SweepNetwork = {};
  let any = false;
  for (const type of MEASURE_TYPES) {
    const id = sweepMeasurementId(sweep.id, type);
    const m = await services.store.measurements.getMeasurement(id);
    if (!m || m.ownerId !== sweep.ownerId) continue;
    any = true;
    const view = await loadMeasurementView(services, m, services.addressAsn);
    const perRegion = new Map<string, Array<NonNullable<(typeof view.results)[number]['result']>>>();
    for (const region of sweep.regions) perRegion.set(region, []);
    for (const r of view.results) {
      const region = sweep.regions[r.location];
      if (region === undefined || !r.result?.success) continue;
      perRegion.get(region)?.push(r.result);
    }
    out[type] = { measurement_id: id, status: view.status, regions: summarise(type, perRegion) };
  }
  return any ? out : null;
}

type Result = NonNullable<Awaited<ReturnType<typeof loadMeasurementView>>['results'][number]['result']>;

/** Per region: what its devices measured, in the terms of the type. */
export function summarise(
  type: MeasureTypeName,
  perRegion: ReadonlyMap<string, Result[]>,
): Record<string, RegionNetwork> {
  const out: Record<string, RegionNetwork> = {};
  if (type === 'dns') {
    const keyOf = (r: Result) => [...new Set((r.dns?.answers ?? []).map((a) => a.value))].sort().join(' ');
    // The answer most devices of the whole sweep got; a tie has no majority and flags nothing.
    const tally = new Map<string, number>();
    for (const results of perRegion.values())
      for (const r of results) tally.set(keyOf(r), (tally.get(keyOf(r)) ?? 0) + 1);
    const ranked = [...tally.entries()].sort((a, b) => b[1] - a[1]);
    const majority =
      ranked.length > 0 && (ranked.length === 1 || (ranked[0]?.[1] ?? 0) > (ranked[1]?.[1] ?? 0))
        ? ranked[0]?.[0]
        : undefined;
    for (const [region, results] of perRegion) {
      const answers = [...new Set(results.flatMap((r) => (r.dns?.answers ?? []).map((a) => a.value)))].sort();
      const own = new Map<string, number>();
      for (const r of results) own.set(keyOf(r), (own.get(keyOf(r)) ?? 0) + 1);
      const usual = [...own.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
      out[region] = {
        devices: results.length,
        answers,
        differs_from_majority: majority !== undefined && usual !== undefined && usual !== majority,
      };
    }
    return out;
  }
  for (const [region, results] of perRegion) {
    const entry: RegionNetwork = { devices: results.length };
    if (type === 'traceroute' || type === 'mtr') {
      const asns: number[] = [];
      for (const r of results) {
        for (const h of r.hops ?? []) {
          if (typeof h.asn === 'number' && !asns.includes(h.asn)) asns.push(h.asn);
        }
      }
      entry.asns = asns;
    }
    if (type === 'ping') {
      const avgs = results.map((r) => r.ping?.avg_ms).filter((v): v is number => typeof v === 'number');
      entry.rtt_avg_ms =
        avgs.length > 0 ? Math.round((avgs.reduce((a, b) => a + b, 0) / avgs.length) * 100) / 100 : null;
    }
    out[region] = entry;
  }
  return out;
}

/** The report page's section: per region what each measurement found; '' without measurements. */
export function renderNetwork(network: SweepNetwork | null, regions: readonly string[]): string {
  if (!network) return '';
  const cell = (type: MeasureTypeName, r: RegionNetwork | undefined): string => {
    if (!r || r.devices === 0) return '<td class="none">no answer</td>';
    if (type === 'dns') {
      const flag = r.differs_from_majority
        ? ' <span class="kind answer">differs from most regions</span>'
        : '';
      return `<td class="dns${r.differs_from_majority ? ' differs' : ''}">${esc((r.answers ?? []).join(', ') || 'no records')}${flag}</td>`;
    }
    if (type === 'traceroute' || type === 'mtr') {
      return `<td>${esc((r.asns ?? []).map((a) => `AS${a}`).join(' → ') || 'no known network')}</td>`;
    }
    if (type === 'ping')
      return `<td>${r.rtt_avg_ms === null || r.rtt_avg_ms === undefined ? '–' : esc(`${r.rtt_avg_ms} ms`)}</td>`;
    return `<td>${esc(`${r.devices} device${r.devices === 1 ? '' : 's'}`)}</td>`;
  };
  const types = MEASURE_TYPES.filter((t) => network[t]);
  const head = `<tr><th>Region</th>${types.map((t) => `<th>${esc(t)} <span class="status">(${esc(network[t]?.status ?? '')})</span></th>`).join('')}</tr>`;
  const rows = regions
    .map(
      (region) =>
        `<tr data-region="${esc(region)}"><th>${esc(region)}</th>${types.map((t) => cell(t, network[t]?.regions[region])).join('')}</tr>`,
    )
    .join('');
  return `<h2>Network from each region</h2><div class="card"><table id="network"><thead>${head}</thead><tbody>${rows}</tbody></table></div>`;
}
