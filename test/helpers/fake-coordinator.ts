// A coordinator written in the test: speaks the link protocol over a real WebSocket on port 0,
// records every agent frame, acknowledges results and answers pings, and lets the test assign jobs.
import { randomUUID } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import {
  type AgentFrame,
  DEFAULT_MAX_FRAME_BYTES,
  decodeAgentFrame,
  encodeCoordinatorFrame,
  type JobRequest,
} from '../../proto/index.js';

export interface FakeCoordinatorOptions {
  maxFrameBytes?: number;
  maxChunkBytes?: number;
  heartbeatIntervalMs?: number;
  /** Acknowledge results as they arrive. Default true. */
  autoAck?: boolean;
}

export class FakeCoordinator extends EventEmitter {
  readonly frames: AgentFrame[] = [];
  /** The source address of each agent connection, in order (as the coordinator's socket saw it). */
  readonly remoteAddresses: string[] = [];
  /** Close codes of agent connections, in order. */
  readonly closes: number[] = [];
  socket: WebSocket | null = null;
  private constructor(
    private readonly wss: WebSocketServer,
    private readonly opts: FakeCoordinatorOptions,
  ) {
    super();
  }

  static async start(opts: FakeCoordinatorOptions = {}): Promise<FakeCoordinator> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: DEFAULT_MAX_FRAME_BYTES });
    await once(wss, 'listening');
    const fake = new FakeCoordinator(wss, opts);
    wss.on('connection', (ws, req) => {
      fake.remoteAddresses.push(req.socket.remoteAddress ?? '');
      fake.attach(ws);
    });
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.wss.address() as AddressInfo).port}`;
  }

  /** Sends an Assign; returns the job id. */
  assign(request: JobRequest, over: { jobId?: string; attempt?: number; deadlineMs?: number } = {}): string {
    const jobId = over.jobId ?? randomUUID();
    this.send({ assign: { jobId, attempt: over.attempt ?? 1, request, deadlineMs: over.deadlineMs ?? 0 } });
    return jobId;
  }

  send(frame: Parameters<typeof encodeCoordinatorFrame>[0]): void {
    this.socket?.send(encodeCoordinatorFrame(frame));
  }

  /**
   * The first frame matching `match` among those recorded from index `from` on, or a future one;
   * rejects after `timeoutMs`.
   */
  waitFrame(match: (f: AgentFrame) => boolean, from = 0, timeoutMs = 10_000): Promise<AgentFrame> {
    const found = this.frames.slice(from).find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.off('frame', on);
        reject(new Error('no matching frame from the agent before the deadline'));
      }, timeoutMs);
      const on = (f: AgentFrame) => {
        if (!match(f)) return;
        clearTimeout(timer);
        this.off('frame', on);
        resolve(f);
      };
      this.on('frame', on);
    });
  }

  /** The answer (accept or reject) to a job. */
  answer(jobId: string): Promise<AgentFrame> {
    return this.waitFrame((f) => f.accept?.jobId === jobId || f.reject?.jobId === jobId);
  }

  result(jobId: string, timeoutMs?: number): Promise<AgentFrame> {
    return this.waitFrame((f) => f.result?.jobId === jobId, 0, timeoutMs);
  }

  async close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate();
    await new Promise((r) => this.wss.close(r));
  }

  private attach(ws: WebSocket): void {
    this.socket = ws;
    ws.on('close', (code) => {
      this.closes.push(code);
      this.emit('closed', code);
    });
    ws.on('message', (data: Buffer) => {
      const frame = decodeAgentFrame(data, DEFAULT_MAX_FRAME_BYTES);
      this.frames.push(frame);
      if (frame.body === 'hello') {
        this.send({
          welcome: {
            coordinatorId: 'fake',
            heartbeatIntervalMs: this.opts.heartbeatIntervalMs ?? 15_000,
            maxFrameBytes: this.opts.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES,
            maxChunkBytes: this.opts.maxChunkBytes ?? 256 * 1024,
            serverTimeMs: Date.now(),
          },
        });
      }
      if (frame.body === 'ping') this.send({ pong: { nonce: frame.ping?.nonce ?? 0 } });
      if (frame.body === 'result' && this.opts.autoAck !== false) {
        this.send({ ack: { jobId: frame.result?.jobId ?? '', attempt: frame.result?.attempt ?? 0 } });
      }
      this.emit('frame', frame);
    });
  }
}
