// Holds the pending queue and the connected devices; hands jobs to devices. No HTTP or WS here:
// the link registers devices with callbacks, the API enqueues jobs, results report back.
import type { Logger } from 'pino';
import type { JobRecord, Store } from '../store/types.js';
import { constraintsOf, type DeviceProfile, type JobNeeds, mismatch } from './matching.js';
import { OwnerQueues } from './owner-queues.js';

export interface DeviceLink {
  /** Sends the job to the device. */
  assign(job: JobRecord, attempt: number): void;
  cancel(jobId: string, attempt: number, reason: string): void;
  endSession(sessionId: string): void;
}

export interface ConnectedDevice {
  profile: DeviceProfile;
  link: DeviceLink;
  running: Map<string, number>;
  draining: boolean;
  connectedAt: string;
  info: Record<string, unknown>;
  assignedTotal: number;
}

interface Queued {
  job: JobRecord;
  needs: JobNeeds;
  timer: NodeJS.Timeout;
}

interface Running {
  jobId: string;
  attempt: number;
  deviceId: string;
  timer: NodeJS.Timeout;
  job: JobRecord;
}

export interface DispatcherOptions {
  store: Store;
  log: Logger;
  maxAttempts: number;
  maxQueuedJobs: number;
  runningGraceMs: number;
  coordinatorId: string;
  /** How long a claim holds without renewal before another coordinator may take the job back. */
  leaseMs: number;
  now?: () => number;
}

export type FailureType =
  | 'no_device'
  | 'device_lost'
  | 'session_closed'
  | 'session_device_unavailable'
  | 'internal';

export class Dispatcher {
  private readonly devices = new Map<string, ConnectedDevice>();
  private readonly queue = new OwnerQueues<Queued>();
  private readonly running = new Map<string, Running>();
  private readonly reasons = new Map<string, string>();
  private readonly now: () => number;
  private pumping = false;
  private pumpAgain = false;
  private closed = false;

  constructor(private readonly opts: DispatcherOptions) {
    this.now = opts.now ?? Date.now;
  }

  get queuedCount(): number {
    return this.queue.size;
  }

  canAccept(): boolean {
    return this.queue.size < this.opts.maxQueuedJobs;
  }

  listDevices(): ConnectedDevice[] {
    return [...this.devices.values()];
  }

  device(id: string): ConnectedDevice | undefined {
    return this.devices.get(id);
  }

  /** Why a job's device was chosen, for metadata.placement_reason. */
  takePlacementReason(jobId: string): string | undefined {
    const r = this.reasons.get(jobId);
    this.reasons.delete(jobId);
    return r;
  }

  // ------------------------------------------------------------------ devices

  addDevice(device: ConnectedDevice): void {
    const old = this.devices.get(device.profile.deviceId);
    if (old) this.removeDevice(device.profile.deviceId, old);
    this.devices.set(device.profile.deviceId, device);
    this.pump();
  }

  /** The device's link is gone: its running attempts are lost. */
  removeDevice(deviceId: string, which?: ConnectedDevice): void {
    const dev = this.devices.get(deviceId);
    if (!dev || (which && dev !== which)) return;
    this.devices.delete(deviceId);
    for (const [jobId, attempt] of dev.running) void this.attemptLost(jobId, attempt, 'device disconnected');
  }

  setDraining(deviceId: string): void {
    const dev = this.devices.get(deviceId);
    if (dev) dev.draining = true;
  }

  // ------------------------------------------------------------------ jobs

  /** True when the job waits in this coordinator's queue or runs on one of its devices. */
  has(jobId: string): boolean {
    return this.queue.get(jobId) !== undefined || this.running.has(jobId);
  }

  /** A pending job (new, resumed after a restart, or announced by another coordinator) enters the queue. */
  enqueue(job: JobRecord, sessionDeviceId: string | null): void {
    if (this.closed || this.has(job.id)) return;
    const needs: JobNeeds = {
      method: job.method,
      placement: job.placement,
      pinnedDeviceId: sessionDeviceId ?? job.placement.device_id ?? null,
    };
    const delay = Math.max(0, job.queueDeadlineMs - this.now());
    const entry: Queued = { job, needs, timer: setTimeout(() => void this.queueExpired(job.id), delay) };
    entry.timer.unref();
    this.queue.push(job.ownerId, job.id, entry);
    this.pump();
  }

