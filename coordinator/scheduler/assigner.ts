// The step after a device was chosen for a job: the claim asked of the job lifecycle, then the
// Assign written to the device, or the reservation undone when the claim lost, the job must follow
// its session's device, or the device left while the claim was being stored.
import type { JobRecord } from '../store/types.js';
import type { JobSpan } from '../tracing/job-tracing.js';
import type { ConnectedDevice } from './device.js';
import type { DispatcherOptions, FailureType, Placed, RequeueCause, Running } from './dispatcher-types.js';

/** What of the dispatcher an assignment reads and calls back into. */
export interface AssignerHost {
  opts: DispatcherOptions;
  running: Map<string, Running>;
  devices: ReadonlyMap<string, ConnectedDevice>;
  finished(jobId: string, attempt: number, deviceId: string): void;
  enqueue(job: JobRecord, sessionDeviceId: string | null): void;
  fail(job: JobRecord, type: FailureType, message: string): Promise<void>;
  lose(job: JobRecord, attempt: number, deviceId: string, cause: RequeueCause): Promise<void>;
}

export class Assigner {
  constructor(private readonly host: AssignerHost) {}

  /** A job taken from the queue: claimed through the lifecycle, then sent. */
  async claimAndSend(job: JobRecord, placed: Placed): Promise<void> {
    const { device, attempt, reason } = placed;
    const deviceId = device.profile.deviceId;
    const { opts } = this.host;
    // Traced, one span covers the claim and the Assign written; the agent's span joins it.
    const span = opts.tracing?.dispatch(job, attempt, deviceId);
    let failure: unknown;
    try {
      const outcome = await opts.transitions.claim(job, attempt, deviceId, reason);
      span?.set('crawl.dispatch.outcome', outcome.kind);
      if (outcome.kind !== 'claimed') {
        this.host.finished(job.id, attempt, deviceId);
        // Another job of the session pinned a different device first: follow it.
        if (outcome.kind === 'follow') this.host.enqueue(job, outcome.deviceId);
        else if (outcome.kind === 'stale') this.host.enqueue(outcome.job, outcome.sessionDeviceId);
        return;
      }
      await this.send(outcome.job, placed, span);
    } catch (err) {
      failure = err;
      opts.log.error({ err, jobId: job.id }, 'assignment failed');
      this.host.finished(job.id, attempt, deviceId);
      await this.host.fail(job, 'internal', 'the coordinator could not assign the job');
    } finally {
      span?.end(failure);
    }
  }

  /** A job stored already claimed at its submit (Dispatcher.placeNew): sent. */
  async sendPlaced(job: JobRecord, placed: Placed): Promise<void> {
    const span = this.host.opts.tracing?.dispatch(job, placed.attempt, placed.device.profile.deviceId);
    span?.set('crawl.dispatch.outcome', 'claimed');
    try {
      await this.send(job, placed, span);
    } finally {
      span?.end();
    }
  }

  /** The claimed attempt goes to its device, unless the device left while the claim was stored. */
  private async send(job: JobRecord, placed: Placed, span: JobSpan | undefined): Promise<void> {
    const { device, attempt, reason } = placed;
    const deviceId = device.profile.deviceId;
    const run = this.host.running.get(job.id);
    if (!run || run.attempt !== attempt || this.host.devices.get(deviceId) !== device) {
      // The device left while the claim was in flight (its removal found nothing claimed yet).
      if (run?.attempt === attempt) {
        clearTimeout(run.timer);
        this.host.running.delete(job.id);
      }
      span?.set('crawl.dispatch.outcome', 'device_left');
      await this.host.lose(job, attempt, deviceId, 'device_left');
      return;
    }
    run.job = job;
    span?.set('crawl.placement.reason', reason);
    device.link.assign(job, attempt, span?.wire);
  }
}
