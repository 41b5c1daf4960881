// What the rest of the coordinator may say to the one owner of job and session state
// (job-lifecycle.ts), one interface per reporter. They report what happened (a submit, a result, a
// device gone, a change made elsewhere, a close, a tick) and read views; the owner decides every
// change of state. Only app.ts sees the owner itself: everything else is handed one of these
// (the import check, scripts/check-imports.ts, keeps it so).
import type { OwnerControls } from '../../proto/index.js';
import type { ConnectedDevice, DeviceListener } from '../scheduler/device.js';
import type { MethodStats } from '../scheduler/device-stats.js';
import type { GroupEnd, NewGroup } from '../store/group-types.js';
import type { JobRecord, Placement, ResultRecord, SessionRecord } from '../store/records.js';
import type { CompleteOutcome } from '../store/types.js';
import type { WireTraceContext } from '../tracing/job-tracing.js';
import type { JobListener } from './events.js';
import type { FailureType } from './job-types.js';
import type { NewJob } from './new-job.js';

/** The W3C context a submission arrived with (a client's traceparent header): its submit span's parent. */
export type SubmitTrace = Partial<WireTraceContext>;

/** One job of a batch: its position in the request, what it asks for (its id chosen), its session's device. */
export interface BatchSubmission {
  index: number;
  input: NewJob & { id: string };
  sessionDeviceId: string | null;
}

/** Submissions: the API, sweeps, schedules, canaries and re-runs. */
export interface JobRequests {
  /**
   * A new job: stored, queued here (or placed at once), announced to the other coordinators.
   * `excludedDeviceId` keeps it off one device or several (a third opinion avoids both devices
   * that disagreed); `id` is chosen by the caller when a retry must find
   * the same job (idempotent submits).
   */
  submit(
    input: NewJob,
    sessionDeviceId: string | null,
    opts?: { excludedDeviceId?: string | readonly string[]; id?: string; trace?: SubmitTrace },
  ): Promise<JobRecord>;
  /**
   * A group's jobs (a batch, a measurement), stored with the group in one transaction; placed at
   * once while devices have room and nothing waits, the rest queued. Answers the jobs as
   * submitted, in the order given.
   */
  submitGroup(
    group: NewGroup,
    items: readonly BatchSubmission[],
    opts?: { trace?: SubmitTrace },
  ): Promise<JobRecord[]>;
  /**
   * New members of a driven group still running (a site crawl's pages), stored with the group's
   * total grown in one transaction, placed and queued as submitGroup's. Null when the group has
   * ended: none stored.
   */
  submitToGroup(
    groupId: string,
    items: readonly BatchSubmission[],
    opts?: { trace?: SubmitTrace },
  ): Promise<JobRecord[] | null>;
  /**
   * A driven group ends (a crawl completed, failed or cancelled): its kind's row and its group, in
   * one transaction. False when it had already ended. Its members still waiting or running are the
   * driver's to cancel.
   */
  endGroup(end: GroupEnd): Promise<boolean>;
  /**
   * A waiting job no device can take (a sweep's region without a device, seen at creation) fails
   * `no_device` now instead of at its queue deadline; only while it still waits.
   */
  failUnplaceable(job: JobRecord, message: string): Promise<boolean>;
  /**
   * A waiting or running job the client cancelled (the job, its batch, its site crawl) fails
   * `cancelled` with `message` (default `cancelled by the client`); a running attempt is stopped
   * on its device, whichever coordinator it is linked to. False when it had already ended.
   */
  cancel(job: JobRecord, message?: string): Promise<boolean>;
  /** Whether `count` more jobs fit in the queue (and, with an owner, within its share). */
  canAccept(ownerId?: string, count?: number): boolean;
  /** The job's content is gone past retention (the archiver). */
  archive(job: JobRecord): Promise<void>;
  /** Subscribes to every transition this coordinator applies; returns the unsubscribe. */
  addListener(listener: JobListener): () => void;
}

