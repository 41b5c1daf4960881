// Every change of a job's state passes through here: submit, claim, complete, fail, requeue,
// archive, and the recovery after a restart or a dead coordinator. Each one checks the transition
// table, applies the change to the store (whose conditional updates settle races with other
// coordinators), tells the dispatcher what follows, wakes the other coordinators on the same
// database, and announces the change once to the listeners.
import type { Logger } from 'pino';
import { Dispatcher } from '../scheduler/dispatcher.js';
import {
  type ClaimOutcome,
  type DispatcherOptions,
  type FailureType,
  type JobTransitions,
  type Placed,
  REQUEUE_WHY,
  type RequeueCause,
  type RequeueOptions,
} from '../scheduler/dispatcher-types.js';
import type { CompleteOutcome, JobRecord, ResultRecord, Store, SweepRecord } from '../store/types.js';
import type { JobTracing, WireTraceContext } from '../tracing/job-tracing.js';
import type { JobEvent, JobListener } from './events.js';
import { type NewJob, newJobRecord } from './new-job.js';
import { nextStatus } from './transitions.js';

export interface JobLifecycleOptions extends Omit<DispatcherOptions, 'transitions'> {
  store: Store;
  coordinatorId: string;
  /** How long a claim holds without renewal before another coordinator may take the job back. */
  leaseMs: number;
}

/** The W3C context a submission arrived with (a client's traceparent header): its submit span's parent. */
export type SubmitTrace = Partial<WireTraceContext>;

/** How long a job taken back from a dead coordinator may wait for a device again. */
const RECLAIMED_WAIT_MS = 60_000;

export class JobLifecycle implements JobTransitions {
  /** The queue and the devices of this coordinator; told of every change made here. */
  readonly scheduler: Dispatcher;
  private readonly store: Store;
  private readonly log: Logger;
  private readonly now: () => number;
  /** Set only when tracing is on (coordinator/tracing/); off, the job path checks this and nothing else. */
  private readonly tracing: JobTracing | undefined;
  private readonly listeners = new Set<JobListener>();
  /** Why the running attempt's device was chosen, until its result (metadata.placement_reason). */
  private readonly reasons = new Map<string, { attempt: number; reason: string }>();

  constructor(private readonly opts: JobLifecycleOptions) {
    this.store = opts.store;
    this.log = opts.log;
    this.now = opts.now ?? Date.now;
    this.tracing = opts.tracing;
    this.scheduler = new Dispatcher({ ...opts, transitions: this });
  }

