// Errors of an offload pool (offload-pool.ts): why work handed to a worker thread gave no answer.
// The agent's and the coordinator's error registries re-export them; callers branch on `code`.

export type OffloadErrorCode =
  /** The deadline came while the work waited for a worker or ran in one (which was terminated). */
  | 'OFFLOAD_DEADLINE'
  /** The caller aborted it (a cancelled job, a stopping process): dropped, its worker terminated. */
  | 'OFFLOAD_ABORTED'
  /** The worker reached its heap limit (resourceLimits) and was replaced. */
  | 'OFFLOAD_MEMORY'
  /** The worker exited or failed to start. */
  | 'OFFLOAD_CRASHED'
  /** The work itself threw (a bug, or input the libraries refuse). */
  | 'OFFLOAD_FAILED'
  /** The pool is closed: no new work is taken. */
  | 'OFFLOAD_CLOSED';

export class OffloadError extends Error {
  readonly code: OffloadErrorCode;
  /** The same work on the same input stops the same way; only more time might differ. */
  readonly retryable = false;
  /**
   * True when the task was stopped before a worker took it (its time ran out in the queue, behind
   * other work): its input is not what stopped it. Set by the pool.
   */
  whileQueued = false;
  constructor(code: OffloadErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OffloadError';
    this.code = code;
  }
}
