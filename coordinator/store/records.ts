// The records the store keeps: jobs, their results and requests, sessions, sweeps, API keys and
// devices, as the coordinator reads and writes them (stored forms: sqlite/ and postgres/).
import type { PageOptions } from '../../proto/index.js';
import type { StorageType } from '../storage/types.js';
import type { TrySummary } from '../sweeps/try-summary.js';
import type { KeyLimits } from './limit-types.js';

export type JobStatus = 'pending' | 'running' | 'completed' | 'failed';
export type SessionStatus = 'active' | 'closed' | 'expired';

export interface Placement {
  region?: string;
  country?: string;
  city?: string;
  device_type?: string;
  network_type?: string;
  device_id?: string;
  /** The device's egress autonomous system (coordinator/network/). */
  asn?: number;
}

export interface StoredHeader {
  name: string;
  value: string;
}

export interface StoredCookie {
  name: string;
  value: string;
  domain?: string;
  path?: string;
  secure?: boolean;
  httponly?: boolean;
  samesite?: string;
  expires?: string;
}

/** What the client asked for, kept as submitted (body stays base64). */
export interface JobRequestRecord {
  headers: StoredHeader[];
  bodyBase64: string;
  cookies: StoredCookie[];
  /** Site crawl pages: the device reports the page's links (ResultRecord.links). */
  collectLinks?: boolean;
  /** Actions, extraction, HAR, PDF, audits (docs/actions.md); absent when none was asked. */
  page?: PageOptions;
  /**
   * The batch the job was submitted in (POST /crawl/v1/batch/new), kept with the request so a
   * job's end looks its batch up only when it has one. Absent for every other job.
   */
  batchId?: string;
  /**
   * Whether the job was submitted with a webhook of its own (a subject webhook under its id), so
   * that its end looks one up only when there is one. True only from the paths that take a job's
   * own webhook (`/crawl/v1/new`, batch items); every other path that makes jobs (sweeps, site
   * crawls, measurements, canaries, verification) says false. Absent on rows stored before the
   * field: not known, looked up.
   */
  ownWebhook?: boolean;
  /** A network measurement's job (coordinator/measure/): what to measure, and whose job it is. */
  measure?: MeasureJobRecord;
}

/** A network measurement's type (coordinator/measure/). */
export type MeasureKind = 'dns' | 'ping' | 'traceroute' | 'mtr' | 'tls';

/** The type options of a measurement, as validated (docs/measure.md, "Parameters"). */
export interface MeasureOptionsRecord {
  protocol: 'icmp' | 'udp' | 'tcp';
  /** 0: the device's default for the type. */
  port: number;
  packets: number;
  maxHops: number;
  recordType: string;
  /** `system` or an IP literal. */
  resolver: string;
  resolverPort: number;
  serverName: string;
  ipVersion: 0 | 4 | 6;
}

/** The measurement a job runs for one device of a measurement. */
export interface MeasureJobRecord {
  /** The measurement it belongs to: its devices must be distinct. */
  measurementId: string;
  type: MeasureKind;
  target: string;
  options: MeasureOptionsRecord;
}

export interface CookieRecordJson {
  domain: string;
  expires: string;
  httponly: boolean;
  max_age: number;
  name: string;
  path: string;
  samesite: string;
  secure: boolean;
  value: string;
}

