// One link's results: chunks taken per (job, attempt) (incoming-result.ts: in memory while small,
// streamed to storage past that), final frames handed to ingest, acks
// sent back. A device is a stranger: its frames are taken only for attempts that are its own —
// assigned to it here, or (after a restart or reconnect) recorded in the store as its latest claim.
import type { Logger } from 'pino';
import {
  measureResultProblem,
  type PartName,
  type ResultChunk,
  type ResultFinal,
} from '../../proto/index.js';
import type { LinkReports } from '../jobs/reports.js';
import type { DeviceEgress } from '../network/network-lookup.js';
import { resultNetwork } from '../network/result-network.js';
import type { ResultIngest } from '../results/ingest.js';
import type { DeviceLocation } from '../results/reported.js';
import type { IngestPart } from '../results/staging.js';
import type { JobRecord } from '../store/records.js';
import type { Store } from '../store/types.js';
import type { ByteBudget } from './byte-budget.js';
import { IncomingResult } from './incoming-result.js';
import { reportOf } from './wire.js';

/** What the store says of frames for one (job, attempt) from this device. */
export type Admission =
  /** Its own attempt: take the frames. */
  | 'own'
  /** An attempt of its that a later one replaced: ack the result (so its spool lets go), store nothing. */
  | 'stale'
  /** Not its attempt, or no such job: drop, and count a strike against the link. */
  | 'foreign';

/** What the receiver needs of the coordinator: one object shared by every link. */
export interface ReceiverDeps {
  /** The owner of job state, as the link reports to it. */
  jobs: LinkReports;
  ingest: ResultIngest;
  store: Store;
  maxResultBytes: number;
  /** Results up to this size are assembled in memory; larger ones stream to storage. Default 256 KiB. */
  streamAboveBytes?: number;
  budget: ByteBudget;
}

/**
 * The link the results come on (the agent connection). An interface the connection implements
 * rather than callbacks: closures per link would cost every idle link memory.
 */
export interface ResultLink {
  readonly deviceId: string;
  /** The link's logger. */
  readonly log: Logger;
  readonly location: DeviceLocation;
  /** The network the device's link comes from (undefined when not looked up). */
  readonly egress?: DeviceEgress;
  ack(jobId: string, attempt: number, duplicate: boolean): void;
  /** Counts a strike against the link (a final that forges its parts). */
  strike(why: string): void;
  /** Called when this link's bytes waiting for storage pass the bound (true) and drain (false). */
  backlog(paused: boolean): void;
}

/** Bytes of one link's results waiting for storage before the link stops reading. */
export const MAX_QUEUED_BYTES = 1024 * 1024;

const EMPTY = new Map<never, never>();

// The maps are made when first written and let go once empty again: most links are idle, and four
// empty maps would be most of what an idle link's receiver costs.
export class ResultReceiver {
  /** Results with chunks and no final frame yet. */
  private pendingMap: Map<string, IncomingResult> | null = null;
  /** Budget bytes each live result (pending or being stored) has taken. */
  private takenMap: Map<IncomingResult, number> | null = null;
  private held = 0;
  private queued = 0;
  private backlogged = false;
  /** Results being stored, by `job/attempt`: resolve to the ack sent (null: none). */
  private storingMap: Map<string, Promise<boolean | null>> | null = null;
  /** Store verdicts for attempts not running here, until their final frame. */
  private verdictMap: Map<string, Admission> | null = null;

  constructor(
    private readonly deps: ReceiverDeps,
    private readonly link: ResultLink,
  ) {}

  private get pending(): Map<string, IncomingResult> {
    return this.pendingMap ?? EMPTY;
  }

  private get taken(): Map<IncomingResult, number> {
    return this.takenMap ?? EMPTY;
  }

  private get storing(): Map<string, Promise<boolean | null>> {
    return this.storingMap ?? EMPTY;
  }

  private get verdicts(): Map<string, Admission> {
    return this.verdictMap ?? EMPTY;
  }

