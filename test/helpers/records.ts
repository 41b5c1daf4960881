// Store records for tests that need one without going through the API or a device: a new pending
// GET job, and a successful result with every field at its empty value, overridden where the test
// cares.
import { randomUUID } from 'node:crypto';
import { type NewJob, newJobRecord } from '../../coordinator/jobs/new-job.js';
import type { JobRecord, ResultRecord } from '../../coordinator/store/records.js';

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
