// A hostile hop between an honest agent and its coordinator: it passes the device's link through,
// frame for frame, but rewrites the content of every result on the way (ResultChunk data and the
// final frame's inline parts alike), keeping each part's size so the frames still add up. The
// device runs honest software; what the coordinator receives from it is altered. It can instead
// (or as well) rewrite proxy stream bytes both ways (`rewriteStream`: a device that rewrites the
// plain HTTP it carries), and it counts the streams the coordinator opens through it, by key id.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import {
  AGENT_LINK_PATH,
  decodeAgentFrame,
  decodeCoordinatorFrame,
  encodeAgentFrame,
  encodeCoordinatorFrame,
  encodeFrameBatch,
  MAX_BATCH_FRAMES,
  splitFrameBatch,
} from '../../proto/index.js';

export interface TamperingLinkProxy {
  /** The base URL an agent takes as its coordinator. */
  url: string;
  /** Parts rewritten so far, by how they travelled; proxy stream frames altered. */
  readonly tampered: { chunks: number; inline: number; streamFrames: number };
  /** The key id of each stream the coordinator opened through the device, in order. */
  readonly opens: string[];
  close(): Promise<void>;
}

/** ROT13 of the ASCII letters, in a copy: same length, different words (and canary answers). */
export function rot13(data: Uint8Array): Uint8Array {
  const out = Uint8Array.from(data);
  for (let i = 0; i < out.length; i++) {
    const c = out[i] as number;
    if (c >= 0x41 && c <= 0x5a) out[i] = ((c - 0x41 + 13) % 26) + 0x41;
    else if (c >= 0x61 && c <= 0x7a) out[i] = ((c - 0x61 + 13) % 26) + 0x61;
  }
  return out;
}

export interface TamperOptions {
  /**
   * Proxy streams whose data is altered too: called with the stream id and the stream's bytes
   * before this frame; true flips one byte in the frame (same length). Default: none.
   */
  tamperStream?: (streamId: number, offset: number) => boolean;
  /** Whether result content is rewritten (ROT13, above). Default true. */
  rewriteResults?: boolean;
  /**
   * Rewrites proxy stream data as it passes, keeping its length (the link's credit counts bytes):
   * `up` from the coordinator to the device (the client's bytes toward the target), `down` back.
   * Data returned unchanged (the same array) passes as it came. Default none.
   */
  rewriteStream?: (direction: 'up' | 'down', streamId: number, data: Uint8Array) => Uint8Array;
}

export async function startTamperingLinkProxy(
  upstream: string,
  options: TamperOptions = {},
): Promise<TamperingLinkProxy> {
  const tampered = { chunks: 0, inline: 0, streamFrames: 0 };
  const opens: string[] = [];
  const rewriteResults = options.rewriteResults ?? true;
  const rewrite = options.rewriteStream;
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: AGENT_LINK_PATH });
  wss.on('connection', (down, req) => {
    const up = new WebSocket(`${upstream.replace(/^http/, 'ws')}${AGENT_LINK_PATH}`, {
      headers: { authorization: req.headers.authorization ?? '' },
    });
    const held: Buffer[] = [];
    const streamBytes = new Map<number, number>();
    down.on('error', () => undefined);
    up.on('error', () => undefined);
    /** One agent frame, altered as asked, encoded again. */
    const tamper = (bytes: Uint8Array): Uint8Array => {
      const frame = decodeAgentFrame(bytes, 64 * 1024 * 1024);
      if (frame.streamData?.data?.length && rewrite) {
        const sd = frame.streamData;
        const data = rewrite('down', sd.streamId ?? 0, sd.data as Uint8Array);
        if (data !== sd.data) {
          sd.data = data;
          tampered.streamFrames++;
        }
      }
      if (!rewriteResults) return encodeAgentFrame(frame);
      if (frame.chunk?.data?.length) {
        frame.chunk.data = rot13(frame.chunk.data);
        tampered.chunks++;
      }
      for (const part of frame.result?.parts ?? []) {
        if (part.inlineData?.length) {
          part.inlineData = rot13(part.inlineData);
          tampered.inline++;
        }
      }
      const sd = frame.streamData;
      if (sd?.data?.length && options.tamperStream) {
        const id = sd.streamId ?? 0;
        const offset = streamBytes.get(id) ?? 0;
        streamBytes.set(id, offset + sd.data.length);
        if (options.tamperStream(id, offset)) {
          const data = Uint8Array.from(sd.data);
          const at = Math.floor(data.length / 2);
          data[at] = (data[at] ?? 0) ^ 0xff;
          sd.data = data;
          tampered.streamFrames++;
        }
      }
      return encodeAgentFrame(frame);
    };
    down.on('message', (data: Buffer) => {
      // A batch of frames (agents that link with batches) is altered frame by frame.
      const batch = splitFrameBatch(data, 64 * 1024 * 1024, MAX_BATCH_FRAMES);
      const out = Buffer.from(batch ? encodeFrameBatch(batch.map(tamper)) : tamper(data));
      if (up.readyState === WebSocket.OPEN) up.send(out);
      else held.push(out);
    });
    up.on('open', () => {
      for (const f of held.splice(0)) up.send(f);
    });
    /** One coordinator frame: stream opens counted, stream data rewritten as asked. */
    const fromCoordinator = (bytes: Uint8Array): Uint8Array => {
      const frame = decodeCoordinatorFrame(bytes, 64 * 1024 * 1024);
      if (frame.streamOpen) opens.push(frame.streamOpen.keyId ?? '');
      const sd = frame.streamData;
      if (!sd?.data?.length || !rewrite) return bytes;
      const data = rewrite('up', sd.streamId ?? 0, sd.data);
      if (data === sd.data) return bytes;
      sd.data = data;
      tampered.streamFrames++;
      return encodeCoordinatorFrame(frame);
    };
    up.on('message', (data: Buffer) => {
      const batch = splitFrameBatch(data, 64 * 1024 * 1024, MAX_BATCH_FRAMES);
      const out = batch ? Buffer.from(encodeFrameBatch(batch.map(fromCoordinator))) : fromCoordinator(data);
      if (down.readyState === WebSocket.OPEN) down.send(out);
    });
    // A close on either side closes the other with the same code (4xxx codes carry meaning).
    const relay = (to: WebSocket) => (code: number) => {
      if (to.readyState === WebSocket.OPEN || to.readyState === WebSocket.CONNECTING) {
        to.close(code >= 3000 && code < 5000 ? code : 1000);
      }
    };
    up.on('close', relay(down));
    down.on('close', relay(up));
  });
  await once(wss, 'listening');
  const { port } = wss.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tampered,
    opens,
    async close() {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
