// One agent's authenticated WebSocket: frames decoded and dispatched, the hello (handshake.ts),
// results (result-receiver.ts), assignments out, heartbeats, pausing under the memory budget.
// Frames are untrusted input: bounded, checked against what this device was asked to do, and a
// device that keeps sending frames for work that is not its own loses its link.
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type WebSocket from 'ws';
import { type BatchedLink, FrameBatcher } from '../../common/frame-batcher.js';
import type { LinkStream } from '../../common/link-streams/link-stream.js';
import { StreamResetError } from '../../common/link-streams/link-stream.js';
import { LinkStreams } from '../../common/link-streams/link-streams.js';
import { TurnCork } from '../../common/turn-cork.js';
import {
  type AgentFrame,
  CloseCode,
  type CoordinatorFrameInit,
  DEFAULT_MAX_FRAME_BYTES,
  decodeAgentFrame,
  encodeCoordinatorFrame,
  FrameError,
  type Hello,
  MAX_BATCH_FRAMES,
  PRE_HELLO_MAX_FRAME_BYTES,
  readStreamData,
  splitFrameBatch,
  streamDataWsHead,
  type UpgradeOffer,
} from '../../proto/index.js';
import type { DeviceEgress } from '../network/network-lookup.js';
import type { ExitLink } from '../proxy/exits.js';
import type { UpgradeLink } from '../releases/release-service.js';
import type { DeviceLocation } from '../results/reported.js';
import type { ConnectedDevice, DeviceLink } from '../scheduler/device.js';
import { rejectHandling } from '../scheduler/owner-controls.js';
import type { DeviceRecord, JobRecord } from '../store/records.js';
import type { WireTraceContext } from '../tracing/job-tracing.js';
import type { LinkPlace } from '../trust/location/location-service.js';
import type { BudgetWaiter } from './byte-budget.js';
import type { ConnectionDeps } from './connection-deps.js';
import { FrameGate, type GatedLink } from './frame-gate.js';
import { acceptHello, welcomeOf } from './handshake.js';
import type { HeartbeatMember } from './heartbeat-wheel.js';
import { type Admission, type ResultLink, ResultReceiver } from './result-receiver.js';
import { assignOf } from './wire.js';

/** How long a closing link may take to finish the close handshake. */
const CLOSE_GRACE_MS = 5_000;

const EMPTY = new Uint8Array(0);

/** How long a device has to answer a StreamOpen (it resolves and connects within it). */
const STREAM_OPEN_TIMEOUT_MS = 15_000;

/** Where a device is before its hello says (shared: never modified). */
const NOWHERE: DeviceLocation = Object.freeze({ country: '', region: '', city: '' });

/**
 * A coordinator holds one of these per connected agent, nearly all of them idle, so what one costs
 * at rest is what the fleet costs: the link is itself what the scheduler, the heartbeat wheel, the
 * frame gate, the result receiver and the memory budget call back (interfaces it implements, its
 * methods shared on the prototype), where callbacks would be closures on every link; the result
 * receiver and the per-device logger are made when first needed.
 */
