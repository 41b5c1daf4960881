// One agent's authenticated WebSocket: hello/welcome, assignments out, results in, heartbeats.
import type { Logger } from 'pino';
import type WebSocket from 'ws';
import {
  type AgentFrame,
  CloseCode,
  type CoordinatorFrameInit,
  DEFAULT_MAX_CHUNK_BYTES,
  decodeAgentFrame,
  encodeCoordinatorFrame,
  FrameError,
  type Hello,
  PRE_HELLO_MAX_FRAME_BYTES,
  PROTOCOL_VERSION,
  RejectReason,
  type ResultFinal,
} from '../../proto/index.js';
import type { DeviceLocation, ResultIngest } from '../results/ingest.js';
import type { ConnectedDevice, Dispatcher } from '../scheduler/dispatcher.js';
import { deviceRegion } from '../scheduler/regions.js';
import type { DeviceRecord, JobRecord, Store } from '../store/types.js';
import type { ByteBudget } from './byte-budget.js';
import { type HeartbeatHandle, sharedHeartbeatWheel } from './heartbeat-wheel.js';
import { type AssembleOutcome, ResultAssembler } from './result-assembler.js';

export interface ConnectionDeps {
  dispatcher: Dispatcher;
  ingest: ResultIngest;
  store: Store;
  log: Logger;
  coordinatorId: string;
  maxFrameBytes: number;
  maxResultBytes: number;
  /** Result bytes held in memory across all connections (see ByteBudget). */
  budget: ByteBudget;
  heartbeatIntervalMs: number;
  helloTimeoutMs: number;
}

const encodePing = (nowMs: number): Uint8Array =>
  encodeCoordinatorFrame({ ping: { nonce: nowMs, sentMs: nowMs } });

