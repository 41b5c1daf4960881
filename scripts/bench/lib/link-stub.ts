// A minimal coordinator for agent benches: one WebSocket on 127.0.0.1 port 0 speaking the real link
// protocol (hello → welcome, ping → pong, assign, result → ack), nothing else. It costs this process
// little per job, so the agent process's CPU is what a job costs the agent, not the coordinator.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import {
  DEFAULT_MAX_FRAME_BYTES,
  decodeAgentFrame,
  encodeCoordinatorFrame,
  type JobRequest,
} from '../../../proto/index.js';
import { type PoolPhase, runPool } from './pool.js';

/** Jobs per second (assign sent to result received) and each job's latency (ms), sorted. */
export type StubPhase = PoolPhase;

/** How long the coordinator gives an attempt past its own timeout, as the real one does. */
const GRACE_MS = 30_000;

export class LinkStub {
  private socket: WebSocket | null = null;
  private readonly waiting = new Map<string, (ok: boolean, why: string) => void>();
  private linked: () => void = () => undefined;
  /** Resolves once an agent said hello and got its welcome. */
  readonly whenLinked: Promise<void>;

  private constructor(private readonly wss: WebSocketServer) {
    this.whenLinked = new Promise((resolve) => {
      this.linked = resolve;
    });
    wss.on('connection', (ws) => this.attach(ws));
  }

  static async start(): Promise<LinkStub> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: DEFAULT_MAX_FRAME_BYTES });
    await once(wss, 'listening');
    return new LinkStub(wss);
  }

  get url(): string {
    return `http://127.0.0.1:${(this.wss.address() as AddressInfo).port}`;
  }

  /** Runs `n` jobs of `request`, `concurrency` assigned at a time; rejects on a refused or failed job. */
  run(n: number, concurrency: number, request: JobRequest): Promise<StubPhase> {
    return runPool(n, concurrency, () => this.one(request));
  }

  async close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate();
    await new Promise((resolve) => this.wss.close(resolve));
  }

  private one(request: JobRequest): Promise<void> {
    const ws = this.socket;
    if (!ws) return Promise.reject(new Error('no agent linked'));
    const jobId = randomUUID();
    const done = new Promise<void>((resolve, reject) => {
      this.waiting.set(jobId, (ok, why) => (ok ? resolve() : reject(new Error(`job ${jobId}: ${why}`))));
    });
    const timeoutMs = request.timeoutMs ?? 30_000;
    ws.send(
      encodeCoordinatorFrame({
        assign: { jobId, attempt: 1, deadlineMs: Date.now() + timeoutMs + GRACE_MS, request },
      }),
    );
    return done;
  }

  private attach(ws: WebSocket): void {
    this.socket = ws;
    ws.on('message', (data: Buffer) => {
      const f = decodeAgentFrame(data, DEFAULT_MAX_FRAME_BYTES);
      switch (f.body) {
        case 'hello':
          ws.send(
            encodeCoordinatorFrame({
              welcome: {
                coordinatorId: 'stub',
                heartbeatIntervalMs: 15_000,
                maxFrameBytes: DEFAULT_MAX_FRAME_BYTES,
                maxChunkBytes: 256 * 1024,
                serverTimeMs: Date.now(),
              },
            }),
          );
          this.linked();
          return;
        case 'ping':
          ws.send(encodeCoordinatorFrame({ pong: { nonce: f.ping?.nonce ?? 0 } }));
          return;
        case 'reject': {
          const id = f.reject?.jobId ?? '';
          this.waiting.get(id)?.(false, `rejected: ${f.reject?.message}`);
          this.waiting.delete(id);
          return;
        }
        case 'result': {
          const r = f.result;
          const id = r?.jobId ?? '';
          ws.send(encodeCoordinatorFrame({ ack: { jobId: id, attempt: r?.attempt ?? 0 } }));
          this.waiting.get(id)?.(r?.success === true, `${r?.errorType}: ${r?.errorMessage}`);
          this.waiting.delete(id);
          return;
        }
        default:
          return; // accept, chunk, availability, pong: nothing to do here
      }
    });
  }
}
