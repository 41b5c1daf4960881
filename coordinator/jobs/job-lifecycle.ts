// The one owner of job and session state on this coordinator. Every change of a job's state
// (submit, claim, complete, fail, requeue, archive, and the recovery after a restart or a dead
// coordinator) and of a session's (open, pin, close, expire) happens here: checked against the
// transition table and the state as stored, applied to the store (whose conditional updates settle
// races with other coordinators), followed in this coordinator's queue, running attempts and device
// slots, published to the other coordinators on the same database, and announced once to the
// listeners. The picker, owner queues, sweep spread and placement matching are pure helpers it
// calls, and a batch's placement (batch-submit.ts) orders its own steps for a batch; the API, the
// link, cluster sync and session expiry only report to it (reports.ts).
import type { Logger } from 'pino';
import type { OwnerControls } from '../../proto/index.js';
import type { ConnectedDevice, DeviceListener } from '../scheduler/device.js';
import { DeviceSlots } from '../scheduler/device-slots.js';
import type { MethodStats } from '../scheduler/device-stats.js';
import { OwnerQueues } from '../scheduler/owner-queues.js';
import { expiryFailure, queuedEntry, wanted } from '../scheduler/queue-entry.js';
import type { GroupEnd, NewGroup } from '../store/group-types.js';
import type { JobRecord, Placement, ResultRecord, SessionRecord } from '../store/records.js';
import type { CompleteOutcome, Store } from '../store/types.js';
import type { JobSpan, JobTracing } from '../tracing/job-tracing.js';
import { addToGroup, type BatchOwner, submitGroup } from './batch-submit.js';
import { ClaimOffers } from './claim-offers.js';
import type { JobEvent, JobListener } from './events.js';
import { JobListeners } from './job-listeners.js';
import {
  CANCELLED_BY_CLIENT,
  type ClaimOutcome,
  type FailureType,
  type Placed,
  type Queued,
  REQUEUE_WHY,
  type RequeueCause,
  type RequeueOptions,
  type Running,
  type SchedulingOptions,
} from './job-types.js';
import { type NewJob, newJobRecord } from './new-job.js';
import type {
  BatchSubmission,
  ClusterReports,
  FleetView,
  JobRequests,
  LinkReports,
  ResultReports,
  SessionReports,
  SubmitTrace,
  TrustReports,
} from './reports.js';
import { SessionStates } from './session-states.js';
import { nextStatus } from './transitions.js';

export type { SubmitTrace } from './reports.js';

/** `avoid` and `deviceId`: the devices a retry is kept off. */
function withDevice(avoid: readonly string[] | undefined, deviceId: string): readonly string[] {
  return avoid?.includes(deviceId) ? avoid : [...(avoid ?? []), deviceId];
}

export interface JobLifecycleOptions extends SchedulingOptions {
  store: Store;
  coordinatorId: string;
  /** How long a claim holds without renewal before another coordinator may take the job back. */
  leaseMs: number;
  /**
   * On a shared store, how long a job stored pending here because no device here had room is left
   * to the other coordinators (its job_pending reached them) before this one claims it too: the
   * two would otherwise race for it when a slot frees here meanwhile. A job announced elsewhere and
   * not placed here at once waits ten times as long here. Default 50 ms; 0: never.
   */
  offerMs?: number;
}

/** JobLifecycleOptions.offerMs by default: a NOTIFY, a read and a claim's commit elsewhere, with room. */
const OFFER_MS = 50;
/**
 * A job announced by another coordinator and not placed here at once is left to the others for this
 * many offers (500 ms by default) before this one claims it: its announcer, whose own offer is over
 * by then, takes it when a device frees there.
 */
const REMOTE_OFFERS = 10;

/** How long a job taken back from a dead coordinator may wait for a device again. */
const RECLAIMED_WAIT_MS = 60_000;
/**
 * How long a job running at a restart waits for its device to link again before it is requeued:
 * agents reconnect within their backoff (a few seconds), and a device that comes back holding the
 * job (running it, or its result in the spool) finishes it instead of a second device running it.
 */
const RESTART_HOLD_MS = 15_000;

