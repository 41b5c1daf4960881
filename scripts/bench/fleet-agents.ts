// Simulated agents for the fleet bench (scripts/bench/fleet.ts): many agents in one process, each
// its own WebSocket speaking the real link protocol (hello, welcome, assign, accept, result, ack,
// ping/pong). A job "runs" for a fixed time and reports a small successful result. Started by
// fleet.ts with fork(); talks to it over IPC.
import WebSocket from 'ws';
import {
  AGENT_LINK_PATH,
  type AgentFrameInit,
  DEFAULT_MAX_FRAME_BYTES,
  decodeCoordinatorFrame,
  encodeAgentFrame,
  PROTOCOL_VERSION,
} from '../../proto/index.js';

export interface SimAgentSpec {
  id: string;
  token: string;
  country: string;
  deviceType: string;
}

export type ToAgents = {
  type: 'start';
  url: string;
  agents: SimAgentSpec[];
  jobMs: number;
  /** Upgrades in flight at once from this process (the coordinator caps unauthenticated ones). */
  concurrency: number;
};

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
      });
      let welcomed = false;
      const out = (frame: AgentFrameInit): void => {
        if (ws.readyState === ws.OPEN) ws.send(encodeAgentFrame(frame));
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
          },
        }),
      );
      ws.on('message', (data: Buffer) => {
        const f = decodeCoordinatorFrame(data, DEFAULT_MAX_FRAME_BYTES);
        if (f.body === 'welcome') {
          welcomed = true;
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
      });
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

process.on('message', (msg: ToAgents | { type: 'stop' }) => {
  if (msg.type === 'stop') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
  if (msg.type !== 'start') return;
  const url = `${msg.url.replace(/^http/, 'ws')}${AGENT_LINK_PATH}`;
  setInterval(() => {
    if (assigned.length > 0) send({ type: 'assigned', items: assigned.splice(0) });
    send({ type: 'stats', completed, disconnects });
  }, 200);
  let next = 0;
  let connected = 0;
  const worker = async (): Promise<void> => {
    while (next < msg.agents.length) {
      const spec = msg.agents[next++] as SimAgentSpec;
      await connect(url, spec, msg.jobMs);
      connected++;
      if (connected % 500 === 0 || connected === msg.agents.length) {
        send({ type: 'connected', count: connected, failedAttempts });
      }
    }
  };
  for (let i = 0; i < msg.concurrency; i++) void worker();
});
