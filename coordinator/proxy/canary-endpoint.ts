// The proxy canaries' target (--proxy-canary-addr; docs/proxy.md, "Canary streams"): a small plain
// HTTP/1.1 server the coordinator runs itself, on raw TCP so that it answers the bytes exactly as
// they arrived (an HTTP framework parses a request and loses its exact bytes: header case, order,
// spacing). Each request is answered once (canary-wire.ts) and the connection closed. It answers
// anyone, as any public page does: the answer holds only what was sent and a payload bound to the
// nonce, and each connection is bounded in bytes, time and number.

import net from 'node:net';
import type { Logger } from 'pino';
import { listenOn } from '../../common/listen.js';
import { canaryResponse, MAX_BODY_BYTES, MAX_HEAD_BYTES, parseCanaryRequest } from './canary-wire.js';

/** A connection has this long to send its whole request. */
const REQUEST_MS = 15_000;
/** Connections open at once; more are closed at once. */
const MAX_CONNECTIONS = 1024;

const BAD_REQUEST =
  'HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nContent-Length: 12\r\nConnection: close\r\n\r\nbad request\n';

export class CanaryEndpoint {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  /** Requests answered, and connections closed without an answer (bad, slow or too many). */
  readonly counts = { answered: 0, refused: 0 };

  constructor(
    private readonly secret: string,
    private readonly log: Logger,
  ) {
    this.server = net.createServer({ allowHalfOpen: true }, (socket) => this.onSocket(socket));
  }

  async listen(host: string, port: number): Promise<{ host: string; port: number }> {
    const addr = await listenOn(this.server, port, host);
    return { host: addr.address, port: addr.port };
  }

  /** Stops listening and cuts open connections (safe twice, and before listen). */
  close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    if (!this.server.listening) return Promise.resolve();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private onSocket(socket: net.Socket): void {
    if (this.sockets.size >= MAX_CONNECTIONS) {
      this.counts.refused++;
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setTimeout(REQUEST_MS, () => {
      this.counts.refused++;
      socket.destroy();
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let answered = false;
    const refuse = (why: string) => {
      answered = true;
      this.counts.refused++;
      this.log.debug({ why, from: socket.remoteAddress }, 'proxy canary endpoint: request refused');
      socket.end(BAD_REQUEST);
    };
    socket.on('data', (chunk: Buffer) => {
      if (answered) return; // bytes past the request: not read
      chunks.push(chunk);
      size += chunk.byteLength;
      const received = chunks.length === 1 ? chunk : Buffer.concat(chunks, size);
      if (chunks.length > 1) chunks.splice(0, chunks.length, received);
      const parsed = parseCanaryRequest(received);
      if (!parsed.done) {
        if (size > MAX_HEAD_BYTES + MAX_BODY_BYTES) refuse('request too large');
        return;
      }
      if (!parsed.ok) {
        refuse(parsed.why);
        return;
      }
      answered = true;
      this.counts.answered++;
      socket.end(canaryResponse(this.secret, parsed.nonce, received.subarray(0, parsed.length)));
    });
    socket.once('end', () => {
      if (!answered) refuse('the request ended early');
    });
  }
}
