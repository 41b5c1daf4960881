// Sampled cross-checks of measurements (docs/security.md, "Measurement checks"): a share of the
// DNS and ping jobs of users' measurements is run again, by the coordinator, on another device in
// the same network (the ASN the coordinator saw the first device's link come from: the device's word
// plays no part), and the two answers are compared (compare.ts). A disagreement beyond the
// tolerance is settled before anyone is penalised, as for pages (../settlement.ts): the measurement
// runs a third time, on a device of that network distinct from both, and only the device the third
// answer disagrees with takes a dispute. Without a third device, or when the third answer settles
// nothing, no one is struck. Either way both devices get their next canary at once. Each
// disagreement is stored once, with its outcome.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { JobEvent, JobListener } from '../../jobs/events.js';
import type { NewJob } from '../../jobs/new-job.js';
import type { JobRequests } from '../../jobs/reports.js';
import type { MeasureResultJson } from '../../measure/measure-result.js';
import type { ResultNetwork } from '../../network/result-network.js';
import { type JobRecord, type ResultRecord, SYSTEM_OWNER_ID } from '../../store/records.js';
import type { TrustStore } from '../../store/trust-types.js';
import type { Reputation } from '../reputation.js';
import { settleBy, UNSETTLED_WHY, type Verdict } from '../settlement.js';
import { type MeasureAnswer, measureAnswerOf, measureDifferences, type RttTolerance } from './compare.js';

export interface CrossCheckOptions {
  /** Where the re-runs are submitted (the job lifecycle). */
  jobs: Pick<JobRequests, 'submit'>;
  reputation: Reputation;
  store: TrustStore;
  log: Logger;
  /** Share of eligible completed measurement jobs re-run (0 … 1). */
  share: number;
  tolerance: RttTolerance;
  /** True when a device other than `exclude` could run `method` in network `asn` (../third-device.ts). */
  available: (method: string, asn: string, exclude: readonly string[]) => boolean;
  /** Sends the device its next canary now (../canary.ts): it judges each party on its own. */
  canarySoon: (deviceId: string) => void;
  random?: () => number;
}

/** Re-runs waiting for their result at once; past it, sampling pauses. */
const MAX_PENDING = 10_000;
/**
 * Only these are compared. ICMP ping times are the kernel's (ping reads its receive timestamps);
 * TCP ping times are taken on the agent's event loop and grow with its load: honest devices on one
 * machine measured 0.03 ms and 400 ms to the same loopback port under load, so TCP pings are not
 * compared (their canaries still catch replies from a closed port). Traceroute paths and TLS chains
 * differ between honest devices too often.
 */
const COMPARED = new Set(['MEASURE_DNS_UDP', 'MEASURE_DNS_TCP', 'MEASURE_PING_ICMP']);

interface Disagreement {
  first: MeasureAnswer;
  second: MeasureAnswer;
  detail: string;
}

type Pending = { stage: 'second'; first: MeasureAnswer; asn: number } | ({ stage: 'third' } & Disagreement);

/** Counts since start, for tests, benches and the operator's log. */
export interface CrossCheckCounts {
  sampled: number;
  compared: number;
  disagreed: number;
  settled: number;
  unsettled: number;
}

export class MeasureCrossCheck implements JobListener {
  private readonly pending = new Map<string, Pending>();
  private readonly random: () => number;
  /** Re-runs sampled whose submission has not come back yet. */
  private submitting = 0;
  readonly counts: CrossCheckCounts = { sampled: 0, compared: 0, disagreed: 0, settled: 0, unsettled: 0 };

  constructor(private readonly opts: CrossCheckOptions) {
    this.random = opts.random ?? Math.random;
  }

  onJobEvent(e: JobEvent): void {
    if (e.transition !== 'complete' && e.transition !== 'fail') return;
    const waiting = this.pending.get(e.job.id);
    if (waiting) this.pending.delete(e.job.id);
    const fail = (err: unknown) =>
      this.opts.log.error({ err, jobId: e.job.id }, 'measurement cross-check failed');
    if (e.transition === 'fail') {
      if (waiting?.stage === 'third')
        void this.conclude(waiting, { settled: false, why: 'third_failed' }).catch(fail);
      return;
    }
    if (waiting?.stage === 'second') void this.compare(waiting.first, e.job, e.result).catch(fail);
    else if (waiting?.stage === 'third') void this.judge(waiting, e.job, e.result).catch(fail);
    else {
      const asn = this.eligible(e.job, e.result);
      if (asn !== null)
        void this.rerun(e.job, e.result, asn).catch((err) =>
          this.opts.log.warn({ err, jobId: e.job.id }, 'measurement cross-check not submitted'),
        );
    }
  }

  /** The network to re-run the job in when it is sampled; null when it is not. */
  private eligible(job: JobRecord, r: ResultRecord): number | null {
    if (
      this.opts.share <= 0 ||
      job.ownerId === SYSTEM_OWNER_ID ||
      !job.request.measure?.measurementId ||
      !COMPARED.has(job.method) ||
      !r.success ||
      this.pending.size >= MAX_PENDING
    )
      return null;
    const asn = (r.metadata.network as ResultNetwork | undefined)?.asn;
    if (typeof asn !== 'number') return null; // the device's network is not known: no peer to ask
    if (this.random() >= this.opts.share) return null;
    // No other device of the network to ask: the sample would only wait out its timeout.
    if (!this.opts.available(job.method, String(asn), [r.deviceId])) return null;
    return asn;
  }

