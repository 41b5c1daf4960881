// One agent's authenticated WebSocket: frames decoded and dispatched, the hello (handshake.ts),
// results (result-receiver.ts), assignments out, heartbeats, pausing under the memory budget.
// Frames are untrusted input: bounded, checked against what this device was asked to do, and a
// device that keeps sending frames for work that is not its own loses its link.
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type WebSocket from 'ws';
import { TurnCork } from '../../common/turn-cork.js';
import {
  type AgentFrame,
  CloseCode,
  type CoordinatorFrameInit,
  decodeAgentFrame,
  encodeCoordinatorFrame,
  FrameError,
  type Hello,
  PRE_HELLO_MAX_FRAME_BYTES,
} from '../../proto/index.js';
import type { DeviceEgress, NetworkLookup } from '../network/network-lookup.js';
import type { ResultIngest } from '../results/ingest.js';
import type { DeviceLocation } from '../results/reported.js';
import type { ConnectedDevice, Dispatcher } from '../scheduler/dispatcher.js';
import { rejectHandling } from '../scheduler/owner-controls.js';
import type { DeviceRecord, JobRecord, Store } from '../store/types.js';
import type { WireTraceContext } from '../tracing/job-tracing.js';
import type { ByteBudget } from './byte-budget.js';
import { FrameGate } from './frame-gate.js';
import { acceptHello, welcomeOf } from './handshake.js';
import { type HeartbeatHandle, sharedHeartbeatWheel } from './heartbeat-wheel.js';
import { type Admission, ResultReceiver } from './result-receiver.js';
import { assignOf } from './wire.js';

export interface ConnectionDeps {
  dispatcher: Dispatcher;
  ingest: ResultIngest;
  store: Store;
  log: Logger;
  coordinatorId: string;
  maxFrameBytes: number;
  maxResultBytes: number;
  /**
   * Content bytes one link may have in results without a final frame (in memory or streamed to
   * storage); past it the link is closed (4413).
   */
  maxLinkResultBytes: number;
  /**
   * Results whose content is at most this size are assembled in memory and stored whole; larger
   * ones are written to storage chunk by chunk as they arrive. Default 256 KiB.
   */
  streamAboveBytes?: number;
  /** Result bytes held in memory across all connections (see ByteBudget). */
  budget: ByteBudget;
  heartbeatIntervalMs: number;
  helloTimeoutMs: number;
  /** Frames for work that is not the device's own before its link is closed (4403). Default 16. */
  maxStrikes?: number;
  /** How long past a job's timeout the coordinator waits for a silent attempt (Assign.deadline_ms). */
  runningGraceMs?: number;
  /** Told of each strike (it counts against the device's reputation). */
  onStrike?: (deviceId: string, why: string) => void;
  /** Told of every frame sent (`out`) or received (`in`) with its size, for metrics. Default: none. */
  onFrame?: (direction: 'in' | 'out', bytes: number) => void;
  /** Finds the network a link comes from (coordinator/network/). Default: none (unknown networks). */
  network?: NetworkLookup;
}

const encodePing = (nowMs: number): Uint8Array =>
  encodeCoordinatorFrame({ ping: { nonce: nowMs, sentMs: nowMs } });

/** How long a closing link may take to finish the close handshake. */
const CLOSE_GRACE_MS = 5_000;

