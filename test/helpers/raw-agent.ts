// A device speaking the link protocol by hand, for tests that play a broken or hostile agent:
// frames in order, waits on the next frame of a kind, a ping/pong barrier, the close code.
import { once } from 'node:events';
import WebSocket from 'ws';
import {
  AGENT_LINK_PATH,
  type AgentFrameInit,
  ContentPart,
  type CoordinatorFrame,
  decodeCoordinatorFrame,
  encodeAgentFrame,
  encodeFrameBatch,
  MAX_BATCH_FRAMES,
  PROTOCOL_VERSION,
  splitFrameBatch,
  type Welcome,
} from '../../proto/index.js';

export interface RawHello {
  methods?: string[];
  maxConcurrent?: number;
  country?: string;
  /** Default 'server'. */
  deviceType?: string;
  /** Says the device reads link batches (Hello.batch_frames). Default false. */
  batchFrames?: boolean;
  /** Page features advertised (actions, extract, har, pdf, lighthouse). Default none. */
  pageFeatures?: string[];
  /** The agent version the hello names. Default 'raw-test'. */
  agentVersion?: string;
}

export interface RawConnectOptions {
  /** The local address the link is made from (any of 127.0.0.0/8 on Linux), e.g. '127.0.0.2'. */
  localAddress?: string;
}

export class RawAgent {
  readonly frames: CoordinatorFrame[] = [];
  private readonly waiters: Array<(f: CoordinatorFrame) => void> = [];
  readonly closed: Promise<number>;
  private nonce = 0;
  /** WebSocket messages received, and how many of them were batches (frames counted in `frames`). */
  messages = 0;
  batches = 0;
  /** Messages received that carried each kind of frame (a batch counts once per kind it holds). */
  readonly messagesWith = new Map<string, number>();
  welcome: Welcome | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('error', () => undefined); // a closed or refused link is what these tests look at
    ws.on('message', (data: Buffer) => {
      this.messages++;
      const batch = splitFrameBatch(data, 4_000_000, MAX_BATCH_FRAMES);
      if (batch) this.batches++;
      const kinds = new Set<string>();
      for (const bytes of batch ?? [data]) {
        const f = decodeCoordinatorFrame(bytes, 4_000_000);
        kinds.add(f.body ?? '');
        const w = this.waiters.shift();
        if (w) w(f);
        else this.frames.push(f);
      }
      for (const k of kinds) this.messagesWith.set(k, (this.messagesWith.get(k) ?? 0) + 1);
    });
    this.closed = once(ws, 'close').then(([code]) => code as number);
  }

  /** Connects with the device's token and, unless `hello` is false, says hello and awaits the welcome. */
  static async connect(
    base: string,
    deviceId: string,
    token: string,
    hello: RawHello | false = {},
    options: RawConnectOptions = {},
  ): Promise<RawAgent> {
    const ws = new WebSocket(`${base.replace('http', 'ws')}${AGENT_LINK_PATH}`, {
      headers: { authorization: `Bearer ${token}` },
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
    const agent = new RawAgent(ws);
    await once(ws, 'open');
    if (hello !== false) {
      agent.send({
        hello: {
          protocolVersion: PROTOCOL_VERSION,
          deviceId,
          agentVersion: hello.agentVersion ?? 'raw-test',
          capabilities: {
            methods: hello.methods ?? ['GET'],
            maxConcurrent: hello.maxConcurrent ?? 1,
            pageFeatures: hello.pageFeatures ?? [],
          },
          location: { country: hello.country ?? 'FR' },
          deviceType: hello.deviceType ?? 'server',
          networkType: 'ethernet',
          batchFrames: hello.batchFrames ?? false,
        },
      });
      agent.welcome = (await agent.next('welcome')).welcome ?? null;
    }
    return agent;
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(frame: AgentFrameInit): void {
    if (this.open) this.ws.send(encodeAgentFrame(frame));
  }

  /** The frames in one batch message (AgentFrame.batch), in order. */
  sendBatch(frames: AgentFrameInit[]): void {
    this.sendBytes(encodeFrameBatch(frames.map((f) => encodeAgentFrame(f))));
  }

  /** Bytes as one binary message, whatever they hold. */
  sendBytes(bytes: Uint8Array): void {
    if (this.open) this.ws.send(bytes);
  }

  /** The next frame of that kind (earlier frames of other kinds stay readable in `frames`). */
  async next(body: string): Promise<CoordinatorFrame> {
    for (;;) {
      // Frames that came while this waiter was being woken by another kind are in `frames`.
      const i = this.frames.findIndex((f) => f.body === body);
      if (i >= 0) return this.frames.splice(i, 1)[0] as CoordinatorFrame;
      const f = await new Promise<CoordinatorFrame>((r) => this.waiters.push(r));
      if (f.body === body) return f;
      this.frames.push(f);
    }
  }

  /**
   * Resolves once the coordinator has handled every frame sent before it: frames of one link are
   * handled in order, so its pong comes after whatever they caused (an ack, a close).
   */
  async barrier(): Promise<void> {
    const nonce = ++this.nonce;
    this.send({ ping: { nonce } });
    for (;;) {
      const pong = await Promise.race([this.next('pong'), this.closed.then(() => null)]);
      if (pong === null || Number(pong.pong?.nonce) === nonce) return;
    }
  }

  close(): void {
    this.ws.close();
  }
}

/**
 * A whole successful result for `attempt` of `jobId` as a device sends it: the body in one chunk,
 * then the final frame, with `extra` fields of the final frame (its network, …).
 */
export function resultFrames(
  jobId: string,
  attempt: number,
  body: Buffer,
  extra: Record<string, unknown> = {},
): AgentFrameInit[] {
  return [
    { chunk: { jobId, attempt, part: ContentPart.CONTENT_PART_BODY, index: 0, data: body } },
    {
      result: {
        jobId,
        attempt,
        success: true,
        statusCode: 200,
        sizeBytes: body.byteLength,
        contentType: 'text/plain',
        parts: [{ part: ContentPart.CONTENT_PART_BODY, chunks: 1, bytes: body.byteLength }],
        ...extra,
      },
    },
  ];
}
