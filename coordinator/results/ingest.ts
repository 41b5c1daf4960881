// Turns a device's final result frame (+ assembled content) into stored content and a completed job.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { ContentPart, type ResultFinal } from '../../proto/index.js';
import type { Dispatcher } from '../scheduler/dispatcher.js';
import type { ContentStorage, StorageType } from '../storage/types.js';
import { contentKey } from '../storage/types.js';
import type { CompleteOutcome, CookieRecordJson, ResultRecord, Store } from '../store/types.js';
import { partName } from './content.js';

export const PART_NAMES: Record<number, string> = {
  [ContentPart.CONTENT_PART_BODY]: 'body',
  [ContentPart.CONTENT_PART_FULL_PAGE]: 'full_page',
  [ContentPart.CONTENT_PART_SCREENSHOT]: 'screenshot',
  [ContentPart.CONTENT_PART_READER]: 'reader',
};

export interface DeviceLocation {
  country: string;
  region: string;
  city: string;
}

export interface IngestDeps {
  store: Store;
  storages: (type: StorageType) => ContentStorage | null;
  dispatcher: Dispatcher;
  log: Logger;
  /**
   * Storage failures for one job before it fails `internal` (each failure leaves the result in
   * the agent's spool, which re-sends it). Default 5.
   */
  maxStorageFailures?: number;
}

const headers = (list: ResultFinal['responseHeaders']) =>
  (list ?? []).map((h) => ({ name: h.name ?? '', value: h.value ?? '' }));

const cookies = (list: ResultFinal['requestCookies']): CookieRecordJson[] =>
  (list ?? []).map((c) => ({
    domain: c.domain ?? '',
    expires: c.expires ?? '',
    httponly: c.httpOnly ?? false,
    max_age: Number(c.maxAge ?? 0),
    name: c.name ?? '',
    path: c.path ?? '',
    samesite: c.sameSite ?? '',
    secure: c.secure ?? false,
    value: c.value ?? '',
  }));

export class ResultIngest {
  private readonly storageFailures = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<CompleteOutcome>>();

  constructor(private readonly deps: IngestDeps) {}

