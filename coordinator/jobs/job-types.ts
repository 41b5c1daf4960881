// The job lifecycle's options and the records it keeps per queued and per running job.
import type { Logger } from 'pino';
import type { ConnectedDevice } from '../scheduler/device.js';
import type { JobNeeds } from '../scheduler/matching.js';
import type { JobRecord } from '../store/records.js';
import type { JobTracing } from '../tracing/job-tracing.js';

export interface Queued {
  job: JobRecord;
  needs: JobNeeds;
  /** A job the coordinator made for one device (a canary): it reaches that device even in quarantine. */
  direct: boolean;
  /** Jobs with the same key match the same devices (see pump); null for pinned or excluding ones. */
  matchKey: string | null;
  timer: NodeJS.Timeout;
}

/** A device chosen for a job, its slot taken, and the attempt the job runs as there. */
export interface Placed {
  device: ConnectedDevice;
  attempt: number;
  /** Why this device (metadata.placement_reason). */
  reason: string;
  /** The devices this attempt was kept off (its queue entry's exclusions), carried to its retry. */
  avoid?: readonly string[];
}

export interface Running {
  jobId: string;
  attempt: number;
  deviceId: string;
  timer: NodeJS.Timeout;
  job: JobRecord;
  /**
   * Devices the job may not go back to, carried from attempt to attempt on this coordinator: those
   * it timed out on, those that refused it as unsupported, those its submitter excluded.
   */
  avoid?: readonly string[];
}

/** How a claim ended. */
export type ClaimOutcome =
  /** The job is now running on the device: send it. */
  | { kind: 'claimed'; job: JobRecord }
  /** The job's session is pinned to another device first: queue the job for that one. */
  | { kind: 'follow'; deviceId: string }
  /** Another coordinator (or an earlier call) changed the job first: drop the reservation. */
  | { kind: 'lost' }
  /** This copy was out of date (the job was requeued since): queue the fresh one instead. */
  | { kind: 'stale'; job: JobRecord; sessionDeviceId: string | null };

/** Why a running attempt went back to the queue. */
export type RequeueCause = 'device_left' | 'timeout' | 'refused' | 'restart' | 'lease_expired';

/** The same, in words, for logs and events. */
export const REQUEUE_WHY: Readonly<Record<RequeueCause, string>> = {
  device_left: 'device disconnected',
  timeout: 'no result within the job timeout',
  refused: 'refused by the device',
  restart: 'the coordinator restarted',
  lease_expired: 'lease expired',
};

export interface RequeueOptions {
  queueDeadlineMs: number;
  pinnedDeviceId: string | null;
  excludedDeviceId?: string | readonly string[];
}

export interface SchedulingOptions {
  log: Logger;
  /** The job's spans (dispatch), when tracing is on. Default: none, and no span is made. */
  tracing?: JobTracing;
  maxAttempts: number;
  maxQueuedJobs: number;
  /**
   * Queued jobs one owner may hold, so one key's burst cannot fill the queue for everyone else.
   * Default: 90% of maxQueuedJobs (at least 1).
   */
  maxQueuedPerOwner?: number;
  runningGraceMs: number;
  now?: () => number;
}

export type FailureType =
  | 'no_device'
  | 'device_lost'
  | 'session_closed'
  | 'session_device_unavailable'
  | 'internal'
  /** The client cancelled the job (or its batch, or its site crawl) before it ended. */
  | 'cancelled';

/** The error message of a job its client cancelled (POST /crawl/v1/jobs/{id}/cancel, …/batch/{id}/cancel). */
export const CANCELLED_BY_CLIENT = 'cancelled by the client';
