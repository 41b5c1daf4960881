// The agent: wires the link, the job runner (agent/jobs/job-runner.ts: what happens when an Assign
// arrives), result delivery, the owner's controls and the status snapshot, and owns their lifecycle.
import { EventEmitter } from 'node:events';
import path from 'node:path';
import type { Logger } from 'pino';
import {
  type CoordinatorFrame,
  DEFAULT_MAX_CHUNK_BYTES,
  type Hello,
  PROTOCOL_VERSION,
  type Welcome,
} from '../proto/index.js';
import type { AgentConfig } from './config.js';
import { AgentError } from './errors.js';
import type { Executor } from './executors/types.js';
import { JobRunner } from './jobs/job-runner.js';
import { AvailabilityReporter } from './link/availability.js';
import { LinkClient, type LinkState } from './link/client.js';
import { ResultDelivery } from './link/delivery.js';
import { Spool } from './link/spool.js';
import { jobFromAssign, linkParamsFromWelcome, ownerControlsToWire } from './link/wire.js';
import { OwnerState } from './owner/owner-state.js';
import { UrlLog } from './owner/url-log.js';
import { createNetworkPolicy } from './policy/index.js';
import { ProxyExit } from './proxy/proxy-exit.js';
import type { AgentStatus, StatusSource, UrlLogLine } from './status/types.js';
import { buildSnapshot } from './status-snapshot.js';
import { type ExecutionTracing, openAgentTracing } from './tracing.js';
import { Upgrader } from './upgrade/upgrader.js';

export const AGENT_VERSION = '0.1.0';

const EMPTY = new Uint8Array(0);

/**
 * The end of the drain deadline kept for close(), ms (at most half the deadline): the WebSocket
 * close handshake, the last results written to the spool, executors closing. Running jobs get the
 * rest; whatever has not ended at the deadline is abandoned, so a stop is over by the drain
 * deadline whatever an executor does.
 */
export const CLOSE_RESERVE_MS = 2_000;

export interface AgentDeps {
  config: Readonly<AgentConfig>;
  executors: Executor[];
  log: Logger;
  browserVersion?: string;
  browserState?: () => 'ready' | 'crashed';
  /** Aborting it destroys the agent (abort now, as destroy(reason)). Default: none. */
  signal?: AbortSignal;
  /**
   * Whether the link batches frames with a coordinator that reads them (Hello.batch_frames).
   * Default true; false behaves as an agent from before link batches (compatibility tests).
   */
  linkBatches?: boolean;
}

/**
 * Emits 'link' (state) whenever the link state changes, 'acked' (jobId, attempt), and 'upgraded'
 * (version) once a new release is in place and the process should restart into it.
 */
export class CrawlAgent extends EventEmitter implements StatusSource {
  private readonly spool: Spool;
  private readonly link: LinkClient;
  private readonly delivery: ResultDelivery;
  private readonly runner: JobRunner;
  private readonly owner: OwnerState;
  private readonly urlLogFile: UrlLog;
  /** Proxy streams through the device (docs/proxy.md); null when no proxy port is configured. */
  private readonly proxy: ProxyExit | null;
  private readonly lifetime = new AbortController();
  private chunkBytes = DEFAULT_MAX_CHUNK_BYTES;
  private inlineParts = false;
  private clockOffsetMs = 0;
  private rttMs: number | null = null;
  private standing = { quarantined: false, reason: '' };
  private linkState: LinkState = 'disconnected';
  private linkSince = new Date().toISOString();
  private linkError: string | null = null;
  private draining = false;
  private readonly availability: AvailabilityReporter;
  /** Signed releases the coordinator offers (agent/upgrade/). */
  private readonly upgrader: Upgrader;
  private closing: Promise<void> | null = null;
  /** When a stop must be over by (epoch ms): set by drain(), else by close() itself. */
  private stopByMs: number | null = null;
  private readonly startedAt = Date.now();
  private readonly idleWaiters: Array<() => void> = [];
  private readonly log: Logger;
  /** Open once start() ran with --otlp-endpoint; undefined when tracing is off. */
  private tracing: ExecutionTracing | undefined;

