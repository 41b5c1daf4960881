// How one action failed: its status in the result (ok is the absence of this error).
export type ActionStatus = 'ok' | 'timed_out' | 'not_found' | 'blocked' | 'failed' | 'skipped';

export class ActionError extends Error {
  override name = 'ActionError';
  constructor(
    readonly status: Exclude<ActionStatus, 'ok' | 'skipped'>,
    message: string,
  ) {
    super(message);
  }
}
