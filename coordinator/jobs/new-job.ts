// The one place a job record is made: a single submit, and each try of a sweep; and the one place a
// client's job request (POST /crawl/v1/new, a batch item) becomes the job it asks for.
import type { PageOptions } from '../../proto/index.js';
import { newResourceId } from '../resource-id.js';
import type { StorageType } from '../storage/types.js';
import type { JobRecord, JobRequestRecord, Placement, StoredCookie, StoredHeader } from '../store/records.js';
import { isoNanos } from '../time.js';

/** What a client asked for, validated; everything else about a new job follows from it. */
export interface NewJob {
  ownerId: string;
  url: string;
  method: string;
  timeoutSec: number;
  placement: Placement;
  sessionId: string | null;
  sweepId: string | null;
  storageType: StorageType;
  request: JobRequestRecord;
  /** A chosen id (so that what belongs to the job can be stored before it runs); default random. */
  id?: string;
}

/** A job as a client asked for it (the body of POST /crawl/v1/new or a batch item), validated. */
export interface AskedJob {
  url: string;
  method: string;
  timeoutSec: number;
  headers: StoredHeader[];
  bodyBase64: string;
  cookies: StoredCookie[];
  placement: Placement;
  storageType: StorageType;
  /** Lower case; null outside a session. */
  sessionId: string | null;
  /** The job's own webhook, stored under its id by the caller; only whether there is one counts here. */
  webhook: unknown;
  /** Actions, extraction, HAR, PDF, audits; absent when none was asked (docs/actions.md). */
  page?: PageOptions;
}

/** What the job of an AskedJob takes from where it was asked. */
export interface AskedWhere {
  id: string;
  ownerId: string;
  /** The placement of the session it joins: its own constraints narrow it further. */
  sessionPlacement: Placement | null;
  /** The batch it came in (POST /crawl/v1/batch/new). */
  batchId?: string;
}

/**
 * The job a client's request asks for. `/crawl/v1/new` and every batch item build their job here
 * only, so a field one path carries cannot be dropped by the other (a batch item once lost its
 * page options); test/integration/job-builder.test.ts walks every field of the /new schema.
 */
export function askedJob(asked: AskedJob, where: AskedWhere): NewJob & { id: string } {
  const request: JobRequestRecord = {
    headers: asked.headers,
    bodyBase64: asked.bodyBase64,
    cookies: asked.cookies,
    ownWebhook: asked.webhook !== null && asked.webhook !== undefined,
  };
  if (where.batchId) request.batchId = where.batchId;
  if (asked.page) request.page = asked.page;
  return {
    id: where.id,
    ownerId: where.ownerId,
    url: asked.url,
    method: asked.method,
    timeoutSec: asked.timeoutSec,
    placement: { ...(where.sessionPlacement ?? {}), ...asked.placement },
    sessionId: asked.sessionId,
    sweepId: null,
    storageType: asked.storageType,
    request,
  };
}

/**
 * A pending job that may wait `timeoutSec` for a device. Every field is listed (no `...input`):
 * a spread followed by a dozen new keys cost ~15–40 µs a job in V8, a plain literal ~1.5 µs.
 */
export function newJobRecord(input: NewJob, nowMs: number, submittedAt: string = isoNanos()): JobRecord {
  return {
    id: input.id ?? newResourceId(),
    ownerId: input.ownerId,
    url: input.url,
    method: input.method,
    timeoutSec: input.timeoutSec,
    placement: input.placement,
    sessionId: input.sessionId,
    sweepId: input.sweepId,
    storageType: input.storageType,
    request: input.request,
    status: 'pending',
    submittedAt,
    submittedAtMs: nowMs,
    attempt: 0,
    deviceId: null,
    queueDeadlineMs: nowMs + input.timeoutSec * 1000,
    completedAt: null,
    failureType: null,
    errorMessage: null,
    archivedAt: null,
    result: null,
  };
}
