// Turns a device's report of one attempt (+ its assembled content) into stored content and, through
// the job lifecycle, a completed job. Sees domain values only (coordinator/link/wire.ts converts).
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { PartName } from '../../proto/index.js';
import type { ResultReports } from '../jobs/reports.js';
import type { ResultNetwork } from '../network/result-network.js';
import type { ContentStorage, StorageType } from '../storage/types.js';
import { contentKey } from '../storage/types.js';
import type { JobRecord } from '../store/records.js';
import type { CompleteOutcome, Store } from '../store/types.js';
import { summarizeTry, type TextFingerprint } from '../sweeps/page-summary.js';
import { endWhenSettled, type JobTracing } from '../tracing/job-tracing.js';
import { partName } from './content.js';
import { type DeviceLocation, type ReportedResult, resultRecordOf } from './reported.js';
import { type IngestPart, openStaging, type PartOpener } from './staging.js';

export type { DeviceLocation } from './reported.js';

/** The parts a sweep try's summary reads (page-summary.ts), and the most of one read back. */
const SUMMARY_PARTS: readonly PartName[] = ['body', 'full_page'];
const SUMMARY_READ_BYTES = 2 * 1024 * 1024;

export interface IngestDeps {
  store: Store;
  storages: (type: StorageType) => ContentStorage | null;
  jobs: ResultReports;
  log: Logger;
  /**
   * Storage failures for one job before it fails `internal` (each failure leaves the result in
   * the agent's spool, which re-sends it). Default 5.
   */
  maxStorageFailures?: number;
  /** The job's spans (ingest), when tracing is on. Default: none, and no span is made. */
  tracing?: JobTracing;
  /**
   * A sweep try's text fingerprint, made in the coordinator's format workers (format-work.ts),
   * which its deadline stops. Default: none, and tries have no text fingerprint.
   */
  textFingerprint?: TextFingerprint;
  /**
   * Told of each result not stored because its job had already failed: `cancelled` when the client
   * cancelled it (the device finished before it heard the Cancel, or ignored it), else `failed`.
   */
  onDropped?: (reason: 'cancelled' | 'failed') => void;
}

export class ResultIngest {
  private readonly storageFailures = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<CompleteOutcome>>();

  constructor(private readonly deps: IngestDeps) {}

  /** Where a large result's parts are written while they arrive (staging.ts). */
  stage(jobId: string, attempt: number): Promise<PartOpener | null> {
    return openStaging(this.deps.store, this.deps.storages, jobId, attempt);
  }

  /**
   * Stores the attempt's content and completes the job (first result wins). Resolves with the
   * outcome once it is durable, so the caller may ack; rejects when nothing durable happened.
   */
  async ingest(
    deviceId: string,
    location: DeviceLocation,
    report: ReportedResult,
    parts: ReadonlyMap<PartName, IngestPart>,
    /** metadata.network: the device's egress and the agent's connection report. */
    network?: ResultNetwork,
    /**
     * The job as claimed, when this coordinator ran the attempt on the device (the job owner's
     * record): saves a store read per result. Otherwise the job is read from the store.
     */
    running?: JobRecord,
  ): Promise<CompleteOutcome> {
    // A re-send of a result still being stored (the agent did not get its ack in time) joins the
    // first delivery instead of storing the same content again.
    const key = `${report.jobId}/${report.attempt}`;
    const first = this.inFlight.get(key);
    if (first) return first;
    const work = this.ingestOnce(deviceId, location, report, parts, network, running).finally(() =>
      this.inFlight.delete(key),
    );
    this.inFlight.set(key, work);
    return work;
  }

  private async ingestOnce(
    deviceId: string,
    location: DeviceLocation,
    report: ReportedResult,
    parts: ReadonlyMap<PartName, IngestPart>,
    network: ResultNetwork | undefined,
    running: JobRecord | undefined,
  ): Promise<CompleteOutcome> {
    const { jobId, attempt } = report;
    // Built on first use: most results log nothing, and a child logger per result showed in profiles.
    let child: Logger | undefined;
    const log = (): Logger => {
      child ??= this.deps.log.child({ jobId, deviceId, attempt });
      return child;
    };
    // Only a job's state changes while it runs, and the store's conditional completion decides
    // the outcome: the running record serves. A result for an attempt this coordinator did not
    // send (the agent reconnected here, or the attempt was given up) is looked up in the store.
    const job = running?.id === jobId ? running : await this.deps.store.getJob(jobId);
    if (!job) return 'stale';
    if (job.status === 'completed') return 'duplicate';
    if (job.status === 'failed') {
      this.dropped(job);
      return 'stale';
    }
    const span = this.deps.tracing?.ingest(job, attempt, deviceId);
    if (!span) return this.storeAndComplete(job, deviceId, location, report, parts, network, log);
    span.set('crawl.result.success', report.success);
    span.set('http.response.status_code', report.statusCode);
    if (report.errorType) span.set('crawl.result.error_type', report.errorType);
    const work = this.storeAndComplete(job, deviceId, location, report, parts, network, log);
    return endWhenSettled(span, 'crawl.ingest.outcome', work);
  }

