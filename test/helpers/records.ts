// Store records for tests that need one without going through the API or a device: a new pending
// GET job, and a successful result with every field at its empty value, overridden where the test
// cares.
import { randomUUID } from 'node:crypto';
import { type NewJob, newJobRecord } from '../../coordinator/jobs/new-job.js';
import type { JobRecord, ResultRecord, SweepRecord } from '../../coordinator/store/records.js';
import type { Store } from '../../coordinator/store/types.js';

/** What a client's submit of a plain GET asks for (a validated NewJob), with `input` applied. */
export function jobInput(ownerId: string, input: Partial<NewJob> = {}): NewJob {
  return {
    ownerId,
    url: 'https://example.com/',
    method: 'GET',
    timeoutSec: 30,
    placement: {},
    sessionId: null,
    sweepId: null,
    storageType: 'local',
    request: { headers: [], bodyBase64: '', cookies: [] },
    ...input,
  };
}

/** A new pending GET job of `ownerId`, as a submit makes it (newJobRecord), with `input` applied. */
export function pendingJob(ownerId: string, input: Partial<NewJob> = {}): JobRecord {
  return newJobRecord(jobInput(ownerId, input), Date.now());
}

export function resultRecord(overrides: Partial<ResultRecord> = {}): ResultRecord {
  return {
    id: randomUUID(),
    createdAt: new Date().toISOString(),
    attempt: 1,
    deviceId: 'd',
    success: true,
    statusCode: 200,
    sizeBytes: 0,
    timeUs: 1,
    startedAtMs: Date.now(),
    tlsVersion: '',
    tlsCipher: '',
    errorType: '',
    errorMessage: '',
    finalUrl: '',
    contentType: '',
    requestHeaders: [],
    responseHeaders: [],
    requestCookies: [],
    responseCookies: [],
    parts: {},
    performance: null,
    requestResults: {},
    metadata: {},
    ...overrides,
  };
}

/**
 * A sweep and its tries stored as the job owner stores them: one group (store.groups.insertGroup),
 * each try a member at its ref's position. The stored tries carry the sweep's id as their group.
 */
export async function insertSweep(
  store: Store,
  sweep: SweepRecord,
  jobs: readonly JobRecord[],
): Promise<void> {
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const members = sweep.jobs.map((ref, index) => {
    const job = byId.get(ref.jobId);
    if (!job) throw new Error(`no job ${ref.jobId} for sweep ${sweep.id}`);
    return { index, job };
  });
  await store.groups.insertGroup({ kind: 'sweep', sweep }, members);
}
