// Request and answer types of the coordinator API, taken from the contract's TypeBox schemas (the
// same schemas that validate requests and produce /crawl/v1/openapi.json). Where a schema is looser
// than what a caller wants to read or write (a method as any string, a record of unknown values), the
// client narrows it, and a compile-time check keeps the narrowed type assignable to the contract's.
// Every contract import is type-only: at runtime the client loads neither contract/ nor typebox.
import type { Static } from 'typebox';
import type * as C from '../contract/index.js';
import type { Assert, Equals, Extends, NoNeverFields, Refine } from './type-checks.js';

/** Job methods accepted by `POST /crawl/v1/new` (any case on input, echoed upper-case). */
export type JobMethod = (typeof C.JOB_METHODS)[number];
export type JobStatus = (typeof C.JOB_STATUSES)[number];
export type Region = (typeof C.REGIONS)[number];
export type StorageType = NonNullable<Static<typeof C.SubmitBody>['storage_type']>;

// ---------------------------------------------------------------- requests

/**
 * Where a job or session may run. Every field is optional; unknown keys are a 400. The coordinator
 * takes a region in any case; the type names the canonical spelling.
 */
export type Placement = Refine<Static<typeof C.Placement>, { region?: Region | null }>;

/** An input cookie of a job. */
export type InputCookie = Static<typeof C.InputCookie>;

/**
 * Body of `POST /crawl/v1/new`. `timeout_sec` is 1..300 (default 30); `headers` maps each name to
 * its values; `body` is base64. The API key travels in the Authorization header, never the body.
 */
export type NewJobRequest = Refine<
  Omit<Static<typeof C.SubmitBody>, 'api_key'>,
  { method?: JobMethod | null; placement?: Placement | null }
>;

/** Body of `POST /crawl/v1/session/new`: `duration_seconds` 1..3600 (default 60). */
export type NewSessionRequest = Refine<Static<typeof C.SessionBody>, { placement?: Placement | null }>;

/** Body of `POST /crawl/v1/sweep/new` (defaults: NA, EU, APAC; 3 tries; 60 s; mobile). */
export type NewSweepRequest = Refine<Static<typeof C.SweepBody>, { regions?: Region[] | null }>;

// ---------------------------------------------------------------- answers

/** The Job object (interface.md 2.1 plus the fields of docs/api.md). */
export type Job = Static<typeof C.Job>;
export type BatchStatusResponse = Static<typeof C.BatchResponse>;
export type BatchStatusEntry = BatchStatusResponse['results'][string];
/** `POST /crawl/v1/batch/new`: the batch id and one answer per job, in the order given. */
export type BatchCreated = Static<typeof C.BatchCreated>;
/** One job's answer in a batch: `{job}` or `{error: {code, message}}` (the message /new gives). */
export type BatchItem = Static<typeof C.BatchItem>;
/** `GET /crawl/v1/batch/{id}`: counts by status and a page of job ids. */
export type BatchStatus = Static<typeof C.BatchStatus>;
/** `POST /crawl/v1/batch/{id}/cancel`: the batch as its GET answers it, and `cancelled_count`. */
export type BatchCancelled = Static<typeof C.BatchCancelled>;
/** Fields a batch sets once for every job that does not set its own. */
export type BatchDefaults = Pick<
  NewJobRequest,
  'method' | 'timeout_sec' | 'headers' | 'placement' | 'session_id' | 'storage_type' | 'webhook'
>;
export interface SubmitManyOptions {
  /** Defaults for every job (a job's own value wins). */
  defaults?: BatchDefaults;
  /** Sent as `Idempotency-Key`: a retry with the same key and jobs answers the same batch. */
  idempotencyKey?: string;
}
export type HeaderRecord = Static<typeof C.HeaderRecord>;
export type CookieRecord = Static<typeof C.CookieRecord>;
export type JobResult = Static<typeof C.JobResult>;
/** `GET /crawl/v1/jobs/{id}/detail`. */
export type JobDetail = Static<typeof C.Detail>;

