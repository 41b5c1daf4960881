// The agent's link: connect with its device token, hello, keep alive, reconnect with backoff and
// jitter, fail over between coordinators in order.

import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import WebSocket from 'ws';
import { type BatchedLink, FrameBatcher } from '../../common/frame-batcher.js';
import { TurnCork } from '../../common/turn-cork.js';
import {
  AGENT_LINK_PATH,
  type AgentFrameInit,
  CloseCode,
  type CoordinatorFrame,
  DEFAULT_MAX_FRAME_BYTES,
  decodeCoordinatorFrame,
  encodeAgentFrame,
  FrameError,
  type Hello,
  MAX_BATCH_FRAMES,
  readStreamData,
  splitFrameBatch,
  streamDataWsHead,
  type Welcome,
} from '../../proto/index.js';

export type LinkState = 'connecting' | 'connected' | 'disconnected' | 'draining';

export interface LinkHandlers {
  hello(): Hello;
  onConnected(welcome: Welcome): void;
  onFrame(frame: CoordinatorFrame): void;
  onDisconnected(): void;
  onState(state: LinkState, coordinatorUrl: string, error: string | null): void;
  /** A round trip of the agent's own ping completed. */
  onRtt?(rttMs: number): void;
  /** The link's socket wrote out what it held (proxy streams waiting for room go on). */
  onDrain?(): void;
  /** A StreamData frame, read without the generic decoder (the other frames go to onFrame). */
  onStreamData?(streamId: number, data: Uint8Array): void;
}

export interface LinkOptions {
  coordinators: string[];
  token: string;
  minBackoffMs: number;
  maxBackoffMs: number;
  log: Logger;
  /** Local address the link's socket is bound to. Default: none (the OS chooses). */
  localAddress?: string;
  /** How long close() waits for the coordinator's half of the close handshake. Default 2_000. */
  closeTimeoutMs?: number;
  /**
   * Whether the hello says the agent reads batch frames (Hello.batch_frames) and the agent batches
   * its own frames for a coordinator that reads them. Default true; false behaves as an agent from
   * before link batches (compatibility tests).
   */
  batchFrames?: boolean;
}

function zeroMask(mask: Buffer): void {
  mask.fill(0);
}

/** http://host:port/ → ws://host:port/agent/v1/link */
export function linkUrl(base: string): string {
  const u = new URL(base);
  if (u.protocol === 'http:') u.protocol = 'ws:';
  if (u.protocol === 'https:') u.protocol = 'wss:';
  if (u.pathname === '/' || u.pathname === '') u.pathname = AGENT_LINK_PATH;
  return u.toString();
}

export class LinkClient implements BatchedLink {
  private ws: WebSocket | null = null;
  private index = 0;
  private failures = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  private silenceLimitMs = 45_000;
  private lastFrameMs = 0;
  private stopped = false;
  private welcomed = false;
  private pinger: NodeJS.Timeout | null = null;
  /** nonce → our clock when the ping left; the coordinator's pong echoes the nonce. */
  private readonly pings = new Map<number, number>();
  private nextNonce = 1;
  private closing: Promise<void> | null = null;
  /** The link's TCP socket, corked while a turn's frames are sent (see sendRaw); null before the upgrade. */
  private cork: TurnCork | null = null;
  /** Gathers each turn's frames into batch frames; null unless the coordinator reads them. */
  private batcher: FrameBatcher | null = null;
  /** The link's TCP socket, the one ws writes to (StreamData is written to it directly). */
  private socket: Duplex | null = null;

  constructor(
    private readonly opts: LinkOptions,
    private readonly handlers: LinkHandlers,
  ) {}

  get connected(): boolean {
    return this.welcomed && this.ws?.readyState === WebSocket.OPEN;
  }

