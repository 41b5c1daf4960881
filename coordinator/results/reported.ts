// A device's report of one attempt, as domain values (coordinator/link/wire.ts makes it from the
// final frame). What the coordinator adds — ids, times, stored part sizes, metadata — comes later.
import type { MeasureResultJson } from '../measure/measure-result.js';
import type { ResultRecord } from '../store/records.js';

export type ReportedFields = Omit<
  ResultRecord,
  'id' | 'createdAt' | 'attempt' | 'deviceId' | 'parts' | 'metadata' | 'summary' | 'links'
>;

export interface ReportedResult extends ReportedFields {
  jobId: string;
  attempt: number;
  /**
   * A network measurement's parsed result (coordinator/measure/measure-result.ts), kept as the
   * result's `metadata.measure`; absent for other jobs.
   */
  measure?: MeasureResultJson;
  /** Actions' outcomes, extract errors, Lighthouse scores: merged into the metadata (docs/actions.md). */
  pageMetadata?: Record<string, unknown>;
  /** The links the device reported (bounded); kept only when the job asked for them. */
  links?: string[];
}

/** Where the device said it is (from its hello). */
export interface DeviceLocation {
  country: string;
  region: string;
  city: string;
}

/** What the coordinator adds to a report when it stores it. */
export type AddedFields = Pick<
  ResultRecord,
  'id' | 'createdAt' | 'attempt' | 'deviceId' | 'parts' | 'metadata'
>;

/**
 * The stored record of a report, its fields listed one by one: spreading the report and adding
 * six keys cost V8 ~20 µs a result (the object leaves the fast path), this ~1 µs.
 */
export function resultRecordOf(report: ReportedResult, added: AddedFields): ResultRecord {
  const record: ResultRecord = {
    success: report.success,
    statusCode: report.statusCode,
    sizeBytes: report.sizeBytes,
    timeUs: report.timeUs,
    startedAtMs: report.startedAtMs,
    tlsVersion: report.tlsVersion,
    tlsCipher: report.tlsCipher,
    errorType: report.errorType,
    errorMessage: report.errorMessage,
    finalUrl: report.finalUrl,
    contentType: report.contentType,
    requestHeaders: report.requestHeaders,
    responseHeaders: report.responseHeaders,
    requestCookies: report.requestCookies,
    responseCookies: report.responseCookies,
    performance: report.performance,
    requestResults: report.requestResults,
    id: added.id,
    createdAt: added.createdAt,
    attempt: added.attempt,
    deviceId: added.deviceId,
    parts: added.parts,
    metadata: added.metadata,
  };
  if (report.contentEncoding !== undefined) record.contentEncoding = report.contentEncoding;
  return record;
}
