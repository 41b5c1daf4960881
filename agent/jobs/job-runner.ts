// What happens when an Assign arrives: refuse it (with the reason) or accept it, run it on the
// executor for its method under a hard stop at the coordinator's deadline, record it in the owner's
// URL log and byte budget, and hand the result to delivery (spooled before it is sent).
//
// The hard stop is kept here, not hoped for from the executor: a job is aborted at its deadline,
// and if its executor has not settled ABANDON_AFTER_ABORT_MS later (a promise that never settles,
// an abort a library ignores) the runner stops waiting for it, frees the slot and reports the job
// `timeout` itself. Whatever the executor settles later is ignored. A Cancel from the coordinator
// (the client cancelled the job) frees the slot at once, whatever the executor does with the abort:
// the run is aborted and forgotten, and sends no result.
import type { Logger } from 'pino';
import { type AgentFrameInit, featuresNeeded } from '../../proto/index.js';
import { AgentError, type DeviceErrorType } from '../errors.js';
import { outcomeLinks } from '../executors/page-links.js';
import type { ExecOutcome, Executor } from '../executors/types.js';
import { emptyOutcome } from '../executors/types.js';
import { abortMessage } from '../executors/wire.js';
import type { ResultDelivery } from '../link/delivery.js';
import type { Spool } from '../link/spool.js';
import { type AssignedJob, acceptFrame, type Refusal, rejectFrame, resultFrames } from '../link/wire.js';
import type { OwnerState } from '../owner/owner-state.js';
import type { UrlLog } from '../owner/url-log.js';
import type { RunningJobStatus } from '../status/types.js';
import type { ExecutionTracing } from '../tracing.js';

/** How long an aborted executor may take to settle before its job is reported without it, ms. */
export const ABANDON_AFTER_ABORT_MS = 1_000;
/**
 * The hard stop of a job whose Assign gave no deadline (coordinators always give one; a peer might
 * not): its own timeout plus this, ms. Executors end a job at its timeout themselves; this only
 * catches one that does not.
 */
export const OWN_DEADLINE_GRACE_MS = 5_000;

interface RunningJob {
  job: AssignedJob;
  startedMs: number;
  abort: AbortController;
  done: Promise<void>;
  /** The coordinator cancelled it: its slot is free already, and whatever it settles with is dropped. */
  cancelled: boolean;
}

export interface JobRunnerDeps {
  executors: readonly Executor[];
  maxConcurrent: number;
  owner: OwnerState;
  urlLog: UrlLog;
  spool: Spool;
  delivery: ResultDelivery;
  log: Logger;
  /** Sends an Accept or Reject; dropped when the link is down (the coordinator re-routes then). */
  send(frame: AgentFrameInit): void;
  draining(): boolean;
  /** Chunk size of the current link. */
  chunkBytes(): number;
  /** Whether the linked coordinator takes parts inline in the final frame (Welcome.inline_parts). */
  inlineParts(): boolean;
  /** Coordinator clock minus ours, to place the coordinator's deadline on our clock. */
  clockOffsetMs(): number;
  /** Something that changes availability or idleness happened (a job started or ended). */
  changed(): void;
  /** Execution spans, once tracing is open; undefined when off (then no span is made). */
  tracing?: () => ExecutionTracing | undefined;
}

/** A job whose page options are broken, or need a feature its executor lacks, is refused. */
function pageRefusal(job: AssignedJob, executor: Executor | undefined): [Refusal, string] | null {
  const req = job.request;
  if (req.pageError) return ['invalid', `invalid page options: ${req.pageError}`];
  const missing = featuresNeeded(req.page).filter((f) => !executor?.pageFeatures?.includes(f));
  return missing.length > 0 ? ['unsupported', `page features not supported: ${missing.join(', ')}`] : null;
}

export class JobRunner {
  private readonly byMethod = new Map<string, Executor>();
  private readonly running = new Map<string, RunningJob>();
  readonly counters: Record<string, Record<string, number>> = {};

  constructor(private readonly deps: JobRunnerDeps) {
    for (const ex of deps.executors) for (const m of ex.methods) this.byMethod.set(m, ex);
  }

  get methods(): string[] {
    return [...this.byMethod.keys()];
  }

  /** Every page feature some executor has (Capabilities.page_features). */
  get pageFeatures(): string[] {
    return [...new Set(this.deps.executors.flatMap((ex) => ex.pageFeatures ?? []))];
  }

  get size(): number {
    return this.running.size;
  }

