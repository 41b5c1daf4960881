// Row ↔ record mapping shared by the SQL stores (column names are the same in both).
import type { StorageType } from '../storage/types.js';
import type { KeyLimits } from './limit-types.js';
import type {
  ApiKeyRecord,
  DeviceRecord,
  JobRecord,
  JobStatus,
  JobViewRecord,
  SessionRecord,
  SessionStatus,
  SweepJobRef,
  SweepRecord,
} from './records.js';

export interface JobRow {
  id: string;
  owner_id: string;
  url: string;
  method: string;
  status: string;
  submitted_at: string;
  submitted_at_ms: number | string;
  timeout_sec: number;
  placement: string;
  session_id: string | null;
  sweep_id: string | null;
  storage_type: string;
  request: string;
  attempt: number;
  device_id: string | null;
  queue_deadline_ms: number | string;
  completed_at: string | null;
  failure_type: string | null;
  error_message: string | null;
  archived_at: string | null;
  result: string | null;
  trace_parent: string | null;
  group_id: string | null;
}

export const JOB_COLUMNS = [
  'id',
  'owner_id',
  'url',
  'method',
  'status',
  'submitted_at',
  'submitted_at_ms',
  'timeout_sec',
  'placement',
  'session_id',
  'sweep_id',
  'storage_type',
  'request',
  'attempt',
  'device_id',
  'queue_deadline_ms',
  'completed_at',
  'failure_type',
  'error_message',
  'archived_at',
  'result',
  'trace_parent',
  'group_id',
] as const;

/** A job stored already claimed (insertJob with a lease): its columns and the lease's. */
export const CLAIMED_COLUMNS = [...JOB_COLUMNS, 'coordinator_id', 'lease_until_ms'] as const;

export function jobToRow(job: JobRecord): JobRow {
  return {
    id: job.id,
    owner_id: job.ownerId,
    url: job.url,
    method: job.method,
    status: job.status,
    submitted_at: job.submittedAt,
    submitted_at_ms: job.submittedAtMs,
    timeout_sec: job.timeoutSec,
    placement: JSON.stringify(job.placement),
    session_id: job.sessionId,
    sweep_id: job.sweepId,
    storage_type: job.storageType,
    request: JSON.stringify(job.request),
    attempt: job.attempt,
    device_id: job.deviceId,
    queue_deadline_ms: job.queueDeadlineMs,
    completed_at: job.completedAt,
    failure_type: job.failureType,
    error_message: job.errorMessage,
    archived_at: job.archivedAt,
    result: job.result ? JSON.stringify(job.result) : null,
    trace_parent: job.traceParent ?? null,
    group_id: job.groupId ?? null,
  };
}

export function rowToJob(row: JobRow): JobRecord {
  const job: JobRecord = {
    id: row.id,
    ownerId: row.owner_id,
    url: row.url,
    method: row.method,
    status: row.status as JobStatus,
    submittedAt: row.submitted_at,
    submittedAtMs: Number(row.submitted_at_ms),
    timeoutSec: row.timeout_sec,
    placement: JSON.parse(row.placement),
    sessionId: row.session_id,
    sweepId: row.sweep_id,
    storageType: row.storage_type as StorageType,
    request: JSON.parse(row.request),
    attempt: row.attempt,
    deviceId: row.device_id,
    queueDeadlineMs: Number(row.queue_deadline_ms),
    completedAt: row.completed_at,
    failureType: row.failure_type,
    errorMessage: row.error_message,
    archivedAt: row.archived_at,
    result: row.result ? JSON.parse(row.result) : null,
  };
  // Only traced jobs have one; an untraced record looks as it did before tracing existed.
  if (row.trace_parent) job.traceParent = row.trace_parent;
  // Only a group's members have one (store/group-types.ts).
  if (row.group_id) job.groupId = row.group_id;
  return job;
}

/**
 * The columns of a JobViewRecord, for `SELECT ${JOB_VIEW_COLUMNS} FROM jobs`, in the order of
 * JobViewTuple: the view reads take rows as arrays (no per-row object with fifteen named keys to
 * build and then copy; for 1,000 ids that was about half the read's CPU).
 */
