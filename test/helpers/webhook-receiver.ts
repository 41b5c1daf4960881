// A webhook receiver on port 0 whose behaviour a test switches: accept (200), refuse (drop the
// connection, as a receiver that is down), hang (never answer), huge (200 with a 10 MB body).
import { EventEmitter, once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceiverMode = 'accept' | 'refuse' | 'hang' | 'huge';

export interface Received {
  headers: Record<string, string>;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  mode: ReceiverMode;
  /** Deliveries answered 200, in arrival order. */
  received: Received[];
  /** Requests of any outcome. */
  attempts: number;
  /** Resolves once `count` deliveries were accepted, or rejects at the deadline. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  /** Resolves once `count` attempts of any outcome arrived. */
  waitAttempts(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const HUGE = Buffer.alloc(10 * 1024 * 1024, 0x61);

export async function startWebhookReceiver(mode: ReceiverMode = 'accept'): Promise<WebhookReceiver> {
  const events = new EventEmitter();
  const hanging = new Set<http.ServerResponse>();
  const receiver: WebhookReceiver = {
    url: '',
    mode,
    received: [],
    attempts: 0,
    async waitFor(count, timeoutMs = 20_000) {
      await until(() => receiver.received.length >= count, timeoutMs, `${count} deliveries`);
      return receiver.received;
    },
    async waitAttempts(count, timeoutMs = 20_000) {
      await until(() => receiver.attempts >= count, timeoutMs, `${count} attempts`);
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  const until = (done: () => boolean, timeoutMs: number, what: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `receiver: waited ${timeoutMs} ms for ${what}; got ${receiver.received.length} deliveries, ${receiver.attempts} attempts`,
          ),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        events.off('change', check);
      };
      events.on('change', check);
      check();
    });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      receiver.attempts++;
      const m = receiver.mode;
      if (m === 'refuse') {
        req.socket.destroy();
      } else if (m === 'hang') {
        hanging.add(res);
      } else {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
        receiver.received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
        if (m === 'huge') {
          res.writeHead(200, { 'content-type': 'text/plain', 'content-length': HUGE.length });
          res.end(HUGE);
        } else {
          res.writeHead(200).end('ok');
        }
      }
      events.emit('change');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}
