// Sampled cross-verification: a share of completed GET and HEAD jobs (no side effects) is re-run,
// by the coordinator, on a second device in the same region; status code, final URL and a
// fingerprint of the text that tolerates small dynamic differences are compared. A disagreement is recorded as a dispute naming
// both devices, and counts against both (canaries then tell the liar from the honest one).
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { JobEvent, JobListener } from '../jobs/events.js';
import type { JobRequests } from '../jobs/reports.js';
import type { TrustStore } from '../store/trust-types.js';
import { type JobRecord, type ResultRecord, SYSTEM_OWNER_ID } from '../store/types.js';
import { simhash, similarity } from './fingerprint.js';
import type { ReadBody } from './read-body.js';
import type { Reputation } from './reputation.js';

export interface VerificationOptions {
  jobs: JobRequests;
  reputation: Reputation;
  store: TrustStore;
  readBody: ReadBody;
  log: Logger;
  /** Share of eligible completed jobs re-run (0 … 1). */
  share: number;
  /** True when the owner's key opted out of re-runs (`admin key limits ID --verification off`). */
  optedOut: (ownerId: string) => Promise<boolean>;
  random?: () => number;
}

/** Texts at least this similar count as the same page (a date or a counter may differ). */
export const SAME_TEXT = 0.85;
/** Re-runs waiting for their result at once; past it, sampling pauses. */
const MAX_PENDING = 10_000;

interface Observation {
  jobId: string;
  deviceId: string;
  statusCode: number;
  finalUrl: string;
  fingerprint: bigint;
}

/** Only requests without side effects are run a second time. */
const SAFE = new Set<string>(['GET', 'HEAD']);

/** What differs between two answers to the same request; empty when they agree. */
export function differences(
  a: Omit<Observation, 'jobId' | 'deviceId'>,
  b: Omit<Observation, 'jobId' | 'deviceId'>,
): string[] {
  const out: string[] = [];
  if (a.statusCode !== b.statusCode) out.push(`status ${a.statusCode} vs ${b.statusCode}`);
  if (a.finalUrl !== b.finalUrl) out.push(`final URL ${a.finalUrl} vs ${b.finalUrl}`);
  const sim = similarity(a.fingerprint, b.fingerprint);
  if (sim < SAME_TEXT) out.push(`text similarity ${sim.toFixed(2)}`);
  return out;
}

export class VerificationService implements JobListener {
  /** Re-run job id → what the first device answered. */
  private readonly pending = new Map<string, Observation>();
  private readonly random: () => number;

  constructor(private readonly opts: VerificationOptions) {
    this.random = opts.random ?? Math.random;
  }

  onJobEvent(e: JobEvent): void {
    if (e.transition === 'fail') {
      this.pending.delete(e.job.id); // no second device answered in time: nothing to compare
      return;
    }
    if (e.transition !== 'complete') return;
    const first = this.pending.get(e.job.id);
    if (first) {
      this.pending.delete(e.job.id);
      void this.compare(first, e.job, e.result).catch((err) =>
        this.opts.log.error({ err, jobId: first.jobId }, 'verification compare failed'),
      );
    } else if (this.eligible(e.job, e.result)) {
      void this.rerun(e.job, e.result).catch((err) =>
        this.opts.log.warn({ err, jobId: e.job.id }, 'verification re-run not submitted'),
      );
    }
  }

  private eligible(job: JobRecord, r: ResultRecord): boolean {
    return (
      this.opts.share > 0 &&
      job.ownerId !== SYSTEM_OWNER_ID &&
      job.sessionId === null &&
      SAFE.has(job.method) &&
      r.success &&
      this.pending.size < MAX_PENDING &&
      this.random() < this.opts.share
    );
  }

  private async observe(job: JobRecord, r: ResultRecord): Promise<Observation> {
    const body = (await this.opts.readBody(job, r)) ?? '';
    return {
      jobId: job.id,
      deviceId: r.deviceId,
      statusCode: r.statusCode,
      finalUrl: r.finalUrl,
      fingerprint: simhash(body),
    };
  }

  private async rerun(job: JobRecord, r: ResultRecord): Promise<void> {
    if (await this.opts.optedOut(job.ownerId)) return;
    const first = await this.observe(job, r);
    const location = r.metadata.device_location as { region?: string } | undefined;
    const check = await this.opts.jobs.submit(
      {
        ownerId: SYSTEM_OWNER_ID,
        url: job.url,
        method: job.method,
        timeoutSec: job.timeoutSec,
        placement: location?.region ? { region: location.region } : {},
        sessionId: null,
        sweepId: null,
        storageType: job.storageType,
        request: job.request,
      },
      null,
      { excludedDeviceId: r.deviceId },
    );
    this.pending.set(check.id, first);
  }

  private async compare(first: Observation, check: JobRecord, r: ResultRecord): Promise<void> {
    if (r.deviceId === first.deviceId) return;
    const second = await this.observe(check, r);
    const diff = r.success ? differences(first, second) : [];
    if (diff.length === 0) return;
    const detail = diff.join('; ');
    await this.opts.store.insertDispute({
      id: randomUUID(),
      jobId: first.jobId,
      checkJobId: check.id,
      deviceA: first.deviceId,
      deviceB: second.deviceId,
      detail,
      createdAt: new Date().toISOString(),
    });
    this.opts.log.warn(
      { jobId: first.jobId, deviceA: first.deviceId, deviceB: second.deviceId, detail },
      'dispute',
    );
    await this.opts.reputation.record(
      first.deviceId,
      'dispute',
      `job ${first.jobId}: ${detail} against ${second.deviceId}`,
    );
    await this.opts.reputation.record(
      second.deviceId,
      'dispute',
      `job ${first.jobId}: ${detail} against ${first.deviceId}`,
    );
  }
}