  /**
   * True when no cross-check is under way: none waits for a second or third answer, and every
   * disagreement seen has been concluded (its strike applied).
   */
  idle(): boolean {
    const c = this.counts;
    return this.pending.size === 0 && c.disagreed === c.settled + c.unsettled && this.submitting === 0;
  }

  private answerOf(job: JobRecord, r: ResultRecord): MeasureAnswer | null {
    return measureAnswerOf(job.id, r.deviceId, r.metadata.measure as MeasureResultJson | undefined);
  }

  /** The same measurement again, as the coordinator's own job, in network `asn`. */
  private again(job: JobRecord, asn: number): NewJob {
    const { batchId: _batch, ...request } = job.request;
    const measure = job.request.measure;
    return {
      ownerId: SYSTEM_OWNER_ID,
      url: job.url,
      method: job.method,
      timeoutSec: job.timeoutSec,
      placement: { asn },
      sessionId: null,
      sweepId: null,
      storageType: job.storageType,
      // Not one of the user's measurement's jobs: measurementId '' keeps it out of the measurement.
      request: {
        ...request,
        ownWebhook: false,
        ...(measure ? { measure: { ...measure, measurementId: '' } } : {}),
      },
    };
  }

  private async rerun(job: JobRecord, r: ResultRecord, asn: number): Promise<void> {
    const first = this.answerOf(job, r);
    if (!first) return;
    this.submitting++;
    try {
      const check = await this.opts.jobs.submit(this.again(job, asn), null, { excludedDeviceId: r.deviceId });
      this.counts.sampled++;
      this.pending.set(check.id, { stage: 'second', first, asn });
    } finally {
      this.submitting--;
    }
  }

  private async compare(first: MeasureAnswer, check: JobRecord, r: ResultRecord): Promise<void> {
    if (r.deviceId === first.deviceId || !r.success) return;
    const second = this.answerOf(check, r);
    if (!second) return;
    this.counts.compared++;
    const diff = measureDifferences(first, second, this.opts.tolerance);
    if (diff.length === 0) return;
    this.counts.disagreed++;
    const d: Disagreement = { first, second, detail: diff.join('; ') };
    const parties = [first.deviceId, second.deviceId];
    for (const id of parties) this.opts.canarySoon(id);
    const asn = check.placement.asn;
    if (asn === undefined || !this.opts.available(check.method, String(asn), parties)) {
      await this.conclude(d, { settled: false, why: 'no_third_device' });
      return;
    }
    let third: JobRecord;
    try {
      third = await this.opts.jobs.submit(this.again(check, asn), null, { excludedDeviceId: parties });
    } catch (err) {
      this.opts.log.warn({ err, jobId: first.jobId }, 'third measurement not submitted');
      await this.conclude(d, { settled: false, why: 'third_failed' });
      return;
    }
    this.pending.set(third.id, { stage: 'third', ...d });
  }

  private async judge(d: Disagreement, job: JobRecord, r: ResultRecord): Promise<void> {
    const third = r.success ? this.answerOf(job, r) : null;
    const agree = (x: MeasureAnswer, y: MeasureAnswer) =>
      measureDifferences(x, y, this.opts.tolerance).length === 0;
    await this.conclude(d, settleBy(d.first, d.second, third, agree));
  }

  /** The loser of a settled disagreement takes a dispute; an unsettled one strikes no one. Stored once. */
  private async conclude(d: Disagreement, verdict: Verdict): Promise<void> {
    const { first, second } = d;
    const outcome = verdict.settled
      ? `settled by ${verdict.referee}: ${verdict.loser} lost`
      : // The shared wording of this case speaks of pages.
        `unsettled: ${verdict.why === 'third_agrees_with_neither' ? 'the third answer agrees with neither' : UNSETTLED_WHY[verdict.why]}`;
    const detail = `measurement: ${d.detail}; ${outcome}`;
    try {
      if (verdict.settled) {
        await this.opts.reputation.record(
          verdict.loser,
          'dispute',
          `measurement job ${first.jobId}: ${d.detail} against ${verdict.winner}, and ${verdict.referee} agrees with ${verdict.winner}`,
        );
      }
      // No strike when unsettled: the canaries brought forward when the two disagreed judge each.
      await this.opts.store.insertDispute({
        id: randomUUID(),
        jobId: first.jobId,
        checkJobId: second.jobId,
        deviceA: first.deviceId,
        deviceB: second.deviceId,
        detail,
        createdAt: new Date().toISOString(),
      });
    } finally {
      // Counted once the strike is applied and the dispute stored (idle() means all of it is done).
      if (verdict.settled) this.counts.settled++;
      else this.counts.unsettled++;
    }
    this.opts.log.warn(
      { jobId: first.jobId, deviceA: first.deviceId, deviceB: second.deviceId, detail },
      'measurement dispute',
    );
  }
}