export class JobLifecycle
  implements JobRequests, SessionReports, FleetView, TrustReports, LinkReports, ResultReports, ClusterReports
{
  private readonly store: Store;
  private readonly log: Logger;
  private readonly now: () => number;
  /** Set only when tracing is on (coordinator/tracing/); off, the job path checks this and nothing else. */
  private readonly tracing: JobTracing | undefined;
  private readonly listeners: JobListeners;
  private readonly sessions: SessionStates;
  /** Why the running attempt's device was chosen, until its result (metadata.placement_reason). */
  private readonly reasons = new Map<string, { attempt: number; reason: string }>();
  /** The connected devices and their slots. */
  private readonly slots: DeviceSlots;
  /** Pending jobs waiting here for a device, owners taking turns. */
  private readonly queue = new OwnerQueues<Queued>();
  /** Attempts handed (or being handed) to this coordinator's devices, by job id. */
  private readonly running = new Map<string, Running>();
  /** Jobs submitted here whose unclaimed insert is in flight (see knows). */
  private readonly inserting = new Set<string>();
  /** Jobs queued here that are offered to the other coordinators first (claim-offers.ts). */
  private readonly offers: ClaimOffers;
  /**
   * Jobs running when this coordinator last stopped (a store it alone opens), held for their
   * device to link again (resume): taken back as running when it still holds them, requeued
   * otherwise, or once RESTART_HOLD_MS passes without it.
   */
  private readonly held = new Map<string, { job: JobRecord; timer: NodeJS.Timeout }>();
  private readonly maxPerOwner: number;
  /** Match keys that found no device in the current pump round (see pump). */
  private readonly unplaceable = new Set<string>();
  private pumping = false;
  private pumpAgain = false;
  private closed = false;
  /** This owner's steps as a batch's placement takes them (made once, not per batch). */
  private readonly batchOwner: BatchOwner;

  constructor(private readonly opts: JobLifecycleOptions) {
    this.store = opts.store;
    this.log = opts.log;
    this.now = opts.now ?? Date.now;
    this.tracing = opts.tracing;
    this.slots = new DeviceSlots(this.now);
    this.sessions = new SessionStates({
      store: this.store,
      log: this.log,
      now: () => this.now(),
      endSessionJobs: (id, deviceId, why) => this.endSessionJobs(id, deviceId, why),
    });
    this.listeners = new JobListeners(
      this.log,
      (id) => this.store.getJob(id),
      () => this.closed,
    );
    this.offers = new ClaimOffers({
      shared: this.store.shared,
      offerMs: opts.offerMs ?? OFFER_MS,
      ended: () => this.pump(),
      waiting: (id) => this.queue.get(id) !== undefined,
    });
    this.maxPerOwner = opts.maxQueuedPerOwner ?? Math.max(1, Math.floor(opts.maxQueuedJobs * 0.9));
    this.batchOwner = {
      store: this.store,
      tracing: this.tracing,
      now: () => this.now(),
      lease: (nowMs) => ({ coordinatorId: this.opts.coordinatorId, untilMs: nowMs + this.opts.leaseMs }),
      placeNew: (job) => this.placeNew(job),
      release: (jobId, attempt, deviceId) => this.release(jobId, attempt, deviceId),
      submitted: (job, atMs) => this.emit({ transition: 'submit', job, atMs }),
      claimed: (claimed, placed, atMs) => {
        const { attempt, reason } = placed;
        this.reasons.set(claimed.id, { attempt, reason });
        this.emit({
          transition: 'claim',
          job: claimed,
          atMs,
          deviceId: claimed.deviceId ?? '',
          attempt,
          placementReason: reason,
        });
        return this.sendPlaced(claimed, placed);
      },
      enqueue: (job, sessionDeviceId) => {
        this.offers.offer(job.id);
        this.enqueue(job, sessionDeviceId, undefined, false);
      },
      pump: () => this.pump(),
      announcePending: (job) => this.store.publish({ type: 'job_pending', jobId: job.id }),
    };
  }

  addListener(listener: JobListener): () => void {
    return this.listeners.add(listener);
  }

  // ------------------------------------------------------------------ views

  get queuedCount(): number {
    return this.queue.size;
  }

  get availableDeviceCount(): number {
    return this.slots.availableCount;
  }

  /**
   * Whether `count` more jobs fit in the queue; with an owner, also within that owner's share
   * (maxQueuedPerOwner), which keeps room for other keys while one key bursts.
   */
  canAccept(ownerId?: string, count = 1): boolean {
    if (this.queue.size + count > this.opts.maxQueuedJobs) return false;
    return ownerId === undefined || this.queue.sizeOf(ownerId) + count <= this.maxPerOwner;
  }

  has(jobId: string): boolean {
    return this.queue.get(jobId) !== undefined || this.running.has(jobId);
  }

  knows(jobId: string): boolean {
    return this.inserting.has(jobId) || this.has(jobId);
  }

  listDevices(): ConnectedDevice[] {
    return this.slots.list();
  }

  device(id: string): ConnectedDevice | undefined {
    return this.slots.get(id);
  }

  deviceStats(deviceId: string): Readonly<MethodStats> {
    return this.slots.statsOf(deviceId);
  }

  addDeviceListener(listener: DeviceListener): () => void {
    return this.slots.addListener(listener);
  }

  /**
   * A result of `method` from the device moves its recent success rate and latency, which its score
   * uses (complete() feeds it; the simulated fleet in the tests feeds it directly).
   */
  recordResult(deviceId: string, method: string, success: boolean, latencyMs: number | null): void {
    this.slots.recordResult(deviceId, method, success, latencyMs);
  }

  runningJob(jobId: string, attempt: number, deviceId: string): JobRecord | undefined {
    const run = this.running.get(jobId);
    return run !== undefined && run.attempt === attempt && run.deviceId === deviceId ? run.job : undefined;
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
      const placed = this.placeNew(job, opts.excludedDeviceId);
      if (placed) await this.submitPlaced(job, placed);
      else {
        // Announced job_pending with its commit: another coordinator may hold the device it needs.
        // Here that announcement may come back before the insert's answer: `inserting` tells it
        // apart, so the job is queued once, with this submit's session device and exclusions.
        this.inserting.add(job.id);
        try {
          await this.store.insertJob(job);
        } finally {
          this.inserting.delete(job.id);
        }
        this.offers.offer(job.id);
        this.enqueue(job, sessionDeviceId, opts.excludedDeviceId);
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
   * A new job placed as it is submitted, when nothing waits in the queue (the pump would pick the
   * same device) and it has no session: its slot taken now, stored claimed below. Null: it waits.
   */
  private placeNew(job: JobRecord, excludedDeviceId?: string | readonly string[]): Placed | null {
    // Jobs offered to the other coordinators do not wait ahead of it here.
    if (this.closed || this.queue.size > this.offers.size || job.sessionId !== null || this.has(job.id))
      return null;
    return this.reserve(wanted(job, null, excludedDeviceId));
  }

  /**
   * Submit and claim as one store write, for a job placed at once: one commit and one event-loop
   * turn fewer before its Assign. The job is never pending in the store, so no other coordinator is
   * told of it or can claim it. Announced as two transitions, as ever.
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
      this.release(job.id, attempt, deviceId);
      throw err;
    }
    this.reasons.set(job.id, { attempt, reason });
    const atMs = this.now();
    this.emit({ transition: 'submit', job, atMs });
    this.emit({ transition: 'claim', job: claimed, atMs, deviceId, attempt, placementReason: reason });
    const span = this.tracing?.dispatch(claimed, attempt, deviceId);
    span?.set('crawl.dispatch.outcome', 'claimed');
    try {
      await this.send(claimed, placed, span);
    } finally {
      span?.end();
    }
  }

  /**
   * A group's jobs (a batch, a measurement, a sweep) in one pass (batch-submit.ts): placed at once in
   * request order while nothing waits in the queue and a device has room, the rest queued; stored
   * with the group in one transaction, then the Assigns written and the queue pumped once.
   */
  submitGroup(
    group: NewGroup,
    items: readonly BatchSubmission[],
    opts: { trace?: SubmitTrace } = {},
  ): Promise<JobRecord[]> {
    return submitGroup(this.batchOwner, group, items, opts);
  }

  /**
   * New members of a driven group still running (a site crawl's pages), through the same pass as
   * a new group's (batch-submit.ts): stored with the group's total grown in one transaction. Null
   * when the group has ended (none stored).
   */
  submitToGroup(
    groupId: string,
    items: readonly BatchSubmission[],
    opts: { trace?: SubmitTrace } = {},
  ): Promise<JobRecord[] | null> {
    if (items.length === 0) return Promise.resolve([]);
    return addToGroup(this.batchOwner, groupId, items, opts);
  }

  /**
   * A driven group ends, decided by its driver (a crawl's frontier is empty and nothing is in
   * flight) or its client (a cancel): stamped on the group with its kind's row. Its members still
   * waiting or running are its driver's to cancel (cancel()).
   */
  endGroup(end: GroupEnd): Promise<boolean> {
    return this.store.groups.finishGroup(end);
  }

  /** The Assign of a job stored claimed at submit, within its own dispatch span. */
  private async sendPlaced(claimed: JobRecord, placed: Placed): Promise<void> {
    const deviceId = placed.device.profile.deviceId;
    const span = this.tracing?.dispatch(claimed, placed.attempt, deviceId);
    span?.set('crawl.dispatch.outcome', 'claimed');
    try {
      await this.send(claimed, placed, span);
    } catch (err) {
      this.log.error({ err, jobId: claimed.id }, 'assignment failed');
    } finally {
      span?.end();
    }
  }

  // ------------------------------------------------------------------ the queue and placement

  /**
   * A pending job (new, requeued, resumed after a restart, or announced by another coordinator)
   * enters the queue; `excludedDeviceId` is a device that refused it as unsupported (or devices a
   * new job must avoid).
   */
  private enqueue(
    job: JobRecord,
    sessionDeviceId: string | null,
    excludedDeviceId?: string | readonly string[],
    pump = true,
  ): void {
    if (this.closed || this.has(job.id)) return;
    const entry = queuedEntry(job, sessionDeviceId, excludedDeviceId, this.now(), () => {
      void this.queueExpired(job.id);
    });
    this.queue.push(job.ownerId, job.id, entry);
    if (pump) this.pump();
  }

  /** Assigns as many queued jobs as devices have room for, owners taking turns. */
  private pump(): void {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        // Within one round devices only fill up, so a match key that found no device stays
        // unplaceable until the next round: a backlog of unplaceable jobs costs one look each.
        this.unplaceable.clear();
        this.queue.roundRobin((entry) => this.tryAssign(entry));
      } while (this.pumpAgain);
    } finally {
      this.pumping = false;
    }
  }

  private tryAssign(entry: Queued): boolean {
    if (this.offers.has(entry.job.id)) return false;
    if (entry.matchKey !== null && this.unplaceable.has(entry.matchKey)) return false;
    const placed = this.reserve(entry);
    if (!placed) {
      if (entry.matchKey !== null) this.unplaceable.add(entry.matchKey);
      return false;
    }
    this.queue.remove(entry.job.id);
    clearTimeout(entry.timer);
    void this.claimAndSend(entry.job, placed);
    return true;
  }

  /** A device for the job, its slot taken and the attempt's timer set; null when none fits now. */
  private reserve({ job, needs, direct }: Pick<Queued, 'job' | 'needs' | 'direct'>): Placed | null {
    const attempt = job.attempt + 1;
    const choice = this.slots.take(job.id, attempt, needs, direct);
    if (!choice) return null;
    const { device, reason } = choice;
    const timer = setTimeout(
      () => void this.attemptLost(job.id, attempt, 'timeout'),
      job.timeoutSec * 1000 + this.opts.runningGraceMs,
    );
    timer.unref();
    // The devices it was kept off stay excluded for its next attempt, if there is one.
    const avoid = needs.excludedDeviceIds?.size ? [...needs.excludedDeviceIds] : undefined;
    const deviceId = device.profile.deviceId;
    this.running.set(job.id, { jobId: job.id, attempt, deviceId, timer, job, avoid });
    return { device, attempt, reason, avoid };
  }

  /** The attempt's slot and running entry go (its claim lost, or its result came). */
  private release(jobId: string, attempt: number, deviceId: string): void {
    if (this.slots.free(jobId, attempt, deviceId)) this.slots.touch(deviceId);
    const run = this.running.get(jobId);
    if (run && run.attempt === attempt && run.deviceId === deviceId) {
      clearTimeout(run.timer);
      this.running.delete(jobId);
    }
  }

  // ------------------------------------------------------------------ claim and send

  /** A job taken from the queue: claimed in the store, then its Assign written to the device. */
  private async claimAndSend(job: JobRecord, placed: Placed): Promise<void> {
    const { device, attempt, reason } = placed;
    const deviceId = device.profile.deviceId;
    // Traced, one span covers the claim and the Assign written; the agent's span joins it.
    const span = this.tracing?.dispatch(job, attempt, deviceId);
    let failure: unknown;
    try {
      const outcome = await this.claim(job, attempt, deviceId, reason);
      span?.set('crawl.dispatch.outcome', outcome.kind);
      if (outcome.kind !== 'claimed') {
        this.release(job.id, attempt, deviceId);
        // Another job of the session pinned a different device first: follow it.
        if (outcome.kind === 'follow') this.enqueue(job, outcome.deviceId, placed.avoid);
        else if (outcome.kind === 'stale') this.enqueue(outcome.job, outcome.sessionDeviceId, placed.avoid);
        this.pump();
        return;
      }
      await this.send(outcome.job, placed, span);
    } catch (err) {
      failure = err;
      this.log.error({ err, jobId: job.id }, 'assignment failed');
      this.release(job.id, attempt, deviceId);
      await this.failHere(job, 'internal', 'the coordinator could not assign the job');
    } finally {
      span?.end(failure);
    }
  }

  /** pending → running on `deviceId` for `attempt`, the job's session pinned to the device first. */
  private async claim(
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

  /** The claimed attempt goes to its device, unless the device left while the claim was stored. */
  private async send(job: JobRecord, placed: Placed, span: JobSpan | undefined): Promise<void> {
    const { device, attempt, reason } = placed;
    const deviceId = device.profile.deviceId;
    const run = this.running.get(job.id);
    if (!run || run.attempt !== attempt || this.slots.get(deviceId) !== device) {
      // The device left (or the attempt timed out) while the claim was in flight: the attempt was
      // let go unclaimed then (attemptLost), and is lost now that it is claimed.
      if (run?.attempt === attempt) {
        clearTimeout(run.timer);
        this.running.delete(job.id);
      }
      span?.set('crawl.dispatch.outcome', 'device_left');
      await this.lose(job, attempt, deviceId, 'device_left', placed.avoid);
      return;
    }
    run.job = job;
    span?.set('crawl.placement.reason', reason);
    device.link.assign(job, attempt, span?.wire);
  }

  // ------------------------------------------------------------------ what the link reports

  addDevice(device: ConnectedDevice): void {
    const old = this.slots.get(device.profile.deviceId);
    if (old) this.removeDevice(device.profile.deviceId, old);
    this.slots.add(device);
    for (const { job } of this.held.values()) {
      if (job.deviceId === device.profile.deviceId) void this.endHold(job.id, device);
    }
    this.pump();
  }

  /**
   * A job held since the restart (resume): its device is back. Still holding the attempt (running,
   * or its result waiting in the device's spool: hello's `running` lists both), it is running
   * here again, the attempt's timer set as at its claim; otherwise (or with no device, the hold
   * over) it is requeued as resume always did.
   */
  private async endHold(jobId: string, device: ConnectedDevice | null): Promise<void> {
    const held = this.held.get(jobId);
    if (!held) return;
    this.held.delete(jobId);
    clearTimeout(held.timer);
    const { job } = held;
    const deviceId = job.deviceId ?? '';
    if (device && device.running.get(jobId) === job.attempt) {
      const timer = setTimeout(
        () => void this.attemptLost(jobId, job.attempt, 'timeout'),
        job.timeoutSec * 1000 + this.opts.runningGraceMs,
      );
      timer.unref();
      this.running.set(jobId, { jobId, attempt: job.attempt, deviceId, timer, job });
      this.log.info(
        { jobId, deviceId, attempt: job.attempt },
        'running job taken back from its device after a restart',
      );
      return;
    }
    const session = job.sessionId ? await this.store.getSession(job.sessionId) : null;
    await this.requeue(job, job.attempt, 'restart', {
      queueDeadlineMs: this.now() + job.timeoutSec * 1000,
      pinnedDeviceId: session?.deviceId ?? null,
    });
  }

  removeDevice(deviceId: string, which?: ConnectedDevice): void {
    const dev = this.slots.remove(deviceId, which);
    if (!dev) return;
    for (const [jobId, attempt] of dev.running) void this.attemptLost(jobId, attempt, 'device_left');
  }

  touch(deviceId: string): void {
    this.slots.touch(deviceId);
  }

  setDraining(deviceId: string): void {
    this.slots.setDraining(deviceId);
  }

  setAccepting(deviceId: string, accepting: boolean, ownerControls?: OwnerControls | null): void {
    if (this.slots.setAccepting(deviceId, accepting, ownerControls) && accepting) this.pump();
  }

  setQuarantined(deviceId: string, quarantined: boolean): void {
    if (this.slots.setQuarantined(deviceId, quarantined)) this.pump();
  }

  finished(jobId: string, attempt: number, deviceId: string): void {
    this.release(jobId, attempt, deviceId);
    this.pump();
  }

  async rejected(
    jobId: string,
    attempt: number,
    deviceId: string,
    retryElsewhere: boolean,
    busy = false,
  ): Promise<boolean> {
    const run = this.running.get(jobId);
    if (!run || run.attempt !== attempt || run.deviceId !== deviceId) return false;
    // Held full first, so the slot freed below does not take the job (or another) straight back.
    if (busy) this.slots.holdBusy(deviceId, () => this.pump());
    this.finished(jobId, attempt, deviceId);
    await this.requeueLogged(run.job, attempt, 'refused', {
      queueDeadlineMs: run.job.queueDeadlineMs,
      pinnedDeviceId: run.job.sessionId ? deviceId : null,
      excludedDeviceId: retryElsewhere ? withDevice(run.avoid, deviceId) : run.avoid,
    });
    return true;
  }

  /** An attempt no device will finish (device gone, silent past the timeout). */
  private async attemptLost(jobId: string, attempt: number, cause: RequeueCause): Promise<void> {
    const run = this.running.get(jobId);
    if (!run || run.attempt !== attempt) return;
    clearTimeout(run.timer);
    this.running.delete(jobId);
    this.slots.free(jobId, attempt, run.deviceId);
    // A lost attempt counts against the device (vanished, or silent past the job's timeout).
    this.slots.recordLost(run.deviceId, run.job.method);
    // Not claimed yet (its claim or its submit's insert is in flight): send() finds the attempt
    // gone and loses it once the claim is stored, as the running job it then is.
    if (run.job.status === 'running') await this.lose(run.job, attempt, run.deviceId, cause, run.avoid);
  }

  /**
   * An attempt no device will finish: requeued, or failed when retries ran out. A device silent past
   * the job's timeout is not given the job again (a device that answers partly would run it out
   * once more); nor is any device the job was kept off before (`avoid`: earlier timeouts, refusals,
   * the submitter's exclusions). When every connected device is excluded the job waits for another
   * until its queue deadline and then fails `no_device`, as a job refused everywhere does. A pinned
   * job (its session's device, or `placement.device_id`) retries on its device. A device that
   * vanished is not excluded: it may come back holding the result in its spool (docs/protocol.md).
   */
  private async lose(
    job: JobRecord,
    attempt: number,
    deviceId: string,
    cause: RequeueCause,
    avoid: readonly string[] | undefined,
  ): Promise<void> {
    const why = REQUEUE_WHY[cause];
    const log = this.log.child({ jobId: job.id, deviceId });
    if (attempt >= this.opts.maxAttempts) {
      log.warn({ attempt, why }, 'attempts exhausted');
      await this.failHere(
        job,
        'device_lost',
        `the device running the job was lost (${why}) and retries ran out`,
      );
      return;
    }
    const pinned = job.sessionId !== null || Boolean(job.placement.device_id);
    const requeued = await this.requeueLogged(job, attempt, cause, {
      queueDeadlineMs: this.now() + job.timeoutSec * 1000,
      pinnedDeviceId: job.sessionId ? deviceId : null,
      excludedDeviceId: cause === 'timeout' && !pinned ? withDevice(avoid, deviceId) : avoid,
    });
    if (requeued) log.info({ attempt, why }, 'attempt lost; job requeued');
  }

  // ------------------------------------------------------------------ results and failures

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
    this.slots.recordResult(result.deviceId, job.method, result.success, result.timeUs / 1000);
    // The store announced job_terminal to the other coordinators with the completion's commit.
    this.drop(job.id, 'job already completed');
    const completed: JobRecord = { ...job, status: 'completed', completedAt: at, result: record };
    this.emit({ transition: 'complete', job: completed, atMs: this.now(), result: record });
    return outcome;
  }

  /** pending|running → failed; false when the store had it terminal (or claimed, for a wait that ran out). */
  failUnplaceable(job: JobRecord, message: string): Promise<boolean> {
    return this.fail(job, 'no_device', message);
  }

  /**
   * pending|running → failed `cancelled`: the client asked (the job, its batch or its site crawl).
   * A waiting job leaves the queue; a running attempt's slot is freed and its device told to stop
   * (the link's Cancel) by drop() here, or, when another coordinator's device runs it, by that
   * coordinator on hearing the job_terminal the store announces. A result that comes after is not
   * stored (the store keeps the first end). False when the job had already ended.
   */
  cancel(job: JobRecord, message: string = CANCELLED_BY_CLIENT): Promise<boolean> {
    return this.fail(job, 'cancelled', message);
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
    this.drop(job.id, `job failed: ${failureType}`);
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

  /**
   * A failure this coordinator decided on (a wait ran out, retries ran out, a session ended):
   * whatever the store said, this coordinator stops holding the job.
   */
  private async failHere(job: JobRecord, type: FailureType, message: string): Promise<void> {
    const entry = this.queue.remove(job.id);
    if (entry) clearTimeout(entry.timer);
    let failed = false;
    try {
      failed = await this.fail(job, type, message);
    } catch (err) {
      this.log.error({ err, jobId: job.id }, 'could not mark job failed');
    }
    if (!failed) this.drop(job.id);
  }

  private async queueExpired(jobId: string): Promise<void> {
    const entry = this.queue.get(jobId);
    if (entry) await this.failHere(entry.job, ...expiryFailure(entry));
  }

  /**
   * running(attempt) → pending, queued again (on the session's device when pinned, never on
   * `excludedDeviceId`); false when the attempt had moved on. `job` is the running attempt as
   * claimed (the stored state this coordinator wrote).
   */
  private async requeue(
    job: JobRecord,
    attempt: number,
    cause: RequeueCause,
    opts: RequeueOptions,
  ): Promise<boolean> {
    nextStatus(job.id, job.status, 'requeue');
    if (!(await this.store.requeueJob(job.id, attempt, opts.queueDeadlineMs))) return false;
    const fresh = await this.store.getJob(job.id);
    if (fresh?.status !== 'pending') return false;
    this.reasons.delete(job.id);
    this.enqueue(fresh, opts.pinnedDeviceId, opts.excludedDeviceId);
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

  /**
   * A requeue asked from a device's event (nobody awaits it): a store that fails or closed under it
   * is logged, not thrown; the job's lease runs out and the lease sweep takes it back.
   */
  private async requeueLogged(...args: Parameters<JobLifecycle['requeue']>): Promise<boolean> {
    try {
      return await this.requeue(...args);
    } catch (err) {
      this.log.warn({ err, jobId: args[0].id }, 'requeue not stored; the lease sweep will take the job back');
      return false;
    }
  }

  /**
   * The job reached a terminal state: out of the queue, and its running attempt stopped (its slot
   * freed here, and its device sent the link's Cancel with `why`).
   */
  private drop(jobId: string, why = 'job already ended'): void {
    const q = this.queue.remove(jobId);
    if (q) clearTimeout(q.timer);
    const run = this.running.get(jobId);
    if (run) {
      clearTimeout(run.timer);
      this.running.delete(jobId);
      const dev = this.slots.get(run.deviceId);
      if (dev && this.slots.free(jobId, run.attempt, run.deviceId)) {
        dev.link.cancel(jobId, run.attempt, why);
      }
    }
    this.pump();
  }

  /** The job's content is gone past retention; status and detail stay. */
  async archive(job: JobRecord): Promise<void> {
    nextStatus(job.id, job.status, 'archive');
    const at = new Date(this.now()).toISOString();
    await this.store.markArchived(job.id, at);
    this.emit({ transition: 'archive', job: { ...job, archivedAt: at }, atMs: this.now() });
  }

  // ------------------------------------------------------------------ sessions (session-states.ts)

  openSession(ownerId: string, durationSec: number, placement: Placement | null): Promise<SessionRecord> {
    return this.sessions.open(ownerId, durationSec, placement);
  }

  closeSession(sessionId: string): Promise<void> {
    return this.sessions.close(sessionId);
  }

  expireSessions(): Promise<number> {
    return this.sessions.expire();
  }

  remoteSessionEnded(sessionId: string): Promise<void> {
    return this.sessions.endedElsewhere(sessionId);
  }

  /** The session's jobs waiting here fail; its device, when connected here, lets the session go. */
  private async endSessionJobs(sessionId: string, deviceId: string | null, why: string): Promise<void> {
    for (const entry of this.queue.filter((q) => q.job.sessionId === sessionId)) {
      await this.failHere(entry.job, 'session_closed', why);
    }
    if (deviceId) this.slots.get(deviceId)?.link.endSession(sessionId);
  }

  // ------------------------------------------------------------------ cluster and recovery

  async remotePending(job: JobRecord): Promise<void> {
    if (job.status !== 'pending' || this.knows(job.id)) return;
    const session = job.sessionId ? await this.store.getSession(job.sessionId) : null;
    this.enqueue(job, session?.deviceId ?? null);
    // Not placed at once: the coordinator that announced it (or another with room) takes it when a
    // device frees there; this one claims it only once it waited REMOTE_OFFERS offers, so a slot
    // freeing here and one there do not race for it.
    if (this.queue.get(job.id) !== undefined) this.offers.offer(job.id, REMOTE_OFFERS);
  }

  remoteClaimed(jobId: string): void {
    this.offers.withdraw(jobId);
    // This coordinator's own claim has the job running here (or being claimed): nothing to drop.
    if (this.running.has(jobId)) return;
    const q = this.queue.remove(jobId);
    if (q) clearTimeout(q.timer);
  }

  remoteTerminal(jobId: string): void {
    // Completed, failed or cancelled through another coordinator: an attempt running here stops.
    if (this.has(jobId)) this.drop(jobId, 'job ended on another coordinator');
    this.listeners.endedElsewhere(jobId);
  }

  /**
   * After a restart: pending jobs go back in the queue. Running ones, when this coordinator is the
   * store's only user, wait up to RESTART_HOLD_MS for their device to link again (endHold): one
   * that still holds the attempt finishes it, so no second device runs it; the others are
   * requeued. On a shared store their lease decides (reclaimExpired). Returns the count.
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
        // Held for its device (endHold): requeued at once, another device could run it while
        // the first still finishes it or holds its result.
        const timer = setTimeout(() => void this.endHold(job.id, null), RESTART_HOLD_MS);
        timer.unref();
        this.held.set(job.id, { job, timer });
        const device = job.deviceId ? this.slots.get(job.deviceId) : undefined;
        if (device) await this.endHold(job.id, device);
        continue;
      }
      await this.remotePending(job);
    }
    return jobs.length;
  }

  async reclaimExpired(): Promise<number> {
    const nowMs = this.now();
    const jobs = await this.store.requeueExpiredLeases(nowMs, nowMs + RECLAIMED_WAIT_MS);
    for (const job of jobs) {
      // The sweep took back rows that were running (its WHERE): the table must allow that change,
      // and what it left must be the state the table leads to.
      const to = nextStatus(job.id, 'running', 'requeue');
      if (job.status !== to) {
        this.log.error({ jobId: job.id, status: job.status }, 'lease sweep left a job outside the table');
        continue;
      }
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

  async renewLeases(): Promise<void> {
    await this.store.renewLeases(this.opts.coordinatorId, this.now() + this.opts.leaseMs);
  }

  /** Stops taking jobs: the queue and the running attempts' timers go (the store keeps the jobs). */
  close(): void {
    this.closed = true;
    for (const q of this.queue.drain()) clearTimeout(q.timer);
    for (const r of this.running.values()) clearTimeout(r.timer);
    for (const h of this.held.values()) clearTimeout(h.timer);
    this.offers.close();
    this.running.clear();
  }

  private emit(event: JobEvent): void {
    this.listeners.emit(event);
  }
}
