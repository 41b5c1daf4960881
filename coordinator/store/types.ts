// Persistence behind an async interface: SQLite now, PostgreSQL beside it, callers unchanged.
import type { StorageType } from '../storage/types.js';
import type { TrySummary } from '../sweeps/try-summary.js';
import type { IdempotencyStore } from './idempotency-types.js';
import type { PushStore } from './push-types.js';
import type { ScheduleStore } from './schedule-types.js';
import type { TrustStore } from './trust-types.js';

export type JobStatus = 'pending' | 'running' | 'completed' | 'failed';
export type SessionStatus = 'active' | 'closed' | 'expired';

export interface Placement {
  region?: string;
  country?: string;
  city?: string;
  device_type?: string;
  network_type?: string;
  device_id?: string;
  /** The device's egress autonomous system (coordinator/network/). */
  asn?: number;
}

export interface StoredHeader {
  name: string;
  value: string;
}

export interface StoredCookie {
  name: string;
  value: string;
  domain?: string;
  path?: string;
  secure?: boolean;
  httponly?: boolean;
  samesite?: string;
  expires?: string;
}

/** What the client asked for, kept as submitted (body stays base64). */
export interface JobRequestRecord {
  headers: StoredHeader[];
  bodyBase64: string;
  cookies: StoredCookie[];
}

export interface CookieRecordJson {
  domain: string;
  expires: string;
  httponly: boolean;
  max_age: number;
  name: string;
  path: string;
  samesite: string;
  secure: boolean;
  value: string;
}

/** The device's report, minus content (content lives in ContentStorage). */
export interface ResultRecord {
  id: string;
  createdAt: string;
  attempt: number;
  deviceId: string;
  success: boolean;
  statusCode: number;
  sizeBytes: number;
  timeUs: number;
  startedAtMs: number;
  tlsVersion: string;
  tlsCipher: string;
  errorType: string;
  errorMessage: string;
  finalUrl: string;
  contentType: string;
  /**
   * The Content-Encoding the device removed before sending the body (gzip, deflate, br); empty or
   * absent when the stored body is as the target sent it (then its Content-Encoding header holds).
   */
  contentEncoding?: string;
  requestHeaders: StoredHeader[];
  responseHeaders: StoredHeader[];
  requestCookies: CookieRecordJson[];
  responseCookies: CookieRecordJson[];
  /** Content parts stored, with their byte sizes. */
  parts: Record<string, number>;
  performance: Record<string, number | string | boolean> | null;
  requestResults: Record<string, { sizeBytes: number; statusCode: number; success: boolean }>;
  metadata: Record<string, unknown>;
  /**
   * What a sweep try answered (title, text fingerprint, block verdict), made once when the result
   * is stored; absent on other jobs and on results stored before summaries existed.
   */
  summary?: TrySummary;
}

export interface JobRecord {
  id: string;
  ownerId: string;
  url: string;
  method: string;
  status: JobStatus;
  /** ISO 8601 with nanosecond digits, as the contract shows. */
  submittedAt: string;
  submittedAtMs: number;
  timeoutSec: number;
  placement: Placement;
  sessionId: string | null;
  sweepId: string | null;
  storageType: StorageType;
  request: JobRequestRecord;
  attempt: number;
  deviceId: string | null;
  /** Epoch ms when the current wait for a device ends. */
  queueDeadlineMs: number;
  completedAt: string | null;
  failureType: string | null;
  errorMessage: string | null;
  archivedAt: string | null;
  result: ResultRecord | null;
  /**
   * W3C traceparent of the job's submit span when the submitting coordinator traces
   * (coordinator/tracing/), so whichever coordinator dispatches or ingests it continues that trace.
   */
  traceParent?: string | null;
}

/** The columns the contract's Job object shows (results/views.ts): no request, no result. */
export type JobViewRecord = Pick<
  JobRecord,
  | 'id'
  | 'url'
  | 'method'
  | 'status'
  | 'submittedAt'
  | 'timeoutSec'
  | 'placement'
  | 'storageType'
  | 'sessionId'
  | 'sweepId'
  | 'completedAt'
  | 'failureType'
  | 'errorMessage'
  | 'archivedAt'
  | 'deviceId'
>;

export interface SessionRecord {
  id: string;
  ownerId: string;
  status: SessionStatus;
  createdAt: string;
  expiresAt: string;
  expiresAtMs: number;
  closedAt: string | null;
  deviceId: string | null;
  placement: Placement | null;
}

/** One try of a sweep: which region it measures and its place among the region's tries. */
export interface SweepJobRef {
  jobId: string;
  region: string;
  /** 0-based within the region. */
  tryIndex: number;
}