  isRunning(jobId: string): boolean {
    return this.running.has(jobId);
  }

  refs(): Array<{ jobId: string; attempt: number }> {
    return [...this.running.values()].map((r) => ({ jobId: r.job.jobId, attempt: r.job.attempt }));
  }

  status(nowMs: number): RunningJobStatus[] {
    return [...this.running.values()].map((r) => ({
      jobId: r.job.jobId,
      attempt: r.job.attempt,
      method: r.job.request.method,
      url: r.job.request.url,
      ageMs: nowMs - r.startedMs,
    }));
  }

  /** An Assign arrived: refuse it, ignore a duplicate, or accept and start it. */
  onAssign(job: AssignedJob): void {
    const executor = this.byMethod.get(job.request.method);
    const refusal = this.refusal(job, executor !== undefined) ?? pageRefusal(job, executor);
    if (refusal) {
      this.deps.log.info({ jobId: job.jobId, reason: refusal[0], why: refusal[1] }, 'job refused');
      this.deps.send(rejectFrame(job, refusal[0], refusal[1]));
      return;
    }
    if (!executor) return;
    // Already running, or already finished and waiting in the spool: the result on its way wins.
    if (this.running.has(job.jobId) || this.deps.spool.hasJob(job.jobId)) return;
    this.deps.send(acceptFrame(job));
    this.deps.owner.noteStart();
    const run: RunningJob = {
      job,
      startedMs: Date.now(),
      abort: new AbortController(),
      done: Promise.resolve(),
      cancelled: false,
    };
    this.running.set(job.jobId, run);
    run.done = this.run(executor, run);
    this.deps.changed();
  }

  /**
   * The coordinator cancelled the attempt (the client cancelled the job, or another attempt ended
   * it): aborted, and its slot freed now rather than when its executor settles, so an executor
   * that ignores the abort holds nothing. No result is sent for it; its late settle is ignored.
   */
  cancel(jobId: string, attempt: number): void {
    const run = this.running.get(jobId);
    if (!run || run.job.attempt !== attempt) return;
    run.cancelled = true;
    this.running.delete(jobId);
    run.abort.abort(new AgentError('JOB_CANCELLED', 'cancelled by coordinator'));
    this.deps.log.info({ jobId, attempt }, 'job cancelled by the coordinator; slot freed');
    this.deps.changed();
  }

  /** Aborts every running job; resolves when their results are spooled (or dropped). */
  async abortAll(reason: Error): Promise<void> {
    const runs = [...this.running.values()];
    for (const r of runs) r.abort.abort(reason);
    await Promise.allSettled(runs.map((r) => r.done));
  }

  endSession(sessionId: string): void {
    for (const ex of new Set(this.byMethod.values())) void ex.endSession?.(sessionId);
  }

  private refusal(job: AssignedJob, supported: boolean): [Refusal, string] | null {
    if (this.deps.draining()) return ['draining', 'agent is draining'];
    if (this.deps.spool.full) return ['spool_full', 'result spool is full'];
    if (this.running.size >= this.deps.maxConcurrent) return ['busy', 'at capacity'];
    if (!supported) return ['unsupported', `method ${job.request.method} not supported`];
    if (job.deadlineMs > 0 && this.localDeadline(job) <= Date.now())
      return ['expired', 'the assignment arrived after its deadline'];
    const owner = this.deps.owner.refusalFor(job.request.url);
    if (owner) return ['owner', owner];
    return null;
  }

  private localDeadline(job: AssignedJob): number {
    return job.deadlineMs - this.deps.clockOffsetMs();
  }

