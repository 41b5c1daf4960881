// Holds the pending queue and the connected devices; hands jobs to devices. No HTTP, WS or store
// here: the link registers devices with callbacks, the job lifecycle (coordinator/jobs/) enqueues
// jobs and says when they end, and every change of a job's state this class decides on (claim,
// fail, requeue) is asked of the lifecycle through JobTransitions.
import type { OwnerControls } from '../../proto/index.js';
import type { JobRecord } from '../store/types.js';
import { Assigner } from './assigner.js';
import type { ConnectedDevice, DeviceListener } from './device.js';
import { DevicePicker } from './device-picker.js';
import type { MethodStats } from './device-stats.js';
import { ownerAllows, pickDirect } from './direct-pick.js';
import {
  type DispatcherOptions,
  type FailureType,
  type JobTransitions,
  type Placed,
  type Queued,
  REQUEUE_WHY,
  type RequeueCause,
  type Running,
} from './dispatcher-types.js';
import { OwnerQueues } from './owner-queues.js';
import { expiryFailure, queuedEntry, requeueLogged, wanted } from './queue-entry.js';

export type { ConnectedDevice, DeviceLink, DeviceListener } from './device.js';
export type {
  ClaimOutcome,
  DispatcherOptions,
  FailureType,
  JobTransitions,
  Placed,
  RequeueOptions,
} from './dispatcher-types.js';

export class Dispatcher {
  private readonly devices = new Map<string, ConnectedDevice>();
  private readonly deviceListeners = new Set<DeviceListener>();
  private readonly queue = new OwnerQueues<Queued>();
  private readonly running = new Map<string, Running>();
  private readonly now: () => number;
  private readonly picker: DevicePicker;
  private readonly maxPerOwner: number;
  /** Match keys that found no device in the current pump round (see pump). */
  private readonly unplaceable = new Set<string>();
  private pumping = false;
  private pumpAgain = false;
  private closed = false;
  private readonly assigner: Assigner;
  /** Jobs placed at submit whose insert is not committed yet (placeNew → sendPlaced/unplace). */
  private readonly placing = new Set<string>();