export const JOB_VIEW_COLUMNS =
  'id, url, method, status, submitted_at, timeout_sec, placement, storage_type, session_id, sweep_id, completed_at, failure_type, error_message, archived_at, device_id';

/** One row of `SELECT ${JOB_VIEW_COLUMNS}` read as an array. */
export type JobViewTuple = [
  id: string,
  url: string,
  method: string,
  status: string,
  submittedAt: string,
  timeoutSec: number,
  placement: string,
  storageType: string,
  sessionId: string | null,
  sweepId: string | null,
  completedAt: string | null,
  failureType: string | null,
  errorMessage: string | null,
  archivedAt: string | null,
  deviceId: string | null,
];

export function tupleToJobView(row: JobViewTuple): JobViewRecord {
  return {
    id: row[0],
    url: row[1],
    method: row[2],
    status: row[3] as JobStatus,
    submittedAt: row[4],
    timeoutSec: row[5],
    placement: JSON.parse(row[6]),
    storageType: row[7] as StorageType,
    sessionId: row[8],
    sweepId: row[9],
    completedAt: row[10],
    failureType: row[11],
    errorMessage: row[12],
    archivedAt: row[13],
    deviceId: row[14],
  };
}

export interface SessionRow {
  id: string;
  owner_id: string;
  status: string;
  created_at: string;
  expires_at: string;
  expires_at_ms: number | string;
  closed_at: string | null;
  device_id: string | null;
  placement: string | null;
}

export function rowToSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    status: row.status as SessionStatus,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    expiresAtMs: Number(row.expires_at_ms),
    closedAt: row.closed_at,
    deviceId: row.device_id,
    placement: row.placement ? JSON.parse(row.placement) : null,
  };
}

export interface ApiKeyRow {
  id: string;
  owner_id: string;
  name: string;
  admin: number | boolean;
  created_at: string;
  revoked_at: string | null;
  /** JSON of KeyLimits, or null. */
  limits?: string | null;
}

export function rowToApiKey(row: ApiKeyRow): ApiKeyRecord {
  const record: ApiKeyRecord = {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    admin: Boolean(row.admin),
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
  if (row.limits) record.limits = JSON.parse(row.limits) as KeyLimits;
  return record;
}

export interface DeviceRow {
  id: string;
  name: string;
  created_at: string;
  revoked_at: string | null;
  last_seen_at: string | null;
}

export function rowToDevice(row: DeviceRow): DeviceRecord {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    lastSeenAt: row.last_seen_at,
  };
}

export interface SweepRow {
  id: string;
  owner_id: string;
  url: string;
  regions: string;
  tries_per_region: number;
  timeout_sec: number;
  device_type: string;
  created_at: string;
  report_token: string;
}

export interface SweepJobRow {
  sweep_id: string;
  job_id: string;
  region: string;
  try_index: number;
  position: number;
}

export function sweepToRow(s: SweepRecord): SweepRow {
  return {
    id: s.id,
    owner_id: s.ownerId,
    url: s.url,
    regions: JSON.stringify(s.regions),
    tries_per_region: s.triesPerRegion,
    timeout_sec: s.timeoutSec,
    device_type: s.deviceType,
    created_at: s.createdAt,
    report_token: s.reportToken,
  };
}

/** `jobs` must come ordered by position. */
export function rowToSweep(row: SweepRow, jobs: readonly SweepJobRow[]): SweepRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    url: row.url,
    regions: JSON.parse(row.regions),
    triesPerRegion: row.tries_per_region,
    timeoutSec: row.timeout_sec,
    deviceType: row.device_type,
    createdAt: row.created_at,
    reportToken: row.report_token,
    jobs: jobs.map((j): SweepJobRef => ({ jobId: j.job_id, region: j.region, tryIndex: j.try_index })),
  };
}

/** The limits column's value: null when no limit is set. */
export function limitsJson(limits: KeyLimits): string | null {
  return Object.values(limits).some((v) => v !== null && v !== undefined) ? JSON.stringify(limits) : null;
}

/**
 * Text from a device as both stores keep it: PostgreSQL TEXT cannot hold NUL, so NUL becomes U+FFFD
 * on both (a device's error text must not make the failure itself fail, nor read back differently).
 */
export function withoutNul(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD');
}
