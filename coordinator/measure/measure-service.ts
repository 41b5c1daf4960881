// Creating a measurement and reading it back. A measurement fans out into one ordinary job per
// device (method MEASURE_<TYPE>_<PROTOCOL>, owned by the caller), submitted through the job owner;
// the picker keeps every job of one measurement on a distinct device (scheduler/matching.ts,
// `distinctDevices`). The measurement and its jobs are one group (store/group-types.ts). Results are the jobs' results: `metadata.measure` and the raw output part.
import { measureMethod, measureUrl } from '../../proto/index.js';
import { ApiError, jobNotFound, queueFull } from '../errors.js';
import type { BatchSubmission, SubmitTrace } from '../jobs/reports.js';
import { newResourceId } from '../resource-id.js';
import type { ConnectedDevice } from '../scheduler/device.js';
import { mismatch } from '../scheduler/matching.js';
import { servesPlace } from '../scheduler/standing.js';
import type { CoreServices } from '../services.js';
import type { MeasurementJobRef, MeasurementRecord } from '../store/measure-types.js';
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
 * How many jobs each location gets. On a coordinator alone on its store (it sees every device),
 * at most as many as there are distinct connected devices that could run it there, counted
 * most specific location first, so a location no device serves creates no job that would only
 * wait out its timeout. With a shared store every location gets its limit.
 */
function jobsPerLocation(services: CoreServices, input: MeasureInput, order: number[]): number[] {
  const counts = input.locations.map((l) => l.limit);
  if (services.store.shared) return counts;
  const method = methodOf(input);
  const devices = services.jobs.listDevices().filter((d: ConnectedDevice) => !d.quarantined && !d.draining);
  const taken = new Set<string>();
  for (const i of order) {
    const loc = input.locations[i];
    if (!loc) continue;
    let n = 0;
    for (const d of devices) {
      if (n === loc.limit) break;
      if (taken.has(d.profile.deviceId)) continue;
      if (mismatch(d.profile, { method, placement: loc.placement, pinnedDeviceId: null }) !== null) continue;
      // Nor a device whose claimed location is contradicted, for a location naming a place.
      if (!servesPlace(d, loc.placement)) continue;
      taken.add(d.profile.deviceId);
      n++;
    }
    counts[i] = n;
  }
  return counts;
}

export async function createMeasurement(
  services: CoreServices,
  ownerId: string,
  input: MeasureInput,
  opts: { id?: string; trace?: SubmitTrace } = {},
): Promise<CreatedMeasurement> {
  const order = input.locations
    .map((l, i) => [i, specificity(l.placement)] as const)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([i]) => i);
  const counts = jobsPerLocation(services, input, order);
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) throw noMeasureDevice();
  if (!services.jobs.canAccept(ownerId, total)) throw queueFull();
  const id = opts.id ?? newResourceId();
  const refs: MeasurementJobRef[] = [];
  for (const i of order)
    for (let k = 0; k < (counts[i] ?? 0); k++) refs.push({ jobId: newResourceId(), location: i });
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