/** Sessions: the API opens and closes them; session expiry reports its tick. */
export interface SessionReports {
  /** A new active session of `ownerId`, lasting `durationSec`. */
  openSession(ownerId: string, durationSec: number, placement: Placement | null): Promise<SessionRecord>;
  /**
   * Closes an active session: its waiting jobs fail `session_closed` on every coordinator and its
   * device lets its state go. A session already ended is left as it is.
   */
  closeSession(sessionId: string): Promise<void>;
  /** Sessions past their end → expired, ended as a close is. Returns how many. */
  expireSessions(): Promise<number>;
}

/** What the fleet looks like from here: read-only views for the API, dashboard and metrics. */
export interface FleetView {
  readonly queuedCount: number;
  readonly availableDeviceCount: number;
  /** True when the job waits in this coordinator's queue or runs on one of its devices. */
  has(jobId: string): boolean;
  listDevices(): ConnectedDevice[];
  device(id: string): ConnectedDevice | undefined;
  deviceStats(deviceId: string): Readonly<MethodStats>;
  /** Told when a device joins or leaves this coordinator. */
  addDeviceListener(listener: DeviceListener): () => void;
}

/** Device honesty (coordinator/trust/): quarantine on or off. */
export interface TrustReports {
  setQuarantined(deviceId: string, quarantined: boolean): void;
}

/** The agent link: devices joining and leaving, their signs of life, refusals and results. */
export interface LinkReports {
  addDevice(device: ConnectedDevice): void;
  /** The device's link is gone (only `which`, when given): its running attempts are lost. */
  removeDevice(deviceId: string, which?: ConnectedDevice): void;
  /** A sign of life from the device. */
  touch(deviceId: string): void;
  setDraining(deviceId: string): void;
  /** The device paused or resumed taking jobs; its owner's controls changed. */
  setAccepting(deviceId: string, accepting: boolean, ownerControls?: OwnerControls | null): void;
  /** The device refused the attempt; false when the attempt is not its own running here. */
  rejected(
    jobId: string,
    attempt: number,
    deviceId: string,
    retryElsewhere: boolean,
    busy?: boolean,
  ): Promise<boolean>;
  /** The job as claimed while this coordinator runs `attempt` of it on `deviceId`; else undefined. */
  runningJob(jobId: string, attempt: number, deviceId: string): JobRecord | undefined;
  /** The device reported the attempt's result (stored or not yet): its slot is free. */
  finished(jobId: string, attempt: number, deviceId: string): void;
}

/** A result's content is stored (results/ingest.ts): the job completes, or fails when it cannot. */
export interface ResultReports {
  complete(job: JobRecord, result: ResultRecord): Promise<CompleteOutcome>;
  fail(job: JobRecord, failureType: FailureType, message: string): Promise<boolean>;
}

/** Another coordinator on the same database changed something (jobs/cluster-sync.ts). */
export interface ClusterReports {
  /**
   * Held here, or being submitted here: a submit's insert announces the job with its commit, so
   * this coordinator may hear its own job_pending before the insert's answer.
   */
  knows(jobId: string): boolean;
  /** A job is pending in the store: queued here too unless already held. */
  remotePending(job: JobRecord): Promise<void>;
  /** A pending job was claimed (elsewhere, or here): a copy still queued here is dropped. */
  remoteClaimed(jobId: string): void;
  /**
   * A job reached a terminal state elsewhere: this coordinator stops holding it, and listeners
   * that follow the job hear of its end (JobListener.onRemoteEnd).
   */
  remoteTerminal(jobId: string): void;
  /** A session was closed or expired elsewhere: its jobs waiting here end too. */
  remoteSessionEnded(sessionId: string): Promise<void>;
  /** Running jobs whose coordinator stopped renewing its lease → pending. Returns the count. */
  reclaimExpired(): Promise<number>;
  /** The claims of the jobs this coordinator's devices run hold for another lease. */
  renewLeases(): Promise<void>;
}