export class AgentConnection {
  private registered: ConnectedDevice | null = null;
  private readonly results: ResultReceiver;
  private readonly log: Logger;
  private helloTimer: NodeJS.Timeout | null;
  private heartbeat: HeartbeatHandle | null = null;
  private lastSeenMs = Date.now();
  private location: DeviceLocation = { country: '', region: '', city: '' };
  private closed = false;
  private readonly gate: FrameGate;
  private budgetPaused = false;
  /** The link's socket, corked for the frames of each turn (see send); null: never corked. */
  private readonly cork: TurnCork | null;
  /** Paused because result bytes wait for a storage slower than the link. */
  private backlogPaused = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly device: DeviceRecord,
    private readonly deps: ConnectionDeps,
    private readonly onClosed: (conn: AgentConnection) => void,
    /** The link's TCP socket (the one the upgrade came on), corked per turn; null: not corked. */
    socket: Duplex | null = null,
    /** The network the link comes from; the remote address itself is not kept. */
    private readonly egress?: DeviceEgress,
  ) {
    this.log = deps.log.child({ deviceId: device.id });
    this.cork = socket ? new TurnCork(socket) : null;
    this.results = new ResultReceiver({
      deviceId: device.id,
      dispatcher: deps.dispatcher,
      ingest: deps.ingest,
      store: deps.store,
      log: this.log,
      maxResultBytes: deps.maxResultBytes,
      streamAboveBytes: deps.streamAboveBytes ?? 256 * 1024,
      budget: deps.budget,
      location: () => this.location,
      egress: () => this.egress,
      ack: (jobId, attempt, duplicate) => this.send({ ack: { jobId, attempt, duplicate } }),
      strike: (why) => this.gate.strike(why),
      backpressure: (paused) => this.onBacklog(paused),
    });
    this.gate = new FrameGate({
      handle: (frame) => this.handle(frame),
      close: (code, reason) => this.close(code, reason),
      maxStrikes: deps.maxStrikes ?? 16,
      onStrike: (strikes, why) => {
        this.log.warn({ strikes, why }, 'frame for work that is not this device’s');
        this.deps.onStrike?.(this.device.id, why);
      },
    });
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

  /** True while this link is paused by the result memory budget or a storage slower than it. */
  get paused(): boolean {
    return this.budgetPaused || this.backlogPaused;
  }

  /** Tells the device how the coordinator judges it (its status port shows it to the owner). */
  standing(quarantined: boolean, reason: string): void {
    this.send({ standing: { quarantined, reason } });
  }

  /** Asks the agent to finish and reconnect elsewhere (coordinator shutting down). */
  drain(reason: string): void {
    this.send({ drain: { reason } });
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.ws.close(code, reason);
    // A peer that does not answer the close handshake (or a link paused by the memory budget,
    // which reads nothing) is cut off after a grace instead of ws's 30 s close timeout. Not sooner:
    // cutting the TCP connection can discard the close frame before the peer has read it.
    setTimeout(() => this.ws.terminate(), CLOSE_GRACE_MS).unref();
    this.cleanup();
  }

  private send(frame: CoordinatorFrameInit): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    const bytes = encodeCoordinatorFrame(frame);
    this.deps.onFrame?.('out', bytes.byteLength);
    // The frames sent while this turn's callbacks and promise continuations run (the assigns of
    // a committed batch of claims, acks of several results) leave in one write, not one each.
    this.cork?.hold();
    this.ws.send(bytes);
  }

  private onMessage(data: Buffer, isBinary: boolean): void {
    if (this.closed) return;
    this.deps.onFrame?.('in', data.byteLength);
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
    this.gate.offer(frame, data.byteLength);
  }

  private handle(frame: AgentFrame): void {
    switch (frame.body) {
      case 'hello':
        this.onHello(frame.hello as Hello);
        break;
      case 'reject':
        this.onReject(frame.reject ?? {});
        break;
      case 'chunk':
      case 'result':
        this.onResultFrame(frame);
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
        this.deps.dispatcher.setAccepting(
          this.device.id,
          frame.availability?.accepting ?? false,
          frame.availability?.ownerControls,
        );
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
    const link = {
      assign: (job: JobRecord, attempt: number, trace?: WireTraceContext) =>
        this.sendAssign(job, attempt, trace),
      cancel: (jobId: string, attempt: number, reason: string) =>
        this.send({ cancel: { jobId, attempt, reason } }),
      endSession: (sessionId: string) => this.send({ sessionEnd: { sessionId } }),
    };
    const outcome = acceptHello(hello, this.device.id, link, Date.now(), this.egress);
    if (!outcome.ok) {
      if (outcome.code === CloseCode.Forbidden)
        this.log.warn({ claimed: hello.deviceId }, 'hello names another device');
      this.close(outcome.code, outcome.reason);
      return;
    }
    if (this.helloTimer) clearTimeout(this.helloTimer);
    this.helloTimer = null;
    this.location = outcome.location;
    this.registered = outcome.device;
    this.send(
      welcomeOf(this.deps.coordinatorId, this.deps.heartbeatIntervalMs, this.deps.maxFrameBytes, Date.now()),
    );
    this.deps.dispatcher.addDevice(outcome.device);
    void this.deps.store.touchDevice(this.device.id, outcome.device.connectedAt).catch(() => undefined);
    this.heartbeat = sharedHeartbeatWheel(this.deps.heartbeatIntervalMs, encodePing).add(this.beats);
    const net = this.egress;
    this.log.info(
      {
        location: this.location,
        methods: hello.capabilities?.methods,
        network: net ? { family: net.addressFamily, asn: net.asn, name: net.networkName } : undefined,
      },
      'agent connected',
    );
  }

  private onReject(r: NonNullable<AgentFrame['reject']>): void {
    const { retryElsewhere: elsewhere, deviceFull } = rejectHandling(r.reason);
    if (deviceFull) this.deps.dispatcher.setDraining(this.device.id);
    const jobId = r.jobId ?? '';
    const attempt = r.attempt ?? 0;
    void this.deps.dispatcher.rejected(jobId, attempt, this.device.id, elsewhere).then((own) => {
      if (!own) this.gate.strike(`reject of job ${jobId} attempt ${attempt}, not running on this device`);
    });
  }

  /** A chunk or final frame: taken for the device's own attempts only (see ResultReceiver). */
  private onResultFrame(frame: AgentFrame): void {
    const ref = frame.chunk ?? frame.result ?? {};
    const jobId = ref.jobId ?? '';
    const attempt = ref.attempt ?? 0;
    const verdict = this.results.admission(jobId, attempt);
    if (verdict === null) {
      // Ask the store; this link's later frames wait, in order, for the answer.
      this.gate.holdUntil(frame, this.results.verify(jobId, attempt));
      return;
    }
    this.applyResultFrame(frame, verdict);
  }

  private applyResultFrame(frame: AgentFrame, verdict: Admission): void {
    if (verdict === 'foreign') {
      const ref = frame.chunk ?? frame.result ?? {};
      this.gate.strike(
        `${frame.body} for job ${ref.jobId} attempt ${ref.attempt}, not assigned to this device`,
      );
      return;
    }
    if (frame.body === 'chunk' && frame.chunk) {
      if (verdict === 'stale') return;
      this.results.chunk(frame.chunk);
      if (this.results.partialBytes > this.deps.maxLinkResultBytes) {
        this.log.warn(
          { partialBytes: this.results.partialBytes },
          'link holds more partial results than allowed',
        );
        this.close(CloseCode.TooLarge, 'too many result bytes in flight');
      }
      return;
    }
    if (frame.result) void this.results.final(frame.result, verdict);
    this.maybePause();
  }

  /** What the shared heartbeat wheel reads and does for this link (heartbeat-wheel.ts). */
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

  private sendAssign(job: JobRecord, attempt: number, trace: WireTraceContext | undefined): void {
    const deviceType = this.registered?.profile.deviceType ?? '';
    this.send({
      assign: assignOf(job, attempt, deviceType, Date.now(), this.deps.runningGraceMs ?? 0, trace),
    });
  }

  /**
   * Over the memory budget, stop reading this link between two results (never inside one, so every
   * result being received can complete and give its bytes back; the per-link cap bounds those);
   * resume once there is room.
   */
  private maybePause(): void {
    if (!this.deps.budget.exhausted || this.results.hasPartial || this.budgetPaused) return;
    this.log.warn({ heldBytes: this.deps.budget.usedBytes }, 'result memory budget full: pausing this link');
    this.budgetPaused = true;
    this.ws.pause();
    this.deps.budget.whenRelieved(this.resume);
  }

  private readonly resume = (): void => {
    this.budgetPaused = false;
    if (!this.backlogPaused && !this.closed) this.ws.resume();
  };

  /**
   * Storage slower than the link: stop reading (TCP backpressure holds the rest of the result on
   * the agent) until the bytes waiting for storage drain, so a result costs a bounded buffer.
   */
  private onBacklog(paused: boolean): void {
    this.backlogPaused = paused;
    if (this.closed) return;
    if (paused) this.ws.pause();
    else if (!this.budgetPaused) this.ws.resume();
  }

  private cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.helloTimer) clearTimeout(this.helloTimer);
    this.heartbeat?.();
    this.results.clear();
    this.gate.clear();
    this.deps.budget.forget(this.resume);
    if (this.registered) {
      this.deps.dispatcher.removeDevice(this.device.id, this.registered);
      this.log.info('agent disconnected');
    }
    this.onClosed(this);
  }
}