  /** The device reported the attempt's result (stored or not): its slot is free. */
  finished(jobId: string, attempt: number, deviceId: string): void {
    const dev = this.devices.get(deviceId);
    if (dev?.running.get(jobId) === attempt) dev.running.delete(jobId);
    const run = this.running.get(jobId);
    if (run && run.attempt === attempt) {
      clearTimeout(run.timer);
      this.running.delete(jobId);
    }
    this.pump();
  }

  /** The job reached a terminal state: drop it from the queue and stop other attempts. */
  terminal(jobId: string): void {
    const q = this.queue.remove(jobId);
    if (q) clearTimeout(q.timer);
    const run = this.running.get(jobId);
    if (run) {
      clearTimeout(run.timer);
      this.running.delete(jobId);
      const dev = this.devices.get(run.deviceId);
      if (dev?.running.get(jobId) === run.attempt) {
        dev.running.delete(jobId);
        dev.link.cancel(jobId, run.attempt, 'job already completed');
      }
    }
    this.pump();
  }

  /** The device refused an assignment: it goes back to the queue (elsewhere when unsupported). */
  async rejected(jobId: string, attempt: number, deviceId: string, retryElsewhere: boolean): Promise<void> {
    const run = this.running.get(jobId);
    this.finished(jobId, attempt, deviceId);
    if (!run || run.attempt !== attempt) return;
    const deadline = run.job.queueDeadlineMs;
    if (!(await this.opts.store.requeueJob(jobId, attempt, deadline))) return;
    const job = await this.opts.store.getJob(jobId);
    if (job?.status !== 'pending') return;
    const excluded = retryElsewhere ? new Set([deviceId]) : undefined;
    this.enqueueWith(job, run.job.sessionId ? deviceId : null, excluded);
  }

  /** Ends every queued or running job of a closed/expired session. */
  async endSession(
    sessionId: string,
    deviceId: string | null,
    type: FailureType,
    message: string,
  ): Promise<void> {
    for (const entry of this.queue.filter((q) => q.job.sessionId === sessionId)) {
      await this.fail(entry.job.id, type, message);
    }
    if (deviceId) this.devices.get(deviceId)?.link.endSession(sessionId);
  }

  close(): void {
    this.closed = true;
    for (const q of this.queue.drain()) clearTimeout(q.timer);
    for (const r of this.running.values()) clearTimeout(r.timer);
    this.running.clear();
  }

  // ------------------------------------------------------------------ internals

  private enqueueWith(job: JobRecord, pinned: string | null, excluded?: ReadonlySet<string>): void {
    this.enqueue(job, pinned);
    const q = this.queue.get(job.id);
    if (q && excluded) q.needs.excludedDeviceIds = excluded;
  }

  private async queueExpired(jobId: string): Promise<void> {
    const entry = this.queue.get(jobId);
    if (!entry) return;
    const { job, needs } = entry;
    const secs = Math.round((job.queueDeadlineMs - job.submittedAtMs) / 1000);
    if (job.sessionId && needs.pinnedDeviceId) {
      await this.fail(
        jobId,
        'session_device_unavailable',
        `the session's device ${needs.pinnedDeviceId} was not available within ${secs} seconds`,
      );
    } else {
      await this.fail(
        jobId,
        'no_device',
        `no device matching the job became available within ${secs} seconds`,
      );
    }
  }

  private async fail(jobId: string, type: FailureType, message: string): Promise<void> {
    const entry = this.queue.remove(jobId);
    if (entry) clearTimeout(entry.timer);
    try {
      if (await this.opts.store.failJob(jobId, type, message, new Date(this.now()).toISOString())) {
        await this.opts.store.publish({ type: 'job_terminal', jobId });
      }
    } catch (err) {
      this.opts.log.error({ err, jobId }, 'could not mark job failed');
    }
    this.terminal(jobId);
  }

