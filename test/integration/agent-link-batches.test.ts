// The agent's side of link batches, against a coordinator written here (a real WebSocket server on
// port 0): it batches a turn's frames only for a coordinator whose Welcome offers batches, sends an
// older one every frame alone, and refuses a batch it did not ask for (close 4400).
import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import pino from 'pino';
import { type WebSocket, WebSocketServer } from 'ws';
import { LinkClient } from '../../agent/link/client.js';
import {
  AGENT_LINK_PATH,
  type AgentFrame,
  CloseCode,
  type CoordinatorFrame,
  decodeAgentFrame,
  encodeCoordinatorFrame,
  encodeFrameBatch,
  MAX_BATCH_FRAMES,
  splitFrameBatch,
} from '../../proto/index.js';

const MAX = 2 * 1024 * 1024;

/** One agent link as the fake coordinator sees it: messages, the frames in them, the close code. */
interface Peer {
  ws: WebSocket;
  hello: AgentFrame['hello'];
  messages: number;
  frames: AgentFrame[];
  closed: Promise<number>;
  /** Emits 'frame' for each frame after the hello. */
  events: EventEmitter;
  /** Resolves once `n` frames (after the hello) have arrived. */
  frameCount(n: number): Promise<void>;
}

let server: Server;
let wss: WebSocketServer;
let url: string;
let welcomeBatches = true;
const peers: Peer[] = [];
const waiting: Array<(p: Peer) => void> = [];

before(async () => {
  server = createServer();
  wss = new WebSocketServer({ server, path: AGENT_LINK_PATH });
  wss.on('connection', (ws) => {
    const peer: Peer = {
      ws,
      hello: null,
      messages: 0,
      frames: [],
      closed: once(ws, 'close').then(([code]) => code as number),
      events: new EventEmitter(),
      frameCount: async (n) => {
        while (peer.frames.length < n) await once(peer.events, 'frame');
      },
    };
    ws.on('message', (data: Buffer) => {
      const batch = splitFrameBatch(data, MAX, MAX_BATCH_FRAMES);
      for (const bytes of batch ?? [data]) {
        const f = decodeAgentFrame(bytes, MAX);
        if (f.body === 'hello') {
          peer.hello = f.hello;
          const welcome: CoordinatorFrame['welcome'] = {
            coordinatorId: 'fake',
            heartbeatIntervalMs: 60_000,
            maxFrameBytes: MAX,
            maxChunkBytes: 256 * 1024,
            serverTimeMs: Date.now(),
            batchFrames: welcomeBatches,
          };
          ws.send(encodeCoordinatorFrame({ welcome }));
          const w = waiting.shift();
          if (w) w(peer);
          else peers.push(peer);
          continue;
        }
        peer.frames.push(f);
        peer.events.emit('frame');
      }
      peer.messages++;
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  wss.close();
  server.close();
});

function nextPeer(): Promise<Peer> {
  const p = peers.shift();
  return p ? Promise.resolve(p) : new Promise((resolve) => waiting.push(resolve));
}

async function connect(
  batchFrames?: boolean,
): Promise<{ link: LinkClient; peer: Peer; connected: Promise<void> }> {
  let onConnected: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => {
    onConnected = resolve;
  });
  const link = new LinkClient(
    {
      coordinators: [url],
      token: 't',
      minBackoffMs: 60_000,
      maxBackoffMs: 60_000,
      log: pino({ level: 'silent' }),
      ...(batchFrames === undefined ? {} : { batchFrames }),
    },
    {
      hello: () => ({ protocolVersion: 1, deviceId: 'fake-dev' }),
      onConnected: () => onConnected(),
      onFrame: () => undefined,
      onDisconnected: () => undefined,
      onState: () => undefined,
    },
  );
  link.start();
  const peer = await nextPeer();
  await connected;
  return { link, peer, connected };
}

/** Frames of one turn: 20 accepts. */
function sendTurn(link: LinkClient): void {
  for (let i = 0; i < 20; i++) assert.ok(link.send({ accept: { jobId: `job-${i}`, attempt: 1 } }));
}

test('the agent batches a turn’s frames for a coordinator that offers batches, in order', async () => {
  welcomeBatches = true;
  const { link, peer } = await connect();
  assert.equal(peer.hello?.batchFrames, true, 'the hello says it reads batches');
  await peer.frameCount(1); // the agent's first ping
  const before = peer.messages;
  const frames = peer.frames.length;
  sendTurn(link);
  await peer.frameCount(frames + 20);
  assert.equal(peer.messages - before, 1, '20 frames of one turn in one message');
  assert.deepEqual(
    peer.frames.slice(frames).map((f) => f.accept?.jobId),
    Array.from({ length: 20 }, (_, i) => `job-${i}`),
  );
  await link.close();
});

test('a new agent sends a coordinator that does not offer batches every frame alone', async () => {
  welcomeBatches = false;
  const { link, peer } = await connect();
  await peer.frameCount(1);
  const before = peer.messages;
  const frames = peer.frames.length;
  sendTurn(link);
  await peer.frameCount(frames + 20);
  assert.equal(peer.messages - before, 20);
  await link.close();
});

test('the agent refuses a batch it did not ask for, and takes one it did', async () => {
  welcomeBatches = true;
  const batch = encodeFrameBatch([
    encodeCoordinatorFrame({ ping: { nonce: 1 } }),
    encodeCoordinatorFrame({ ping: { nonce: 2 } }),
  ]);
  // An agent with batches off (as one from before them): a batch is a frame it does not know.
  const old = await connect(false);
  assert.equal(old.peer.hello?.batchFrames ?? false, false);
  old.peer.ws.send(batch);
  assert.equal(await old.peer.closed, CloseCode.BadFrame);
  await old.link.close();

  const fresh = await connect();
  await fresh.peer.frameCount(1); // the agent's first ping
  const frames = fresh.peer.frames.length;
  fresh.peer.ws.send(batch);
  // Both pings answered, in order, the link still open.
  await fresh.peer.frameCount(frames + 2);
  assert.deepEqual(
    fresh.peer.frames.slice(frames).map((f) => [f.body, Number(f.pong?.nonce)]),
    [
      ['pong', 1],
      ['pong', 2],
    ],
  );
  // A batch inside a batch is refused.
  fresh.peer.ws.send(encodeFrameBatch([batch]));
  assert.equal(await fresh.peer.closed, CloseCode.BadFrame);
  await fresh.link.close();
});
