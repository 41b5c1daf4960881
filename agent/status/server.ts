// The loopback status port: GET /status (JSON), /metrics (Prometheus), /healthz, /log (the URL log),
// POST /pause and /resume (the owner's switch). node:http is enough for these few routes and keeps
// the agent free of a server framework. Only requests naming the port by a loopback Host are
// answered: a web page the device's owner visits could otherwise read job URLs (or pause the
// device) through DNS rebinding.

import http from 'node:http';
import type { Logger } from 'pino';
import { listenOn } from '../../common/listen.js';
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

const json = (status: number, value: unknown): Reply => ({
  status,
  type: 'application/json',
  body: `${JSON.stringify(value)}\n`,
});

const DEFAULT_LOG_LINES = 100;
const MAX_LOG_LINES = 10_000;

const CONTROL_PATHS = new Set(['/pause', '/resume', '/proxy/on', '/proxy/off']);

async function control(path: string, source: StatusSource): Promise<Reply> {
  if (path === '/proxy/on' || path === '/proxy/off') {
    if (!source.setProxy) return text(404, 'not found: this agent cannot be a proxy exit');
    await source.setProxy(path === '/proxy/on');
    return json(200, { proxy: path === '/proxy/on' });
  }
  if (!source.setPaused) return text(404, 'not found: this agent has no owner controls');
  await source.setPaused(path === '/pause');
  return json(200, { paused: path === '/pause' });
}

async function route(url: URL, source: StatusSource): Promise<Reply> {
  const path = url.pathname;
  switch (path) {
    case '/log': {
      if (!source.urlLog) return text(404, 'not found: this agent keeps no URL log');
      const raw = url.searchParams.get('limit');
      const limit = raw === null ? DEFAULT_LOG_LINES : Number(raw);
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LOG_LINES)
        return text(400, `limit: expected an integer from 1 to ${MAX_LOG_LINES}`);
      return json(200, { entries: await source.urlLog(limit) });
    }
    case '/status':
      return { status: 200, type: 'application/json', body: `${JSON.stringify(await source.snapshot())}\n` };
    case '/metrics':
      return { status: 200, type: METRICS_CONTENT_TYPE, body: renderMetrics(await source.snapshot()) };
    case '/healthz':
      return source.healthy() ? text(200, 'ok') : text(503, 'unhealthy');
    default:
      return text(404, 'not found: try /status, /metrics, /healthz or /log');
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
  let allowedHosts = new Set<string>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://status');
    const path = url.pathname;
    const respond = (reply: Reply) => {
      res.writeHead(reply.status, { 'content-type': reply.type, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : reply.body);
    };
    if (!allowedHosts.has((req.headers.host ?? '').toLowerCase())) {
      respond(text(421, 'misdirected request: address this port as 127.0.0.1, localhost or [::1]'));
      return;
    }
    if (CONTROL_PATHS.has(path)) {
      if (req.method !== 'POST') {
        res.setHeader('allow', 'POST');
        respond(text(405, 'method not allowed: POST to change the agent'));
        return;
      }
      // A page in the owner's browser may POST here cross-origin (a "simple" request needs no
      // preflight); browsers then send Origin, which no local client does.
      const origin = req.headers.origin;
      if (origin !== undefined && !allowedHosts.has(hostOfOrigin(origin))) {
        respond(text(403, 'forbidden: cross-origin requests may not change the agent'));
        return;
      }
      req.resume();
      control(path, source).then(respond, (err: unknown) => {
        log?.error({ err, path }, 'status control failed');
        respond(text(500, 'the change was not saved'));
      });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      respond(text(405, 'method not allowed'));
      return;
    }
    route(url, source).then(respond, (err: unknown) => {
      // A source that cannot answer means the agent is not healthy, whichever route asked.
      log?.error({ err, path }, 'status source failed');
      respond(text(503, 'unhealthy: status source failed'));
    });
  });
  const bound = await listenOn(server, port, host);
  server.on('error', (err) => log?.error({ err }, 'status server error'));
  const url = hostUrl(bound.address, bound.port);
  allowedHosts = allowedHostHeaders(host, bound.address, bound.port);
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

/**
 * Host header values this port answers: the loopback names with its port, and the address it was
 * configured with and bound to (another loopback address, or the one it was forced onto).
 */
export function allowedHostHeaders(configured: string, boundAddress: string, port: number): Set<string> {
  const hosts = ['127.0.0.1', 'localhost', '[::1]', configured, boundAddress];
  return new Set(
    hosts.map((h) => `${h.includes(':') && !h.startsWith('[') ? `[${h}]` : h}:${port}`.toLowerCase()),
  );
}

function hostOfOrigin(origin: string): string {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return '';
  }
}
