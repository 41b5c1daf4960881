// The job state machine, as a table. Every change of a job's state is one of these transitions;
// JobLifecycle checks each against the table before it touches the store, and the store's
// conditional updates refuse the same transitions when another actor got there first.
//
//   (new) ──submit──▶ pending ──claim──▶ running ──complete──▶ completed ──archive──▶ completed
//                        ▲                  │                                      (archived)
//                        └─────requeue──────┤
//                     pending|running ──fail──▶ failed
//
// `complete` is legal from pending too: a result from an earlier attempt that was requeued (its
// device re-sent it from the spool after a reconnect) still wins if it arrives first.
import type { JobStatus } from '../store/records.js';

export type Transition = 'submit' | 'claim' | 'complete' | 'fail' | 'requeue' | 'archive';

/** For each transition: the states it may leave, and the state it enters. */
export const TRANSITIONS: Readonly<
  Record<Transition, { readonly from: readonly (JobStatus | null)[]; readonly to: JobStatus }>
> = {
  submit: { from: [null], to: 'pending' },
  claim: { from: ['pending'], to: 'running' },
  complete: { from: ['pending', 'running'], to: 'completed' },
  fail: { from: ['pending', 'running'], to: 'failed' },
  requeue: { from: ['running'], to: 'pending' },
  archive: { from: ['completed'], to: 'completed' },
};

/** A transition the table does not allow from the job's state. Never applied. */
export class IllegalTransitionError extends Error {
  readonly code = 'ILLEGAL_TRANSITION';

  constructor(
    readonly jobId: string,
    readonly from: JobStatus | null,
    readonly transition: Transition,
  ) {
    super(`job ${jobId}: ${transition} is not allowed from ${from ?? 'nothing'}`);
    this.name = 'IllegalTransitionError';
  }
}

/** The state `transition` leads to from `from`; throws IllegalTransitionError when not allowed. */
export function nextStatus(jobId: string, from: JobStatus | null, transition: Transition): JobStatus {
  const rule = TRANSITIONS[transition];
  if (!rule.from.includes(from)) throw new IllegalTransitionError(jobId, from, transition);
  return rule.to;
}