  /** Subscribes to every transition this coordinator applies; returns the unsubscribe. */
  addListener(listener: JobListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ------------------------------------------------------------------ submit

  /**
   * A new job: stored, queued here, announced to the other coordinators. `excludedDeviceId` keeps
   * it off one device or several (a cross-verification re-run avoids the device it checks, a third
   * opinion both devices that disagreed); `id` is chosen by the caller when a retry must find the
   * same job (idempotent submits).
   */
  async submit(
    input: NewJob,
    sessionDeviceId: string | null,
    opts: { excludedDeviceId?: string | readonly string[]; id?: string; trace?: SubmitTrace } = {},
  ): Promise<JobRecord> {
    const job = newJobRecord(opts.id ? { ...input, id: opts.id } : input, this.now());
    nextStatus(job.id, null, 'submit');
    const span = this.tracing?.submit({ job, count: 1 }, opts.trace);
    if (span) job.traceParent = span.wire.traceParent;
    try {
      // Nothing waiting ahead of it and a device free: stored already claimed, in one write.
      const placed = this.scheduler.placeNew(job, opts.excludedDeviceId);
      if (placed) await this.submitPlaced(job, placed);
      else {
        await this.store.insertJob(job);
        this.scheduler.enqueue(job, sessionDeviceId, opts.excludedDeviceId);
        // Other coordinators on the same database may hold the device this job needs.
        await this.store.publish({ type: 'job_pending', jobId: job.id });
        this.emit({ transition: 'submit', job, atMs: this.now() });
      }
    } catch (err) {
      span?.end(err);
      throw err;
    }
    span?.end();
    return job;
  }

  /**
   * Submit and claim as one store write, for a job the dispatcher placed at once: one commit and
   * one event-loop turn fewer before its Assign. The job is never pending in the store, so no
   * other coordinator is told of it or can claim it. Announced as two transitions, as ever.
   */
  private async submitPlaced(job: JobRecord, placed: Placed): Promise<void> {
    const { attempt, reason } = placed;
    const deviceId = placed.device.profile.deviceId;
    nextStatus(job.id, job.status, 'claim');
    const lease = { coordinatorId: this.opts.coordinatorId, untilMs: this.now() + this.opts.leaseMs };
    const claimed: JobRecord = { ...job, status: 'running', attempt, deviceId };
    try {
      await this.store.insertJob(claimed, lease);
    } catch (err) {
      this.scheduler.unplace(job.id, placed);
      throw err;
    }
    this.reasons.set(job.id, { attempt, reason });
    const atMs = this.now();
    this.emit({ transition: 'submit', job, atMs });
    this.emit({ transition: 'claim', job: claimed, atMs, deviceId, attempt, placementReason: reason });
    await this.scheduler.sendPlaced(claimed, placed);
  }

  /**
   * A sweep's tries, stored with the sweep in one transaction, first tries of every region first.
   * Traced, the sweep is one trace: one submit span, every try's dispatch and ingest under it.
   */
  async submitSweep(
    sweep: SweepRecord,
    jobs: readonly JobRecord[],
    opts: { trace?: SubmitTrace } = {},
  ): Promise<void> {
    for (const job of jobs) nextStatus(job.id, null, 'submit');
    const first = jobs[0];
    const span = first ? this.tracing?.submit({ job: first, count: jobs.length }, opts.trace) : undefined;
    if (span) for (const job of jobs) job.traceParent = span.wire.traceParent;
    try {
      await this.store.insertSweep(sweep, jobs);
      const byId = new Map(jobs.map((j) => [j.id, j]));
      const order = [...sweep.jobs].sort((a, b) => a.tryIndex - b.tryIndex);
      const ordered = order.map((ref) => byId.get(ref.jobId)).filter((j): j is JobRecord => j !== undefined);
      for (const job of ordered) this.scheduler.enqueue(job, null);
      for (const job of ordered) await this.store.publish({ type: 'job_pending', jobId: job.id });
      const atMs = this.now();
      for (const job of ordered) this.emit({ transition: 'submit', job, atMs });
    } catch (err) {
      span?.end(err);
      throw err;
    }
    span?.end();
  }

  // ------------------------------------------------------------------ the dispatcher's transitions

  async claim(
    job: JobRecord,
    attempt: number,
    deviceId: string,
    placementReason: string,
  ): Promise<ClaimOutcome> {
    nextStatus(job.id, job.status, 'claim');
    if (job.sessionId) {
      const pinned = await this.store.pinSessionDevice(job.sessionId, deviceId);
      if (pinned !== null && pinned !== deviceId) return { kind: 'follow', deviceId: pinned };
    }
    const lease = { coordinatorId: this.opts.coordinatorId, untilMs: this.now() + this.opts.leaseMs };
    if (!(await this.store.claimJob(job.id, deviceId, attempt, lease))) {
      // Requeued since this copy was made (its attempt moved on): the fresh copy is claimable.
      // Without this, a wake-up for the requeue that came while this claim was in flight is lost.
      const fresh = await this.store.getJob(job.id);
      if (fresh?.status !== 'pending' || fresh.attempt < attempt) return { kind: 'lost' };
      const session = fresh.sessionId ? await this.store.getSession(fresh.sessionId) : null;
      return { kind: 'stale', job: fresh, sessionDeviceId: session?.deviceId ?? null };
    }
    const claimed: JobRecord = { ...job, status: 'running', attempt, deviceId };
    this.reasons.set(job.id, { attempt, reason: placementReason });
    this.emit({ transition: 'claim', job: claimed, atMs: this.now(), deviceId, attempt, placementReason });
    return { kind: 'claimed', job: claimed };
  }

  async fail(job: JobRecord, failureType: FailureType, message: string): Promise<boolean> {
    nextStatus(job.id, job.status, 'fail');
    const at = new Date(this.now()).toISOString();
    // A wait for a device that ran out fails the job only while it still waits: on a shared store
    // another coordinator may have claimed it meanwhile (this one's queue copy is then stale).
    const onlyIf =
      failureType === 'no_device' || failureType === 'session_device_unavailable' ? 'pending' : undefined;
    if (!(await this.store.failJob(job.id, failureType, message, at, onlyIf))) return false;
    this.reasons.delete(job.id);
    this.scheduler.terminal(job.id);
    await this.publishTerminal(job.id);
    const failed: JobRecord = {
      ...job,
      status: 'failed',
      completedAt: at,
      failureType,
      errorMessage: message,
    };
    this.emit({ transition: 'fail', job: failed, atMs: this.now(), failureType, message });
    return true;
  }

  async requeue(
    job: JobRecord,
    attempt: number,
    cause: RequeueCause,
    opts: RequeueOptions,
  ): Promise<boolean> {
    // Only an attempt that was handed to a device can be requeued, whatever the caller's copy says.
    nextStatus(job.id, 'running', 'requeue');
    if (!(await this.store.requeueJob(job.id, attempt, opts.queueDeadlineMs))) return false;
    const fresh = await this.store.getJob(job.id);
    if (fresh?.status !== 'pending') return false;
    this.reasons.delete(job.id);
    this.scheduler.enqueue(fresh, opts.pinnedDeviceId, opts.excludedDeviceId);
    // Claimable cluster-wide at once: another coordinator may hold the idle device it needs.
    await this.store.publish({ type: 'job_pending', jobId: job.id });
    this.emit({
      transition: 'requeue',
      job: fresh,
      atMs: this.now(),
      attempt,
      cause,
      why: REQUEUE_WHY[cause],
    });
    return true;
  }

  // ------------------------------------------------------------------ results

  /**
   * The device's result for `attempt` (content already stored): the first result wins. The
   * placement reason of the attempt, when this coordinator placed it, goes into the metadata.
   */
  async complete(job: JobRecord, result: ResultRecord): Promise<CompleteOutcome> {
    nextStatus(job.id, job.status, 'complete');
    const placed = this.reasons.get(job.id);
    const placementReason = placed?.attempt === result.attempt ? placed.reason : 'resumed after a reconnect';
    const record: ResultRecord = {
      ...result,
      metadata: { ...result.metadata, placement_reason: placementReason },
    };
    const at = new Date(this.now()).toISOString();
    const outcome = await this.store.completeJob(job.id, record, at);
    if (outcome !== 'stored') return outcome;
    this.reasons.delete(job.id);
    // Feeds the device's recent success rate and latency, which its score for later jobs uses.
    this.scheduler.recordResult(result.deviceId, job.method, result.success, result.timeUs / 1000);
    this.scheduler.terminal(job.id);
    await this.publishTerminal(job.id);
    const completed: JobRecord = { ...job, status: 'completed', completedAt: at, result: record };
    this.emit({ transition: 'complete', job: completed, atMs: this.now(), result: record });
    return outcome;
  }

  /** The job's content is gone past retention; status and detail stay. */
  async archive(job: JobRecord): Promise<void> {
    nextStatus(job.id, job.status, 'archive');
    const at = new Date(this.now()).toISOString();
    await this.store.markArchived(job.id, at);
    this.emit({ transition: 'archive', job: { ...job, archivedAt: at }, atMs: this.now() });
  }

  // ------------------------------------------------------------------ recovery

  /**
   * After a restart: pending jobs go back in the queue; running ones too when this coordinator is
   * the store's only user (their device links died with the old process; a report from an agent's
   * spool still wins). On a shared store their lease decides (reclaimExpired). Returns the count.
   */
  async resume(maxAttempts: number): Promise<number> {
    const jobs = await this.store.listUnfinishedJobs();
    for (const job of jobs) {
      if (job.status === 'running') {
        if (this.store.shared) continue;
        if (job.attempt >= maxAttempts) {
          await this.fail(job, 'device_lost', 'the coordinator restarted and retries ran out');
          continue;
        }
        const session = job.sessionId ? await this.store.getSession(job.sessionId) : null;
        await this.requeue(job, job.attempt, 'restart', {
          queueDeadlineMs: this.now() + job.timeoutSec * 1000,
          pinnedDeviceId: session?.deviceId ?? null,
        });
        continue;
      }
      await this.enqueueKnown(job);
    }
    return jobs.length;
  }

  /** A pending job this coordinator learned of from the store (another coordinator, a poll). */
  async enqueueKnown(job: JobRecord): Promise<void> {
    if (job.status !== 'pending' || this.scheduler.has(job.id)) return;
    const session = job.sessionId ? await this.store.getSession(job.sessionId) : null;
    this.scheduler.enqueue(job, session?.deviceId ?? null);
  }

  /** Running jobs whose coordinator stopped renewing its lease (it died) → pending, cluster-wide. */
  async reclaimExpired(): Promise<number> {
    const nowMs = this.now();
    const jobs = await this.store.requeueExpiredLeases(nowMs, nowMs + RECLAIMED_WAIT_MS);
    for (const job of jobs) {
      this.log.warn({ jobId: job.id, attempt: job.attempt }, 'lease expired; job taken back');
      await this.store.publish({ type: 'job_pending', jobId: job.id });
      const cause = 'lease_expired';
      this.emit({
        transition: 'requeue',
        job,
        atMs: this.now(),
        attempt: job.attempt,
        cause,
        why: REQUEUE_WHY[cause],
      });
    }
    return jobs.length;
  }

  // ------------------------------------------------------------------ internals

  private async publishTerminal(jobId: string): Promise<void> {
    await this.store
      .publish({ type: 'job_terminal', jobId })
      .catch((err) => this.log.warn({ err, jobId }, 'publish failed'));
  }

  private emit(event: JobEvent): void {
    for (const l of this.listeners) {
      try {
        l.onJobEvent(event);
      } catch (err) {
        this.log.error({ err, jobId: event.job.id, transition: event.transition }, 'job listener failed');
      }
    }
  }
}
