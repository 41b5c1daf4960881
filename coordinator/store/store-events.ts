// What one coordinator learns of the others sharing its database: wake-ups (LISTEN/NOTIFY on
// PostgreSQL) and the job change feed that catches up after a gap.

/** Wake-ups between coordinators sharing one database (PostgreSQL LISTEN/NOTIFY). */
export type StoreEvent =
  | { type: 'job_pending'; jobId: string }
  | { type: 'job_terminal'; jobId: string }
  /** A pending job was claimed: the other coordinators drop their queued copy instead of racing for it. */
  | { type: 'job_claimed'; jobId: string }
  | { type: 'session_ended'; sessionId: string }
  /** Local only: the subscription had a gap (its connection was re-made) and events may be lost. */
  | { type: 'resync' };

/** What changed since a position of the job change feed (PostgreSQL: docs/postgres.md). */
export interface JobChanges {
  /** Opaque; pass it back as `since` to read only what changed after this read. */
  cursor: string;
  /** Jobs inserted, requeued or reclaimed since, pending at the time of the read. */
  pendingIds: string[];
  /** Jobs that became completed or failed since. */
  finishedIds: string[];
}