export class AgentConnection {
  private registered: ConnectedDevice | null = null;
  private readonly assembler: ResultAssembler;
  private readonly log: Logger;
  private helloTimer: NodeJS.Timeout | null;
  private heartbeat: HeartbeatHandle | null = null;
  private lastSeenMs = Date.now();
  private location: DeviceLocation = { country: '', region: '', city: '' };
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly device: DeviceRecord,
    private readonly deps: ConnectionDeps,
    private readonly onClosed: (conn: AgentConnection) => void,
  ) {
    this.log = deps.log.child({ deviceId: device.id });
    this.assembler = new ResultAssembler(deps.maxResultBytes, deps.budget);
    this.helloTimer = setTimeout(
      () => this.close(CloseCode.HelloTimeout, 'no hello in time'),
      deps.helloTimeoutMs,
    );
    ws.on('message', (data, isBinary) => this.onMessage(data as Buffer, isBinary));
    ws.on('close', () => this.cleanup());
    ws.on('error', (err) => this.log.warn({ err }, 'agent socket error'));
  }

  get deviceId(): string {
    return this.device.id;
  }

  /** True while this link is paused by the result memory budget. */
  get paused(): boolean {
    return this.ws.isPaused;
  }

  /** Asks the agent to finish and reconnect elsewhere (coordinator shutting down). */
  drain(reason: string): void {
    this.send({ drain: { reason } });
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.ws.close(code, reason);
    this.cleanup();
  }

  private send(frame: CoordinatorFrameInit): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encodeCoordinatorFrame(frame));
  }

  private onMessage(data: Buffer, isBinary: boolean): void {
    this.lastSeenMs = Date.now();
    if (this.registered) this.deps.dispatcher.touch(this.device.id);
    let frame: AgentFrame;
    try {
      if (!isBinary) throw new FrameError('FRAME_MALFORMED', 'text frames are not part of the protocol');
      frame = decodeAgentFrame(data, this.registered ? this.deps.maxFrameBytes : PRE_HELLO_MAX_FRAME_BYTES);
    } catch (err) {
      const code =
        err instanceof FrameError && err.code === 'FRAME_TOO_LARGE' ? CloseCode.TooLarge : CloseCode.BadFrame;
      this.log.warn({ err }, 'bad frame from agent');
      this.close(code, 'bad frame');
      return;
    }
    if (!this.registered && frame.body !== 'hello') {
      this.close(CloseCode.BadFrame, 'hello expected first');
      return;
    }
    switch (frame.body) {
      case 'hello':
        this.onHello(frame.hello as Hello);
        break;
      case 'reject': {
        const r = frame.reject;
        const reason = r?.reason ?? RejectReason.REJECT_REASON_UNSPECIFIED;
        if (
          reason === RejectReason.REJECT_REASON_DRAINING ||
          reason === RejectReason.REJECT_REASON_SPOOL_FULL
        ) {
          this.deps.dispatcher.setDraining(this.device.id);
        }
        const elsewhere =
          reason === RejectReason.REJECT_REASON_UNSUPPORTED || reason === RejectReason.REJECT_REASON_INVALID;
        void this.deps.dispatcher.rejected(r?.jobId ?? '', r?.attempt ?? 0, this.device.id, elsewhere);
        break;
      }
      case 'chunk':
        if (frame.chunk) this.assembler.add(frame.chunk);
        break;
      case 'result':
        if (frame.result) void this.onResult(frame.result);
        this.maybePause();
        break;
      case 'ping':
        this.send({ pong: { nonce: frame.ping?.nonce ?? 0 } });
        break;
      case 'draining':
        this.log.info({ reason: frame.draining?.reason }, 'agent draining');
        this.deps.dispatcher.setDraining(this.device.id);
        break;
      case 'availability':
        this.log.info(
          { accepting: frame.availability?.accepting, reason: frame.availability?.reason },
          'agent availability',
        );
        this.deps.dispatcher.setAccepting(this.device.id, frame.availability?.accepting ?? false);
        break;
      default:
        break; // accept, pong: liveness already recorded
    }
  }

  private onHello(hello: Hello): void {
    if (this.registered) {
      this.close(CloseCode.BadFrame, 'hello sent twice');
      return;
    }
    if (hello.deviceId !== this.device.id) {
      this.log.warn({ claimed: hello.deviceId }, 'hello names another device');
      this.close(CloseCode.Forbidden, 'device id does not match its token');
      return;
    }
    if (hello.protocolVersion !== PROTOCOL_VERSION) {
      this.close(CloseCode.BadFrame, `protocol version ${PROTOCOL_VERSION} required`);
      return;
    }
    if (this.helloTimer) clearTimeout(this.helloTimer);
    this.helloTimer = null;
    const caps = hello.capabilities ?? {};
    const loc = hello.location ?? {};
    const country = (loc.country ?? '').toUpperCase();
    this.location = {
      country,
      region: deviceRegion(loc.region ?? '', country),
      city: loc.city ?? '',
    };
    const connectedAt = new Date().toISOString();
    this.registered = {
      profile: {
        deviceId: this.device.id,
        methods: new Set(caps.methods ?? []),
        maxConcurrent: Math.max(1, caps.maxConcurrent ?? 1),
        country: this.location.country,
        region: this.location.region,
        city: this.location.city,
        deviceType: hello.deviceType ?? '',
        networkType: hello.networkType ?? '',
      },
      link: {
        assign: (job, attempt) => this.sendAssign(job, attempt),
        cancel: (jobId, attempt, reason) => this.send({ cancel: { jobId, attempt, reason } }),
        endSession: (sessionId) => this.send({ sessionEnd: { sessionId } }),
      },
      // Jobs still running on the agent from before a reconnect occupy its slots: without them the
      // coordinator would fill those slots and the agent would refuse (busy) over and over.
      running: new Map((hello.running ?? []).map((r) => [r.jobId ?? '', r.attempt ?? 0])),
      draining: hello.draining ?? false,
      connectedAt,
      assignedTotal: 0,
      info: {
        agent_version: hello.agentVersion ?? '',
        browser_version: caps.browserVersion ?? '',
        methods: caps.methods ?? [],
        max_concurrent: caps.maxConcurrent ?? 1,
        device_type: hello.deviceType ?? '',
        network_type: hello.networkType ?? '',
        location: this.location,
      },
    };
    this.send({
      welcome: {
        coordinatorId: this.deps.coordinatorId,
        heartbeatIntervalMs: this.deps.heartbeatIntervalMs,
        maxFrameBytes: this.deps.maxFrameBytes,
        maxChunkBytes: Math.min(DEFAULT_MAX_CHUNK_BYTES, this.deps.maxFrameBytes - 4096),
        serverTimeMs: Date.now(),
      },
    });
    this.deps.dispatcher.addDevice(this.registered);
    void this.deps.store.touchDevice(this.device.id, connectedAt).catch(() => undefined);
    this.heartbeat = sharedHeartbeatWheel(this.deps.heartbeatIntervalMs, encodePing).add(this.beats);
    this.log.info({ location: this.location, methods: caps.methods }, 'agent connected');
  }

  private readonly beats = {
    lastSeenMs: () => this.lastSeenMs,
    ping: (frame: Uint8Array) => {
      if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame);
    },
    silent: () => {
      this.log.warn('agent silent for three heartbeats; dropping the link');
      this.ws.terminate();
      this.cleanup();
    },
  };

  private sendAssign(job: JobRecord, attempt: number): void {
    const headers = job.request.headers.map((h) => ({ name: h.name, value: h.value }));
    this.send({
      assign: {
        jobId: job.id,
        attempt,
        deadlineMs: Date.now() + job.timeoutSec * 1000,
        request: {
          method: job.method,
          url: job.url,
          timeoutMs: job.timeoutSec * 1000,
          headers,
          body: Buffer.from(job.request.bodyBase64, 'base64'),
          cookies: job.request.cookies.map((c) => ({
            name: c.name,
            value: c.value,
            domain: c.domain ?? '',
            path: c.path ?? '',
            secure: c.secure ?? false,
            httpOnly: c.httponly ?? false,
            sameSite: c.samesite ?? '',
          })),
          sessionId: job.sessionId ?? '',
          deviceType: job.placement.device_type ?? this.registered?.profile.deviceType ?? '',
        },
      },
    });
  }

  /**
   * Over the memory budget, stop reading this link between two results (never inside one, so every
   * result being received can complete and give its bytes back); resume once there is room.
   */
  private maybePause(): void {
    if (!this.deps.budget.exhausted || this.assembler.hasPartial || this.ws.isPaused) return;
    this.log.warn({ heldBytes: this.deps.budget.usedBytes }, 'result memory budget full: pausing this link');
    this.ws.pause();
    this.deps.budget.whenRelieved(this.resume);
  }

  private readonly resume = (): void => {
    if (this.ws.isPaused) this.ws.resume();
  };

  private async onResult(final: ResultFinal): Promise<void> {
    const jobId = final.jobId ?? '';
    const attempt = final.attempt ?? 0;
    this.deps.dispatcher.finished(jobId, attempt, this.device.id);
    const assembled = this.assembler.finish(final);
    try {
      await this.store(final, assembled);
    } finally {
      if (assembled.ok) this.deps.budget.give(assembled.bytes);
    }
  }

  private async store(final: ResultFinal, assembled: AssembleOutcome): Promise<void> {
    const jobId = final.jobId ?? '';
    const attempt = final.attempt ?? 0;
    let parts = new Map<string, Buffer>();
    let report = final;
    if (assembled.ok) parts = assembled.parts;
    else if (assembled.reason === 'too_large') {
      report = {
        ...final,
        success: false,
        errorType: 'too_large',
        errorMessage: assembled.message,
        parts: [],
      };
    } else {
      this.log.warn({ jobId, attempt }, assembled.message);
      return; // not acked: the agent re-sends it from its spool
    }
    try {
      const outcome = await this.deps.ingest.ingest(this.device.id, this.location, report, parts);
      this.send({ ack: { jobId, attempt, duplicate: outcome !== 'stored' } });
    } catch (err) {
      this.log.error({ err, jobId, attempt }, 'result not stored; the agent will re-send it');
    }
  }

  private cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.helloTimer) clearTimeout(this.helloTimer);
    this.heartbeat?.();
    this.assembler.clear();
    this.deps.budget.forget(this.resume);
    if (this.registered) {
      this.deps.dispatcher.removeDevice(this.device.id, this.registered);
      this.log.info('agent disconnected');
    }
    this.onClosed(this);
  }
}
