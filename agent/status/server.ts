// The loopback status port: GET /status (JSON), /metrics (Prometheus), /healthz. node:http is
// enough for three read-only routes and keeps the agent free of a server framework.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { hostUrl, isLoopbackHost } from './address.js';
import { StatusError } from './errors.js';
import { METRICS_CONTENT_TYPE, renderMetrics } from './metrics.js';
import type { StatusSource } from './types.js';

export interface StatusServerOptions {
  host: string;
  /** 0 lets the OS choose (tests). */
  port: number;
  /** Allow a non-loopback host. Default false: the port shows job URLs and the device's identity. */
  force?: boolean;
  source: StatusSource;
  log?: Logger;
}

export interface StatusServer {
  /** e.g. `http://127.0.0.1:9477` */
  url: string;
  /** Stops listening and drops open connections. Safe to call twice. */
  close(): Promise<void>;
}

type Reply = { status: number; type: string; body: string };

const text = (status: number, body: string): Reply => ({
  status,
  type: 'text/plain; charset=utf-8',
  body: `${body}\n`,
});

async function route(path: string, source: StatusSource): Promise<Reply> {
  switch (path) {
    case '/status':
      return { status: 200, type: 'application/json', body: `${JSON.stringify(await source.snapshot())}\n` };
    case '/metrics':
      return { status: 200, type: METRICS_CONTENT_TYPE, body: renderMetrics(await source.snapshot()) };
    case '/healthz':
      return source.healthy() ? text(200, 'ok') : text(503, 'unhealthy');
    default:
      return text(404, 'not found: try /status, /metrics or /healthz');
  }
}

/** Starts the status port. Rejects with StatusError STATUS_ADDR_NOT_LOOPBACK for a public host. */
export async function startStatusServer(options: StatusServerOptions): Promise<StatusServer> {
  const { host, port, source, log } = options;
  if (!isLoopbackHost(host) && !options.force) {
    throw new StatusError(
      'STATUS_ADDR_NOT_LOOPBACK',
      `status port refuses to listen on ${host}: it shows job URLs and device identity, so it binds loopback only (set force to override)`,
    );
  }
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://status').pathname;
    const respond = (reply: Reply) => {
      res.writeHead(reply.status, { 'content-type': reply.type, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : reply.body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      respond(text(405, 'method not allowed'));
      return;
    }
    route(path, source).then(respond, (err: unknown) => {
      // A source that cannot answer means the agent is not healthy, whichever route asked.
      log?.error({ err, path }, 'status source failed');
      respond(text(503, 'unhealthy: status source failed'));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log?.error({ err }, 'status server error'));
  const bound = server.address() as AddressInfo;
  const url = hostUrl(bound.address, bound.port);
  log?.info({ url }, 'status port listening');
  let closing: Promise<void> | undefined;
  return {
    url,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