export interface SweepRecord {
  id: string;
  ownerId: string;
  url: string;
  /** In the order the client gave them. */
  regions: string[];
  triesPerRegion: number;
  timeoutSec: number;
  deviceType: string;
  createdAt: string;
  /**
   * Random (256 bits) token in the shareable report URL. Kept as is, not hashed, so that the sweep
   * can hand its report_url out again; callers compare it in constant time.
   */
  reportToken: string;
  /** Ordered as created: regions in the sweep's order, tries in order within each. */
  jobs: SweepJobRef[];
}

export interface ApiKeyRecord {
  id: string;
  ownerId: string;
  name: string;
  admin: boolean;
  createdAt: string;
  revokedAt: string | null;
  /** Rate limits and quotas of this key (coordinator/limits/); absent or empty: unlimited. */
  limits?: KeyLimits;
}

/** Per-key limits; a missing or null field is unlimited. */
export interface KeyLimits {
  requestsPerMinute?: number | null;
  jobsPerDay?: number | null;
  /** Unfinished (pending or running) jobs of the key's owner at once. */
  concurrentJobs?: number | null;
  sweepsPerDay?: number | null;
  /**
   * False: the key's jobs are never re-run for cross-verification (docs/security.md). Absent or
   * true: they may be sampled.
   */
  verification?: boolean | null;
}

/** One fixed-window counter a request adds to, and the most it may reach. */
export interface CounterCharge {
  /** `requests`, `jobs`, `sweeps`. */
  name: string;
  /** Epoch ms the window starts (minute or UTC day). */
  windowStartMs: number;
  amount: number;
  limit: number;
}

/** What consumeLimits decided: every charge applied, or none and the first that did not fit. */
export type ConsumeOutcome =
  | { ok: true; counts: number[]; unfinished: number | null }
  | { ok: false; failed: string; count: number };

export interface UsageCounts {
  /** Counter values in the order asked (0 for a window with no row yet). */
  counts: number[];
  unfinished: number;
}

export interface DeviceRecord {
  id: string;
  name: string;
  createdAt: string;
  revokedAt: string | null;
  lastSeenAt: string | null;
}

export type CompleteOutcome = 'stored' | 'duplicate' | 'stale';

/**
 * Owner of the jobs the coordinator makes on its own (canaries, cross-verification re-runs): no API
 * key has it, so no API user sees them.
 */
export const SYSTEM_OWNER_ID = 'system:trust';

/** Wake-ups between coordinators sharing one database (PostgreSQL LISTEN/NOTIFY). */
export type StoreEvent =
  | { type: 'job_pending'; jobId: string }
  | { type: 'job_terminal'; jobId: string }
  | { type: 'session_ended'; sessionId: string }
  /** Local only: the subscription had a gap (its connection was re-made) and events may be lost. */
  | { type: 'resync' };

/** What changed since a position of the job change feed (PostgreSQL: docs/postgres.md). */
export interface JobChanges {
  /** Opaque; pass it back as `since` to read only what changed after this read. */
  cursor: string;
  /** Jobs inserted, requeued or reclaimed since, pending at the time of the read. */
  pendingIds: string[];
  /** Jobs that became completed or failed since. */
  finishedIds: string[];
}

export interface Lease {
  coordinatorId: string;
  untilMs: number;
}

export interface Store {
  /**
   * True when several coordinators may use this store at once (PostgreSQL). A store only one
   * process opens (SQLite) lets a restarting coordinator take back every running job at once.
   */
  readonly shared: boolean;
  /** Webhook outbox, delivery log and the event log server-sent events replay. */
  readonly push: PushStore;

  /** Device standing and disputes (coordinator/trust/). */
  readonly trust: TrustStore;
  /** Idempotency keys of job and sweep submissions. */
  readonly idempotency: IdempotencyStore;
  /** Per-key limits and their counters (coordinator/limits/). */
  readonly limits: LimitStore;
  /** Recurring sweeps and their runs (coordinator/schedules/). */
  readonly schedules: ScheduleStore;

  // keys and devices
  insertApiKey(key: ApiKeyRecord, hash: string): Promise<void>;
  findApiKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  listApiKeys(): Promise<ApiKeyRecord[]>;
  revokeApiKey(id: string, at: string): Promise<boolean>;
  insertDevice(device: DeviceRecord, tokenHash: string): Promise<void>;
  findDeviceByTokenHash(hash: string): Promise<DeviceRecord | null>;
  listDevices(): Promise<DeviceRecord[]>;
  revokeDevice(id: string, at: string): Promise<boolean>;
  touchDevice(id: string, at: string): Promise<void>;