  constructor(private readonly deps: AgentDeps) {
    super();
    const c = deps.config;
    this.log = deps.log;
    this.spool = new Spool(path.join(c.stateDir, 'spool'), c.spoolMaxBytes);
    this.owner = new OwnerState({ file: path.join(c.stateDir, 'owner.json'), controls: c.owner });
    this.urlLogFile = new UrlLog({
      dir: path.join(c.stateDir, 'url-log'),
      mode: c.urlLog,
      maxFileBytes: c.urlLogMaxBytes,
      files: c.urlLogFiles,
    });
    this.link = new LinkClient(
      {
        coordinators: c.coordinators,
        token: c.token,
        minBackoffMs: c.reconnectMinMs,
        maxBackoffMs: c.reconnectMaxMs,
        localAddress: c.localAddress || undefined,
        log: deps.log.child({ component: 'link' }),
        batchFrames: deps.linkBatches ?? true,
      },
      {
        hello: () => this.hello(),
        onConnected: (w) => this.onConnected(w),
        onFrame: (f) => this.onFrame(f),
        onDisconnected: () => this.proxy?.linkDown(),
        onDrain: () => this.proxy?.drained(),
        onStreamData: (id, data) => this.proxy?.onData(id, data),
        onState: (state, _url, error) => {
          this.linkState = this.draining && state === 'connected' ? 'draining' : state;
          this.linkSince = new Date().toISOString();
          if (error) this.linkError = error;
          this.emit('link', this.linkState);
        },
        onRtt: (ms) => {
          this.rttMs = ms;
        },
      },
    );
    this.delivery = new ResultDelivery(this.spool, this.link, {
      resendAfterMs: c.resendAfterMs,
      log: deps.log.child({ component: 'delivery' }),
      isRunning: (jobId) => this.runner.isRunning(jobId),
    });
    this.runner = new JobRunner({
      executors: deps.executors,
      maxConcurrent: c.maxConcurrent,
      owner: this.owner,
      urlLog: this.urlLogFile,
      spool: this.spool,
      delivery: this.delivery,
      log: deps.log,
      send: (frame) => void this.link.send(frame),
      draining: () => this.draining,
      chunkBytes: () => this.chunkBytes,
      inlineParts: () => this.inlineParts,
      clockOffsetMs: () => this.clockOffsetMs,
      tracing: () => this.tracing,
      changed: () => {
        this.availability.update();
        this.maybeIdle();
      },
    });
    this.proxy =
      c.proxyPorts.length > 0
        ? new ProxyExit({
            policy: createNetworkPolicy({ allowCidrs: c.allowCidrs, deniedPorts: c.deniedPorts }),
            owner: this.owner,
            urlLog: this.urlLogFile,
            ports: c.proxyPorts,
            maxStreams: c.proxyMaxStreams,
            send: (frame) => this.link.send(frame),
            sendData: (id, data) => this.link.sendStreamData(id, data),
            linkBuffered: () => this.link.bufferedBytes,
            localAddress: c.localAddress || undefined,
            changed: () => this.availability.update(true),
            log: deps.log.child({ component: 'proxy' }),
          })
        : null;
    this.availability = new AvailabilityReporter({
      owner: this.owner,
      spoolFull: () => this.spool.full,
      send: (frame) => void this.link.send(frame),
      log: deps.log,
    });
    this.upgrader = new Upgrader({
      config: c,
      runningVersion: this.version,
      log: deps.log,
      report: (upgradeReport) => void this.link.send({ upgradeReport }),
      coordinatorUrl: () => this.link.currentUrl,
      restart: (version) => this.emit('upgraded', version),
    });
    this.lifetime.signal.addEventListener('abort', () => this.abortNow(this.lifetime.signal.reason), {
      once: true,
    });
    const outer = deps.signal;
    if (outer) {
      if (outer.aborted) this.destroy(outer.reason instanceof Error ? outer.reason : undefined);
      else
        outer.addEventListener(
          'abort',
          () => this.destroy(outer.reason instanceof Error ? outer.reason : undefined),
          { once: true },
        );
    }
  }

