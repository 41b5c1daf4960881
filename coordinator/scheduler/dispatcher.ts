// Holds the pending queue and the connected devices; hands jobs to devices. No HTTP or WS here:
// the link registers devices with callbacks, the API enqueues jobs, results report back.
import type { JobRecord } from '../store/types.js';
import type { ConnectedDevice } from './device.js';
import { DevicePicker } from './device-picker.js';
import type { MethodStats } from './device-stats.js';
import type { DispatcherOptions, FailureType, Queued, Running } from './dispatcher-types.js';
import { matchKeyOf, needsOf } from './matching.js';
import { OwnerQueues } from './owner-queues.js';

export type { ConnectedDevice, DeviceLink } from './device.js';
export type { DispatcherOptions, FailureType } from './dispatcher-types.js';

export class Dispatcher {
  private readonly devices = new Map<string, ConnectedDevice>();
  private readonly queue = new OwnerQueues<Queued>();
  private readonly running = new Map<string, Running>();
  private readonly reasons = new Map<string, string>();
  private readonly now: () => number;
  private readonly picker: DevicePicker;
  private readonly maxPerOwner: number;
  /** Match keys that found no device in the current pump round (see pump). */
  private readonly unplaceable = new Set<string>();
  private pumping = false;
  private pumpAgain = false;
  private closed = false;

  constructor(private readonly opts: DispatcherOptions) {
    this.now = opts.now ?? Date.now;
    this.picker = new DevicePicker(this.devices, this.now);
    this.maxPerOwner = opts.maxQueuedPerOwner ?? Math.max(1, Math.floor(opts.maxQueuedJobs * 0.9));
  }

  get queuedCount(): number {
    return this.queue.size;
  }

  /**
   * Whether `count` more jobs fit in the queue; with an owner, also within that owner's share
   * (maxQueuedPerOwner), which keeps room for other keys while one key bursts.
   */
  canAccept(ownerId?: string, count = 1): boolean {
    if (this.queue.size + count > this.opts.maxQueuedJobs) return false;
    return ownerId === undefined || this.queue.sizeOf(ownerId) + count <= this.maxPerOwner;
  }

  /** Connected devices that could take a job right now. */
  get availableDeviceCount(): number {
    return this.picker.availableCount;
  }

  /** A device's recent success rate and latency (all methods), for operators. */
  deviceStats(deviceId: string): Readonly<MethodStats> {
    return this.picker.stats.overallOf(deviceId);
  }

  /**
   * A result of `method` arrived from the device (fed by ResultIngest): it moves the device's
   * recent success rate and, for a success, its latency, both of which its score uses.
   */
  recordResult(deviceId: string, method: string, success: boolean, latencyMs: number | null): void {
    this.picker.stats.record(deviceId, method, success, success ? latencyMs : null);
    this.touch(deviceId);
  }

  /** A sign of life from the device (the link may call this on every frame). */
  touch(deviceId: string): void {
    const dev = this.devices.get(deviceId);
    if (dev) dev.lastSeenMs = this.now();
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
    device.lastSeenMs = this.now();
    this.picker.refresh(device);
    this.pump();
  }

  /** The device's link is gone: its running attempts are lost. */
  removeDevice(deviceId: string, which?: ConnectedDevice): void {
    const dev = this.devices.get(deviceId);
    if (!dev || (which && dev !== which)) return;
    this.devices.delete(deviceId);
    this.picker.remove(dev);
    for (const [jobId, attempt] of dev.running) void this.attemptLost(jobId, attempt, 'device disconnected');
  }

  setDraining(deviceId: string): void {
    const dev = this.devices.get(deviceId);
    if (!dev) return;
    dev.draining = true;
    this.touch(deviceId);
    this.picker.refresh(dev);
  }

  /** The device paused (spool full) or resumed taking jobs. */
  setAccepting(deviceId: string, accepting: boolean): void {
    const dev = this.devices.get(deviceId);
    if (!dev) return;
    dev.draining = !accepting;
    this.touch(deviceId);
    this.picker.refresh(dev);
    if (accepting) this.pump();
  }

  // ------------------------------------------------------------------ jobs

  /** True when the job waits in this coordinator's queue or runs on one of its devices. */
  has(jobId: string): boolean {
    return this.queue.get(jobId) !== undefined || this.running.has(jobId);
  }

  /** A pending job (new, resumed after a restart, or announced by another coordinator) enters the queue. */
  enqueue(job: JobRecord, sessionDeviceId: string | null): void {
    if (this.closed || this.has(job.id)) return;
    const needs = needsOf(job, sessionDeviceId);
    const delay = Math.max(0, job.queueDeadlineMs - this.now());
    const entry: Queued = {
      job,
      needs,
      matchKey: matchKeyOf(needs),
      timer: setTimeout(() => void this.queueExpired(job.id), delay),
    };
    entry.timer.unref();
    this.queue.push(job.ownerId, job.id, entry);
    this.pump();
  }

  /** The device reported the attempt's result (stored or not): its slot is free. */
  finished(jobId: string, attempt: number, deviceId: string): void {
    const dev = this.devices.get(deviceId);
    if (dev?.running.get(jobId) === attempt) {
      dev.running.delete(jobId);
      dev.lastSeenMs = this.now();
      this.picker.refresh(dev);
    }
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
        this.picker.refresh(dev);
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
    if (q && excluded) {
      q.needs.excludedDeviceIds = excluded;
      q.matchKey = null;
    }
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
    const dev = this.devices.get(run.deviceId);
    if (dev?.running.delete(jobId)) this.picker.refresh(dev);
    // A lost attempt counts against the device (vanished, or silent past the job's timeout).
    this.picker.stats.record(run.deviceId, run.job.method, false, null);
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
    if (entry.matchKey !== null && this.unplaceable.has(entry.matchKey)) return false;
    const choice = this.picker.pick(entry.needs);
    if (!choice) {
      if (entry.matchKey !== null) this.unplaceable.add(entry.matchKey);
      return false;
    }
    const { device, reason } = choice;
    const { job } = entry;
    this.queue.remove(job.id);
    clearTimeout(entry.timer);
    const attempt = job.attempt + 1;
    device.running.set(job.id, attempt);
    device.assignedTotal++;
    this.picker.refresh(device);
    this.picker.assigned(entry.needs, device);
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