  get currentUrl(): string {
    return this.opts.coordinators[this.index % this.opts.coordinators.length] ?? '';
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Sends one frame; false when there is no open link (the caller keeps it spooled). */
  send(frame: AgentFrameInit): boolean {
    return this.sendRaw(encodeAgentFrame(frame));
  }

  /** Bytes sent but still waiting in the socket (the coordinator reads slower than we send). */
  get bufferedBytes(): number {
    return this.ws?.bufferedAmount ?? 0;
  }

  sendRaw(bytes: Uint8Array): boolean {
    if (!this.connected || !this.ws) return false;
    // A coordinator that reads batches gets the small frames of one turn (the accepts for a batch
    // of assigns, small results) in one message; a large frame goes alone, in order.
    if (this.batcher) this.batcher.send(bytes);
    else this.writeFrame(bytes);
    return true;
  }

  /** One WebSocket message (a frame, or a batch of them) on the open link (BatchedLink). */
  writeFrame(bytes: Uint8Array): void {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    // The messages of one turn (a result's chunks) leave in one socket write: corked at the first,
    // uncorked once the turn's callbacks have run.
    this.cork?.hold();
    this.ws.send(bytes);
  }

  /**
   * StreamData by hand (proto/stream-data.ts): the WebSocket frame's header (masked with the
   * all-zero key, as ws masks ours) and the envelope's head in one small write, then the payload
   * itself, where send() would copy the payload into an encoded frame first. The socket is the one
   * ws writes to, so the order with its frames holds. False when there is no open link.
   */
  sendStreamData(streamId: number, data: Uint8Array): boolean {
    const socket = this.socket;
    if (!socket) return this.send({ streamData: { streamId, data } });
    if (!this.connected) return false;
    // Frames still gathered for this turn's batch go first: the order on the link holds.
    this.batcher?.flush();
    this.cork?.hold();
    socket.write(streamDataWsHead(streamId, data.byteLength, true));
    socket.write(data);
    return true;
  }

  /**
   * Closes the link for good: the WebSocket close handshake runs (1000), bounded by closeTimeoutMs,
   * then the socket is dropped. Idempotent; every call awaits the same close.
   */
  close(): Promise<void> {
    this.closing ??= this.shutdown(false);
    return this.closing;
  }

  /** Drops the link now, without a close handshake. Safe after close(). */
  destroy(): void {
    void this.shutdown(true);
  }

  private async shutdown(now: boolean): Promise<void> {
    this.stopped = true;
    this.stopTimers();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const ws = this.ws;
    if (!ws) return;
    if (now || ws.readyState !== WebSocket.OPEN) {
      this.ws = null;
      ws.terminate();
      return;
    }
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    // What this turn sent (a draining frame, a last result) goes before the close frame.
    this.batcher?.flush();
    ws.close(1000, 'agent stopping');
    const timer = setTimeout(() => ws.terminate(), this.opts.closeTimeoutMs ?? 2_000);
    await closed;
    clearTimeout(timer);
    if (this.ws === ws) this.ws = null;
  }

  private stopTimers(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    if (this.pinger) clearInterval(this.pinger);
    this.watchdog = null;
    this.pinger = null;
    this.pings.clear();
  }

  private connect(): void {
    if (this.stopped) return;
    const base = this.currentUrl;
    this.handlers.onState('connecting', base, null);
    const ws = new WebSocket(linkUrl(base), {
      headers: { authorization: `Bearer ${this.opts.token}` },
      maxPayload: DEFAULT_MAX_FRAME_BYTES,
      perMessageDeflate: false,
      handshakeTimeout: 10_000,
      // An all-zero mask: ws then skips masking (a copy and a pass over every byte sent). Masking
      // protects browsers' intermediaries from script-chosen bytes; the agent is not a browser.
      generateMask: zeroMask,
      ...(this.opts.localAddress ? { localAddress: this.opts.localAddress } : {}),
    });
    this.ws = ws;
    this.cork = null;
    this.batcher = null;
    this.socket = null;
    this.welcomed = false;
    ws.on('upgrade', (res) => {
      if (this.ws !== ws) return;
      this.socket = res.socket;
      this.cork = new TurnCork(res.socket);
      res.socket.on('drain', () => {
        if (this.ws === ws) this.handlers.onDrain?.();
      });
    });
    let lastError: string | null = null;
    ws.on('open', () => {
      this.lastFrameMs = Date.now();
      const hello = this.handlers.hello();
      hello.batchFrames = this.opts.batchFrames !== false;
      ws.send(encodeAgentFrame({ hello }));
    });
    ws.on('unexpected-response', (_req, res) => {
      lastError = `coordinator refused the link: HTTP ${res.statusCode}`;
      this.opts.log.warn({ status: res.statusCode, coordinator: base }, 'link refused');
      ws.terminate();
    });
    ws.on('message', (data: Buffer) => this.onMessage(ws, data));
    ws.on('error', (err) => {
      lastError = err.message;
    });
    ws.on('close', (code, reason) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.cork = null;
      this.batcher?.clear();
      this.batcher = null;
      this.socket = null;
      this.stopTimers();
      const wasUp = this.welcomed;
      this.welcomed = false;
      if (wasUp) this.handlers.onDisconnected();
      if (code >= 4000) lastError = `closed by coordinator: ${code} ${reason.toString()}`;
      this.handlers.onState('disconnected', base, lastError);
      if (code === CloseCode.Unauthorized || code === CloseCode.Forbidden) {
        this.opts.log.error(
          { code, coordinator: base },
          'coordinator refused this device; check its token and id',
        );
      }
      this.scheduleReconnect(wasUp && code === CloseCode.GoingAway);
    });
  }

