// Simulated agents for the fleet bench (scripts/bench/fleet.ts): many agents in one process, each
// its own WebSocket speaking the real link protocol (hello, welcome, assign, accept, result, ack,
// ping/pong). A job "runs" for a fixed time and reports a small successful result. Started by
// fleet.ts with fork(); talks to it over IPC. Agents arrive in batches ('connect'), so one run can
// grow the fleet step by step; each agent may bind its own loopback source address, since one
// source address has only about 28,000 ephemeral ports towards one coordinator port.
import WebSocket from 'ws';
import { FrameBatcher } from '../../common/frame-batcher.js';
import {
  AGENT_LINK_PATH,
  type AgentFrameInit,
  type CoordinatorFrame,
  DEFAULT_MAX_FRAME_BYTES,
  decodeCoordinatorFrame,
  encodeAgentFrame,
  MAX_BATCH_FRAMES,
  PROTOCOL_VERSION,
  splitFrameBatch,
} from '../../proto/index.js';

export interface SimAgentSpec {
  id: string;
  token: string;
  country: string;
  deviceType: string;
  /** Loopback source address for the link (127.0.0.x); default the system's choice. */
  localAddress?: string;
}

export type ToAgents =
  | {
      type: 'start';
      url: string;
      jobMs: number;
      /** Upgrades in flight at once from this process (the coordinator caps unauthenticated ones). */
      concurrency: number;
      /** Whether the agents read and send link batches (Hello.batch_frames). */
      linkBatches: boolean;
    }
  /** More agents to connect; `connected` then counts all agents of this process. */
  | { type: 'connect'; agents: SimAgentSpec[] }
  | { type: 'stop' };

export type FromAgents =
  | { type: 'connected'; count: number; failedAttempts: number }
  | { type: 'assigned'; items: Array<[jobId: string, atMs: number]> }
  | { type: 'stats'; completed: number; disconnects: number };

const send = (m: FromAgents): void => {
  process.send?.(m);
};
const nowMs = (): number => performance.timeOrigin + performance.now();

let completed = 0;
let disconnects = 0;
let failedAttempts = 0;
const assigned: Array<[string, number]> = [];
const sockets = new Set<WebSocket>();

function connect(url: string, spec: SimAgentSpec, jobMs: number): Promise<void> {
  return new Promise((resolve) => {
    let backoffMs = 50;
    const attempt = (): void => {
      const ws = new WebSocket(url, {
        headers: { authorization: `Bearer ${spec.token}` },
        perMessageDeflate: false,
        ...(spec.localAddress ? { localAddress: spec.localAddress } : {}),
      });
      let welcomed = false;
      let batcher: FrameBatcher | null = null;
      const link = {
        writeFrame: (bytes: Uint8Array): void => {
          if (ws.readyState === ws.OPEN) ws.send(bytes);
        },
      };
      const out = (frame: AgentFrameInit): void => {
        const bytes = encodeAgentFrame(frame);
        if (batcher) batcher.send(bytes);
        else link.writeFrame(bytes);
      };
      ws.on('open', () =>
        out({
          hello: {
            protocolVersion: PROTOCOL_VERSION,
            deviceId: spec.id,
            agentVersion: 'bench',
            capabilities: { methods: ['GET', 'CRAWL_FULL_PAGE'], maxConcurrent: 4, maxBodyBytes: 1_048_576 },
            location: { country: spec.country, region: '', city: '' },
            deviceType: spec.deviceType,
            networkType: 'wifi',
            running: [],
            draining: false,
            batchFrames: linkBatches,
          },
        }),
      );
      ws.on('message', (data: Buffer) => {
        const batch = splitFrameBatch(data, DEFAULT_MAX_FRAME_BYTES, MAX_BATCH_FRAMES);
        if (!batch) onFrame(decodeCoordinatorFrame(data, DEFAULT_MAX_FRAME_BYTES));
        else for (const bytes of batch) onFrame(decodeCoordinatorFrame(bytes, DEFAULT_MAX_FRAME_BYTES));
      });
      const onFrame = (f: CoordinatorFrame): void => {
        if (f.body === 'welcome') {
          welcomed = true;
          if (linkBatches && f.welcome?.batchFrames) {
            batcher = new FrameBatcher(link, Number(f.welcome.maxFrameBytes) || DEFAULT_MAX_FRAME_BYTES);
          }
          sockets.add(ws);
          resolve();
        } else if (f.body === 'assign' && f.assign) {
          const jobId = f.assign.jobId ?? '';
          const attemptNo = f.assign.attempt ?? 0;
          assigned.push([jobId, nowMs()]);
          out({ accept: { jobId, attempt: attemptNo } });
          const started = Date.now();
          setTimeout(() => {
            out({
              result: {
                jobId,
                attempt: attemptNo,
                success: true,
                statusCode: 200,
                timeUs: jobMs * 1000,
                sizeBytes: 1234,
                startedAtMs: started,
                finalUrl: f.assign?.request?.url ?? '',
                contentType: 'text/html',
              },
            });
            completed++;
          }, jobMs);
        } else if (f.body === 'ping') {
          out({ pong: { nonce: f.ping?.nonce ?? 0 } });
        }
      };
      ws.on('error', () => undefined);
      ws.on('close', () => {
        sockets.delete(ws);
        if (welcomed) {
          disconnects++;
          return;
        }
        // Refused (503 while the coordinator checks other upgrades) or dropped: try again.
        failedAttempts++;
        setTimeout(attempt, backoffMs);
        backoffMs = Math.min(2_000, backoffMs * 2);
      });
    };
    attempt();
  });
}

let url = '';
let jobMs = 100;
let linkBatches = true;
let concurrency = 8;
let connected = 0;
const pending: SimAgentSpec[] = [];
let workers = 0;

async function worker(): Promise<void> {
  workers++;
  try {
    for (let spec = pending.shift(); spec; spec = pending.shift()) {
      await connect(url, spec, jobMs);
      connected++;
      if (connected % 500 === 0 || pending.length === 0)
        send({ type: 'connected', count: connected, failedAttempts });
    }
  } finally {
    workers--;
  }
}

process.on('message', (msg: ToAgents) => {
  if (msg.type === 'stop') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
  if (msg.type === 'start') {
    url = `${msg.url.replace(/^http/, 'ws')}${AGENT_LINK_PATH}`;
    jobMs = msg.jobMs;
    linkBatches = msg.linkBatches;
    concurrency = msg.concurrency;
    setInterval(() => {
      if (assigned.length > 0) send({ type: 'assigned', items: assigned.splice(0) });
      send({ type: 'stats', completed, disconnects });
    }, 100);
    return;
  }
  pending.push(...msg.agents);
  if (msg.agents.length === 0) send({ type: 'connected', count: connected, failedAttempts });
  for (let i = workers; i < concurrency; i++) void worker();
});
