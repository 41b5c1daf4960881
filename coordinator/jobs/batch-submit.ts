// The placement of a group of new jobs (a batch of POST /crawl/v1/batch/new, a measurement's
// probes, a site crawl's pages joining their running crawl) in one pass, for the owner of job
// state (job-lifecycle.ts), which alone imports this file. It plans which jobs are placed at once and which wait, stores them all with their group in
// one transaction (store/group-types.ts), then announces, sends and queues them through the
// owner's own primitives (BatchOwner): every change of state still passes through the owner, this
// file only orders them for a group.
import { type GroupMember, groupOwnRecord, type NewGroup } from '../store/group-types.js';
import type { JobRecord } from '../store/records.js';
import type { Store } from '../store/types.js';
import { isoNanos } from '../time.js';
import type { JobTracing } from '../tracing/job-tracing.js';
import type { Placed } from './job-types.js';
import { newJobRecord } from './new-job.js';
import type { BatchSubmission, SubmitTrace } from './reports.js';
import { nextStatus } from './transitions.js';

/** What the owner of job state lends a batch's placement (its private steps, as one object). */
export interface BatchOwner {
  readonly store: Store;
  readonly tracing: JobTracing | undefined;
  now(): number;
  /** The claim's lease for a job stored claimed now. */
  lease(nowMs: number): { coordinatorId: string; untilMs: number };
  /** A device for a new job now (nothing waiting ahead of it), its slot taken; null: it waits. */
  placeNew(job: JobRecord): Placed | null;
  /** Gives back a slot taken by placeNew (the batch was not stored). */
  release(jobId: string, attempt: number, deviceId: string): void;
  /** The job was stored: announced as submitted. */
  submitted(job: JobRecord, atMs: number): void;
  /** The job was stored claimed on its device: announced as claimed, its Assign written. */
  claimed(claimed: JobRecord, placed: Placed, atMs: number): Promise<void>;
  /** The job waits in this coordinator's queue (not pumped: the batch pumps once). */
  enqueue(job: JobRecord, sessionDeviceId: string | null): void;
  pump(): void;
  /** Tells the other coordinators on the same database that the job waits for a device. */
  announcePending(job: JobRecord): Promise<void>;
}

interface PlannedJob {
  job: JobRecord;
  /** Set when the job is placed at once: its claimed copy and its device. */
  claim: { claimed: JobRecord; placed: Placed } | null;
}

/**
 * Which jobs are placed at once, in request order while nothing waits and a device has room (as
 * submit() places one), and the rows that store them: once one job waits, every later one waits
 * behind it, so the queue's order is the request's.
 */
function plan(
  owner: BatchOwner,
  jobs: readonly JobRecord[],
  items: readonly BatchSubmission[],
  nowMs: number,
): { planned: PlannedJob[]; rows: GroupMember[] } {
  const planned: PlannedJob[] = [];
  const rows: GroupMember[] = [];
  const lease = owner.lease(nowMs);
  let placing = true;
  for (const [i, job] of jobs.entries()) {
    const p = placing ? owner.placeNew(job) : null;
    if (!p) placing = false;
    const index = items[i]?.index ?? i;
    if (p) {
      nextStatus(job.id, job.status, 'claim');
      const claimed: JobRecord = {
        ...job,
        status: 'running',
        attempt: p.attempt,
        deviceId: p.device.profile.deviceId,
      };
      planned.push({ job, claim: { claimed, placed: p } });
      rows.push({ index, job: claimed, lease });
    } else {
      planned.push({ job, claim: null });
      rows.push({ index, job });
    }
  }
  return { planned, rows };
}

/**
 * A group's jobs in one pass: planned, stored with the group in one transaction (multi-row
 * inserts), then announced, the placed ones' Assigns written, the rest queued and the queue pumped
 * once. Jobs of a session wait in the queue, as submit()'s do.
 */
export async function submitGroup(
  owner: BatchOwner,
  group: NewGroup,
  items: readonly BatchSubmission[],
  opts: { trace?: SubmitTrace } = {},
): Promise<JobRecord[]> {
  const store = async (rows: GroupMember[]) => {
    await owner.store.groups.insertGroup(group, rows);
    return true;
  };
  return (await submitMembers(owner, groupOwnRecord(group).id, items, opts, store)) ?? [];
}

/**
 * New members of a driven group still running (a site crawl's pages), in one pass as a new group's
 * are: stored with the group's `total` grown in one transaction. Null when the group has ended:
 * nothing stored, nothing placed.
 */
export function addToGroup(
  owner: BatchOwner,
  groupId: string,
  items: readonly BatchSubmission[],
  opts: { trace?: SubmitTrace } = {},
): Promise<JobRecord[] | null> {
  return submitMembers(owner, groupId, items, opts, (rows) => owner.store.groups.addMembers(groupId, rows));
}

/** The pass of submitGroup and addToGroup; `store` writes the rows, false when the group took none. */
async function submitMembers(
  owner: BatchOwner,
  groupId: string,
  items: readonly BatchSubmission[],
  opts: { trace?: SubmitTrace },
  store: (rows: GroupMember[]) => Promise<boolean>,
): Promise<JobRecord[] | null> {
  const nowMs = owner.now();
  const submittedAt = isoNanos();
  const jobs = items.map((item) => {
    const job = newJobRecord(item.input, nowMs, submittedAt);
    job.groupId = groupId;
    return job;
  });
  for (const job of jobs) nextStatus(job.id, null, 'submit');
  const first = jobs[0];
  const span = first ? owner.tracing?.submit({ job: first, count: jobs.length }, opts.trace) : undefined;
  if (span) for (const job of jobs) job.traceParent = span.wire.traceParent;
  const { planned, rows } = plan(owner, jobs, items, nowMs);
  const unplace = () => {
    for (const { job, claim } of planned) {
      if (claim) owner.release(job.id, claim.placed.attempt, claim.placed.device.profile.deviceId);
    }
  };
  try {
    if (!(await store(rows))) {
      unplace();
      span?.end();
      return null;
    }
  } catch (err) {
    unplace();
    span?.end(err);
    throw err;
  }
  const atMs = owner.now();
  const sends: Array<Promise<void>> = [];
  const pending: JobRecord[] = [];
  for (const { job, claim } of planned) {
    owner.submitted(job, atMs);
    if (claim) sends.push(owner.claimed(claim.claimed, claim.placed, atMs));
    else pending.push(job);
  }
  // Queued together, pumped once: a pump per job would walk the growing queue each time.
  for (const [i, { job, claim }] of planned.entries()) {
    if (!claim) owner.enqueue(job, items[i]?.sessionDeviceId ?? null);
  }
  owner.pump();
  await Promise.all([...sends, ...pending.map((job) => owner.announcePending(job))]);
  span?.end();
  return jobs;
}