  private onMessage(ws: WebSocket, data: Buffer): void {
    this.lastFrameMs = Date.now();
    // Proxy data, the bulk of a proxying link's frames, read without the generic decoder.
    if (this.welcomed && this.handlers.onStreamData && data.byteLength <= DEFAULT_MAX_FRAME_BYTES) {
      const view = readStreamData(data);
      if (view) {
        this.handlers.onStreamData(view.streamId, view.data);
        return;
      }
    }
    let batch: Uint8Array[] | null;
    try {
      batch = splitFrameBatch(data, DEFAULT_MAX_FRAME_BYTES, MAX_BATCH_FRAMES);
      // Batches come only after the welcome, and only when this agent said it reads them.
      if (batch && (!this.welcomed || this.opts.batchFrames === false)) {
        throw new FrameError('FRAME_MALFORMED', 'batch frame not asked for');
      }
    } catch (err) {
      this.badFrame(ws, err);
      return;
    }
    if (batch === null) {
      this.onBytes(ws, data, false);
      return;
    }
    // Each frame of a batch as if it had come alone, in order, until one closes the link.
    for (const bytes of batch) if (this.ws !== ws || !this.onBytes(ws, bytes, true)) return;
  }

  private badFrame(ws: WebSocket, err: unknown): void {
    this.opts.log.warn({ err }, 'bad frame from coordinator');
    ws.close(CloseCode.BadFrame, 'bad frame');
  }

  /** One frame (alone, or one of a batch: never the welcome); false when it closed the link. */
  private onBytes(ws: WebSocket, data: Uint8Array, inBatch: boolean): boolean {
    let frame: CoordinatorFrame;
    try {
      frame = decodeCoordinatorFrame(data, DEFAULT_MAX_FRAME_BYTES);
      if (inBatch && frame.body === 'welcome') throw new FrameError('FRAME_MALFORMED', 'welcome in a batch');
    } catch (err) {
      this.badFrame(ws, err);
      return false;
    }
    this.onFrame(ws, frame);
    return true;
  }

  private onFrame(ws: WebSocket, frame: CoordinatorFrame): void {
    if (frame.body === 'welcome') {
      const welcome = frame.welcome as Welcome;
      this.welcomed = true;
      this.failures = 0;
      this.silenceLimitMs = Math.max(1000, (welcome.heartbeatIntervalMs ?? 15_000) * 3);
      this.watchdog = setInterval(
        () => {
          if (Date.now() - this.lastFrameMs > this.silenceLimitMs) {
            this.opts.log.warn('coordinator silent; reconnecting');
            ws.terminate();
          }
        },
        Math.max(250, this.silenceLimitMs / 3),
      );
      this.watchdog.unref();
      // Our own pings measure the link's round trip on our clock alone (the status page shows it).
      const heartbeatMs = Math.max(250, welcome.heartbeatIntervalMs ?? 15_000);
      this.pinger = setInterval(() => this.ping(), heartbeatMs);
      this.pinger.unref();
      // A coordinator that reads batches gets them, bounded by the frame limit it named.
      if (welcome.batchFrames === true && this.opts.batchFrames !== false) {
        this.batcher = new FrameBatcher(this, Number(welcome.maxFrameBytes) || DEFAULT_MAX_FRAME_BYTES);
      }
      this.ping();
      this.handlers.onState('connected', this.currentUrl, null);
      this.handlers.onConnected(welcome);
      return;
    }
    if (!this.welcomed) return;
    if (frame.body === 'ping') {
      this.send({ pong: { nonce: frame.ping?.nonce ?? 0 } });
      return;
    }
    if (frame.body === 'pong') {
      const nonce = Number(frame.pong?.nonce ?? 0);
      const sentMs = this.pings.get(nonce);
      if (sentMs !== undefined) {
        this.pings.delete(nonce);
        this.handlers.onRtt?.(Date.now() - sentMs);
      }
      return;
    }
    this.handlers.onFrame(frame);
  }

  private ping(): void {
    const nonce = this.nextNonce++;
    const sentMs = Date.now();
    // Unanswered pings are forgotten after a few rounds; the watchdog handles a silent peer.
    if (this.pings.size > 8) this.pings.clear();
    if (this.send({ ping: { nonce, sentMs } })) this.pings.set(nonce, sentMs);
  }

  private scheduleReconnect(moveOn: boolean): void {
    if (this.stopped) return;
    // A failed or drained coordinator: try the next one in the list.
    if (moveOn || this.failures > 0 || this.opts.coordinators.length > 1) this.index++;
    const exp = Math.min(this.opts.maxBackoffMs, this.opts.minBackoffMs * 2 ** Math.min(this.failures, 16));
    const delay = moveOn ? 0 : Math.round(exp * (0.5 + Math.random() * 0.5));
    this.failures++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }
}