/** The device's report, minus content (content lives in ContentStorage). */
export interface ResultRecord {
  id: string;
  createdAt: string;
  attempt: number;
  deviceId: string;
  success: boolean;
  statusCode: number;
  sizeBytes: number;
  timeUs: number;
  startedAtMs: number;
  tlsVersion: string;
  tlsCipher: string;
  errorType: string;
  errorMessage: string;
  finalUrl: string;
  contentType: string;
  /**
   * The Content-Encoding the device removed before sending the body (gzip, deflate, br); empty or
   * absent when the stored body is as the target sent it (then its Content-Encoding header holds).
   */
  contentEncoding?: string;
  requestHeaders: StoredHeader[];
  responseHeaders: StoredHeader[];
  requestCookies: CookieRecordJson[];
  responseCookies: CookieRecordJson[];
  /** Content parts stored, with their byte sizes. */
  parts: Record<string, number>;
  performance: Record<string, number | string | boolean> | null;
  requestResults: Record<string, { sizeBytes: number; statusCode: number; success: boolean }>;
  metadata: Record<string, unknown>;
  /**
   * What a sweep try answered (title, text fingerprint, block verdict), made once when the result
   * is stored; absent on other jobs and on results stored before summaries existed.
   */
  summary?: TrySummary;
  /**
   * A site crawl page's links as the device reported them, bounded (proto/links.ts); only on jobs
   * whose request asked (collectLinks). Untrusted: coordinator/site-crawl/ filters them.
   */
  links?: string[];
}

export interface JobRecord {
  id: string;
  ownerId: string;
  url: string;
  method: string;
  status: JobStatus;
  /** ISO 8601 with nanosecond digits, as the contract shows. */
  submittedAt: string;
  submittedAtMs: number;
  timeoutSec: number;
  placement: Placement;
  sessionId: string | null;
  sweepId: string | null;
  storageType: StorageType;
  request: JobRequestRecord;
  attempt: number;
  deviceId: string | null;
  /** Epoch ms when the current wait for a device ends. */
  queueDeadlineMs: number;
  completedAt: string | null;
  failureType: string | null;
  errorMessage: string | null;
  archivedAt: string | null;
  result: ResultRecord | null;
  /**
   * W3C traceparent of the job's submit span when the submitting coordinator traces
   * (coordinator/tracing/), so whichever coordinator dispatches or ingests it continues that trace.
   */
  traceParent?: string | null;
  /** The group (a batch, a measurement) the job was stored with, whose counts its end moves. */
  groupId?: string | null;
}

/** The columns the contract's Job object shows (results/views.ts): no request, no result. */
export type JobViewRecord = Pick<
  JobRecord,
  | 'id'
  | 'url'
  | 'method'
  | 'status'
  | 'submittedAt'
  | 'timeoutSec'
  | 'placement'
  | 'storageType'
  | 'sessionId'
  | 'sweepId'
  | 'completedAt'
  | 'failureType'
  | 'errorMessage'
  | 'archivedAt'
  | 'deviceId'
>;

export interface SessionRecord {
  id: string;
  ownerId: string;
  status: SessionStatus;
  createdAt: string;
  expiresAt: string;
  expiresAtMs: number;
  closedAt: string | null;
  deviceId: string | null;
  placement: Placement | null;
}

/** One try of a sweep: which region it measures and its place among the region's tries. */
export interface SweepJobRef {
  jobId: string;
  region: string;
  /** 0-based within the region. */
  tryIndex: number;
}

export interface SweepRecord {
  id: string;
  ownerId: string;
  url: string;
  /** In the order the client gave them. */
  regions: string[];
  triesPerRegion: number;
  timeoutSec: number;
  deviceType: string;
  createdAt: string;
  /**
   * Random (256 bits) token in the shareable report URL. Kept as is, not hashed, so that the sweep
   * can hand its report_url out again; callers compare it in constant time.
   */
  reportToken: string;
  /** Ordered as created: regions in the sweep's order, tries in order within each. */
  jobs: SweepJobRef[];
}

export interface ApiKeyRecord {
  id: string;
  ownerId: string;
  name: string;
  admin: boolean;
  createdAt: string;
  revokedAt: string | null;
  /** Rate limits and quotas of this key (coordinator/limits/); absent or empty: unlimited. */
  limits?: KeyLimits;
}

export interface DeviceRecord {
  id: string;
  name: string;
  createdAt: string;
  revokedAt: string | null;
  lastSeenAt: string | null;
}

/**
 * Owner of the jobs the coordinator makes on its own (canaries, cross-verification re-runs): no API
 * key has it, so no API user sees them.
 */
export const SYSTEM_OWNER_ID = 'system:trust';
