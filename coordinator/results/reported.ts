// A device's report of one attempt, as domain values (coordinator/link/wire.ts makes it from the
// final frame). What the coordinator adds — ids, times, stored part sizes, metadata — comes later.
import type { ResultRecord } from '../store/types.js';

export type ReportedFields = Omit<
  ResultRecord,
  'id' | 'createdAt' | 'attempt' | 'deviceId' | 'parts' | 'metadata' | 'summary'
>;

export interface ReportedResult extends ReportedFields {
  jobId: string;
  attempt: number;
}

/** Where the device said it is (from its hello). */
export interface DeviceLocation {
  country: string;
  region: string;
  city: string;
}
