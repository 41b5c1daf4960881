// Sampled cross-verification: a share of completed GET and HEAD jobs (no side effects) is re-run,
// by the coordinator, on a second device in the same region; status code, final URL and a
// fingerprint of the text that tolerates small dynamic differences are compared. A disagreement
// is settled before anyone is penalised (settlement.ts): the request runs a third time, on a device
// distinct from both, and only the device the third answer disagrees with takes a dispute. When no
// third device answers, or its answer settles nothing, no one is struck. Either way both devices
// get their next canary at once, which judges each on its own. Each disagreement is recorded once,
// with its outcome.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { JobEvent, JobListener } from '../jobs/events.js';
import type { NewJob } from '../jobs/new-job.js';
import type { JobRequests } from '../jobs/reports.js';
import { type JobRecord, type ResultRecord, SYSTEM_OWNER_ID } from '../store/records.js';
import type { TrustStore } from '../store/trust-types.js';
import { simhash } from './fingerprint.js';
import type { ReadBody } from './read-body.js';
import type { Reputation } from './reputation.js';
import { type Answer, differences, settle, UNSETTLED_WHY, type Verdict } from './settlement.js';

export interface VerificationOptions {
  /** Where the re-runs are submitted (the job lifecycle). */
  jobs: Pick<JobRequests, 'submit'>;
  reputation: Reputation;
  store: TrustStore;
  readBody: ReadBody;
  log: Logger;
  /** Share of eligible completed jobs re-run (0 … 1). */
  share: number;
  /** True when the owner's key opted out of re-runs (`admin key limits ID --verification off`). */
  optedOut: (ownerId: string) => Promise<boolean>;
  /** True when a device other than `exclude` could run `method` in `region` (third-device.ts). */
  thirdAvailable: (method: string, region: string | undefined, exclude: readonly string[]) => boolean;
  /** Sends the device its next canary now (canary.ts): it judges each party to a disagreement. */
  canarySoon: (deviceId: string) => void;
  random?: () => number;
}

/** Re-runs waiting for their result at once; past it, sampling pauses. */
const MAX_PENDING = 10_000;

interface Observation extends Answer {
  jobId: string;
}

/** A disagreement waiting for its third opinion. */
interface Disagreement {
  first: Observation;
  second: Observation;
  /** What differed between the two, e.g. "text similarity 0.41". */
  detail: string;
}

/** What a coordinator's re-run job waits for: a second answer, or a third one to settle a disagreement. */
type Pending = { stage: 'second'; first: Observation } | ({ stage: 'third' } & Disagreement);

/** Only requests without side effects are run a second time. */
const SAFE = new Set<string>(['GET', 'HEAD']);

export class VerificationService implements JobListener {
  /** Re-run job id → what it is waiting to be compared with. */
  private readonly pending = new Map<string, Pending>();
  private readonly random: () => number;

  constructor(private readonly opts: VerificationOptions) {
    this.random = opts.random ?? Math.random;
  }

