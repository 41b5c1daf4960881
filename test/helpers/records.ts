// Store records for tests that need one without going through a device: a successful result with
// every field at its empty value, overridden where the test cares.
import { randomUUID } from 'node:crypto';
import type { ResultRecord } from '../../coordinator/store/types.js';

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