export interface DetailOptions {
  /** Add records parsed from the Cookie and Set-Cookie headers. Default false. */
  parseCookies?: boolean;
  /** Ask for the target's body in `body`. Default false. */
  includeBody?: boolean;
}

export type PerformanceMetrics = Static<typeof C.PerformanceMetrics>;
export type DownloadMetadata = Static<typeof C.DownloadMetadata>;
/** `GET /crawl/v1/jobs/{id}/download` (format json): interface.md 2.5. */
export type DownloadContent = Refine<
  Static<typeof C.Download>,
  {
    /** `{}` unless the job was a full-page crawl with metrics (`hasPerformanceMetrics`). */
    performanceMetrics: PerformanceMetrics | Static<typeof C.NoPerformanceMetrics>;
    metadata: DownloadMetadata;
  }
>;

/** `?format=` of the download endpoint. */
export type DownloadFormat = C.DownloadFormat;
// A copy, not a re-export: importing the contract's value would load typebox at runtime.
const FORMATS = ['json', 'raw', 'html', 'markdown', 'text', 'extract', 'har', 'pdf', 'lighthouse'] as const;
export const DOWNLOAD_FORMATS: readonly DownloadFormat[] = FORMATS;

/** A download in a format other than json: the bytes and their content type. */
export interface DownloadedBytes {
  contentType: string;
  bytes: Buffer;
}

export type Session = Static<typeof C.Session>;
export type SessionStatus = Session['status'];
export type SessionJobEntry = Static<typeof C.SessionJob>;
export type SessionJobs = Refine<Static<typeof C.SessionJobs>, { jobs: SessionJobEntry[] }>;

/** `POST /crawl/v1/sweep/new` answers the report link every time. */
export type SweepCreated = Refine<Static<typeof C.SweepCreated>, { report_url: string }>;
export type SweepStatus = (typeof C.SWEEP_STATUSES)[number];
export type SweepMetrics = Static<typeof C.SweepMetrics>;
export type SweepJobEntry = Static<typeof C.SweepTry>;
export type SweepRegion = Static<typeof C.SweepRegionResult>;
/** `GET /crawl/v1/sweep/{id}`. */
export type Sweep = Refine<Static<typeof C.Sweep>, Static<typeof C.SweepReport>>;

/** Body of `POST /crawl/v1/sweep/schedule`: a cron line (and zone) and the fields of a sweep. */
export type NewScheduleRequest = Refine<Static<typeof C.ScheduleBody>, { regions?: Region[] | null }>;
/** A recurring sweep, as made, listed, paused and resumed. */
export type Schedule = Static<typeof C.Schedule>;
/** One firing of a schedule, with what changed per region since the previous run. */
export type ScheduleRun = Static<typeof C.ScheduleRun>;
/** `GET /crawl/v1/sweep/schedule/{id}`: the schedule and its newest runs. */
export type ScheduleDetail = Refine<Static<typeof C.ScheduleDetail>, { runs: ScheduleRun[] }>;

export type Device = Static<typeof C.Device>;
/** `GET /crawl/v1/devices`. */
export type DeviceList = Refine<Static<typeof C.Devices>, { devices: Device[] }>;

// ---------------------------------------------------------------- network measurements

/** Body of `POST /crawl/v1/measure/new` (docs/measure.md). */
export type NewMeasurementRequest = Refine<
  Static<typeof C.MeasureBody>,
  { type: (typeof C.MEASURE_TYPES)[number]; locations?: C.MeasureLocation[] | null }
>;
export type MeasurementCreated = Static<typeof C.MeasurementCreated>;
/** One device's entry in a measurement: where it is and what it measured (null until it reports). */
export type MeasurementEntry = Static<typeof C.MeasurementEntry>;
export type MeasurementResult = Static<typeof C.MeasureDeviceResult>;
/** `GET /crawl/v1/measure/{id}`. */
export type Measurement = Refine<Static<typeof C.Measurement>, { results: MeasurementEntry[] }>;

