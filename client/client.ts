// CrawlClient: one method per endpoint of docs/api.md, typed requests and answers.
import { type CrawlClientOptions, HttpCore } from './http.js';
import type {
  BatchCancelled,
  BatchCreated,
  BatchStatus,
  BatchStatusResponse,
  DetailOptions,
  DeviceList,
  DownloadContent,
  DownloadedBytes,
  DownloadFormat,
  Job,
  JobDetail,
  Measurement,
  MeasurementCreated,
  NewCrawlRequest,
  NewJobRequest,
  NewMapRequest,
  NewMeasurementRequest,
  NewScheduleRequest,
  NewSessionRequest,
  NewSweepRequest,
  Schedule,
  ScheduleDetail,
  Session,
  SessionJobs,
  SiteCrawl,
  SiteCrawlPage,
  SiteMap,
  SubmitManyOptions,
  Sweep,
  SweepCreated,
} from './types.js';
import { pollUntil, type WaitOptions } from './wait.js';

const enc = encodeURIComponent;
const TERMINAL_JOB = new Set(['completed', 'failed']);

export interface CallOptions {
  signal?: AbortSignal;
}

export class CrawlClient {
  private readonly http: HttpCore;
  constructor(options: CrawlClientOptions) {
    this.http = new HttpCore(options);
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** `POST /crawl/v1/new`: submits a job (201). */
  submitJob(request: NewJobRequest, o: CallOptions = {}): Promise<Job> {
    return this.http.json('POST', '/crawl/v1/new', { body: request, expect: [201], signal: o.signal });
  }

  /** `GET /crawl/v1/status/{id}`: the Job alone, a cheap poll. */
  getJob(id: string, o: CallOptions = {}): Promise<Job> {
    return this.http.json('GET', `/crawl/v1/status/${enc(id)}`, o);
  }

  /** `POST /crawl/v1/jobs/batch/status`: up to 1,000 ids. */
  batchStatus(jobIds: string[], o: CallOptions = {}): Promise<BatchStatusResponse> {
    return this.http.json('POST', '/crawl/v1/jobs/batch/status', { body: { job_ids: jobIds }, ...o });
  }

  /**
   * `POST /crawl/v1/batch/new`: up to 1,000 jobs in one request (201). Each job is answered on its
   * own in `results` (same order): `{job}` or the `{error}` /new would give; one bad job does not
   * refuse the others.
   */
  submitMany(jobs: NewJobRequest[], o: SubmitManyOptions & CallOptions = {}): Promise<BatchCreated> {
    return this.http.json('POST', '/crawl/v1/batch/new', {
      body: { ...o.defaults, jobs },
      headers: o.idempotencyKey === undefined ? undefined : { 'idempotency-key': o.idempotencyKey },
      expect: [201],
      signal: o.signal,
    });
  }

  /** `GET /crawl/v1/batch/{id}`: counts by status and up to `limit` job ids after `cursor`. */
  getBatch(
    id: string,
    o: { cursor?: string | null; limit?: number } & CallOptions = {},
  ): Promise<BatchStatus> {
    return this.http.json('GET', `/crawl/v1/batch/${enc(id)}`, {
      query: {
        cursor: o.cursor ?? undefined,
        limit: o.limit === undefined ? undefined : String(o.limit),
      },
      signal: o.signal,
    });
  }

  /**
   * `POST /crawl/v1/jobs/{id}/cancel`: the job fails `cancelled` (stopped on its device if it runs).
   * A job that had already ended is a `CrawlConflictError` (409 `conflict: job has already ended`).
   */
  cancelJob(id: string, o: CallOptions = {}): Promise<Job> {
    return this.http.json('POST', `/crawl/v1/jobs/${enc(id)}/cancel`, o);
  }

  /**
   * `POST /crawl/v1/batch/{id}/cancel`: its pending and running jobs fail `cancelled`; the batch as
   * `getBatch` answers it, with `cancelled_count`.
   */
  cancelBatch(id: string, o: CallOptions = {}): Promise<BatchCancelled> {
    return this.http.json('POST', `/crawl/v1/batch/${enc(id)}/cancel`, o);
  }

  /** `GET /crawl/v1/jobs/{id}/detail`. */
  getJobDetail(id: string, o: DetailOptions & CallOptions = {}): Promise<JobDetail> {
    return this.http.json('GET', `/crawl/v1/jobs/${enc(id)}/detail`, {
      query: {
        parse_cookies: o.parseCookies ? 'true' : undefined,
        include_body: o.includeBody ? 'true' : undefined,
      },
      signal: o.signal,
    });
  }

  /** `GET /crawl/v1/jobs/{id}/download`: the download object (format json). 409 before completion. */
  download(id: string, o: CallOptions = {}): Promise<DownloadContent> {
    return this.http.json('GET', `/crawl/v1/jobs/${enc(id)}/download`, o);
  }

  /**
   * `GET /crawl/v1/jobs/{id}/download?format=…` as bytes: `raw` is the target's body with its content
   * type; `html`, `markdown` and `text` (reader text) are rendered by the coordinator.
   */
  async downloadAs(id: string, format: DownloadFormat, o: CallOptions = {}): Promise<DownloadedBytes> {
    const answer = await this.http.raw('GET', `/crawl/v1/jobs/${enc(id)}/download`, {
      query: { format },
      signal: o.signal,
    });
    return { contentType: answer.contentType, bytes: answer.bytes };
  }

  /** `GET /crawl/v1/jobs/{id}/screenshot`: the PNG of a full-page job (404 when it has none). */
  async screenshot(id: string, o: CallOptions = {}): Promise<Buffer> {
    return (await this.http.raw('GET', `/crawl/v1/jobs/${enc(id)}/screenshot`, o)).bytes;
  }

  /** Polls the job's status until it is `completed` or `failed`. */
  waitForJob(id: string, o: WaitOptions<Job> = {}): Promise<Job> {
    return pollUntil(
      id,
      (signal) => this.getJob(id, { signal }),
      (job) => TERMINAL_JOB.has(job.status),
      (job) => job.status,
      o,
    );
  }

  /** Submits a job and waits for it to end. */
  async runJob(request: NewJobRequest, o: WaitOptions<Job> = {}): Promise<Job> {
    const job = await this.submitJob(request, { signal: o.signal });
    return this.waitForJob(job.job_id, o);
  }

  /** `POST /crawl/v1/session/new` (201). */
  createSession(request: NewSessionRequest = {}, o: CallOptions = {}): Promise<Session> {
    return this.http.json('POST', '/crawl/v1/session/new', { body: request, expect: [201], ...o });
  }

  /** `GET /crawl/v1/session/{id}`. */
  getSession(id: string, o: CallOptions = {}): Promise<Session> {
    return this.http.json('GET', `/crawl/v1/session/${enc(id)}`, o);
  }

  /** `GET /crawl/v1/session/{id}/jobs`: oldest first. */
  getSessionJobs(id: string, o: CallOptions = {}): Promise<SessionJobs> {
    return this.http.json('GET', `/crawl/v1/session/${enc(id)}/jobs`, o);
  }

  /** `POST /crawl/v1/session/{id}/close` (204; closing twice is fine). */
  async closeSession(id: string, o: CallOptions = {}): Promise<void> {
    await this.http.raw('POST', `/crawl/v1/session/${enc(id)}/close`, { expect: [204], ...o });
  }

  /** `POST /crawl/v1/sweep/new` (201). */
  createSweep(request: NewSweepRequest, o: CallOptions = {}): Promise<SweepCreated> {
    return this.http.json('POST', '/crawl/v1/sweep/new', { body: request, expect: [201], ...o });
  }

  /** `GET /crawl/v1/sweep/{id}`. */
  getSweep(id: string, o: CallOptions = {}): Promise<Sweep> {
    return this.http.json('GET', `/crawl/v1/sweep/${enc(id)}`, o);
  }

  /** Polls the sweep until it is no longer `running`. */
  waitForSweep(id: string, o: WaitOptions<Sweep> = {}): Promise<Sweep> {
    return pollUntil(
      id,
      (signal) => this.getSweep(id, { signal }),
      (sweep) => sweep.status !== 'running',
      (sweep) => sweep.status,
      o,
    );
  }

  /** `POST /crawl/v1/measure/new` (201): a network measurement, one job per distinct device. */
  measure(request: NewMeasurementRequest, o: CallOptions = {}): Promise<MeasurementCreated> {
    return this.http.json('POST', '/crawl/v1/measure/new', { body: request, expect: [201], ...o });
  }

  /** `GET /crawl/v1/measure/{id}`: the measurement and each device's result so far. */
  getMeasurement(id: string, o: CallOptions = {}): Promise<Measurement> {
    return this.http.json('GET', `/crawl/v1/measure/${enc(id)}`, o);
  }

  /**
   * Polls the measurement until it is `finished`; `onProgress` (WaitOptions) sees each read, so a
   * caller can show results per device as they arrive.
   */
  waitForMeasurement(id: string, o: WaitOptions<Measurement> = {}): Promise<Measurement> {
    return pollUntil(
      id,
      (signal) => this.getMeasurement(id, { signal }),
      (m) => m.status === 'finished',
      (m) => m.status,
      o,
    );
  }

  /** `POST /crawl/v1/sweep/schedule` (201): a recurring sweep. */
  createSchedule(request: NewScheduleRequest, o: CallOptions = {}): Promise<Schedule> {
    return this.http.json('POST', '/crawl/v1/sweep/schedule', { body: request, expect: [201], ...o });
  }

  /** `GET /crawl/v1/sweep/schedule`: the key owner's schedules, oldest first. */
  async listSchedules(o: CallOptions = {}): Promise<Schedule[]> {
    const l: { schedules: Schedule[] } = await this.http.json('GET', '/crawl/v1/sweep/schedule', o);
    return l.schedules;
  }

  /** `GET /crawl/v1/sweep/schedule/{id}` with its newest `runs` (0..50, default 10). */
  getSchedule(id: string, o: { runs?: number } & CallOptions = {}): Promise<ScheduleDetail> {
    return this.http.json('GET', `/crawl/v1/sweep/schedule/${enc(id)}`, {
      query: { runs: o.runs === undefined ? undefined : String(o.runs) },
      signal: o.signal,
    });
  }

  /** `POST /crawl/v1/sweep/schedule/{id}/pause` or `/resume`. */
  setSchedulePaused(id: string, paused: boolean, o: CallOptions = {}): Promise<Schedule> {
    const action = paused ? 'pause' : 'resume';
    return this.http.json('POST', `/crawl/v1/sweep/schedule/${enc(id)}/${action}`, o);
  }

  /** `DELETE /crawl/v1/sweep/schedule/{id}` (204). */
  async deleteSchedule(id: string, o: CallOptions = {}): Promise<void> {
    await this.http.raw('DELETE', `/crawl/v1/sweep/schedule/${enc(id)}`, { expect: [204], ...o });
  }

  /** `GET /crawl/v1/devices` (admin keys only; others get 403). */
  listDevices(o: { connected?: boolean } & CallOptions = {}): Promise<DeviceList> {
    return this.http.json('GET', '/crawl/v1/devices', {
      query: { connected: o.connected === undefined ? undefined : String(o.connected) },
      signal: o.signal,
    });
  }

  // -------------------------------------------------------------- site crawls and maps

  /** `POST /crawl/v1/crawl/new` (201): a whole site, polite to it, spread over the fleet. */
  createCrawl(request: NewCrawlRequest, o: CallOptions = {}): Promise<SiteCrawl> {
    return this.http.json('POST', '/crawl/v1/crawl/new', { body: request, expect: [201], ...o });
  }

  /** `GET /crawl/v1/crawl/{id}`: status, counts and the pages after `after` (its next_cursor). */
  getCrawl(
    id: string,
    o: { after?: number; limit?: number; status?: SiteCrawlPage['status'] } & CallOptions = {},
  ): Promise<SiteCrawl> {
    return this.http.json('GET', `/crawl/v1/crawl/${enc(id)}`, {
      query: {
        after: o.after === undefined || o.after < 0 ? undefined : String(o.after),
        limit: o.limit === undefined ? undefined : String(o.limit),
        status: o.status,
      },
      signal: o.signal,
    });
  }

  /** Every page of the crawl's list from `after` on, following next_cursor. */
  async *crawlPages(
    id: string,
    o: { after?: number; status?: SiteCrawlPage['status'] } & CallOptions = {},
  ): AsyncGenerator<SiteCrawlPage> {
    let after = o.after ?? -1;
    for (;;) {
      const page = await this.getCrawl(id, { after, limit: 1000, status: o.status, signal: o.signal });
      yield* page.pages;
      const next = page.next_cursor;
      if (next === null || next === undefined) return;
      after = next;
    }
  }

  /** `POST /crawl/v1/crawl/{id}/cancel`: no new page is fetched; its pages in flight fail `cancelled`. */
  cancelCrawl(id: string, o: CallOptions = {}): Promise<SiteCrawl> {
    return this.http.json('POST', `/crawl/v1/crawl/${enc(id)}/cancel`, o);
  }

  /** Polls the crawl until it is no longer `running`. */
  waitForCrawl(id: string, o: WaitOptions<SiteCrawl> = {}): Promise<SiteCrawl> {
    return pollUntil(
      id,
      (signal) => this.getCrawl(id, { limit: 1, signal }),
      (crawl) => crawl.status !== 'running',
      (crawl) => crawl.status,
      o,
    );
  }

  /** `POST /crawl/v1/map`: 200 with the URLs when the map is done in time, else 202 (read on with getMap). */
  createMap(request: NewMapRequest, o: CallOptions = {}): Promise<SiteMap> {
    return this.http.json('POST', '/crawl/v1/map', { body: request, expect: [200, 202], ...o });
  }

  /** `GET /crawl/v1/map/{id}`: the map's URLs after `after`. */
  getMap(id: string, o: { after?: number; limit?: number } & CallOptions = {}): Promise<SiteMap> {
    return this.http.json('GET', `/crawl/v1/map/${enc(id)}`, {
      query: {
        after: o.after === undefined || o.after < 0 ? undefined : String(o.after),
        limit: o.limit === undefined ? undefined : String(o.limit),
      },
      signal: o.signal,
    });
  }
}