  private async run(executor: Executor, run: RunningJob): Promise<void> {
    const { job } = run;
    const req = job.request;
    // The job's child logger is made only when something is logged (a failure, debug level): most
    // jobs log nothing, and a pino child costs its bindings' serialisation.
    let child: Logger | undefined;
    const jobLog = (): Logger => {
      child ??= this.deps.log.child({ jobId: job.jobId, attempt: job.attempt });
      return child;
    };
    const span = this.deps.tracing?.()?.execute(job);
    // The coordinator's deadline (or, without one, the job's timeout plus a grace) is a hard stop:
    // the job is aborted there, and its (timeout) outcome still goes back.
    const deadlineAt =
      job.deadlineMs > 0 ? this.localDeadline(job) : run.startedMs + req.timeoutMs + OWN_DEADLINE_GRACE_MS;
    const hardStop = setTimeout(
      () => run.abort.abort(new AgentError('JOB_DEADLINE', 'the coordinator deadline passed')),
      Math.max(0, deadlineAt - Date.now()),
    );
    let abandon: NodeJS.Timeout | undefined;
    let giveUp: (outcome: ExecOutcome) => void = () => {};
    const gaveUp = new Promise<ExecOutcome>((resolve) => {
      giveUp = resolve;
    });
    const onAbort = () => {
      abandon = setTimeout(() => {
        jobLog().warn(
          { afterMs: Date.now() - run.startedMs },
          'executor did not stop when aborted: job reported without it, slot freed',
        );
        giveUp({
          ...emptyOutcome(run.startedMs, req.url),
          errorType: 'timeout' satisfies DeviceErrorType,
          errorMessage: abortMessage(run.abort.signal),
        });
      }, ABANDON_AFTER_ABORT_MS);
    };
    if (run.abort.signal.aborted) onAbort();
    else run.abort.signal.addEventListener('abort', onAbort, { once: true });
    const executed = executor
      .execute(req, {
        signal: run.abort.signal,
        get log() {
          return jobLog();
        },
      })
      .catch((err: unknown): ExecOutcome => {
        jobLog().error({ err }, 'executor failed');
        return {
          ...emptyOutcome(run.startedMs, req.url),
          errorType: executor.failureType ?? ('invalid_response' satisfies DeviceErrorType),
          errorMessage: err instanceof Error ? err.message : String(err),
        };
      });
    // First one wins; an executor settling after the runner gave up is ignored (reported once).
    const outcome = await Promise.race([executed, gaveUp]);
    clearTimeout(hardStop);
    clearTimeout(abandon);
    run.abort.signal.removeEventListener('abort', onAbort);
    span?.outcome(outcome);
    // A site crawl's links: parsed in the executor's offload pool until the job's deadline (a run
    // already aborted, cancelled included, gets none at once). Never throws.
    if (req.collectLinks && outcome.success) {
      outcome.links = await outcomeLinks(
        executor,
        outcome,
        req.url,
        { timeoutMs: deadlineAt - Date.now(), signal: run.abort.signal },
        jobLog,
      );
    }
    try {
      // Cancelled (the client cancelled the job, or another attempt completed it) or the agent
      // closing without a drain: no result; the coordinator has ended or re-runs the job. A
      // deadline stop still reports its timeout.
      const reason: unknown = run.abort.signal.reason;
      const deadline = reason instanceof AgentError && reason.code === 'JOB_DEADLINE';
      if (
        run.cancelled ||
        (run.abort.signal.aborted &&
          !deadline &&
          this.running.get(job.jobId) === run &&
          !this.deps.draining())
      ) {
        span?.ended('cancelled');
        return;
      }
      // The owner's accounting is written beside the result, never in its way.
      void this.account(run, outcome);
      const frames = resultFrames(
        job.jobId,
        job.attempt,
        outcome,
        this.deps.chunkBytes(),
        this.deps.inlineParts(),
      );
      await this.deps.delivery.deliver(job.jobId, job.attempt, frames);
      if (this.deps.log.isLevelEnabled('debug'))
        jobLog().debug({ bytes: frames.reduce((n, f) => n + f.byteLength, 0) }, 'result spooled');
      span?.ended('spooled');
    } catch (err) {
      jobLog().error({ err }, 'could not spool the result');
      span?.ended('spool_failed', err);
    } finally {
      if (this.running.get(job.jobId) === run) this.running.delete(job.jobId);
      this.deps.changed();
    }
  }

  /** Counters, the owner's byte budget and URL log. A log that cannot be written never fails a job. */
  private async account(run: RunningJob, outcome: ExecOutcome): Promise<void> {
    const method = run.job.request.method;
    const result = outcome.success ? 'success' : outcome.errorType || 'error';
    const m = this.counters[method] ?? {};
    m[result] = (m[result] ?? 0) + 1;
    this.counters[method] = m;
    const bytes = outcome.transferBytes ?? outcome.sizeBytes;
    await Promise.all([
      this.deps.owner.noteBytes(bytes),
      this.deps.urlLog.record({
        time: new Date().toISOString(),
        method,
        url: run.job.request.url,
        status: outcome.statusCode,
        bytes,
        outcome: result,
        jobId: run.job.jobId,
      }),
    ]).catch((err: unknown) => this.deps.log.warn({ err }, 'owner accounting not written'));
  }
}