  /** Result bytes this link holds in memory (pending results and those being stored). */
  get heldBytes(): number {
    return this.held;
  }

  /** Content bytes received for results that have no final frame yet (the per-link cap counts these). */
  get partialBytes(): number {
    let total = 0;
    for (const r of this.pending.values()) total += r.receivedBytes;
    return total;
  }

  get hasPartial(): boolean {
    return this.pending.size > 0;
  }

  /** The verdict for frames of (job, attempt) when known without the store; null: ask verify(). */
  admission(jobId: string, attempt: number): Admission | null {
    if (this.deps.jobs.runningJob(jobId, attempt, this.link.deviceId)) return 'own';
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
        verdict = job.deviceId === this.link.deviceId ? 'own' : attempt < job.attempt ? 'stale' : 'foreign';
      }
    } catch (err) {
      this.link.log.warn({ err, jobId }, 'could not check a result against the store');
      return 'foreign';
    }
    this.verdictMap ??= new Map();
    this.verdictMap.set(`${jobId}/${attempt}`, verdict);
    return verdict;
  }

  /** A chunk of an own attempt (the caller checked the verdict before any byte is kept). */
  chunk(chunk: ResultChunk): void {
    const jobId = chunk.jobId ?? '';
    const attempt = chunk.attempt ?? 0;
    const key = `${jobId}/${attempt}`;
    let result = this.pending.get(key);
    if (!result) {
      result = this.open(jobId, attempt);
      this.pendingMap ??= new Map();
      this.pendingMap.set(key, result);
    }
    if (result.add(chunk) === 'restart') {
      // The agent sends the result again from its start: the earlier copy goes.
      this.drop(jobId, attempt);
      const fresh = this.open(jobId, attempt);
      this.pendingMap ??= new Map();
      this.pendingMap.set(key, fresh);
      fresh.add(chunk);
    }
  }

  /** Hands an own attempt's result to ingest and acks once it is durable. */
  async final(final: ResultFinal, verdict: Admission): Promise<void> {
    const jobId = final.jobId ?? '';
    const attempt = final.attempt ?? 0;
    const key = `${jobId}/${attempt}`;
    this.verdicts.delete(key);
    if (this.verdictMap?.size === 0) this.verdictMap = null;
    if (verdict === 'stale') {
      this.drop(jobId, attempt);
      // A slot its hello said the attempt holds (a result from its spool) is free again.
      this.deps.jobs.finished(jobId, attempt, this.link.deviceId);
      this.link.ack(jobId, attempt, true);
      return;
    }
    // The claimed record, read before finished() forgets the attempt: ingest needs no store read.
    const running = this.deps.jobs.runningJob(jobId, attempt, this.link.deviceId);
    this.deps.jobs.finished(jobId, attempt, this.link.deviceId);
    const result = this.pending.get(key) ?? this.open(jobId, attempt);
    this.pending.delete(key);
    if (this.pendingMap?.size === 0) this.pendingMap = null;
    const first = this.storing.get(key);
    if (result.isCopy || first) {
      // A re-send of a result still being stored: answer as the first copy is answered. Should the
      // first fail, nothing is acked and the agent sends it once more.
      await result.release();
      this.forget(result);
      const duplicate = await first;
      if (duplicate !== null && duplicate !== undefined) this.link.ack(jobId, attempt, duplicate);
      return;
    }
    const stored = this.store(final, result, running);
    this.storingMap ??= new Map();
    this.storingMap.set(key, stored);
    try {
      await stored;
    } finally {
      this.storing.delete(key);
      if (this.storingMap?.size === 0) this.storingMap = null;
      await result.release();
      this.forget(result);
    }
  }

  /** The link closed: partial results are dropped and aborted (the agent's spool still has them). */
  clear(): void {
    for (const key of [...this.pending.keys()]) {
      const [jobId = '', attempt = '0'] = key.split('/');
      this.drop(jobId, Number(attempt));
    }
    this.verdictMap = null;
  }

  private open(jobId: string, attempt: number): IncomingResult {
    const result: IncomingResult = new IncomingResult({
      copy: this.storing.has(`${jobId}/${attempt}`),
      maxResultBytes: this.deps.maxResultBytes,
      streamAboveBytes: this.deps.streamAboveBytes ?? 256 * 1024,
      stage: () => this.deps.ingest.stage(jobId, attempt),
      changed: () => this.account(result),
    });
    this.takenMap ??= new Map();
    this.takenMap.set(result, 0);
    return result;
  }

  /** One result's held and queued bytes changed: budget, peak and link backpressure follow. */
  private account(result: IncomingResult): void {
    const before = this.taken.get(result);
    if (before === undefined) return; // already forgotten
    const now = result.heldBytes;
    if (now > before) this.deps.budget.take(now - before);
    else if (now < before) this.deps.budget.give(before - now);
    this.takenMap?.set(result, now);
    this.held += now - before;
    let queued = 0;
    for (const r of this.taken.keys()) queued += r.queuedBytes;
    this.queued = queued;
    if (!this.backlogged && this.queued > MAX_QUEUED_BYTES) {
      this.backlogged = true;
      this.link.backlog(true);
    } else if (this.backlogged && this.queued <= MAX_QUEUED_BYTES / 2) {
      this.backlogged = false;
      this.link.backlog(false);
    }
  }

  private forget(result: IncomingResult): void {
    this.account(result);
    const left = this.taken.get(result) ?? 0;
    this.taken.delete(result);
    if (this.takenMap?.size === 0) this.takenMap = null;
    this.deps.budget.give(left);
    this.held -= left;
  }

  private drop(jobId: string, attempt: number): void {
    const key = `${jobId}/${attempt}`;
    const result = this.pending.get(key);
    if (!result) return;
    this.pending.delete(key);
    if (this.pendingMap?.size === 0) this.pendingMap = null;
    void result.release().finally(() => this.forget(result));
  }

  /** Stores the result and acks it; resolves to the ack's `duplicate` flag, or null when not acked. */
  private async store(
    final: ResultFinal,
    result: IncomingResult,
    running: JobRecord | undefined,
  ): Promise<boolean | null> {
    // A measurement over the bounds every agent keeps did not come from an honest agent: the
    // device is struck and the attempt stored as a failure, without the parsed part.
    const measureProblem = final.measure ? measureResultProblem(final.measure) : null;
    if (measureProblem) final.measure = null;
    const report = reportOf(final);
    const { jobId, attempt } = report;
    if (measureProblem) {
      this.link.strike(`measurement result for job ${jobId} attempt ${attempt}: ${measureProblem}`);
      report.success = false;
      report.errorType = 'invalid_response';
      report.errorMessage = `measurement result refused: ${measureProblem}`;
    }
    const outcome = await result.finish(final);
    let parts = new Map<PartName, IngestPart>();
    if (outcome.ok) parts = outcome.parts;
    else if (outcome.reason === 'too_large') {
      report.success = false;
      report.errorType = 'too_large';
      report.errorMessage = outcome.message;
    } else {
      if (outcome.reason === 'forged')
        this.link.strike(`result for job ${jobId} attempt ${attempt}: ${outcome.message}`);
      this.link.log.warn({ jobId, attempt }, outcome.message);
      return null; // not acked: the agent re-sends it from its spool
    }
    try {
      const network = resultNetwork(this.link.egress, final.network);
      const stored = await this.deps.ingest.ingest(
        this.link.deviceId,
        this.link.location,
        report,
        parts,
        network,
        running,
      );
      this.link.ack(jobId, attempt, stored !== 'stored');
      return stored !== 'stored';
    } catch (err) {
      this.link.log.error({ err, jobId, attempt }, 'result not stored; the agent will re-send it');
      return null;
    }
  }
}
