// The agent: takes assignments from the link, runs them on executors, spools and sends results.
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import {
  type Assign,
  type CoordinatorFrame,
  DEFAULT_MAX_CHUNK_BYTES,
  type Hello,
  PROTOCOL_VERSION,
  RejectReason,
  type Welcome,
} from '../proto/index.js';
import type { AgentConfig } from './config.js';
import type { ExecOutcome, ExecRequest, Executor } from './executors/types.js';
import { emptyOutcome } from './executors/types.js';
import { LinkClient, type LinkState } from './link/client.js';
import { ResultDelivery } from './link/delivery.js';
import { resultFrames } from './link/result-frames.js';
import { Spool } from './link/spool.js';
import type { AgentStatus, StatusSource } from './status/types.js';

export const AGENT_VERSION = '0.1.0';

interface RunningJob {
  jobId: string;
  attempt: number;
  method: string;
  url: string;
  startedMs: number;
  abort: AbortController;
  done: Promise<void>;
}

export interface AgentDeps {
  config: Readonly<AgentConfig>;
  executors: Executor[];
  log: Logger;
  browserVersion?: string;
  browserState?: () => 'ready' | 'crashed';
}

/** Emits 'link' (state) whenever the link state changes, and 'acked' (jobId, attempt). */
export class CrawlAgent extends EventEmitter implements StatusSource {
  private readonly byMethod = new Map<string, Executor>();
  private readonly running = new Map<string, RunningJob>();
  private readonly spool: Spool;
  private readonly link: LinkClient;
  private readonly delivery: ResultDelivery;
  private readonly counters: Record<string, Record<string, number>> = {};
  private chunkBytes = DEFAULT_MAX_CHUNK_BYTES;
  private linkState: LinkState = 'disconnected';
  private linkSince = new Date().toISOString();
  private linkError: string | null = null;
  private draining = false;
  private accepting = true;
  private readonly startedAt = Date.now();
  private readonly idleWaiters: Array<() => void> = [];
  private readonly log: Logger;

  constructor(private readonly deps: AgentDeps) {
    super();
    this.log = deps.log;
    for (const ex of deps.executors) for (const m of ex.methods) this.byMethod.set(m, ex);
    this.spool = new Spool(`${deps.config.stateDir}/spool`, deps.config.spoolMaxBytes);
    this.link = new LinkClient(
      {
        coordinators: deps.config.coordinators,
        token: deps.config.token,
        minBackoffMs: deps.config.reconnectMinMs,
        maxBackoffMs: deps.config.reconnectMaxMs,
        log: deps.log.child({ component: 'link' }),
      },
      {
        hello: () => this.hello(),
        onConnected: (w) => this.onConnected(w),
        onFrame: (f) => this.onFrame(f),
        onDisconnected: () => undefined,
        onState: (state, _url, error) => {
          this.linkState = this.draining && state === 'connected' ? 'draining' : state;
          this.linkSince = new Date().toISOString();
          if (error) this.linkError = error;
          this.emit('link', this.linkState);
        },
      },
    );
    this.delivery = new ResultDelivery(this.spool, this.link, {
      resendAfterMs: deps.config.resendAfterMs,
      log: deps.log.child({ component: 'delivery' }),
      isRunning: (jobId) => this.running.has(jobId),
    });
  }

  get linkConnected(): boolean {
    return this.link.connected;
  }

  /** Resolves once the link is up (welcome received). */
  whenConnected(): Promise<void> {
    if (this.link.connected) return Promise.resolve();
    return new Promise((resolve) => {
      const on = (state: string) => {
        if (state === 'connected' || state === 'draining') {
          this.off('link', on);
          resolve();
        }
      };
      this.on('link', on);
    });
  }

  get methods(): string[] {
    return [...this.byMethod.keys()];
  }

  /** Opens the spool (results of an earlier run are re-sent on connect) and starts the link. */
  async start(): Promise<void> {
    const leftover = await this.spool.open();
    if (leftover.length > 0)
      this.log.info({ results: leftover.length }, 'unacknowledged results found in spool');
    this.link.start();
    this.delivery.start();
  }

