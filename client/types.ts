// Request and response shapes of the coordinator API (docs/api.md, docs/sweeps.md), written by hand.
// Each type is named after the schema it will become once the contract's schemas are shared, so that
// `type Job = Static<typeof JobSchema>` can replace it without touching callers.

/** Job methods accepted by `POST /crawl/v1/new` (case-insensitive on input, echoed upper-case). */
export type JobMethod =
  | 'GET'
  | 'POST'
  | 'PUT'
  | 'DELETE'
  | 'HEAD'
  | 'OPTIONS'
  | 'SOLANA_JSON_RPC'
  | 'CRAWL_FULL_PAGE';

export type JobStatus = 'pending' | 'running' | 'completed' | 'failed';
export type Region = 'NA' | 'EU' | 'APAC' | 'LATAM' | 'MEA';

/** Where a job or session may run. Every field is optional; unknown keys are a 400. */
export interface Placement {
  region?: Region;
  /** ISO 3166-1 alpha-2, any case. */
  country?: string;
  city?: string;
  device_type?: 'mobile' | 'desktop' | 'server';
  network_type?: 'wifi' | 'cellular' | 'ethernet';
  device_id?: string;
}

/** An input cookie of a job. */
export interface InputCookie {
  name: string;
  value: string;
  domain?: string;
  path?: string;
  secure?: boolean;
  httponly?: boolean;
  samesite?: 'Lax' | 'Strict' | 'None';
  expires?: string;
}

/** Body of `POST /crawl/v1/new`. */
export interface NewJobRequest {
  url: string;
  /** Default `GET`. */
  method?: JobMethod;
  /** 1..300 seconds, default 30. */
  timeout_sec?: number;
  /** Each header name maps to its values, one header line each. */
  headers?: Record<string, string[]>;
  /** The request body, base64. */
  body?: string;
  cookies?: InputCookie[];
  session_id?: string;
  placement?: Placement;
  /** Default: the coordinator's default (`local`). */
  storage_type?: 'local' | 's3';
}

/** The Job object (interface.md 2.1 plus the fields of docs/api.md). */
export interface Job {
  job_id: string;
  url: string;
  method: JobMethod;
  status: JobStatus;
  submitted_at: string;
  timeout_sec: number;
  placement: Placement;
  storage_type?: 'local' | 's3';
  session_id?: string;
  sweep_id?: string;
  completed_at?: string;
  error_type?: string;
  error_message?: string;
  archived_at?: string;
  /** The device running or having run the job, when the coordinator says. */
  device_id?: string;
}

export type BatchStatusEntry =
  | { job: Job }
  | { error: { code: 'not_found' | 'invalid_uuid'; message: string } };

export interface BatchStatusResponse {
  requested_count: number;
  found_count: number;
  results: Record<string, BatchStatusEntry>;
}

export interface HeaderRecord {
  name: string;
  value: string;
}

