// One link's results: chunks assembled per (job, attempt), final frames handed to ingest, acks
// sent back. A device is a stranger: its frames are taken only for attempts that are its own —
// assigned to it here, or (after a restart or reconnect) recorded in the store as its latest claim.
import type { Logger } from 'pino';
import type { PartName, ResultChunk, ResultFinal } from '../../proto/index.js';
import type { DeviceEgress } from '../network/network-lookup.js';
import { resultNetwork } from '../network/result-network.js';
import type { ResultIngest } from '../results/ingest.js';
import type { DeviceLocation } from '../results/reported.js';
import type { Dispatcher } from '../scheduler/dispatcher.js';
import type { Store } from '../store/types.js';
import type { ByteBudget } from './byte-budget.js';
import { type AssembleOutcome, ResultAssembler } from './result-assembler.js';
import { reportOf } from './wire.js';

/** What the store says of frames for one (job, attempt) from this device. */
export type Admission =
  /** Its own attempt: take the frames. */
  | 'own'
  /** An attempt of its that a later one replaced: ack the result (so its spool lets go), store nothing. */
  | 'stale'
  /** Not its attempt, or no such job: drop, and count a strike against the link. */
  | 'foreign';

export interface ReceiverDeps {
  deviceId: string;
  dispatcher: Dispatcher;
  ingest: ResultIngest;
  store: Store;
  log: Logger;
  maxResultBytes: number;
  budget: ByteBudget;
  location: () => DeviceLocation;
  /** The network the device's link comes from (undefined when not looked up). */
  egress?: () => DeviceEgress | undefined;
  ack: (jobId: string, attempt: number, duplicate: boolean) => void;
}

export class ResultReceiver {
  private readonly assembler: ResultAssembler;
  /** Store verdicts for attempts not running here, until their final frame. */
  private readonly verdicts = new Map<string, Admission>();

  constructor(private readonly deps: ReceiverDeps) {
    this.assembler = new ResultAssembler(deps.maxResultBytes, deps.budget);
  }

  /** Result bytes this link holds in partial results. */
  get heldBytes(): number {
    return this.assembler.bufferedBytes;
  }

  get hasPartial(): boolean {
    return this.assembler.hasPartial;
  }

  /** The verdict for frames of (job, attempt) when known without the store; null: ask verify(). */
  admission(jobId: string, attempt: number): Admission | null {
    if (this.deps.dispatcher.isAssigned(jobId, attempt, this.deps.deviceId)) return 'own';
    return this.verdicts.get(`${jobId}/${attempt}`) ?? null;
  }

  /** Asks the store whose attempt this is (one read per attempt not running on this coordinator). */
  async verify(jobId: string, attempt: number): Promise<Admission> {
    let verdict: Admission = 'foreign';
    try {
      const job = jobId ? await this.deps.store.getJob(jobId) : null;
      // Attempt numbers come from the coordinator. The job's latest claim is this device's: any of
      // its attempts up to that one is its own (an agent that still holds an earlier attempt's
      // result answers a re-assignment with that result). Another device holds the job: an older
      // attempt is a late report (acked, not stored), the current or a newer one is forged.
      if (job && attempt > 0 && attempt <= job.attempt) {
        verdict = job.deviceId === this.deps.deviceId ? 'own' : attempt < job.attempt ? 'stale' : 'foreign';
      }
    } catch (err) {
      this.deps.log.warn({ err, jobId }, 'could not check a result against the store');
      return 'foreign';
    }
    this.verdicts.set(`${jobId}/${attempt}`, verdict);
    return verdict;
  }

  chunk(chunk: ResultChunk): void {
    this.assembler.add(chunk);
  }

  /** Hands an own attempt's result to ingest and acks once it is durable. */
  async final(final: ResultFinal, verdict: Admission): Promise<void> {
    const jobId = final.jobId ?? '';
    const attempt = final.attempt ?? 0;
    this.verdicts.delete(`${jobId}/${attempt}`);
    if (verdict === 'stale') {
      this.assembler.drop(jobId, attempt);
      this.deps.ack(jobId, attempt, true);
      return;
    }
    this.deps.dispatcher.finished(jobId, attempt, this.deps.deviceId);
    const assembled = this.assembler.finish(final);
    try {
      await this.store(final, assembled);
    } finally {
      if (assembled.ok) this.deps.budget.give(assembled.bytes);
    }
  }

  /** The link closed: partial results are dropped (the agent's spool still has them). */
  clear(): void {
    this.assembler.clear();
    this.verdicts.clear();
  }

  private async store(final: ResultFinal, assembled: AssembleOutcome): Promise<void> {
    const report = reportOf(final);
    const { jobId, attempt } = report;
    let parts = new Map<PartName, Buffer>();
    if (assembled.ok) parts = assembled.parts;
    else if (assembled.reason === 'too_large') {
      report.success = false;
      report.errorType = 'too_large';
      report.errorMessage = assembled.message;
    } else {
      this.deps.log.warn({ jobId, attempt }, assembled.message);
      return; // not acked: the agent re-sends it from its spool
    }
    try {
      const network = resultNetwork(this.deps.egress?.(), final.network);
      const outcome = await this.deps.ingest.ingest(
        this.deps.deviceId,
        this.deps.location(),
        report,
        parts,
        network,
      );
      this.deps.ack(jobId, attempt, outcome !== 'stored');
    } catch (err) {
      this.deps.log.error({ err, jobId, attempt }, 'result not stored; the agent will re-send it');
    }
  }
}