  // jobs
  /**
   * Stores a new job. With `lease`, the job is stored already claimed (status running, its
   * attempt and device as given) under that lease: a job this coordinator places the moment it is
   * submitted is never pending in the store, so no other coordinator can claim it.
   */
  insertJob(job: JobRecord, lease?: Lease): Promise<void>;
  getJob(id: string): Promise<JobRecord | null>;
  getJobs(ids: readonly string[]): Promise<JobRecord[]>;
  /**
   * The Job objects of those of `ids` that `ownerId` owns, in one statement, reading only the
   * columns the view shows (batch status). Order is not defined; missing ids are left out.
   */
  getJobViews(ownerId: string, ids: readonly string[]): Promise<JobViewRecord[]>;
  listSessionJobs(sessionId: string): Promise<JobRecord[]>;
  listUnfinishedJobs(): Promise<JobRecord[]>;
  /**
   * Shared stores only: jobs whose status or attempt changed since `since` (a `cursor` from an
   * earlier call; null: nothing, only the current position). Reads the changes, not every
   * unfinished job; may repeat a change already read (never skips one).
   */
  readJobChanges?(since: string | null): Promise<JobChanges>;
  /**
   * pending → running for `attempt` (= stored attempt + 1), leased to a coordinator until
   * `lease.untilMs`. Atomic: false when another coordinator (or an earlier call) got it.
   */
  claimJob(id: string, deviceId: string, attempt: number, lease: Lease): Promise<boolean>;
  /** Extends the lease of every running job this coordinator holds. */
  renewLeases(coordinatorId: string, untilMs: number): Promise<void>;
  /** running jobs whose lease ran out (their coordinator died) → pending; returns them. */
  requeueExpiredLeases(nowMs: number, queueDeadlineMs: number): Promise<JobRecord[]>;
  /** running(attempt) → pending with a new queue deadline. False when the attempt moved on. */
  requeueJob(id: string, attempt: number, queueDeadlineMs: number): Promise<boolean>;
  /** First report wins: pending/running → completed. Later reports are duplicates. */
  completeJob(id: string, result: ResultRecord, completedAt: string): Promise<CompleteOutcome>;
  /**
   * pending/running → failed (only from `onlyIf` when given). False when the job was already
   * terminal, or not in `onlyIf`.
   */
  failJob(
    id: string,
    failureType: string,
    message: string,
    at: string,
    onlyIf?: 'pending' | 'running',
  ): Promise<boolean>;
  markArchived(id: string, at: string): Promise<void>;
  listArchivable(storageType: StorageType, completedBefore: string, limit: number): Promise<JobRecord[]>;

  // sessions
  insertSession(session: SessionRecord): Promise<void>;
  getSession(id: string): Promise<SessionRecord | null>;
  listSessionJobIds(sessionId: string): Promise<string[]>;
  /** Sets the session's device only if it has none; returns the device the session ends up with. */
  pinSessionDevice(id: string, deviceId: string): Promise<string | null>;
  closeSession(id: string, at: string): Promise<SessionRecord | null>;
  /** active sessions past expires_at → expired; returns their ids. */
  expireSessions(nowMs: number): Promise<string[]>;

  // sweeps
  /** The sweep, its jobs and the job → region/try refs, in one transaction: all or nothing. */
  insertSweep(sweep: SweepRecord, jobs: readonly JobRecord[]): Promise<void>;
  getSweep(id: string): Promise<SweepRecord | null>;
  /** The newest sweeps of every owner, newest first (the fleet dashboard). */
  listRecentSweeps(limit: number): Promise<SweepRecord[]>;

  /** Tells every coordinator on this database (itself included) about a change. */
  publish(event: StoreEvent): Promise<void>;
  /** Receives published events until the returned function is called. */
  subscribe(listener: (event: StoreEvent) => void): Promise<() => Promise<void>>;

  close(): Promise<void>;
}

/** Per-key limits and their fixed-window counters, behind both stores. */
export interface LimitStore {
  /** Replaces the key's limits; false when there is no such key. */
  setApiKeyLimits(id: string, limits: KeyLimits): Promise<boolean>;
  /**
   * Adds every charge to its counter (keyed by key, name and window start) only if each stays within
   * its limit and, with `unfinished`, the owner's pending and running jobs plus `amount` stay within
   * `limit`. All or nothing, atomic against other coordinators for the counters.
   */
  consumeLimits(
    keyId: string,
    charges: readonly CounterCharge[],
    unfinished?: { ownerId: string; amount: number; limit: number },
  ): Promise<ConsumeOutcome>;
  /**
   * Adds every charge to its counter with no limit to check (usage of a key without quotas, and
   * refunds). Additions made in the same moment may be written together, as one row update each.
   */
  addCounts(keyId: string, charges: readonly CounterCharge[]): Promise<void>;
  /** Counter values for the given windows and the owner's unfinished jobs. */
  readUsage(
    keyId: string,
    ownerId: string,
    windows: ReadonlyArray<{ name: string; windowStartMs: number }>,
  ): Promise<UsageCounts>;
  /** Drops counter windows that started before `beforeMs`; returns how many. */
  pruneLimitCounters(beforeMs: number): Promise<number>;
}
