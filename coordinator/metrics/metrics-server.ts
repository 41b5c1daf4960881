// /metrics on a listen address of its own (--metrics-listen), for a scraper inside a private
// network: no key needed there, and the API port then has no /metrics at all.

import { createServer, type Server } from 'node:http';
import { listenOn } from '../../common/listen.js';
import type { CoordinatorMetrics } from './coordinator-metrics.js';

export interface MetricsServer {
  /** http://host:port of the listener (the port is known once listening, also for port 0). */
  url: string;
  close(): Promise<void>;
}

/** Splits `host:port` (`[::1]:9464` for IPv6); null when it is not one. */
export function parseListen(value: string): { host: string; port: number } | null {
  const m = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(value);
  const port = Number(m?.[3]);
  const host = m?.[1] ?? m?.[2];
  if (!m || !host || !Number.isInteger(port) || port > 65_535) return null;
  return { host, port };
}

export async function startMetricsServer(
  metrics: CoordinatorMetrics,
  listen: { host: string; port: number },
): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metrics.scrape().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n'),
    );
  });
  const addr = await listenOn(server, listen.port, listen.host);
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${host}:${addr.port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