  onJobEvent(e: JobEvent): void {
    if (e.transition !== 'complete' && e.transition !== 'fail') return;
    const waiting = this.pending.get(e.job.id);
    if (waiting) this.pending.delete(e.job.id);
    if (e.transition === 'fail') {
      // No second device answered in time: nothing to compare. No third: nothing settled.
      if (waiting?.stage === 'third') {
        void this.conclude(waiting, { settled: false, why: 'third_failed' }).catch((err) =>
          this.opts.log.error({ err, jobId: waiting.first.jobId }, 'verification settlement failed'),
        );
      }
      return;
    }
    if (waiting?.stage === 'second') {
      void this.compare(waiting.first, e.job, e.result).catch((err) =>
        this.opts.log.error({ err, jobId: waiting.first.jobId }, 'verification compare failed'),
      );
    } else if (waiting?.stage === 'third') {
      void this.judge(waiting, e.job, e.result).catch((err) =>
        this.opts.log.error({ err, jobId: waiting.first.jobId }, 'verification settlement failed'),
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

  /** The same request again, as the coordinator's own job. */
  private again(job: JobRecord, placement: NewJob['placement']): NewJob {
    // Not of the client's batch either: its end is not counted towards it.
    const { batchId: _batch, ...request } = job.request;
    return {
      ownerId: SYSTEM_OWNER_ID,
      url: job.url,
      method: job.method,
      timeoutSec: job.timeoutSec,
      placement,
      sessionId: null,
      sweepId: null,
      storageType: job.storageType,
      // The coordinator's own job: no webhook under its id, whatever the original had.
      request: { ...request, ownWebhook: false },
    };
  }

  private async rerun(job: JobRecord, r: ResultRecord): Promise<void> {
    if (await this.opts.optedOut(job.ownerId)) return;
    const first = await this.observe(job, r);
    const location = r.metadata.device_location as { region?: string } | undefined;
    const placement = location?.region ? { region: location.region } : {};
    const check = await this.opts.jobs.submit(this.again(job, placement), null, {
      excludedDeviceId: r.deviceId,
    });
    this.pending.set(check.id, { stage: 'second', first });
  }

  private async compare(first: Observation, check: JobRecord, r: ResultRecord): Promise<void> {
    if (r.deviceId === first.deviceId) return;
    const second = await this.observe(check, r);
    const diff = r.success ? differences(first, second) : [];
    if (diff.length === 0) return;
    const d: Disagreement = { first, second, detail: diff.join('; ') };
    const parties = [first.deviceId, second.deviceId];
    // Each party's next canary comes now, whatever the third opinion says: it judges the device
    // itself, on a page whose right answer is known, and catches a liar sooner than disputes add up.
    for (const id of parties) this.opts.canarySoon(id);
    if (!this.opts.thirdAvailable(check.method, check.placement.region, parties)) {
      await this.conclude(d, { settled: false, why: 'no_third_device' });
      return;
    }
    // The third run must avoid both: submit keeps it off the two devices that disagreed.
    let third: JobRecord;
    try {
      third = await this.opts.jobs.submit(this.again(check, check.placement), null, {
        excludedDeviceId: parties,
      });
    } catch (err) {
      this.opts.log.warn({ err, jobId: first.jobId }, 'third opinion not submitted');
      await this.conclude(d, { settled: false, why: 'third_failed' });
      return;
    }
    this.pending.set(third.id, { stage: 'third', ...d });
  }

  private async judge(d: Disagreement, job: JobRecord, r: ResultRecord): Promise<void> {
    const third = r.success ? await this.observe(job, r) : null;
    await this.conclude(d, settle(d.first, d.second, third));
  }

  /**
   * Applies a verdict: the loser of a settled disagreement takes a dispute (the winner's standing
   * is left as it is); an unsettled one strikes no one. Either way the disagreement is stored once,
   * with its outcome, after its strike.
   */
  private async conclude(d: Disagreement, verdict: Verdict): Promise<void> {
    const { first, second } = d;
    let outcome: string;
    if (verdict.settled) {
      outcome = `settled by ${verdict.referee}: ${verdict.loser} lost`;
      await this.opts.reputation.record(
        verdict.loser,
        'dispute',
        `job ${first.jobId}: ${d.detail} against ${verdict.winner}, and ${verdict.referee} agrees with ${verdict.winner}`,
      );
    } else {
      // No strike: the canaries brought forward when the two disagreed judge each of them.
      outcome = `unsettled: ${UNSETTLED_WHY[verdict.why]}`;
    }
    const detail = `${d.detail}; ${outcome}`;
    await this.opts.store.insertDispute({
      id: randomUUID(),
      jobId: first.jobId,
      checkJobId: second.jobId,
      deviceA: first.deviceId,
      deviceB: second.deviceId,
      detail,
      createdAt: new Date().toISOString(),
    });
    this.opts.log.warn(
      { jobId: first.jobId, deviceA: first.deviceId, deviceB: second.deviceId, detail },
      'dispute',
    );
  }
}
