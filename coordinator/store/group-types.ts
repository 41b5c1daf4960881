// Groups of jobs (a batch, a measurement, a sweep), as stored: the group's own row (its kind's record), the
// group's counts, and its jobs, written together in one transaction. A member's terminal transition
// (Store.completeJob / failJob, the only two) adds to its group's counts in the same statement and
// stamps `finished_at` when the last member ends, so a group's state is never a second write that a
// crash can lose (docs/architecture.md, "Groups").
import type { BatchRecord } from './batch-types.js';
import type { CrawlRecord, CrawlStatus, NewCrawlPage } from './crawl-types.js';
import type { MeasurementRecord } from './measure-types.js';
import type { JobRecord, SweepRecord } from './records.js';

/** The kinds of group; each names its completion event's dedupe key prefix (`batch:<id>`). */
export const GROUP_KINDS = ['batch', 'measurement', 'sweep', 'crawl'] as const;
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
  /**
   * Set by the terminal transition of the last member (at creation when it has none); a driven
   * group's by its driver (finishGroup).
   */
  finishedAt: string | null;
  /**
   * A group its driver grows and ends (a site crawl): members join while it runs (addMembers),
   * their ends count but never finish it, and it holds a lease on the coordinator driving it.
   */
  driven: boolean;
}

/** A group as it is created: its kind's own record, stored in the same transaction. */
export type NewGroup =
  | { kind: 'batch'; batch: BatchRecord }
  | { kind: 'measurement'; measurement: MeasurementRecord }
  | { kind: 'sweep'; sweep: SweepRecord }
  /**
   * A site crawl or map, with its first frontier rows (start URLs, sitemaps): distinct by url
   * hash, page rows within max_pages. Driven: its pages join as they are submitted, and the
   * coordinator that makes it holds its lease from the start (`lease`).
   */
  | {
      kind: 'crawl';
      crawl: CrawlRecord;
      pages: readonly NewCrawlPage[];
      lease?: { owner: string; untilMs: number };
    };

/** How a driven group ends, with its kind's own row (in the same transaction). */
export interface GroupEnd {
  kind: 'crawl';
  id: string;
  status: Exclude<CrawlStatus, 'running'>;
  error: string | null;
}

/** The record a new group is made for: its id is the group's, its owner and creation time too. */
export function groupOwnRecord(group: NewGroup): { id: string; ownerId: string; createdAt: string } {
  switch (group.kind) {
    case 'batch':
      return group.batch;
    case 'measurement':
      return group.measurement;
    case 'sweep':
      return group.sweep;
    case 'crawl':
      return group.crawl;
  }
}

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
  /**
   * New members of a driven group still running, stored with its `total` grown by their number in
   * one transaction; false (nothing stored) when the group has ended.
   */
  addMembers(groupId: string, members: readonly GroupMember[]): Promise<boolean>;
  /**
   * A driven group ends: its kind's row (a crawl's status) and its `finished_at`, in one
   * transaction, its lease let go; false when it had already ended.
   */
  finishGroup(end: GroupEnd): Promise<boolean>;
  /**
   * Running driven groups of `kind` whose lease is free (run out, or already `owner`'s), now
   * leased to `owner` until `untilMs`, oldest first: one coordinator drives a group at a time.
   */
  claimGroups(
    kind: GroupKind,
    owner: string,
    nowMs: number,
    untilMs: number,
    limit: number,
  ): Promise<string[]>;
  /** Extends `owner`'s leases of the groups `ids`; the ids it still holds (running ones only). */
  renewGroups(owner: string, ids: readonly string[], untilMs: number): Promise<string[]>;
  /** Lets `owner`'s leases of the groups `ids` go (the coordinator closes). */
  releaseGroups(owner: string, ids: readonly string[]): Promise<void>;
}

export interface GroupRow {
  id: string;
  kind: string;
  owner_id: string;
  created_at: string;
  total: number | string;
  completed_count: number | string;
  failed_count: number | string;
  finished_at: string | null;
  driven: number | string;
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
    driven: Number(r.driven) === 1,
  };
}
