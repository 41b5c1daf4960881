// What JobLifecycle announces: one event per applied transition, on the coordinator that applied
// it. Listeners (metrics, webhooks, server-sent events, verification) subscribe here instead of
// hooking the places where jobs change. Other coordinators on the same database learn of the same
// change through the store's LISTEN/NOTIFY events (job_pending, job_terminal), not through these;
// a listener that follows a job hears of its end there too (onRemoteEnd).

import type { JobRecord, ResultRecord } from '../store/records.js';
import type { RequeueCause } from './job-types.js';
import type { Transition } from './transitions.js';

interface Base<T extends Transition> {
  transition: T;
  /** The job as it is after the transition (as far as this coordinator knows it). */
  job: JobRecord;
  /** Epoch ms the transition was applied. */
  atMs: number;
}

export type JobEvent =
  | Base<'submit'>
  | (Base<'claim'> & { deviceId: string; attempt: number; placementReason: string })
  | (Base<'complete'> & { result: ResultRecord })
  | (Base<'fail'> & { failureType: string; message: string })
  | (Base<'requeue'> & { attempt: number; cause: RequeueCause; why: string })
  | Base<'archive'>;

export interface JobListener {
  /** Called synchronously after the store change; must not throw (errors are logged). */
  onJobEvent(event: JobEvent): void;
  /**
   * Whether this listener wants to hear of `jobId`'s end on another coordinator (a site crawl's
   * driver, for its pages in flight). Asked when cluster sync reports a job ended elsewhere; the
   * job is read from the store only when some listener says yes, once for all of them.
   */
  followsJob?(jobId: string): boolean;
  /**
   * A job that `followsJob` asked for ended on another coordinator (completed or failed there: not
   * a transition applied here, so never an onJobEvent), as read from the store after its end was
   * heard. Must not throw.
   */
  onRemoteEnd?(job: JobRecord): void;
}
