// The devices connected to this coordinator and their slots: which job attempts each one runs, its
// standing (draining, quarantined, its owner's controls) and the picker's index over them. It holds
// no job state and calls nothing back: the job lifecycle (coordinator/jobs/job-lifecycle.ts), its
// only user, asks it for a device, takes and frees slots, and decides what a lost slot means.
import type { OwnerControls } from '../../proto/index.js';
import type { ConnectedDevice, DeviceListener } from './device.js';
import { type Choice, DevicePicker } from './device-picker.js';
import type { MethodStats } from './device-stats.js';
import { pickDirect } from './direct-pick.js';
import type { JobNeeds } from './matching.js';
import { ownerAllows, servesPlace } from './standing.js';

/** Longest a device is held full after a busy refusal when none of its jobs ends first. */
export const BUSY_HOLD_MS = 1_000;

export class DeviceSlots {
  private readonly devices = new Map<string, ConnectedDevice>();
  private readonly listeners = new Set<DeviceListener>();
  private readonly picker: DevicePicker;

  constructor(private readonly now: () => number) {
    this.picker = new DevicePicker(this.devices, now, {
      accepts: (dev, needs) => servesPlace(dev, needs.placement) && ownerAllows(dev, needs, now),
    });
  }

  /** Connected devices that could take a job right now. */
  get availableCount(): number {
    return this.picker.availableCount;
  }

  /** A device's recent success rate and latency (all methods), for operators. */
  statsOf(deviceId: string): Readonly<MethodStats> {
    return this.picker.stats.overallOf(deviceId);
  }

  list(): ConnectedDevice[] {
    return [...this.devices.values()];
  }

  get(deviceId: string): ConnectedDevice | undefined {
    return this.devices.get(deviceId);
  }

  addListener(listener: DeviceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The device joins (a device of the same id must have been removed first). */
  add(device: ConnectedDevice): void {
    this.devices.set(device.profile.deviceId, device);
    device.lastSeenMs = this.now();
    this.picker.refresh(device);
    for (const l of this.listeners) l.added(device);
  }

  /** The device leaves (only `which`, when given); returns it, its slots as they were, or undefined. */
  /**
   * The device refused a job as busy while the coordinator counted a free slot there (it still runs
   * something the coordinator ended, or counts its slots otherwise): it is held full until one of
   * its results comes or BUSY_HOLD_MS pass, then `released` (the lifecycle pumps). Without the hold
   * the freed slot took the job straight back, and the device refused it again, hundreds of times
   * a second.
   */
  holdBusy(deviceId: string, released: () => void): void {
    const dev = this.devices.get(deviceId);
    if (!dev || dev.busyHold) return;
    dev.busyHold = setTimeout(() => {
      if (this.unholdBusy(dev)) released();
    }, BUSY_HOLD_MS);
    dev.busyHold.unref();
    this.picker.refresh(dev);
  }

  /** The hold ends (a result came, the time ran out, the device left); true when there was one. */
  private unholdBusy(dev: ConnectedDevice): boolean {
    if (!dev.busyHold) return false;
    clearTimeout(dev.busyHold);
    dev.busyHold = undefined;
    this.picker.refresh(dev);
    return true;
  }

  remove(deviceId: string, which?: ConnectedDevice): ConnectedDevice | undefined {
    const dev = this.devices.get(deviceId);
    if (!dev || (which && dev !== which)) return undefined;
    this.devices.delete(deviceId);
    if (dev.busyHold) clearTimeout(dev.busyHold);
    dev.busyHold = undefined;
    this.picker.remove(dev);
    for (const l of this.listeners) l.removed(dev);
    return dev;
  }

  /** A sign of life from the device. */
  touch(deviceId: string): void {
    const dev = this.devices.get(deviceId);
    if (dev) dev.lastSeenMs = this.now();
  }

  setDraining(deviceId: string): void {
    const dev = this.devices.get(deviceId);
    if (!dev) return;
    dev.draining = true;
    dev.lastSeenMs = this.now();
    this.picker.refresh(dev);
  }

  /** Quarantine on or off; true when it changed. */
  setQuarantined(deviceId: string, quarantined: boolean): boolean {
    const dev = this.devices.get(deviceId);
    if (!dev || Boolean(dev.quarantined) === quarantined) return false;
    dev.quarantined = quarantined;
    this.picker.refresh(dev);
    return true;
  }

  /** The device paused or resumed taking jobs; its owner's controls changed. */
  setAccepting(deviceId: string, accepting: boolean, ownerControls?: OwnerControls | null): boolean {
    const dev = this.devices.get(deviceId);
    if (!dev) return false;
    dev.owner?.update(ownerControls);
    dev.draining = !accepting;
    dev.lastSeenMs = this.now();
    this.picker.refresh(dev);
    return true;
  }

  /**
   * A device for a job and one of its slots taken for `attempt`; null when none fits now. A `direct`
   * job (a canary) goes to its pinned device alone, past the picker and quarantine.
   */
  take(jobId: string, attempt: number, needs: JobNeeds, direct: boolean): Choice | null {
    const choice = direct ? pickDirect(this.devices, needs, this.now()) : this.picker.pick(needs);
    if (!choice) return null;
    const { device } = choice;
    device.running.set(jobId, attempt);
    device.assignedTotal++;
    device.owner?.assigned(this.now());
    this.picker.refresh(device);
    this.picker.assigned(needs, device);
    return choice;
  }

  /** The slot of `attempt` on the device is free again; false when the device did not hold it. */
  free(jobId: string, attempt: number, deviceId: string): boolean {
    const dev = this.devices.get(deviceId);
    if (dev?.running.get(jobId) !== attempt) return false;
    dev.running.delete(jobId);
    this.picker.refresh(dev);
    return true;
  }

  /**
   * A result of `method` arrived from the device: it moves the device's recent success rate and,
   * for a success, its latency, both of which its score uses.
   */
  recordResult(deviceId: string, method: string, success: boolean, latencyMs: number | null): void {
    this.picker.stats.record(deviceId, method, success, success ? latencyMs : null);
    this.touch(deviceId);
    // A result is a slot freed on the device itself: a busy hold has done its work.
    const dev = this.devices.get(deviceId);
    if (dev) this.unholdBusy(dev);
  }

  /** An attempt the device lost (vanished, or silent past the job's timeout) counts against it. */
  recordLost(deviceId: string, method: string): void {
    this.picker.stats.record(deviceId, method, false, null);
  }
}
