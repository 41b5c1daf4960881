// Network measurements (coordinator/measure/): the measurement as asked and the jobs it fanned out
// into, behind both stores. A measurement's results are its jobs' results (metadata.measure).
import type { MeasureKind, MeasureOptionsRecord, Placement } from './records.js';

export type { MeasureOptionsRecord } from './records.js';

/** One location of a measurement: a placement and how many distinct devices it asks for. */
export interface MeasureLocationRecord {
  placement: Placement;
  limit: number;
}

/** One job of a measurement and the location it was made for (its index in `locations`). */
export interface MeasurementJobRef {
  jobId: string;
  location: number;
}

export interface MeasurementRecord {
  id: string;
  ownerId: string;
  type: MeasureKind;
  target: string;
  options: MeasureOptionsRecord;
  locations: MeasureLocationRecord[];
  timeoutSec: number;
  createdAt: string;
  /** In the order made: locations in order, tries in order within each. */
  jobs: MeasurementJobRef[];
}

/** A measurement is written as a group, with its jobs (Store.groups.insertGroup). */
export interface MeasurementStore {
  getMeasurement(id: string): Promise<MeasurementRecord | null>;
}

export interface MeasurementRow {
  id: string;
  owner_id: string;
  type: string;
  target: string;
  options: string;
  locations: string;
  timeout_sec: number;
  created_at: string;
  jobs: string;
}

export const MEASUREMENT_COLUMNS = [
  'id',
  'owner_id',
  'type',
  'target',
  'options',
  'locations',
  'timeout_sec',
  'created_at',
  'jobs',
] as const;

export function measurementValues(m: MeasurementRecord): unknown[] {
  return [
    m.id,
    m.ownerId,
    m.type,
    m.target,
    JSON.stringify(m.options),
    JSON.stringify(m.locations),
    m.timeoutSec,
    m.createdAt,
    JSON.stringify(m.jobs),
  ];
}

export function measurementFromRow(row: MeasurementRow): MeasurementRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    type: row.type as MeasurementRecord['type'],
    target: row.target,
    options: JSON.parse(row.options),
    locations: JSON.parse(row.locations),
    timeoutSec: Number(row.timeout_sec),
    createdAt: row.created_at,
    jobs: JSON.parse(row.jobs),
  };
}
