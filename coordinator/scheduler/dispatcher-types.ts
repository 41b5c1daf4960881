// The dispatcher's options and the records it keeps per queued and per running job.
import type { Logger } from 'pino';
import type { JobRecord, Store } from '../store/types.js';
import type { JobNeeds } from './matching.js';

export interface Queued {
  job: JobRecord;
  needs: JobNeeds;
  /** Jobs with the same key match the same devices (see pump); null for pinned or excluding ones. */
  matchKey: string | null;
  timer: NodeJS.Timeout;
}

export interface Running {
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
  /**
   * Queued jobs one owner may hold, so one key's burst cannot fill the queue for everyone else.
   * Default: 90% of maxQueuedJobs (at least 1).
   */
  maxQueuedPerOwner?: number;
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