export interface CookieRecord {
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

export interface JobResult {
  id: string;
  created_at: string;
  success: boolean;
  status_code: number;
  size_bytes: number;
  time_ms: number;
  timestamp_ms: number;
  tls_cipher_suite: string;
  tls_version: string;
  error_message?: string;
  error_type?: string;
}

/** `GET /crawl/v1/jobs/{id}/detail`. */
export interface JobDetail {
  job: Job;
  download_url: string;
  request_headers: HeaderRecord[];
  response_headers: HeaderRecord[];
  request_cookies: CookieRecord[];
  response_cookies: CookieRecord[];
  result: JobResult | null;
  /** The target's status code, top-level (coordinators that provide it). */
  status_code?: number;
  /** The target's body, with `include_body=true` (coordinators that provide it). */
  body?: string;
}

export interface DetailOptions {
  /** Add records parsed from the Cookie and Set-Cookie headers. Default false. */
  parseCookies?: boolean;
  /** Ask for the target's body in `body`. Default false. */
  includeBody?: boolean;
}

export interface PerformanceMetrics {
  crashOrTimeoutFlag: boolean;
  effectiveConnectionType: string;
  networkType: string;
  protocol: string;
  cumulativeLayoutShift: number;
  decodedBodySize: number;
  devicePixelRatio: number;
  dnsTimeMs: number;
  domContentLoaded: number;
  encodedBodySize: number;
  firstContentfulPaint: number;
  firstPaint: number;
  largestContentfulPaint: number;
  longTaskCount: number;
  maxLongTask: number;
  tcpTimeMs: number;
  timeToFirstByte: number;
  tlsTimeMs: number;
  totalBlockingTime: number;
  totalLoadTime: number;
  transferSize: number;
  viewportHeight: number;
  viewportWidth: number;
}

/** `GET /crawl/v1/jobs/{id}/download` (format json): interface.md 2.5. */
export interface DownloadContent {
  id: string;
  hasFullPage: boolean;
  hasPerformanceMetrics: boolean;
  hasReader: boolean;
  hasScreenshot: boolean;
  fullPage: string;
  readerContent: string;
  /** Base64 PNG, or `""`. */
  screenshot: string;
  mainRequest: { headers: HeaderRecord[]; jobId: string; method: string; timeoutSec: number; url: string };
  mainResult: {
    body: string;
    bodyEncoding: 'text' | 'base64';
    errorMessage: string;
    errorType: string;
    finalUrl: string;
    headers: HeaderRecord[];
    sizeBytes: number;
    statusCode: number;
    success: boolean;
    timeUs: number;
    tlsCipherSuite: string;
    tlsVersion: string;
  };
  performanceMetrics: PerformanceMetrics | Record<string, never>;
  requestResults: Record<string, { sizeBytes: number; statusCode: number; success: boolean }>;
  metadata: {
    device_id: string;
    device_location: { country: string; region: string; city: string };
    attempt: number;
    placement_reason: string;
  };
}

/** `?format=` of the download endpoint. */
export type DownloadFormat = 'json' | 'raw' | 'html' | 'markdown' | 'text';
export const DOWNLOAD_FORMATS: readonly DownloadFormat[] = ['json', 'raw', 'html', 'markdown', 'text'];

/** A download in a format other than json: the bytes and their content type. */
export interface DownloadedBytes {
  contentType: string;
  bytes: Buffer;
}

export interface NewSessionRequest {
  /** 1..3600, default 60. */
  duration_seconds?: number;
  placement?: Placement;
}

export type SessionStatus = 'active' | 'closed' | 'expired';

export interface Session {
  id: string;
  session_id: string;
  status: SessionStatus;
  created_at: string;
  expires_at: string;
  closed_at: string | null;
  device_id: string | null;
  placement: Placement | null;
  job_ids: string[];
}

export interface SessionJobEntry {
  job_id: string;
  url: string;
  method: string;
  status: JobStatus;
  submitted_at: string;
  completed_at: string;
  download_url: string;
  error_message: string;
}

export interface SessionJobs {
  session_id: string;
  total_jobs: number;
  completed_count: number;
  failed_count: number;
  pending_count: number;
  jobs: SessionJobEntry[];
}

/** Body of `POST /crawl/v1/sweep/new`. */
export interface NewSweepRequest {
  url: string;
  /** Default `["NA","EU","APAC"]`. */
  regions?: Region[];
  /** 1..10, default 3. */
  tries_per_region?: number;
  /** 1..120, default 60. */
  timeout_sec?: number;
  /** Default `mobile`. */
  device_type?: 'mobile' | 'desktop';
}

export interface SweepCreated {
  sweep_id: string;
  total_jobs: number;
  job_ids: string[];
  report_url: string;
}

export type SweepStatus = 'running' | 'completed' | 'partial' | 'failed';

export interface SweepMetrics {
  cls: number;
  dom_content_loaded: number;
  fcp: number;
  lcp: number;
  total_load_time: number;
  transfer_size: number;
  ttfb: number;
  protocol: string;
}

export interface SweepJobEntry {
  job_id: string;
  country: string;
  status: JobStatus;
  error_type: string;
  error_message: string;
  data_error: string;
  screenshot: string;
  metrics: SweepMetrics;
  device_id?: string;
}

export interface SweepRegion {
  region: string;
  status: SweepStatus;
  jobs: SweepJobEntry[];
}

/** `GET /crawl/v1/sweep/{id}`. */
export interface Sweep {
  sweep_id: string;
  url: string;
  status: SweepStatus;
  created_at: string;
  total_jobs: number;
  completed_jobs: number;
  failed_jobs: number;
  results: Record<string, SweepRegion>;
  regions?: string[];
  tries_per_region?: number;
  timeout_sec?: number;
  device_type?: string;
  report_url?: string;
}

export interface Device {
  device_id: string;
  name: string;
  connected: boolean;
  connected_at: string | null;
  last_seen_at: string | null;
  created_at: string | null;
  agent_version: string;
  browser_version: string;
  location: { country: string; region: string; city: string };
  device_type: string;
  network_type: string;
  capabilities: { methods: string[]; max_concurrent: number };
  load: { running: number; max_concurrent: number; ratio: number };
  draining: boolean;
  assigned_total: number;
  /** `null` until the device has results. */
  recent: { success_rate: number | null; latency_ms: number | null; results: number };
}

export interface DeviceList {
  devices: Device[];
  total: number;
  connected: number;
  available: number;
  queued_jobs: number;
}