  /**
   * Stores the attempt's content and completes the job (first result wins). Resolves with the
   * outcome once it is durable, so the caller may ack; rejects when nothing durable happened.
   */
  async ingest(
    deviceId: string,
    location: DeviceLocation,
    final: ResultFinal,
    parts: Map<string, Buffer>,
  ): Promise<CompleteOutcome> {
    // A re-send of a result still being stored (the agent did not get its ack in time) joins the
    // first delivery instead of storing the same content again.
    const key = `${final.jobId}/${final.attempt}`;
    const running = this.inFlight.get(key);
    if (running) return running;
    const work = this.ingestOnce(deviceId, location, final, parts).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  private async ingestOnce(
    deviceId: string,
    location: DeviceLocation,
    final: ResultFinal,
    parts: Map<string, Buffer>,
  ): Promise<CompleteOutcome> {
    const jobId = final.jobId ?? '';
    const attempt = final.attempt ?? 0;
    const log = this.deps.log.child({ jobId, deviceId, attempt });
    const job = await this.deps.store.getJob(jobId);
    if (!job) return 'stale';
    if (job.status === 'completed') return 'duplicate';
    if (job.status === 'failed') return 'stale';
    const storage = this.deps.storages(job.storageType);
    if (!storage) {
      // e.g. restarted without S3 settings: fails like an outage, and the job fails after N tries.
      return this.storageFailed(
        jobId,
        job.storageType,
        new Error(`storage ${job.storageType} is not configured`),
        log,
      );
    }
    const sizes: Record<string, number> = {};
    try {
      for (const [name, data] of parts) {
        const key = contentKey(job.ownerId, job.id, partName(attempt, name));
        await storage.put(key, data, 'application/octet-stream');
        sizes[name] = data.byteLength;
      }
    } catch (err) {
      return this.storageFailed(jobId, job.storageType, err, log);
    }
    this.storageFailures.delete(jobId);
    const perf = final.performance;
    const requestResults: ResultRecord['requestResults'] = {};
    for (const rr of final.requestResults ?? []) {
      requestResults[rr.url ?? ''] = {
        sizeBytes: Number(rr.sizeBytes ?? 0),
        statusCode: rr.statusCode ?? 0,
        success: rr.success ?? false,
      };
    }
    const result: ResultRecord = {
      id: randomUUID(),
      createdAt: new Date().toISOString(),
      attempt,
      deviceId,
      success: final.success ?? false,
      statusCode: final.statusCode ?? 0,
      sizeBytes: Number(final.sizeBytes ?? 0),
      timeUs: Number(final.timeUs ?? 0),
      startedAtMs: Number(final.startedAtMs ?? 0),
      tlsVersion: final.tlsVersion ?? '',
      tlsCipher: final.tlsCipher ?? '',
      errorType: final.errorType ?? '',
      errorMessage: final.errorMessage ?? '',
      finalUrl: final.finalUrl ?? '',
      contentType: final.contentType ?? '',
      requestHeaders: headers(final.requestHeaders),
      responseHeaders: headers(final.responseHeaders),
      requestCookies: cookies(final.requestCookies),
      responseCookies: cookies(final.responseCookies),
      parts: sizes,
      performance: perf ? performanceJson(perf) : null,
      requestResults,
      metadata: {
        device_id: deviceId,
        device_location: location,
        attempt,
        placement_reason: this.deps.dispatcher.takePlacementReason(jobId) ?? 'resumed after a reconnect',
      },
    };
    const outcome = await this.deps.store.completeJob(jobId, result, new Date().toISOString());
    if (outcome === 'stored') {
      log.debug({ success: result.success }, 'result stored');
      // Feeds the device's recent success rate and latency, which its score for later jobs uses.
      this.deps.dispatcher.recordResult(deviceId, job.method, result.success, result.timeUs / 1000);
      this.deps.dispatcher.terminal(jobId);
      await this.deps.store
        .publish({ type: 'job_terminal', jobId })
        .catch((err) => log.warn({ err }, 'publish failed'));
    } else if (parts.size > 0 && (await this.deps.store.getJob(jobId))?.result?.attempt !== attempt) {
      // Another attempt won; this attempt's copy of the content is orphaned. (The same attempt
      // delivered twice shares its keys with the winner: nothing to delete then.)
      await Promise.all(
        [...parts.keys()].map((name) =>
          storage.deletePrefix(contentKey(job.ownerId, job.id, partName(attempt, name))),
        ),
      ).catch((err) => log.warn({ err }, 'could not delete a losing attempt’s content'));
    }
    return outcome;
  }

  /**
   * Content could not be stored. The result is not acknowledged (it stays in the agent's spool and
   * comes back), until the job has failed this way too often: then it fails `internal`.
   */
  private async storageFailed(
    jobId: string,
    type: StorageType,
    err: unknown,
    log: Logger,
  ): Promise<CompleteOutcome> {
    const failures = (this.storageFailures.get(jobId) ?? 0) + 1;
    const max = this.deps.maxStorageFailures ?? 5;
    if (failures < max) {
      this.storageFailures.set(jobId, failures);
      log.warn({ err, failures, storage: type }, 'content storage failed; waiting for the agent to re-send');
      throw err;
    }
    this.storageFailures.delete(jobId);
    log.error({ err, failures, storage: type }, 'content storage kept failing; the job fails');
    const message = `the ${type} content storage failed ${failures} times: ${err instanceof Error ? err.message : String(err)}`;
    if (await this.deps.store.failJob(jobId, 'internal', message, new Date().toISOString())) {
      this.deps.dispatcher.terminal(jobId);
      await this.deps.store.publish({ type: 'job_terminal', jobId });
    }
    return 'stale';
  }
}

function performanceJson(
  p: NonNullable<ResultFinal['performance']>,
): Record<string, number | string | boolean> {
  return {
    crashOrTimeoutFlag: p.crashOrTimeoutFlag ?? false,
    effectiveConnectionType: p.effectiveConnectionType ?? '',
    networkType: p.networkType ?? '',
    protocol: p.protocol ?? '',
    cumulativeLayoutShift: p.cumulativeLayoutShift ?? 0,
    decodedBodySize: p.decodedBodySize ?? 0,
    devicePixelRatio: p.devicePixelRatio ?? 0,
    dnsTimeMs: p.dnsTimeMs ?? 0,
    domContentLoaded: p.domContentLoaded ?? 0,
    encodedBodySize: p.encodedBodySize ?? 0,
    firstContentfulPaint: p.firstContentfulPaint ?? 0,
    firstPaint: p.firstPaint ?? 0,
    largestContentfulPaint: p.largestContentfulPaint ?? 0,
    longTaskCount: p.longTaskCount ?? 0,
    maxLongTask: p.maxLongTask ?? 0,
    tcpTimeMs: p.tcpTimeMs ?? 0,
    timeToFirstByte: p.timeToFirstByte ?? 0,
    tlsTimeMs: p.tlsTimeMs ?? 0,
    totalBlockingTime: p.totalBlockingTime ?? 0,
    totalLoadTime: p.totalLoadTime ?? 0,
    transferSize: p.transferSize ?? 0,
    viewportHeight: p.viewportHeight ?? 0,
    viewportWidth: p.viewportWidth ?? 0,
  };
}
