// Groups of jobs (a batch, a measurement), as stored: the group's own row (its kind's record), the
// group's counts, and its jobs, written together in one transaction. A member's terminal transition
// (Store.completeJob / failJob, the only two) adds to its group's counts in the same statement and
// stamps `finished_at` when the last member ends, so a group's state is never a second write that a
// crash can lose (docs/architecture.md, "Groups").
import type { BatchRecord } from './batch-types.js';
import type { MeasurementRecord } from './measure-types.js';
import type { JobRecord } from './records.js';

/** The kinds of group; each names its completion event's dedupe key prefix (`batch:<id>`). */
export const GROUP_KINDS = ['batch', 'measurement'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

export interface GroupRecord {
  id: string;
  kind: GroupKind;
  ownerId: string;
  /** ISO 8601. */
  createdAt: string;
  /** Members stored with the group. */
  total: number;
  completed: number;
  failed: number;
  /** Set by the terminal transition of the last member (at creation when it has none). */
  finishedAt: string | null;
}

/** A group as it is created: its kind's own record, stored in the same transaction. */
export type NewGroup =
  | { kind: 'batch'; batch: BatchRecord }
  | { kind: 'measurement'; measurement: MeasurementRecord };

/** One job of a new group: its position in the request, and its record as it is to be stored. */
export interface GroupMember {
  index: number;
  job: JobRecord;
  /** Stored already claimed under this lease (placed the moment it was submitted). */
  lease?: { coordinatorId: string; untilMs: number };
}

export interface GroupStore {
  /**
   * The group's row, its kind's record and its members (multi-row inserts, each member's
   * `group_id` set), in one transaction: all or nothing. Members with a lease are stored running
   * under it, as Store.insertJob does.
   */
  insertGroup(group: NewGroup, members: readonly GroupMember[]): Promise<void>;
  getGroup(id: string): Promise<GroupRecord | null>;
  /**
   * Groups of members finished since `sinceIso` whose completion event (`<kind>:<id>`) was never
   * written: the coordinator that finished them stopped between the commit and the event. A group
   * of no members (a batch whose every item was refused) has no completion event.
   */
  listFinishedWithoutEvent(sinceIso: string, limit: number): Promise<Array<{ id: string; kind: GroupKind }>>;
}

/**
 * Migration 16. The counts move only in the member's terminal statement (sqlite-store.ts,
 * postgres/batch-statements.ts), which reads the member's `group_id` from its own UPDATE.
 * Batches and measurements of older versions become groups here; the batch counters they kept
 * (batches.finished_count, completed_at, batch_jobs.finished) go.
 */
export const GROUP_TABLES_SQL = (finishedAt: string): string => `
  CREATE TABLE job_groups (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    owner_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    total INTEGER NOT NULL,
    completed_count INTEGER NOT NULL DEFAULT 0,
    failed_count INTEGER NOT NULL DEFAULT 0,
    finished_at ${finishedAt}
  );
  CREATE INDEX job_groups_finished ON job_groups (finished_at) WHERE finished_at IS NOT NULL;
  ALTER TABLE jobs ADD COLUMN group_id TEXT;
  INSERT INTO job_groups (id, kind, owner_id, created_at, total, completed_count, failed_count, finished_at)
    SELECT b.id, 'batch', b.owner_id, b.created_at, b.accepted_count,
      (SELECT COUNT(*) FROM batch_jobs p JOIN jobs j ON j.id = p.job_id WHERE p.batch_id = b.id AND j.status = 'completed'),
      (SELECT COUNT(*) FROM batch_jobs p JOIN jobs j ON j.id = p.job_id WHERE p.batch_id = b.id AND j.status = 'failed'),
      b.completed_at
    FROM batches b;
  UPDATE jobs SET group_id = (SELECT p.batch_id FROM batch_jobs p WHERE p.job_id = jobs.id)
    WHERE id IN (SELECT job_id FROM batch_jobs);
  ALTER TABLE batches DROP COLUMN finished_count;
  ALTER TABLE batches DROP COLUMN completed_at;
  ALTER TABLE batch_jobs DROP COLUMN finished;
`;

/**
 * Migration 16's measurements: their members are listed in their JSON (`jobs`), read with each
 * dialect's JSON functions. A measurement whose members are all terminal is finished at its last
 * member's end.
 */
export const GROUP_MEASUREMENTS_SQL = {
  sqlite: `
  UPDATE jobs SET group_id = (SELECT m.id FROM measurements m, json_each(m.jobs) r
      WHERE json_extract(r.value, '$.jobId') = jobs.id)
    WHERE group_id IS NULL
      AND id IN (SELECT json_extract(r.value, '$.jobId') FROM measurements m, json_each(m.jobs) r);
  INSERT INTO job_groups (id, kind, owner_id, created_at, total, completed_count, failed_count, finished_at)
    SELECT m.id, 'measurement', m.owner_id, m.created_at, json_array_length(m.jobs),
      (SELECT COUNT(*) FROM jobs j WHERE j.group_id = m.id AND j.status = 'completed'),
      (SELECT COUNT(*) FROM jobs j WHERE j.group_id = m.id AND j.status = 'failed'),
      NULL
    FROM measurements m;
  UPDATE job_groups SET finished_at = (SELECT MAX(j.completed_at) FROM jobs j WHERE j.group_id = job_groups.id)
    WHERE kind = 'measurement' AND completed_count + failed_count >= total;`,
  postgres: `
  UPDATE jobs SET group_id = r.mid FROM (
      SELECT m.id AS mid, e->>'jobId' AS jid FROM measurements m, json_array_elements(m.jobs::json) e) r
    WHERE jobs.id = r.jid AND jobs.group_id IS NULL;
  INSERT INTO job_groups (id, kind, owner_id, created_at, total, completed_count, failed_count, finished_at)
    SELECT m.id, 'measurement', m.owner_id, m.created_at, json_array_length(m.jobs::json),
      (SELECT COUNT(*) FROM jobs j WHERE j.group_id = m.id AND j.status = 'completed'),
      (SELECT COUNT(*) FROM jobs j WHERE j.group_id = m.id AND j.status = 'failed'),
      NULL
    FROM measurements m;
  UPDATE job_groups SET finished_at = (SELECT MAX(j.completed_at) FROM jobs j WHERE j.group_id = job_groups.id)
    WHERE kind = 'measurement' AND completed_count + failed_count >= total;`,
};

export interface GroupRow {
  id: string;
  kind: string;
  owner_id: string;
  created_at: string;
  total: number | string;
  completed_count: number | string;
  failed_count: number | string;
  finished_at: string | null;
}

export function rowToGroup(r: GroupRow): GroupRecord {
  return {
    id: r.id,
    kind: r.kind as GroupKind,
    ownerId: r.owner_id,
    createdAt: r.created_at,
    total: Number(r.total),
    completed: Number(r.completed_count),
    failed: Number(r.failed_count),
    finishedAt: r.finished_at,
  };
}