  /** The attempt's content to storage, then the job completed through the lifecycle. */
  private async storeAndComplete(
    job: JobRecord,
    deviceId: string,
    location: DeviceLocation,
    report: ReportedResult,
    parts: ReadonlyMap<PartName, IngestPart>,
    network: ResultNetwork | undefined,
    log: () => Logger,
  ): Promise<CompleteOutcome> {
    const { jobId, attempt } = report;
    const storage = this.deps.storages(job.storageType);
    if (!storage) {
      // e.g. restarted without S3 settings: fails like an outage, and the job fails after N tries.
      return this.storageFailed(job, new Error(`storage ${job.storageType} is not configured`), log);
    }
    const sizes: Record<string, number> = {};
    try {
      for (const [name, data] of parts) {
        if (!Buffer.isBuffer(data)) {
          await data.commit(); // streamed while it arrived: publish it under its key
          sizes[name] = data.bytes;
          continue;
        }
        const key = contentKey(job.ownerId, job.id, partName(attempt, name));
        await storage.put(key, data, 'application/octet-stream');
        sizes[name] = data.byteLength;
      }
    } catch (err) {
      return this.storageFailed(job, err, log);
    }
    this.storageFailures.delete(jobId);
    const metadata: Record<string, unknown> = { device_id: deviceId, device_location: location, attempt };
    // The body is stored decoded; the target's encoding is kept here (docs/api.md).
    if (report.contentEncoding) metadata.content_encoding = report.contentEncoding;
    if (network) metadata.network = network;
    if (report.measure) metadata.measure = report.measure;
    if (report.pageMetadata) Object.assign(metadata, report.pageMetadata);
    const result = resultRecordOf(report, {
      id: randomUUID(),
      createdAt: new Date().toISOString(),
      attempt,
      deviceId,
      parts: sizes,
      metadata,
    });
    if (job.request.collectLinks && report.links) result.links = report.links;
    if (job.sweepId) {
      // Once, when the result is stored: sweep views compare tries without reading bodies.
      try {
        result.summary = await summarizeTry(
          result,
          await this.summaryParts(storage, job, attempt, parts),
          this.deps.textFingerprint ?? noFingerprint,
        );
      } catch (err) {
        log().warn({ err }, 'could not summarise the sweep try; it is compared by status and URL only');
      }
    }
    const outcome = await this.deps.jobs.complete(job, result);
    if (outcome === 'stored') {
      if (this.deps.log.isLevelEnabled('debug')) log().debug({ success: result.success }, 'result stored');
      return outcome;
    }
    if (parts.size === 0 && outcome !== 'stale') return outcome;
    const now = await this.deps.store.getJob(jobId);
    // The job failed (a cancel) while this result was on its way: the failure stands.
    if (outcome === 'stale' && now?.status === 'failed') this.dropped(now);
    if (parts.size > 0 && now?.result?.attempt !== attempt) {
      // Another attempt won, or the job failed first; this attempt's copy of the content is
      // orphaned. (The same attempt delivered twice shares its keys with the winner: nothing to
      // delete then.)
      await Promise.all(
        [...parts.keys()].map((name) =>
          storage.deletePrefix(contentKey(job.ownerId, job.id, partName(attempt, name))),
        ),
      ).catch((err) => log().warn({ err }, 'could not delete a losing attempt’s content'));
    }
    return outcome;
  }

  /** A result for a job that had already failed: not stored, and counted. */
  private dropped(job: JobRecord): void {
    this.deps.onDropped?.(job.failureType === 'cancelled' ? 'cancelled' : 'failed');
    if (this.deps.log.isLevelEnabled('debug'))
      this.deps.log.debug({ jobId: job.id, failureType: job.failureType }, 'result for a failed job dropped');
  }

  /**
   * The page parts a sweep try's summary reads, as bytes: a part streamed to storage (a large
   * result) is read back once it is published, up to SUMMARY_READ_BYTES; a larger one is left out
   * (the summary of an HTML page that size has no text fingerprint anyway).
   */
  private async summaryParts(
    storage: ContentStorage,
    job: JobRecord,
    attempt: number,
    parts: ReadonlyMap<PartName, IngestPart>,
  ): Promise<Map<PartName, Buffer>> {
    const out = new Map<PartName, Buffer>();
    for (const name of SUMMARY_PARTS) {
      const data = parts.get(name);
      if (!data) continue;
      if (Buffer.isBuffer(data)) out.set(name, data);
      else if (data.bytes <= SUMMARY_READ_BYTES) {
        const read = await storage.get(contentKey(job.ownerId, job.id, partName(attempt, name)));
        if (read) out.set(name, read);
      }
    }
    return out;
  }

  /**
   * Content could not be stored. The result is not acknowledged (it stays in the agent's spool and
   * comes back), until the job has failed this way too often: then it fails `internal`.
   */
  private async storageFailed(job: JobRecord, err: unknown, lazyLog: () => Logger): Promise<CompleteOutcome> {
    const type = job.storageType;
    const failures = (this.storageFailures.get(job.id) ?? 0) + 1;
    const max = this.deps.maxStorageFailures ?? 5;
    if (failures < max) {
      this.storageFailures.set(job.id, failures);
      lazyLog().warn(
        { err, failures, storage: type },
        'content storage failed; waiting for the agent to re-send',
      );
      throw err;
    }
    this.storageFailures.delete(job.id);
    lazyLog().error({ err, failures, storage: type }, 'content storage kept failing; the job fails');
    const message = `the ${type} content storage failed ${failures} times: ${err instanceof Error ? err.message : String(err)}`;
    await this.deps.jobs.fail(job, 'internal', message);
    return 'stale';
  }
}

/** None: the summary goes without a text fingerprint. */
const noFingerprint: TextFingerprint = async () => null;