  constructor(private readonly opts: DispatcherOptions) {
    this.now = opts.now ?? Date.now;
    this.picker = new DevicePicker(this.devices, this.now, {
      accepts: (dev, needs) => ownerAllows(dev, needs, this.now),
    });
    this.assigner = new Assigner({
      opts,
      running: this.running,
      devices: this.devices,
      finished: (jobId, attempt, deviceId) => this.finished(jobId, attempt, deviceId),
      enqueue: (job, sessionDeviceId) => this.enqueue(job, sessionDeviceId),
      fail: (job, type, message) => this.fail(job, type, message),
      lose: (job, attempt, deviceId, cause) => this.lose(job, attempt, deviceId, cause),
    });
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

  // ------------------------------------------------------------------ devices

  addDeviceListener(listener: DeviceListener): () => void {
    this.deviceListeners.add(listener);
    return () => this.deviceListeners.delete(listener);
  }

  addDevice(device: ConnectedDevice): void {
    const old = this.devices.get(device.profile.deviceId);
    if (old) this.removeDevice(device.profile.deviceId, old);
    this.devices.set(device.profile.deviceId, device);
    device.lastSeenMs = this.now();
    this.picker.refresh(device);
    for (const l of this.deviceListeners) l.added(device);
    this.pump();
  }

  /** The device's link is gone: its running attempts are lost. */
  removeDevice(deviceId: string, which?: ConnectedDevice): void {
    const dev = this.devices.get(deviceId);
    if (!dev || (which && dev !== which)) return;
    this.devices.delete(deviceId);
    this.picker.remove(dev);
    for (const l of this.deviceListeners) l.removed(dev);
    for (const [jobId, attempt] of dev.running) void this.attemptLost(jobId, attempt, 'device_left');
  }

  setDraining(deviceId: string): void {
    const dev = this.devices.get(deviceId);
    if (!dev) return;
    dev.draining = true;
    this.touch(deviceId);
    this.picker.refresh(dev);
  }

  /** Quarantine on or off: a quarantined device takes only jobs made for it (canaries). */
  setQuarantined(deviceId: string, quarantined: boolean): void {
    const dev = this.devices.get(deviceId);
    if (!dev || Boolean(dev.quarantined) === quarantined) return;
    dev.quarantined = quarantined;
    this.picker.refresh(dev);
    this.pump();
  }

  /** The device paused (spool full, its owner) or resumed taking jobs; its owner's controls changed. */
  setAccepting(deviceId: string, accepting: boolean, ownerControls?: OwnerControls | null): void {
    const dev = this.devices.get(deviceId);
    if (!dev) return;
    dev.owner?.update(ownerControls);
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

  /**
   * A pending job (new, requeued, resumed after a restart, or announced by another coordinator)
   * enters the queue; `excludedDeviceId` is a device that refused it as unsupported (or devices a
   * new job must avoid).
   */
  enqueue(
    job: JobRecord,
    sessionDeviceId: string | null,
    excludedDeviceId?: string | readonly string[],
  ): void {
    if (this.closed || this.has(job.id)) return;
    const entry = queuedEntry(job, sessionDeviceId, excludedDeviceId, this.now(), () => {
      void this.queueExpired(job.id);
    });
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
    if (run && run.attempt === attempt && run.deviceId === deviceId) {
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

  /**
   * The device refused an assignment: it goes back to the queue (elsewhere when unsupported).
   * Only the device the attempt runs on may refuse it; false for anything else.
   */
  async rejected(
    jobId: string,
    attempt: number,
    deviceId: string,
    retryElsewhere: boolean,
  ): Promise<boolean> {
    const run = this.running.get(jobId);
    if (!run || run.attempt !== attempt || run.deviceId !== deviceId) return false;
    this.finished(jobId, attempt, deviceId);
    await this.requeue(run.job, attempt, 'refused', {
      queueDeadlineMs: run.job.queueDeadlineMs,
      pinnedDeviceId: run.job.sessionId ? deviceId : null,
      excludedDeviceId: retryElsewhere ? deviceId : undefined,
    });
    return true;
  }

  /** The job as claimed while this coordinator runs `attempt` of it on `deviceId`; else undefined. */
  runningJob(jobId: string, attempt: number, deviceId: string): JobRecord | undefined {
    const run = this.running.get(jobId);
    return run !== undefined && run.attempt === attempt && run.deviceId === deviceId ? run.job : undefined;
  }

  /** Ends every queued or running job of a closed/expired session. */
  async endSession(
    sessionId: string,
    deviceId: string | null,
    type: FailureType,
    message: string,
  ): Promise<void> {
    for (const entry of this.queue.filter((q) => q.job.sessionId === sessionId)) {
      await this.fail(entry.job, type, message);
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

  private async queueExpired(jobId: string): Promise<void> {
    const entry = this.queue.get(jobId);
    if (entry) await this.fail(entry.job, ...expiryFailure(entry));
  }

  private async fail(job: JobRecord, type: FailureType, message: string): Promise<void> {
    const entry = this.queue.remove(job.id);
    if (entry) clearTimeout(entry.timer);
    try {
      await this.opts.transitions.fail(job, type, message);
    } catch (err) {
      this.opts.log.error({ err, jobId: job.id }, 'could not mark job failed');
    }
    // Whatever the store said, this coordinator stops holding the job.
    this.terminal(job.id);
  }

  private async attemptLost(jobId: string, attempt: number, cause: RequeueCause): Promise<void> {
    const run = this.running.get(jobId);
    if (!run || run.attempt !== attempt) return;
    clearTimeout(run.timer);
    this.running.delete(jobId);
    const dev = this.devices.get(run.deviceId);
    if (dev?.running.delete(jobId)) this.picker.refresh(dev);
    // A lost attempt counts against the device (vanished, or silent past the job's timeout).
    this.picker.stats.record(run.deviceId, run.job.method, false, null);
    // Lost while its submit's insert is in flight: sendPlaced loses it once submit and claim are in.
    if (!this.placing.has(jobId)) await this.lose(run.job, attempt, run.deviceId, cause);
  }

  /** An attempt no device will finish: requeued, or failed when retries ran out. */
  private async lose(job: JobRecord, attempt: number, deviceId: string, cause: RequeueCause): Promise<void> {
    const why = REQUEUE_WHY[cause];
    const log = this.opts.log.child({ jobId: job.id, deviceId });
    if (attempt >= this.opts.maxAttempts) {
      log.warn({ attempt, why }, 'attempts exhausted');
      await this.fail(job, 'device_lost', `the device running the job was lost (${why}) and retries ran out`);
      return;
    }
    const requeued = await this.requeue(job, attempt, cause, {
      queueDeadlineMs: this.now() + job.timeoutSec * 1000,
      pinnedDeviceId: job.sessionId ? deviceId : null,
    });
    if (requeued) log.info({ attempt, why }, 'attempt lost; job requeued');
  }

  private requeue(...args: Parameters<JobTransitions['requeue']>): Promise<boolean> {
    return requeueLogged(this.opts.transitions, this.opts.log, ...args);
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
    const placed = this.reserve(entry);
    if (!placed) {
      if (entry.matchKey !== null) this.unplaceable.add(entry.matchKey);
      return false;
    }
    this.queue.remove(entry.job.id);
    clearTimeout(entry.timer);
    void this.assigner.claimAndSend(entry.job, placed);
    return true;
  }

  /** A device for the job, its slot taken and the attempt's timer set; null when none fits now. */
  private reserve({ job, needs, direct }: Pick<Queued, 'job' | 'needs' | 'direct'>): Placed | null {
    const choice = direct ? pickDirect(this.devices, needs, this.now()) : this.picker.pick(needs);
    if (!choice) return null;
    const { device, reason } = choice;
    const attempt = job.attempt + 1;
    device.running.set(job.id, attempt);
    device.assignedTotal++;
    device.owner?.assigned(this.now());
    this.picker.refresh(device);
    this.picker.assigned(needs, device);
    const timer = setTimeout(
      () => void this.attemptLost(job.id, attempt, 'timeout'),
      job.timeoutSec * 1000 + this.opts.runningGraceMs,
    );
    timer.unref();
    this.running.set(job.id, { jobId: job.id, attempt, deviceId: device.profile.deviceId, timer, job });
    return { device, attempt, reason };
  }

  /**
   * A new job placed as it is submitted, when nothing waits in the queue (the pump would pick the
   * same device): the lifecycle stores it already claimed, in one write, then calls sendPlaced (or
   * unplace when the write failed). Null when it must wait: the caller stores and enqueues it.
   */
  placeNew(job: JobRecord, excludedDeviceId?: string | readonly string[]): Placed | null {
    if (this.closed || this.queue.size > 0 || job.sessionId !== null || this.has(job.id)) return null;
    const placed = this.reserve(wanted(job, null, excludedDeviceId));
    if (placed) this.placing.add(job.id);
    return placed;
  }

  /** The placed job is stored claimed: its Assign goes out (or, its device gone, it is lost). */
  sendPlaced(job: JobRecord, placed: Placed): Promise<void> {
    this.placing.delete(job.id);
    return this.assigner.sendPlaced(job, placed);
  }

  /** The placed job could not be stored: the device's slot is free again. */
  unplace(jobId: string, placed: Placed): void {
    this.placing.delete(jobId);
    this.finished(jobId, placed.attempt, placed.device.profile.deviceId);
  }
}