// ---------------------------------------------------------------- drift checks
// Each narrowed type stays assignable to the contract's static type: a request the client types
// allows is one the schema accepts, and an answer the client reads is one the schema describes.
// And no field reads as `never`, which would make any code reading it compile unchecked.
type _ContractChecks = [
  Assert<Equals<Job['method'], JobMethod>>,
  Assert<Equals<Job['status'], JobStatus>>,
  Assert<NoNeverFields<NewJobRequest>>,
  Assert<NoNeverFields<Placement>>,
  Assert<NoNeverFields<InputCookie>>,
  Assert<NoNeverFields<NewSessionRequest>>,
  Assert<NoNeverFields<NewSweepRequest>>,
  Assert<NoNeverFields<Job>>,
  Assert<NoNeverFields<BatchStatusResponse>>,
  Assert<NoNeverFields<BatchCreated>>,
  Assert<NoNeverFields<BatchStatus>>,
  Assert<NoNeverFields<BatchCancelled>>,
  Assert<Extends<BatchCancelled, BatchStatus>>,
  Assert<NoNeverFields<JobDetail>>,
  Assert<NoNeverFields<JobResult>>,
  Assert<NoNeverFields<DownloadContent>>,
  Assert<NoNeverFields<Session>>,
  Assert<NoNeverFields<SessionJobs>>,
  Assert<NoNeverFields<SessionJobEntry>>,
  Assert<NoNeverFields<SweepCreated>>,
  Assert<NoNeverFields<Sweep>>,
  Assert<NoNeverFields<SweepJobEntry>>,
  Assert<NoNeverFields<Device>>,
  Assert<NoNeverFields<NewScheduleRequest>>,
  Assert<NoNeverFields<Schedule>>,
  Assert<NoNeverFields<ScheduleDetail>>,
  Assert<Extends<NewScheduleRequest, Static<typeof C.ScheduleBody>>>,
  Assert<NoNeverFields<DeviceList>>,
  Assert<NoNeverFields<NewMeasurementRequest>>,
  Assert<NoNeverFields<Measurement>>,
  Assert<Extends<NewMeasurementRequest, Static<typeof C.MeasureBody>>>,
  Assert<Equals<(typeof FORMATS)[number], DownloadFormat>>,
  Assert<Extends<Placement, Static<typeof C.Placement>>>,
  Assert<Extends<NewJobRequest, Static<typeof C.SubmitBody>>>,
  Assert<Equals<keyof NewJobRequest, Exclude<keyof Static<typeof C.SubmitBody>, 'api_key'>>>,
  Assert<Extends<NewSessionRequest, Static<typeof C.SessionBody>>>,
  Assert<Extends<NewSweepRequest, Static<typeof C.SweepBody>>>,
  Assert<Extends<DownloadContent, Static<typeof C.Download>>>,
  Assert<Extends<SessionJobs, Static<typeof C.SessionJobs>>>,
  Assert<Extends<SweepCreated, Static<typeof C.SweepCreated>>>,
  Assert<Extends<Sweep, Static<typeof C.Sweep>>>,
  Assert<Extends<DeviceList, Static<typeof C.Devices>>>,
];

// ---------------------------------------------------------------- site crawls and maps

/** Body of `POST /crawl/v1/crawl/new` (docs/crawl.md). */
export type NewCrawlRequest = Static<typeof C.CrawlBody>;
/** A site crawl: status, counts and a page of its URL list. */
export type SiteCrawl = Static<typeof C.Crawl>;
export type SiteCrawlPage = Static<typeof C.CrawlPage>;
/** Body of `POST /crawl/v1/map`. */
export type NewMapRequest = Static<typeof C.MapBody>;
/** A site map: its URLs so far, page by page. */
export type SiteMap = Static<typeof C.SiteMap>;
