// Persistence behind an async interface: SQLite now, PostgreSQL beside it, callers unchanged.
// The records it keeps are in records.ts, its events in store-events.ts, limits in limit-types.ts.
import type { StorageType } from '../storage/types.js';
import type { BatchStore } from './batch-types.js';
import type { CrawlStore } from './crawl-types.js';
import type { GroupStore } from './group-types.js';
import type { IdempotencyStore } from './idempotency-types.js';
import type { LimitStore } from './limit-types.js';
import type { MeasurementStore } from './measure-types.js';
import type { PushStore } from './push-types.js';
import type {
  ApiKeyRecord,
  DeviceRecord,
  JobRecord,
  JobViewRecord,
  ResultRecord,
  SessionRecord,
  SweepRecord,
} from './records.js';
import type { ReleaseStore } from './release-types.js';
import type { ScheduleStore } from './schedule-types.js';
import type { JobChanges, StoreEvent } from './store-events.js';
import type { TrustStore } from './trust-types.js';

export type CompleteOutcome = 'stored' | 'duplicate' | 'stale';

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
  /** Network measurements and the jobs they fanned out into (coordinator/measure/). */
  readonly measurements: MeasurementStore;
  /** Batches of jobs submitted in one request (POST /crawl/v1/batch/new). */
  readonly batches: BatchStore;
  /** Groups of jobs (batches, measurements): written with their members, counted by their ends. */
  readonly groups: GroupStore;
  /** Site crawls, their frontier and the hosts' politeness slots (coordinator/site-crawl/). */
  readonly crawls: CrawlStore;
  /** Agent releases, the rollout and version pins (coordinator/releases/). */
  readonly releases: ReleaseStore;

  // keys and devices
  insertApiKey(key: ApiKeyRecord, hash: string): Promise<void>;
  findApiKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  /** The key by id, revoked or not (a crawl looks up the key it runs under). */
  getApiKey(id: string): Promise<ApiKeyRecord | null>;
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
   * submitted is never pending in the store, so no other coordinator can claim it. Without,
   * every coordinator on this database (itself included) hears `job_pending` for it, sent with the
   * insert's own commit (on PostgreSQL in its NOTIFY): no publish of its own.
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
   * `lease.untilMs`. Atomic: false when another coordinator (or an earlier call) got it. When
   * true, every coordinator on this database (itself included) hears `job_claimed`, sent with the
   * claim's own commit.
   */
  claimJob(id: string, deviceId: string, attempt: number, lease: Lease): Promise<boolean>;
  /** Extends the lease of every running job this coordinator holds. */
  renewLeases(coordinatorId: string, untilMs: number): Promise<void>;
  /** running jobs whose lease ran out (their coordinator died) → pending; returns them. */
  requeueExpiredLeases(nowMs: number, queueDeadlineMs: number): Promise<JobRecord[]>;
  /** running(attempt) → pending with a new queue deadline. False when the attempt moved on. */
  requeueJob(id: string, attempt: number, queueDeadlineMs: number): Promise<boolean>;
  /**
   * First report wins: pending/running → completed. Later reports are duplicates. When stored,
   * every coordinator on this database (itself included) hears `job_terminal` for the job, sent with
   * the change's own commit (on PostgreSQL in its NOTIFY): no publish of its own.
   */
  completeJob(id: string, result: ResultRecord, completedAt: string): Promise<CompleteOutcome>;
  /**
   * pending/running → failed (only from `onlyIf` when given). False when the job was already
   * terminal, or not in `onlyIf`. When true, `job_terminal` is announced as for completeJob.
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
  // A sweep is written as a group (groups.insertGroup): the sweep, its tries and their refs.
  getSweep(id: string): Promise<SweepRecord | null>;
  /** The newest sweeps of every owner, newest first (the fleet dashboard). */
  listRecentSweeps(limit: number): Promise<SweepRecord[]>;

  /** Tells every coordinator on this database (itself included) about a change. */
  publish(event: StoreEvent): Promise<void>;
  /** Receives published events until the returned function is called. */
  subscribe(listener: (event: StoreEvent) => void): Promise<() => Promise<void>>;

  close(): Promise<void>;
}