  /**
   * SIGTERM path: tell the coordinator no new jobs, let running jobs finish (up to the deadline),
   * deliver the spool while the link lasts, then close. Resolves when done.
   */
  async drain(deadlineMs: number): Promise<{ unfinished: number; unacked: number }> {
    this.draining = true;
    this.linkState = 'draining';
    this.link.send({ draining: { reason: 'agent shutting down' } });
    const until = Date.now() + deadlineMs;
    await Promise.race([this.waitIdle(), new Promise((r) => setTimeout(r, deadlineMs).unref())]);
    for (const job of this.running.values()) job.abort.abort(new Error('agent shutting down'));
    // Give the coordinator until the deadline to acknowledge what was just sent.
    while (this.spool.depth > 0 && this.link.connected && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
    }
    return { unfinished: this.running.size, unacked: this.spool.depth };
  }

  async close(): Promise<void> {
    this.delivery.stop();
    for (const job of this.running.values()) job.abort.abort(new Error('agent closing'));
    this.link.close();
    await Promise.allSettled([...this.running.values()].map((j) => j.done));
    await this.spool.flush().catch((err) => this.log.error({ err }, 'spool flush failed'));
    await Promise.allSettled(this.deps.executors.map((e) => e.close()));
  }

  // ---------------------------------------------------------------- status

  healthy(): boolean {
    return !this.spool.full;
  }

  snapshot(): AgentStatus {
    const c = this.deps.config;
    const now = Date.now();
    return {
      version: AGENT_VERSION,
      deviceId: c.deviceId,
      link: {
        state: this.linkState,
        since: this.linkSince,
        coordinatorUrl: this.link.currentUrl,
        lastError: this.linkError,
      },
      capabilities: {
        methods: this.methods,
        maxConcurrent: c.maxConcurrent,
        browserVersion: this.deps.browserVersion ?? null,
      },
      location: { country: c.country, region: c.region, city: c.city },
      deviceType: c.deviceType,
      networkType: c.networkType,
      runningJobs: [...this.running.values()].map((j) => ({
        jobId: j.jobId,
        attempt: j.attempt,
        method: j.method,
        url: j.url,
        ageMs: now - j.startedMs,
      })),
      spool: { depth: this.spool.depth, bytes: this.spool.bytes, maxBytes: this.spool.maxBytes },
      counters: structuredClone(this.counters),
      browser: {
        state: this.deps.browserVersion ? (this.deps.browserState?.() ?? 'ready') : 'none',
        version: this.deps.browserVersion ?? null,
      },
      startedAt: new Date(this.startedAt).toISOString(),
      uptimeMs: now - this.startedAt,
    };
  }

  // ---------------------------------------------------------------- link events

  private hello(): Hello {
    const c = this.deps.config;
    return {
      protocolVersion: PROTOCOL_VERSION,
      deviceId: c.deviceId,
      agentVersion: AGENT_VERSION,
      capabilities: {
        methods: this.methods,
        maxConcurrent: c.maxConcurrent,
        browserVersion: this.deps.browserVersion ?? '',
        maxBodyBytes: c.maxBodyBytes,
      },
      location: { country: c.country, region: c.region, city: c.city },
      deviceType: c.deviceType,
      networkType: c.networkType,
      running: [...this.running.values()].map((j) => ({ jobId: j.jobId, attempt: j.attempt })),
      draining: this.draining || this.spool.full,
    };
  }

  private onConnected(welcome: Welcome): void {
    this.chunkBytes = Math.max(
      1024,
      Math.min(welcome.maxChunkBytes || DEFAULT_MAX_CHUNK_BYTES, DEFAULT_MAX_CHUNK_BYTES),
    );
    this.log.info({ coordinatorId: welcome.coordinatorId }, 'linked to coordinator');
    this.accepting = !this.spool.full && !this.draining; // what the hello just told the coordinator
    this.delivery.onConnected();
  }

  private onFrame(frame: CoordinatorFrame): void {
    switch (frame.body) {
      case 'assign':
        if (frame.assign) this.onAssign(frame.assign);
        break;
      case 'ack': {
        const jobId = frame.ack?.jobId ?? '';
        const attempt = frame.ack?.attempt ?? 0;
        void this.delivery.acked(jobId, attempt).then(() => {
          this.log.debug({ jobId, attempt }, 'result acknowledged');
          this.emit('acked', jobId, attempt);
          this.updateAvailability();
          this.maybeIdle();
        });
        break;
      }
      case 'cancel': {
        const job = this.running.get(frame.cancel?.jobId ?? '');
        if (job && job.attempt === frame.cancel?.attempt)
          job.abort.abort(new Error('cancelled by coordinator'));
        break;
      }
      case 'sessionEnd': {
        const id = frame.sessionEnd?.sessionId ?? '';
        for (const ex of new Set(this.byMethod.values())) void ex.endSession?.(id);
        break;
      }
      case 'drain':
        this.log.info({ reason: frame.drain?.reason }, 'coordinator asked us to move on');
        break;
      default:
        break;
    }
  }

