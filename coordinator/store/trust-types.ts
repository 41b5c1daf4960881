// What the coordinator keeps about each device's honesty (coordinator/trust/), behind both stores.

/** A device's standing: its score, quarantine and the signals that moved it. */
export interface DeviceTrustRecord {
  deviceId: string;
  /** 0 … 1; a new device starts at 1. */
  score: number;
  quarantined: boolean;
  /** Why the device is quarantined (or was, last); empty when never. */
  reason: string;
  /** Canary passes in a row since the last failure (release after K while quarantined). */
  canaryStreak: number;
  canaryPasses: number;
  canaryFailures: number;
  disputes: number;
  strikes: number;
  updatedAt: string;
}

/** Two devices that answered one request differently (sampled cross-verification). */
export interface DisputeRecord {
  id: string;
  /** The user's job, and the system job that re-ran it on another device. */
  jobId: string;
  checkJobId: string;
  deviceA: string;
  deviceB: string;
  /** What differed, e.g. "status 200 vs 451; text similarity 0.41". */
  detail: string;
  createdAt: string;
}

export interface TrustStore {
  getDeviceTrust(deviceId: string): Promise<DeviceTrustRecord | null>;
  listDeviceTrust(deviceIds: readonly string[]): Promise<DeviceTrustRecord[]>;
  /** Insert or replace the device's record. */
  putDeviceTrust(record: DeviceTrustRecord): Promise<void>;
  insertDispute(dispute: DisputeRecord): Promise<void>;
  /** Newest first. */
  listDisputes(limit: number): Promise<DisputeRecord[]>;
}

export interface TrustRow {
  device_id: string;
  score: number;
  quarantined: boolean | number;
  reason: string;
  canary_streak: number;
  canary_passes: number;
  canary_failures: number;
  disputes: number;
  strikes: number;
  updated_at: string;
}

export interface DisputeRow {
  id: string;
  job_id: string;
  check_job_id: string;
  device_a: string;
  device_b: string;
  detail: string;
  created_at: string;
}

export const trustFromRow = (r: TrustRow): DeviceTrustRecord => ({
  deviceId: r.device_id,
  score: Number(r.score),
  quarantined: Boolean(r.quarantined),
  reason: r.reason,
  canaryStreak: Number(r.canary_streak),
  canaryPasses: Number(r.canary_passes),
  canaryFailures: Number(r.canary_failures),
  disputes: Number(r.disputes),
  strikes: Number(r.strikes),
  updatedAt: r.updated_at,
});

export const disputeFromRow = (r: DisputeRow): DisputeRecord => ({
  id: r.id,
  jobId: r.job_id,
  checkJobId: r.check_job_id,
  deviceA: r.device_a,
  deviceB: r.device_b,
  detail: r.detail,
  createdAt: r.created_at,
});

/** Column values of a record, in the order of TRUST_COLUMNS. */
export const TRUST_COLUMNS = [
  'device_id',
  'score',
  'quarantined',
  'reason',
  'canary_streak',
  'canary_passes',
  'canary_failures',
  'disputes',
  'strikes',
  'updated_at',
] as const;

export function trustValues(t: DeviceTrustRecord, bool: (b: boolean) => boolean | number): unknown[] {
  return [
    t.deviceId,
    t.score,
    bool(t.quarantined),
    t.reason,
    t.canaryStreak,
    t.canaryPasses,
    t.canaryFailures,
    t.disputes,
    t.strikes,
    t.updatedAt,
  ];
}
