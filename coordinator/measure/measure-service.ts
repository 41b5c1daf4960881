// Creating a measurement and reading it back. A measurement fans out into one ordinary job per
// device (method MEASURE_<TYPE>_<PROTOCOL>, owned by the caller), submitted through the job owner;
// the picker keeps every job of one measurement on a distinct device (scheduler/matching.ts,
// `distinctDevices`). The measurement and its jobs are one group (store/group-types.ts). Results are the jobs' results: `metadata.measure` and the raw output part.
import { measureMethod, measureUrl } from '../../proto/index.js';
import { ApiError, jobNotFound, queueFull } from '../errors.js';
import type { BatchSubmission, SubmitTrace } from '../jobs/reports.js';
import { newResourceId } from '../resource-id.js';
import type { ConnectedDevice } from '../scheduler/device.js';
import { couldRun } from '../scheduler/standing.js';
import type { CoreServices } from '../services.js';
import type { MeasureLocationRecord, MeasurementJobRef, MeasurementRecord } from '../store/measure-types.js';
import type { JobRecord, Placement } from '../store/records.js';
import type { MeasureInput } from './measure-input.js';

export interface CreatedMeasurement {
  measurement: MeasurementRecord;
  jobs: JobRecord[];
}

/** No connected device can run the measurement from any location (a coordinator alone on its store). */
export const noMeasureDevice = (): ApiError =>
  new ApiError(
    'NO_DEVICE',
    'unprocessable: no connected device can run this measurement from the locations given',
  );

/** The job method of a measurement (its type and protocol). */
export function methodOf(input: Pick<MeasureInput, 'type' | 'options'>): string {
  // The input parser only lets pairs through that have a method.
  return measureMethod(input.type, input.options.protocol) ?? '';
}

/** How narrow a placement is: a device id names one device, a region many. */
const WEIGHTS: Readonly<Record<keyof Placement, number>> = {
  device_id: 64,
  city: 16,
  asn: 8,
  country: 4,
  network_type: 2,
  device_type: 2,
  region: 1,
};
const specificity = (p: Placement): number =>
  (Object.keys(p) as Array<keyof Placement>).reduce((n, k) => n + (p[k] !== undefined ? WEIGHTS[k] : 0), 0);

/**
 * How a measurement's locations become jobs: how many each location gets, in which order (most
 * specific location first), and, on a coordinator alone on its store, which devices it counted
 * for them. Made once per measurement, before anything is charged or stored (the Globalping facade
 * charges `total`: the tests it will run).
 */
export interface MeasurePlan {
  /** Location indexes, most specific first. */
  order: number[];
  /** Jobs per location (by location index). */
  counts: number[];
  total: number;
  /**
   * Per location, the distinct devices counted for it (as many as its count); null with a shared
   * store (every location gets its limit; devices are found when the jobs are placed).
   */
  devices: string[][] | null;
}

/**
 * How many jobs each location gets. On a coordinator alone on its store (it sees every device),
 * at most as many as there are distinct connected devices that could run it there, counted
 * most specific location first, so a location no device serves creates no job that would only
 * wait out its timeout. With a shared store every location gets its limit. `method`: the job
 * method the devices must run (a measurement's, or an HTTP method for Globalping's http type).
 */
export function planLocations(
  services: CoreServices,
  locations: readonly MeasureLocationRecord[],
  method: string,
): MeasurePlan {
  const order = locations
    .map((l, i) => [i, specificity(l.placement)] as const)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([i]) => i);
  const counts = locations.map((l) => l.limit);
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  if (services.store.shared) return { order, counts, total: sum(counts), devices: null };
  const devices = services.jobs.listDevices().filter((d: ConnectedDevice) => !d.draining);
  const chosen: string[][] = locations.map(() => []);
  const taken = new Set<string>();
  for (const i of order) {
    const loc = locations[i];
    const picked = chosen[i];
    if (!loc || !picked) continue;
    for (const d of devices) {
      if (picked.length === loc.limit) break;
      if (taken.has(d.profile.deviceId)) continue;
      // Nor a device whose claimed location is contradicted, for a location naming a place.
      if (!couldRun(d, { method, placement: loc.placement, pinnedDeviceId: null })) continue;
      taken.add(d.profile.deviceId);
      picked.push(d.profile.deviceId);
    }
    counts[i] = picked.length;
  }
  return { order, counts, total: sum(counts), devices: chosen };
}

/** The plan of a measurement (planLocations with its method). */
export function planMeasurement(services: CoreServices, input: MeasureInput): MeasurePlan {
  return planLocations(services, input.locations, methodOf(input));
}

/** One job reference per job the plan gives each location, in the plan's order. */
export function planRefs(plan: MeasurePlan): MeasurementJobRef[] {
  const refs: MeasurementJobRef[] = [];
  for (const i of plan.order)
    for (let k = 0; k < (plan.counts[i] ?? 0); k++) refs.push({ jobId: newResourceId(), location: i });
  return refs;
}

/**
 * Creates the measurement and its jobs, stored as one group. `plan`: made by a caller that
 * charged its total; made here when not given.
 */
export async function createMeasurement(
  services: CoreServices,
  ownerId: string,
  input: MeasureInput,
  opts: { id?: string; trace?: SubmitTrace; plan?: MeasurePlan } = {},
): Promise<CreatedMeasurement> {
  const plan = opts.plan ?? planMeasurement(services, input);
  if (plan.total === 0) throw noMeasureDevice();
  if (!services.jobs.canAccept(ownerId, plan.total)) throw queueFull();
  const id = opts.id ?? newResourceId();
  const refs = planRefs(plan);
  const measurement: MeasurementRecord = {
    id,
    ownerId,
    type: input.type,
    target: input.target,
    options: input.options,
    locations: input.locations,
    timeoutSec: input.timeoutSec,
    createdAt: new Date().toISOString(),
    jobs: refs,
  };
  // Stored with its jobs in one transaction (a group): a crash leaves all of it or none.
  const method = methodOf(input);
  const url = measureUrl(input.type, input.target);
  const items: BatchSubmission[] = refs.map((ref, index) => ({
    index,
    sessionDeviceId: null,
    input: {
      id: ref.jobId,
      ownerId,
      url,
      method,
      timeoutSec: input.timeoutSec,
      placement: input.locations[ref.location]?.placement ?? {},
      sessionId: null,
      sweepId: null,
      storageType: services.config.defaultStorageType,
      request: {
        headers: [],
        bodyBase64: '',
        cookies: [],
        ownWebhook: false, // the measurement's webhook is the measurement's
        measure: { measurementId: id, type: input.type, target: input.target, options: input.options },
      },
    },
  }));
  const jobs = await services.jobs.submitGroup({ kind: 'measurement', measurement }, items, {
    trace: opts.trace,
  });
  return { measurement, jobs };
}

/** The measurement if it exists and belongs to `ownerId`; otherwise the contract's 404. */
export async function ownedMeasurement(
  services: CoreServices,
  ownerId: string,
  id: string,
): Promise<MeasurementRecord> {
  const m = await services.store.measurements.getMeasurement(id.toLowerCase());
  if (!m || m.ownerId !== ownerId) throw jobNotFound();
  return m;
}