  private onAssign(a: Assign): void {
    const jobId = a.jobId ?? '';
    const attempt = a.attempt ?? 0;
    const req = a.request ?? {};
    const executor = this.byMethod.get(req.method ?? '');
    const refusal = this.refusal(executor !== undefined, req.method ?? '');
    if (refusal) {
      this.link.send({ reject: { jobId, attempt, reason: refusal[0], message: refusal[1] } });
      return;
    }
    if (!executor) return;
    // Already running, or already finished and waiting in the spool: the result on its way wins.
    if (this.running.has(jobId) || this.spool.hasJob(jobId)) return;
    this.link.send({ accept: { jobId, attempt } });
    const execReq: ExecRequest = {
      jobId,
      attempt,
      method: req.method ?? 'GET',
      url: req.url ?? '',
      timeoutMs: req.timeoutMs || 30_000,
      headers: (req.headers ?? []).map((h) => ({ name: h.name ?? '', value: h.value ?? '' })),
      body: Buffer.from(req.body ?? new Uint8Array(0)),
      cookies: req.cookies ?? [],
      sessionId: req.sessionId ?? '',
      deviceType: req.deviceType || this.deps.config.deviceType,
    };
    const abort = new AbortController();
    const job: RunningJob = {
      jobId,
      attempt,
      method: execReq.method,
      url: execReq.url,
      startedMs: Date.now(),
      abort,
      done: Promise.resolve(),
    };
    job.done = this.run(executor, execReq, job);
    this.running.set(jobId, job);
  }

  /** Tells the coordinator when the spool fills up (no new jobs) and when it has room again. */
  private updateAvailability(): void {
    const accepting = !this.spool.full;
    if (accepting === this.accepting) return;
    this.accepting = accepting;
    this.log.warn(
      { spoolBytes: this.spool.bytes, accepting },
      accepting ? 'spool has room again' : 'spool full: taking no new jobs',
    );
    this.link.send({ availability: { accepting, reason: accepting ? '' : 'result spool is full' } });
  }

  private refusal(supported: boolean, method: string): [RejectReason, string] | null {
    if (this.draining) return [RejectReason.REJECT_REASON_DRAINING, 'agent is draining'];
    if (this.spool.full) return [RejectReason.REJECT_REASON_SPOOL_FULL, 'result spool is full'];
    if (this.running.size >= this.deps.config.maxConcurrent)
      return [RejectReason.REJECT_REASON_BUSY, 'at capacity'];
    if (!supported) return [RejectReason.REJECT_REASON_UNSUPPORTED, `method ${method} not supported`];
    return null;
  }

  private async run(executor: Executor, req: ExecRequest, job: RunningJob): Promise<void> {
    const log = this.log.child({ jobId: req.jobId, attempt: req.attempt });
    let outcome: ExecOutcome;
    try {
      outcome = await executor.execute(req, { signal: job.abort.signal, log });
    } catch (err) {
      log.error({ err }, 'executor failed');
      outcome = {
        ...emptyOutcome(job.startedMs, req.url),
        errorType: req.method === 'CRAWL_FULL_PAGE' ? 'browser' : 'invalid_response',
        errorMessage: err instanceof Error ? err.message : String(err),
      };
    }
    try {
      if (job.abort.signal.aborted && this.running.get(req.jobId) === job && !this.draining) {
        return; // cancelled: another attempt already completed the job
      }
      this.count(req.method, outcome.success ? 'success' : outcome.errorType || 'error');
      const frames = resultFrames(req.jobId, req.attempt, outcome, this.chunkBytes);
      await this.delivery.deliver(req.jobId, req.attempt, frames);
      log.debug({ bytes: frames.reduce((n, f) => n + f.byteLength, 0) }, 'result spooled');
      this.updateAvailability();
    } catch (err) {
      log.error({ err }, 'could not spool the result');
    } finally {
      if (this.running.get(req.jobId) === job) this.running.delete(req.jobId);
      this.maybeIdle();
    }
  }

  private count(method: string, outcome: string): void {
    const m = this.counters[method] ?? {};
    m[outcome] = (m[outcome] ?? 0) + 1;
    this.counters[method] = m;
  }

  private waitIdle(): Promise<void> {
    if (this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private maybeIdle(): void {
    if (this.running.size > 0) return;
    for (const w of this.idleWaiters.splice(0)) w();
  }
}