  private async attemptLost(jobId: string, attempt: number, why: string): Promise<void> {
    const run = this.running.get(jobId);
    if (!run || run.attempt !== attempt) return;
    clearTimeout(run.timer);
    this.running.delete(jobId);
    this.devices.get(run.deviceId)?.running.delete(jobId);
    const log = this.opts.log.child({ jobId, deviceId: run.deviceId });
    if (attempt >= this.opts.maxAttempts) {
      log.warn({ attempt, why }, 'attempts exhausted');
      await this.fail(
        jobId,
        'device_lost',
        `the device running the job was lost (${why}) and retries ran out`,
      );
      return;
    }
    const deadline = this.now() + run.job.timeoutSec * 1000;
    if (!(await this.opts.store.requeueJob(jobId, attempt, deadline))) return;
    const job = await this.opts.store.getJob(jobId);
    if (job?.status !== 'pending') return;
    log.info({ attempt, why }, 'attempt lost; job requeued');
    this.enqueue(job, job.sessionId ? run.deviceId : null);
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
        this.queue.roundRobin((entry) => this.tryAssign(entry));
      } while (this.pumpAgain);
    } finally {
      this.pumping = false;
    }
  }

  private pick(needs: JobNeeds): { device: ConnectedDevice; reason: string } | null {
    let best: ConnectedDevice | null = null;
    let bestLoad = Number.POSITIVE_INFINITY;
    let candidates = 0;
    for (const dev of this.devices.values()) {
      if (dev.draining || dev.running.size >= dev.profile.maxConcurrent) continue;
      if (mismatch(dev.profile, needs) !== null) continue;
      candidates++;
      const load = dev.running.size / dev.profile.maxConcurrent;
      // Ties go to the device that was given fewer jobs, spreading work evenly.
      if (load < bestLoad || (load === bestLoad && best && dev.assignedTotal < best.assignedTotal)) {
        best = dev;
        bestLoad = load;
      }
    }
    if (!best) return null;
    const constraints = constraintsOf(needs);
    const matched = constraints.length > 0 ? `matched ${constraints.join(', ')}` : 'no constraints';
    const factor = candidates > 1 ? `least loaded of ${candidates} devices` : 'only matching device';
    return { device: best, reason: `${matched}; ${factor}` };
  }

  private tryAssign(entry: Queued): boolean {
    const choice = this.pick(entry.needs);
    if (!choice) return false;
    const { device, reason } = choice;
    const { job } = entry;
    this.queue.remove(job.id);
    clearTimeout(entry.timer);
    const attempt = job.attempt + 1;
    device.running.set(job.id, attempt);
    device.assignedTotal++;
    const timer = setTimeout(
      () => void this.attemptLost(job.id, attempt, 'no result within the job timeout'),
      job.timeoutSec * 1000 + this.opts.runningGraceMs,
    );
    timer.unref();
    this.running.set(job.id, { jobId: job.id, attempt, deviceId: device.profile.deviceId, timer, job });
    this.reasons.set(job.id, reason);
    void this.claimAndSend(job, attempt, device);
    return true;
  }

  private async claimAndSend(job: JobRecord, attempt: number, device: ConnectedDevice): Promise<void> {
    const deviceId = device.profile.deviceId;
    try {
      if (job.sessionId) {
        const pinned = await this.opts.store.pinSessionDevice(job.sessionId, deviceId);
        if (pinned !== deviceId) {
          // Another job of the session pinned a different device first: follow it.
          this.undoReservation(job.id, attempt, deviceId);
          this.enqueue(job, pinned);
          return;
        }
      }
      const lease = { coordinatorId: this.opts.coordinatorId, untilMs: this.now() + this.opts.leaseMs };
      if (!(await this.opts.store.claimJob(job.id, deviceId, attempt, lease))) {
        this.undoReservation(job.id, attempt, deviceId);
        return;
      }
      const claimed: JobRecord = { ...job, status: 'running', attempt, deviceId };
      const run = this.running.get(job.id);
      if (run) run.job = claimed;
      if (this.devices.get(deviceId) !== device) {
        await this.attemptLost(job.id, attempt, 'device disconnected before assignment');
        return;
      }
      device.link.assign(claimed, attempt);
    } catch (err) {
      this.opts.log.error({ err, jobId: job.id }, 'assignment failed');
      this.undoReservation(job.id, attempt, deviceId);
      await this.fail(job.id, 'internal', 'the coordinator could not assign the job');
    }
  }

  private undoReservation(jobId: string, attempt: number, deviceId: string): void {
    this.reasons.delete(jobId);
    this.finished(jobId, attempt, deviceId);
  }
}