export class AgentConnection
  implements
    DeviceLink,
    HeartbeatMember,
    GatedLink,
    ResultLink,
    BudgetWaiter,
    ExitLink,
    BatchedLink,
    UpgradeLink
{
  readonly deviceId: string;
  private registered: ConnectedDevice | null = null;
  private receiver: ResultReceiver | null = null;
  private logger: Logger | null = null;
  private helloTimer: NodeJS.Timeout | null;
  private lastFrameMs = Date.now();
  private loc: DeviceLocation = NOWHERE;
  private closed = false;
  private readonly gate: FrameGate;
  private budgetPaused = false;
  /** The link's socket, corked for the frames of each turn (see send); null: never corked. */
  private readonly cork: TurnCork | null;
  /** Paused because result bytes wait for a storage slower than the link. */
  private backlogPaused = false;
  /** Proxy streams, made when the device offers them in its hello (docs/proxy.md). */
  private streams: LinkStreams | null = null;
  /** Streams asked for and not yet opened by the device. */
  private opening: Map<number, { resolve(s: LinkStream): void; reject(e: Error): void }> | null = null;
  private nextStreamId = 1;
  /** The link's TCP socket (drain events let proxy streams send again). */
  private readonly socket: Duplex | null;
  /** Gathers each turn's frames into batch frames; null until an agent that reads them said hello. */
  private batcher: FrameBatcher | null = null;
  /** When the latest heartbeat ping left (0: none awaiting its pong): the link's round trip. */
  private pingSentMs = 0;

  constructor(
    private readonly ws: WebSocket,
    device: DeviceRecord,
    private readonly deps: ConnectionDeps,
    /** Told once the link is closed (the server's bookkeeping: one function for every link). */
    private readonly onClosed: (conn: AgentConnection) => void,
    /** The link's TCP socket (the one the upgrade came on), corked per turn; null: not corked. */
    socket: Duplex | null = null,
    /** The network the link comes from; the remote address itself is not kept. */
    readonly egress?: DeviceEgress,
    /** Where the link's address is (location evidence); the address itself is not kept. */
    private readonly place?: LinkPlace,
  ) {
    this.deviceId = device.id;
    this.cork = socket ? new TurnCork(socket) : null;
    this.socket = socket;
    this.gate = new FrameGate(this, deps.maxStrikes ?? 16);
    this.helloTimer = setTimeout(
      () => this.close(CloseCode.HelloTimeout, 'no hello in time'),
      deps.helloTimeoutMs,
    );
    ws.on('message', (data, isBinary) => this.onMessage(data as Buffer, isBinary));
    ws.on('close', () => this.cleanup());
    ws.on('error', (err) => this.log.warn({ err }, 'agent socket error'));
  }

  /** The link's logger, bound to its device; made on its first line (most links never write one). */
  get log(): Logger {
    this.logger ??= this.deps.log.child({ deviceId: this.deviceId });
    return this.logger;
  }

  /** Where the device said it is (its hello). */
  get location(): DeviceLocation {
    return this.loc;
  }

  private get results(): ResultReceiver {
    this.receiver ??= new ResultReceiver(this.deps, this);
    return this.receiver;
  }

  /** True while this link is paused by the result memory budget or a storage slower than it. */
  get paused(): boolean {
    return this.budgetPaused || this.backlogPaused;
  }

  /** Tells the device how the coordinator judges it (its status port shows it to the owner). */
  standing(quarantined: boolean, reason: string): void {
    this.send({ standing: { quarantined, reason } });
  }

  /** Offers the agent a release (docs/operations.md, releases). */
  offerUpgrade(offer: UpgradeOffer): void {
    this.send({ upgrade: offer });
  }

  /** Asks the agent to finish and reconnect elsewhere (coordinator shutting down). */
  drain(reason: string): void {
    this.send({ drain: { reason } });
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    // What this turn sent goes before the close frame, as it would have unbatched.
    this.batcher?.flush();
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
    // An agent that reads batches gets this turn's frames (the assigns of a placed batch of jobs,
    // acks of several results) in one message; any other gets them one a message.
    if (this.batcher) this.batcher.send(bytes);
    else this.writeFrame(bytes);
  }

  /** One WebSocket message (a frame, or a batch of them) to the agent (BatchedLink). */
  writeFrame(bytes: Uint8Array): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.deps.onFrame?.('out', bytes.byteLength);
    // The messages of one turn leave in one socket write, not one each.
    this.cork?.hold();
    this.ws.send(bytes);
  }

  // --------------------------------------------------------------- DeviceLink (the scheduler)

  assign(job: JobRecord, attempt: number, trace?: WireTraceContext): void {
    const deviceType = this.registered?.profile.deviceType ?? '';
    this.send({
      assign: assignOf(job, attempt, deviceType, Date.now(), this.deps.runningGraceMs ?? 0, trace),
    });
  }

  cancel(jobId: string, attempt: number, reason: string): void {
    this.send({ cancel: { jobId, attempt, reason } });
  }

  endSession(sessionId: string): void {
    this.send({ sessionEnd: { sessionId } });
  }

  // --------------------------------------------------------------- ExitLink (the proxy)

  get streamCount(): number {
    return this.streams?.size ?? 0;
  }

  openStream(host: string, port: number, keyId: string): Promise<LinkStream> {
    const streams = this.streams;
    if (!streams || this.closed) return Promise.reject(new StreamResetError('gone', 'the device left'));
    if (streams.full)
      return Promise.reject(new StreamResetError('limit', 'the device carries no more streams'));
    let id = this.nextStreamId;
    while (streams.has(id) || id === 0) id = (id + 1) >>> 0;
    this.nextStreamId = (id + 1) >>> 0;
    const windowBytes = this.deps.streamWindowBytes ?? 64 * 1024;
    const stream = streams.open(id, windowBytes);
    this.opening ??= new Map();
    const opening = this.opening;
    return new Promise<LinkStream>((resolve, reject) => {
      // A device that neither opens nor refuses in time: the stream is reset and the caller told.
      const timer = setTimeout(
        () => stream.abort('timeout', 'the device did not open the connection in time'),
        STREAM_OPEN_TIMEOUT_MS,
      );
      timer.unref();
      opening.set(id, {
        resolve: (s) => {
          clearTimeout(timer);
          resolve(s);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      // Reset before it opened (the device refused, the link went): the caller hears why.
      stream.once('error', (err) => {
        const waiting = opening.get(id);
        if (waiting && opening.delete(id)) waiting.reject(err);
      });
      stream.once('close', () => {
        const waiting = opening.get(id);
        if (waiting && opening.delete(id)) waiting.reject(new StreamResetError('gone', 'the device left'));
      });
      this.send({ streamOpen: { streamId: id, host, port, keyId, windowBytes } });
    });
  }

  private onStreamData(streams: LinkStreams, id: number, data: Uint8Array): void {
    if (this.opening?.has(id)) {
      streams.get(id)?.abort('protocol', 'data before the stream opened');
      this.gate.strike(`data on stream ${id} before it opened`);
      return;
    }
    if (!streams.onData(id, data)) this.gate.strike(`data beyond the credit of stream ${id}`);
  }

  /**
   * StreamData by hand (proto/stream-data.ts): the WebSocket frame's header and the envelope's
   * head in one small write, then the payload itself, where ws.send would take a frame the encoder
   * copied the payload into. The socket is the one ws writes to, so the order with its frames holds.
   */
  private sendStreamData(streamId: number, data: Uint8Array): void {
    const socket = this.socket;
    if (!socket) {
      this.send({ streamData: { streamId, data } });
      return;
    }
    if (this.ws.readyState !== this.ws.OPEN) return;
    // Frames still gathered for this turn's batch go first: the order on the link holds.
    this.batcher?.flush();
    const head = streamDataWsHead(streamId, data.byteLength, false);
    this.deps.onFrame?.('out', head.byteLength + data.byteLength);
    this.cork?.hold();
    socket.write(head);
    socket.write(data);
  }

  private onStreamFrame(frame: AgentFrame): void {
    const streams = this.streams;
    if (!streams) {
      this.gate.strike(`${frame.body} on a link without streams`);
      return;
    }
    switch (frame.body) {
      case 'streamOpened': {
        const id = frame.streamOpened?.streamId ?? 0;
        const waiting = this.opening?.get(id);
        const stream = streams.get(id);
        if (!waiting || !stream) return;
        this.opening?.delete(id);
        waiting.resolve(stream);
        break;
      }
      case 'streamData':
        this.onStreamData(streams, frame.streamData?.streamId ?? 0, frame.streamData?.data ?? EMPTY);
        break;
      case 'streamCredit':
        streams.onCredit(frame.streamCredit?.streamId ?? 0, frame.streamCredit?.bytes ?? 0);
        break;
      case 'streamClose':
        streams.onClose(
          frame.streamClose?.streamId ?? 0,
          (frame.streamClose?.reason ?? '').slice(0, 64),
          (frame.streamClose?.message ?? '').slice(0, 512),
        );
        break;
      default:
        break;
    }
  }

  /**
   * The device offered proxy streams in its hello: a stream table, and a place among the exits,
   * with the scheduler's record of the device (its standing is read from there).
   */
  private offerProxy(hello: Hello, device: ConnectedDevice): void {
    const exits = this.deps.exits;
    const offer = hello.proxy;
    if (!exits || !offer) return;
    const maxStreams = Math.min(4096, Math.max(1, offer.maxStreams ?? 1));
    this.streams = new LinkStreams(
      {
        data: (streamId, data) => this.sendStreamData(streamId, data),
        credit: (streamId, bytes) => this.send({ streamCredit: { streamId, bytes } }),
        close: (streamId, reason, message) => this.send({ streamClose: { streamId, reason, message } }),
        bufferedBytes: () => this.ws.bufferedAmount,
      },
      {
        windowBytes: this.deps.streamWindowBytes ?? 64 * 1024,
        maxDataBytes: Math.max(1024, Math.min(256 * 1024, this.deps.maxFrameBytes - 1024)),
        maxStreams,
      },
    );
    this.socket?.on('drain', () => this.streams?.drained());
    exits.add(
      this,
      {
        country: this.loc.country,
        city: this.loc.city.toLowerCase(),
        asn: this.egress?.asn ?? 0,
        deviceType: hello.deviceType ?? '',
        ports: (offer.ports ?? []).slice(0, 64),
        maxStreams,
      },
      hello.ownerControls?.proxy === true,
      device,
    );
  }

  // --------------------------------------------------------------- HeartbeatMember (heartbeat-wheel.ts)

  lastSeenMs(): number {
    return this.lastFrameMs;
  }

  ping(frame: Uint8Array): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(frame);
    this.pingSentMs = Date.now();
  }

  /**
   * The pong of the heartbeat ping echoes its nonce, the wheel's clock when it was encoded
   * (agent-server.ts): the round trip, for location evidence. Only the pong of the latest ping
   * counts, once. A device can delay its pong (a round trip is never proof of distance) or send
   * a nonce of a later time, which only shortens its own round trip (location-verdict.ts).
   */
  private onPong(nonce: number): void {
    const sentMs = this.pingSentMs;
    const nowMs = Date.now();
    if (sentMs === 0 || nonce > nowMs || nonce < sentMs - 1_000) return;
    this.pingSentMs = 0;
    this.deps.locationEvidence?.rtt(this.deviceId, nowMs - nonce);
  }

  silent(): void {
    this.log.warn('agent silent for three heartbeats; dropping the link');
    this.destroy();
  }

  /** Cuts the link at once: no close handshake (the coordinator's destroy, a silent peer). */
  destroy(): void {
    this.ws.terminate();
    this.cleanup();
  }

  // --------------------------------------------------------------- GatedLink, ResultLink

  handleFrame(frame: AgentFrame): void {
    this.handle(frame);
  }

  struck(strikes: number, why: string): void {
    this.log.warn({ strikes, why }, 'frame for work that is not this device’s');
    this.deps.onStrike?.(this.deviceId, why);
  }

  ack(jobId: string, attempt: number, duplicate: boolean): void {
    this.send({ ack: { jobId, attempt, duplicate } });
  }

  strike(why: string): void {
    this.gate.strike(why);
  }

  /**
   * Storage slower than the link: stop reading (TCP backpressure holds the rest of the result on
   * the agent) until the bytes waiting for storage drain, so a result costs a bounded buffer.
   */
  backlog(paused: boolean): void {
    this.backlogPaused = paused;
    if (this.closed) return;
    if (paused) this.ws.pause();
    else if (!this.budgetPaused) this.ws.resume();
  }

  /** The result memory budget has room again (BudgetWaiter). */
  relieved(): void {
    this.budgetPaused = false;
    if (!this.backlogPaused && !this.closed) this.ws.resume();
  }

  // --------------------------------------------------------------- frames in

  private onMessage(data: Buffer, isBinary: boolean): void {
    if (this.closed) return;
    this.deps.onFrame?.('in', data.byteLength);
    this.lastFrameMs = Date.now();
    if (this.registered) this.deps.jobs.touch(this.deviceId);
    // Proxy data, the bulk of a proxying link's frames, read without the generic decoder.
    if (this.streams && isBinary && data.byteLength <= this.deps.maxFrameBytes) {
      const view = readStreamData(data);
      if (view) {
        this.onStreamData(this.streams, view.streamId, view.data);
        return;
      }
    }
    const maxBytes = this.registered ? this.deps.maxFrameBytes : PRE_HELLO_MAX_FRAME_BYTES;
    let batch: Uint8Array[] | null;
    try {
      if (!isBinary) throw new FrameError('FRAME_MALFORMED', 'text frames are not part of the protocol');
      batch = splitFrameBatch(data, maxBytes, MAX_BATCH_FRAMES);
      // A coordinator that did not offer batches refuses one as one from before them would (a
      // frame with no body it knows).
      if (batch && this.deps.batchFrames === false)
        throw new FrameError('FRAME_EMPTY', 'agent frame has no body');
    } catch (err) {
      this.badFrame(err);
      return;
    }
    if (batch === null) {
      this.onBytes(data, maxBytes);
      return;
    }
    if (!this.registered) {
      this.close(CloseCode.BadFrame, 'hello expected first');
      return;
    }
    // Each frame of a batch as if it had come alone: decoded, checked and dispatched in order, the
    // link's limits and strikes counting it; a frame that closes the link ends the batch.
    for (const bytes of batch) {
      if (this.closed) return;
      this.onBytes(bytes, maxBytes);
    }
  }

  private badFrame(err: unknown): void {
    const code =
      err instanceof FrameError && err.code === 'FRAME_TOO_LARGE' ? CloseCode.TooLarge : CloseCode.BadFrame;
    this.log.warn({ err }, 'bad frame from agent');
    this.close(code, 'bad frame');
  }

  /** One frame (alone, or one of a batch): decoded and dispatched. */
  private onBytes(data: Uint8Array, maxBytes: number): void {
    let frame: AgentFrame;
    try {
      frame = decodeAgentFrame(data, maxBytes);
    } catch (err) {
      this.badFrame(err);
      return;
    }
    if (!this.registered && frame.body !== 'hello') {
      this.close(CloseCode.BadFrame, 'hello expected first');
      return;
    }
    // Stream frames do not wait behind a result's verdict: their order with results does not matter.
    if (frame.body?.startsWith('stream')) {
      this.onStreamFrame(frame);
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
        this.deps.log.info({ deviceId: this.deviceId, reason: frame.draining?.reason }, 'agent draining');
        this.deps.jobs.setDraining(this.deviceId);
        break;
      case 'availability':
        this.deps.log.info(
          {
            deviceId: this.deviceId,
            accepting: frame.availability?.accepting,
            reason: frame.availability?.reason,
          },
          'agent availability',
        );
        this.deps.jobs.setAccepting(
          this.deviceId,
          frame.availability?.accepting ?? false,
          frame.availability?.ownerControls,
        );
        if (this.streams && frame.availability?.ownerControls)
          this.deps.exits?.setConsent(this.deviceId, frame.availability.ownerControls.proxy === true);
        break;
      case 'pong':
        this.onPong(Number(frame.pong?.nonce ?? 0));
        break;
      case 'upgradeReport':
        this.deps.releases?.report(this.deviceId, frame.upgradeReport ?? {});
        break;
      default:
        break; // accept: liveness already recorded
    }
  }

  private onHello(hello: Hello): void {
    if (this.registered) {
      this.close(CloseCode.BadFrame, 'hello sent twice');
      return;
    }
    const outcome = acceptHello(hello, this.deviceId, this, Date.now(), this.egress);
    if (!outcome.ok) {
      if (outcome.code === CloseCode.Forbidden)
        this.log.warn({ claimed: hello.deviceId }, 'hello names another device');
      this.close(outcome.code, outcome.reason);
      return;
    }
    if (this.helloTimer) clearTimeout(this.helloTimer);
    this.helloTimer = null;
    this.loc = outcome.location;
    this.registered = outcome.device;
    const batches = this.deps.batchFrames !== false;
    this.send(
      welcomeOf(
        this.deps.coordinatorId,
        this.deps.heartbeatIntervalMs,
        this.deps.maxFrameBytes,
        Date.now(),
        this.deps.exits && hello.proxy ? (this.deps.streamWindowBytes ?? 64 * 1024) : 0,
        batches,
      ),
    );
    // After the welcome, which goes alone: an agent that reads batches gets them from here on. The
    // agent's frame limit is its default (its hello does not name one).
    if (batches && hello.batchFrames === true) {
      // Flushed at the end of the tick: an Assign sent after a commit leaves at once (FlushAt).
      this.batcher = new FrameBatcher(
        this,
        Math.min(this.deps.maxFrameBytes, DEFAULT_MAX_FRAME_BYTES),
        'tick',
      );
    }
    // Judged before it joins: a contradicted device never takes a job placed by place, not even
    // one queued for it as it connects.
    if (this.place) this.deps.locationEvidence?.linked(outcome.device, this.place);
    this.deps.jobs.addDevice(outcome.device);
    this.offerProxy(hello, outcome.device);
    this.deps.releases?.linked(this, hello.agentVersion ?? '');
    void this.deps.store.touchDevice(this.deviceId, outcome.device.connectedAt).catch(() => undefined);
    this.deps.heartbeats.add(this);
    const net = this.egress;
    // Through the coordinator's logger, the device named: one line per link need not make a logger.
    this.deps.log.info(
      {
        deviceId: this.deviceId,
        location: this.loc,
        methods: hello.capabilities?.methods,
        network: net ? { family: net.addressFamily, asn: net.asn, name: net.networkName } : undefined,
      },
      'agent connected',
    );
  }

  private onReject(r: NonNullable<AgentFrame['reject']>): void {
    const { retryElsewhere: elsewhere, deviceFull, busy } = rejectHandling(r.reason);
    if (deviceFull) this.deps.jobs.setDraining(this.deviceId);
    const jobId = r.jobId ?? '';
    const attempt = r.attempt ?? 0;
    void this.deps.jobs.rejected(jobId, attempt, this.deviceId, elsewhere, busy).then((own) => {
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

  /**
   * Over the memory budget, stop reading this link between two results (never inside one, so every
   * result being received can complete and give its bytes back; the per-link cap bounds those);
   * resume once there is room.
   */
  private maybePause(): void {
    if (!this.deps.budget.exhausted || this.receiver?.hasPartial || this.budgetPaused) return;
    this.log.warn({ heldBytes: this.deps.budget.usedBytes }, 'result memory budget full: pausing this link');
    this.budgetPaused = true;
    this.ws.pause();
    this.deps.budget.whenRelieved(this);
  }

  private cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.helloTimer) clearTimeout(this.helloTimer);
    this.receiver?.clear();
    this.batcher?.clear();
    this.gate.clear();
    this.deps.budget.forget(this);
    if (this.streams) {
      this.deps.exits?.remove(this);
      this.streams.closeAll('the device left');
    }
    if (this.registered) {
      this.deps.heartbeats.remove(this);
      this.deps.locationEvidence?.unlinked(this.registered);
      this.deps.jobs.removeDevice(this.deviceId, this.registered);
      this.deps.releases?.unlinked(this);
      this.deps.log.info({ deviceId: this.deviceId }, 'agent disconnected');
    }
    this.onClosed(this);
  }
}