  get linkConnected(): boolean {
    return this.link.connected;
  }

  /** Aborts when the agent is closed or destroyed. */
  get signal(): AbortSignal {
    return this.lifetime.signal;
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

  /** The release this process runs (the launcher names it), else the installed code's version. */
  get version(): string {
    return this.deps.config.releaseVersion || AGENT_VERSION;
  }

  get methods(): string[] {
    return this.runner.methods;
  }

  /** Opens the spool (results of an earlier run are re-sent on connect) and starts the link. */
  async start(): Promise<void> {
    this.tracing = await openAgentTracing(this.deps.config, this.log);
    const leftover = await this.spool.open();
    if (leftover.length > 0)
      this.log.info({ results: leftover.length }, 'unacknowledged results found in spool');
    const warning = await this.owner.open();
    if (warning) this.log.warn(warning);
    if (this.owner.paused) this.log.info('paused by the device owner: taking no jobs');
    this.link.start();
    this.delivery.start();
    this.availability.update();
  }

  /**
   * SIGTERM path: tell the coordinator no new jobs, let running jobs finish (up to the deadline, less
   * what close() needs: CLOSE_RESERVE_MS), deliver the spool while the link lasts, then return.
   * Waits on events (jobs ending, acks, the link dropping), never by polling.
   */
  async drain(deadlineMs: number): Promise<{ unfinished: number; unacked: number }> {
    this.stopByMs ??= Date.now() + deadlineMs;
    this.draining = true;
    this.linkState = 'draining';
    this.link.send({ draining: { reason: 'agent shutting down' } });
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), deadlineMs - Math.min(CLOSE_RESERVE_MS, deadlineMs / 2));
    const onLink = (state: string) => {
      if (state === 'disconnected') stop.abort();
    };
    try {
      await Promise.race([this.waitIdle(), abortPromise(stop.signal)]);
      const unfinished = this.runner.size;
      // Past the deadline: abort what still runs; close() waits for those to end (and spool).
      if (unfinished > 0) void this.runner.abortAll(new AgentError('AGENT_CLOSED', 'agent shutting down'));
      // Give the coordinator until the deadline to acknowledge what was just sent.
      if (this.link.connected) {
        this.on('link', onLink);
        await this.spool.whenEmpty(stop.signal);
      }
      return { unfinished, unacked: this.spool.depth };
    } finally {
      clearTimeout(timer);
      this.off('link', onLink);
    }
  }

  /**
   * Graceful: stops resending, aborts running jobs (unreported: the coordinator re-runs them), runs
   * the WebSocket close handshake, syncs the spool, closes executors. Idempotent and awaitable.
   * Bounded: what waits on others (runs, the handshake, executors, the trace export) is waited for
   * until the drain deadline (drain()'s, or the configured one from now), then abandoned; the local
   * files are always written.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const giveUpAt = this.stopByMs ?? Date.now() + this.deps.config.drainTimeoutMs;
      const bounded = async (what: string, work: Promise<unknown>) => {
        if (!(await settlesBy(work, giveUpAt)))
          this.log.warn({ what }, 'not over by the drain deadline: abandoned');
      };
      this.availability.close();
      this.delivery.stop();
      this.proxy?.linkDown();
      const aborted = this.runner.abortAll(new AgentError('AGENT_CLOSED', 'agent closing'));
      await bounded('link close', this.link.close());
      await bounded('running jobs', aborted);
      if (!this.lifetime.signal.aborted) this.lifetime.abort(new AgentError('AGENT_CLOSED', 'agent closed'));
      await this.spool.close().catch((err) => this.log.error({ err }, 'spool flush failed'));
      await this.owner.flush().catch((err) => this.log.error({ err }, 'owner state not written'));
      await this.urlLogFile.close().catch((err) => this.log.error({ err }, 'URL log not closed'));
      await bounded('executors', Promise.allSettled(this.deps.executors.map((e) => e.close())));
      // Last: the spans of the jobs that just ended are exported before the process goes.
      await bounded('trace export', this.tracing?.shutdown() ?? Promise.resolve());
    })();
    return this.closing;
  }

  /**
   * Abort now: the link is dropped without a handshake and running jobs are aborted with `err`. The
   * agent's lifetime signal drives it, so an aborted `deps.signal` does the same.
   */
  destroy(err: Error = new AgentError('AGENT_DESTROYED', 'agent destroyed')): void {
    if (!this.lifetime.signal.aborted) this.lifetime.abort(err);
    this.closing ??= Promise.allSettled(this.deps.executors.map((e) => e.close())).then(() => undefined);
  }

  /** Runs once, when the lifetime signal aborts (after a close() it finds everything stopped). */
  private abortNow(reason: unknown): void {
    this.availability.close();
    this.delivery.stop();
    this.link.destroy();
    void this.runner.abortAll(
      reason instanceof Error ? reason : new AgentError('AGENT_DESTROYED', String(reason)),
    );
  }

  // ---------------------------------------------------------------- owner and status

  healthy(): boolean {
    return !this.spool.full;
  }

  async setPaused(paused: boolean): Promise<void> {
    await this.owner.setPaused(paused);
    this.log.info({ paused }, paused ? 'paused by the device owner' : 'resumed by the device owner');
    this.availability.update(true);
  }

  async setProxy(on: boolean): Promise<void> {
    await this.owner.setProxy(on);
    this.log.info({ proxy: on }, on ? 'proxy streams allowed by the device owner' : 'proxy streams off');
    this.availability.update(true);
  }

  urlLog(limit: number): Promise<UrlLogLine[]> {
    return this.urlLogFile.read(limit);
  }

  snapshot(): AgentStatus {
    return buildSnapshot({
      version: this.version,
      config: this.deps.config,
      link: {
        state: this.linkState,
        since: this.linkSince,
        coordinatorUrl: this.link.currentUrl,
        lastError: this.linkError,
        rttMs: this.rttMs,
      },
      methods: this.methods,
      browserVersion: this.deps.browserVersion,
      browserState: this.deps.browserState,
      running: this.runner.status(Date.now()),
      spool: { depth: this.spool.depth, bytes: this.spool.bytes, maxBytes: this.spool.maxBytes },
      counters: this.runner.counters,
      owner: this.owner.snapshot(),
      proxyStreams: this.proxy?.openStreams ?? 0,
      standing: this.standing,
      startedAtMs: this.startedAt,
      nowMs: Date.now(),
    });
  }

  // ---------------------------------------------------------------- link events

  private hello(): Hello {
    const c = this.deps.config;
    return {
      protocolVersion: PROTOCOL_VERSION,
      deviceId: c.deviceId,
      agentVersion: this.version,
      capabilities: {
        methods: this.methods,
        maxConcurrent: c.maxConcurrent,
        browserVersion: this.deps.browserVersion ?? '',
        maxBodyBytes: c.maxBodyBytes,
        pageFeatures: this.runner.pageFeatures,
      },
      location: { country: c.country, region: c.region, city: c.city },
      deviceType: c.deviceType,
      networkType: c.networkType,
      // Attempts it still holds: running, or their result waiting in the spool for this link. A
      // coordinator that restarted takes them back from here instead of running them again.
      running: [
        ...this.runner.refs(),
        ...this.spool.list().map(({ jobId, attempt }) => ({ jobId, attempt })),
      ],
      draining: this.draining || this.spool.full,
      ownerControls: ownerControlsToWire(this.owner.snapshot(), new Date()),
      ...(this.proxy ? { proxy: { ports: c.proxyPorts, maxStreams: c.proxyMaxStreams } } : {}),
    };
  }

  private onConnected(welcome: Welcome): void {
    const params = linkParamsFromWelcome(welcome, Date.now());
    this.chunkBytes = params.chunkBytes;
    this.inlineParts = params.inlineParts;
    this.clockOffsetMs = params.clockOffsetMs;
    this.log.info({ coordinatorId: welcome.coordinatorId }, 'linked to coordinator');
    this.availability.linked(!this.spool.full && !this.draining); // what the hello just told it
    this.delivery.onConnected();
    void this.upgrader.linked();
  }

  private readonly handlers: Partial<
    Record<NonNullable<CoordinatorFrame['body']>, (f: CoordinatorFrame) => void>
  > = {
    assign: (f) => {
      if (f.assign)
        this.runner.onAssign(jobFromAssign(f.assign, { deviceType: this.deps.config.deviceType }));
    },
    ack: (f) => {
      const jobId = f.ack?.jobId ?? '';
      const attempt = f.ack?.attempt ?? 0;
      void this.delivery.acked(jobId, attempt).then(() => {
        this.log.debug({ jobId, attempt }, 'result acknowledged');
        this.emit('acked', jobId, attempt);
        this.availability.update();
        this.maybeIdle();
      });
    },
    streamOpen: (f) => {
      if (f.streamOpen) this.proxyOr(f.streamOpen.streamId)?.onOpen(f.streamOpen);
    },
    streamData: (f) => this.proxy?.onData(f.streamData?.streamId ?? 0, f.streamData?.data ?? EMPTY),
    streamCredit: (f) => this.proxy?.onCredit(f.streamCredit?.streamId ?? 0, f.streamCredit?.bytes ?? 0),
    streamClose: (f) =>
      this.proxy?.onClose(
        f.streamClose?.streamId ?? 0,
        f.streamClose?.reason ?? '',
        f.streamClose?.message ?? '',
      ),
    cancel: (f) => this.runner.cancel(f.cancel?.jobId ?? '', f.cancel?.attempt ?? 0),
    upgrade: (f) => {
      if (f.upgrade) this.upgrader.offer(f.upgrade);
    },
    sessionEnd: (f) => this.runner.endSession(f.sessionEnd?.sessionId ?? ''),
    drain: (f) => this.log.info({ reason: f.drain?.reason }, 'coordinator asked us to move on'),
    standing: (f) => {
      this.standing = { quarantined: f.standing?.quarantined ?? false, reason: f.standing?.reason ?? '' };
      this.log.warn(
        this.standing,
        this.standing.quarantined
          ? 'the coordinator quarantined this device'
          : 'the coordinator released this device',
      );
    },
  };

  /** The proxy exit, or null after refusing the stream (this agent has no proxy ports). */
  private proxyOr(streamId: number | null | undefined): ProxyExit | null {
    if (this.proxy) return this.proxy;
    this.link.send({
      streamClose: { streamId: streamId ?? 0, reason: 'consent', message: 'this device is not a proxy exit' },
    });
    return null;
  }

  private onFrame(frame: CoordinatorFrame): void {
    if (frame.body) this.handlers[frame.body]?.(frame);
  }

  private waitIdle(): Promise<void> {
    if (this.runner.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private maybeIdle(): void {
    if (this.runner.size > 0) return;
    for (const w of this.idleWaiters.splice(0)) w();
  }
}

/** Whether `work` settles by `atMs` (epoch); it is never waited for past then. */
async function settlesBy(work: Promise<unknown>, atMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, atMs - Date.now()));
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function abortPromise(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
