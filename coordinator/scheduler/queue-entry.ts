// A job's entry in the job lifecycle's queue, and what its queue deadline passing means for it.

import type { FailureType, Queued } from '../jobs/job-types.js';
import { type JobRecord, SYSTEM_OWNER_ID } from '../store/records.js';
import { type JobNeeds, matchKeyOf, needsOf } from './matching.js';

/**
 * The queue entry of a pending job; `excludedDeviceId`: devices it may not go to (it timed out on
 * them or they refused it as unsupported, or its submitter kept it off them).
 * Its timer calls `onExpired` at the job's queue deadline (unref'd: it never holds the process).
 */
export function queuedEntry(
  job: JobRecord,
  sessionDeviceId: string | null,
  excludedDeviceId: string | readonly string[] | undefined,
  nowMs: number,
  onExpired: () => void,
): Queued {
  const timer = setTimeout(onExpired, Math.max(0, job.queueDeadlineMs - nowMs));
  timer.unref();
  const { needs, direct } = wanted(job, sessionDeviceId, excludedDeviceId);
  return {
    job,
    needs,
    direct,
    matchKey: excludedDeviceId === undefined ? matchKeyOf(needs) : null,
    timer,
  };
}

/** What a job asks of a device, queued or placed at once (JobLifecycle.placeNew). */
export function wanted(
  job: JobRecord,
  sessionDeviceId: string | null,
  excludedDeviceId: string | readonly string[] | undefined,
): Pick<Queued, 'job' | 'needs' | 'direct'> {
  const needs = needsOf(job, sessionDeviceId);
  if (excludedDeviceId !== undefined) {
    needs.excludedDeviceIds = new Set(
      typeof excludedDeviceId === 'string' ? [excludedDeviceId] : excludedDeviceId,
    );
  }
  return { job, needs, direct: isDirect(job, needs) };
}

/** A system job pinned to one device (a canary) goes to that device alone, past the picker. */
function isDirect(job: JobRecord, needs: JobNeeds): boolean {
  return job.ownerId === SYSTEM_OWNER_ID && needs.pinnedDeviceId !== null;
}

/** How a job whose queue deadline passed fails: its session's device, or any device, never came. */
export function expiryFailure(entry: Queued): [type: FailureType, message: string] {
  const { job, needs } = entry;
  const secs = Math.round((job.queueDeadlineMs - job.submittedAtMs) / 1000);
  if (job.sessionId && needs.pinnedDeviceId) {
    return [
      'session_device_unavailable',
      `the session's device ${needs.pinnedDeviceId} was not available within ${secs} seconds`,
    ];
  }
  const excluded = needs.excludedDeviceIds?.size ?? 0;
  // A client's job is excluded from devices only by its own attempts (the coordinator's own jobs
  // are also kept off the devices they check): say so, or the failure reads as an empty fleet.
  if (excluded > 0 && !needs.pinnedDeviceId && job.ownerId !== SYSTEM_OWNER_ID) {
    return [
      'no_device',
      `no device matching the job became available within ${secs} seconds, other than the ${excluded} it timed out on or was refused by`,
    ];
  }
  return ['no_device', `no device matching the job became available within ${secs} seconds`];
}
