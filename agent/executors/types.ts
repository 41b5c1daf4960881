// The one interface every job executor implements (HTTP, Solana JSON-RPC, browser).
import type { Logger } from 'pino';
import type { OffloadLimits } from '../../common/offload/index.js';
import type {
  ActionOutcome,
  CookieRecord,
  Header,
  InputCookie,
  MeasureRequest,
  MeasureResult,
  PageFeature,
  PageOptions,
  PerformanceMetrics,
  RequestOutcome,
  ResultFinal,
} from '../../proto/index.js';
import type { DeviceErrorType, JobErrorType } from '../errors.js';

export type NetworkContext = NonNullable<ResultFinal['network']>;

/** A job as an executor sees it: decoded from the Assign frame, defaults applied. */
export interface ExecRequest {
  jobId: string;
  attempt: number;
  method: string;
  url: string;
  timeoutMs: number;
  /** One entry per value, in order. */
  headers: Header[];
  body: Buffer;
  cookies: InputCookie[];
  /** Set when the job belongs to a session: jobs of one session share cookies. */
  sessionId: string;
  /** mobile | desktop | server: emulation hint for browser jobs. */
  deviceType: string;
  /** A network measurement's parameters (methods MEASURE_*), as the wire carried them. */
  measure?: MeasureRequest;
  /** Actions, extraction, HAR, PDF, audits (docs/actions.md), checked again on arrival. */
  page?: PageOptions;
  /** Why the wire's page options were refused (the job is rejected as invalid). */
  pageError?: string;
  /** Site crawl: report the page's links (ResultFinal.links). */
  collectLinks?: boolean;
}

/** Content an executor produced; each present part is streamed to the coordinator in chunks. */
export interface ExecContent {
  body?: Buffer;
  fullPage?: Buffer;
  screenshot?: Buffer;
  reader?: Buffer;
  /** A page's extras (docs/actions.md). */
  har?: Buffer;
  pdf?: Buffer;
  lighthouse?: Buffer;
  extract?: Buffer;
  /** JSON object: screenshot action name → base64 PNG. */
  actionScreenshots?: Buffer;
}

/**
 * What an executor reports. A target that failed (timeout, DNS, refused by policy...) is a normal
 * outcome: `success: false` with `errorType` from DEVICE_ERROR_TYPES, never a thrown error.
 */
export interface ExecOutcome {
  success: boolean;
  statusCode: number;
  responseHeaders: Header[];
  requestHeaders: Header[];
  timeUs: number;
  sizeBytes: number;
  tlsVersion: string;
  tlsCipher: string;
  errorType: JobErrorType;
  errorMessage: string;
  startedAtMs: number;
  finalUrl: string;
  contentType: string;
  /** Content-Encoding the target sent ('' when none); `content.body` is already decoded. */
  contentEncoding: string;
  requestCookies: CookieRecord[];
  responseCookies: CookieRecord[];
  performance?: PerformanceMetrics;
  requestResults: RequestOutcome[];
  content: ExecContent;
  /**
   * Bytes received from targets (compressed as sent); counts against the owner's daily byte budget.
   * Defaults to sizeBytes when an executor does not set it.
   */
  transferBytes?: number;
  /**
   * Where the job went on the network (resolvers, resolved addresses, the address connected to,
   * the bound local address): ResultFinal.network. Absent when an executor reports none.
   */
  network?: NetworkContext;
  /** A measurement's parsed result (ResultFinal.measure); the raw output is `content.body`. */
  measure?: MeasureResult;
  /** One per page action run, in order (docs/actions.md). */
  actions?: ActionOutcome[];
  /** Why the extraction or its JSON Schema check failed. */
  extractErrors?: string[];
  /** Lighthouse category scores and key audits, as JSON. */
  lighthouseJson?: string;
  /** Site crawl: the page's links (agent/executors/page-links.ts), when the request asked. */
  links?: string[];
}

export interface ExecContext {
  signal: AbortSignal;
  log: Logger;
}

export interface Executor {
  /** Methods this executor runs, e.g. ['GET', 'POST']. */
  readonly methods: readonly string[];
  /**
   * Error type of the outcome when execute() throws something it did not classify itself (a bug or
   * a crashed dependency). Each executor names its own; default `invalid_response`.
   */
  readonly failureType?: DeviceErrorType;
  /** What this executor can do in a page beyond loading it (Capabilities.page_features). */
  readonly pageFeatures?: readonly PageFeature[];
  execute(req: ExecRequest, ctx: ExecContext): Promise<ExecOutcome>;
  /**
   * A site crawl page's links (page-links.ts pageLinksOffloaded), parsed where `limits` can stop
   * it: in the executor's offload pool. Rejects with an OffloadError when stopped. Absent: the job
   * runner parses them itself (executors that never load pages).
   */
  pageLinks?(
    html: Buffer | undefined,
    pageUrl: string,
    contentType: string,
    limits: OffloadLimits,
  ): Promise<string[]>;
  /** Called when a session ends on the coordinator: drop its cookie jar / browser context. */
  endSession?(sessionId: string): Promise<void>;
  /** Graceful: finish nothing new, release resources. Safe to call twice. */
  close(): Promise<void>;
}

/** An outcome with every field at its empty value; executors spread over it. */
export function emptyOutcome(startedAtMs: number, url: string): ExecOutcome {
  return {
    success: false,
    statusCode: 0,
    responseHeaders: [],
    requestHeaders: [],
    timeUs: 0,
    sizeBytes: 0,
    tlsVersion: '',
    tlsCipher: '',
    errorType: '',
    errorMessage: '',
    startedAtMs,
    finalUrl: url,
    contentType: '',
    contentEncoding: '',
    requestCookies: [],
    responseCookies: [],
    requestResults: [],
    content: {},
  };
}
