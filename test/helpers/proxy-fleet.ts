// A coordinator with its egress proxy on, real agents that consent (or not), the local HTTP(S)
// target, and a curl runner: the parts every proxy test starts from.
import { execFile } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { CrawlAgent } from '../../agent/runtime.js';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { ROOT, startTestAgent, startTestCoordinator, type TestCoordinator } from './cluster.js';
import { startTargetServer, type TargetServer } from './target-server.js';

export const CA_FILE = path.join(ROOT, 'test/fixtures/tls/cert.pem');

export interface ProxyFleet {
  coord: TestCoordinator;
  target: TargetServer;
  httpsPort: number;
  httpPort: number;
  /** host:port of the proxy listener. */
  proxyAddr: string;
  keyId: string;
  key: string;
  /** `KEY_ID` plus `-name-value` targeting. */
  user(targeting?: string): string;
  agents: Array<{ agent: CrawlAgent; deviceId: string }>;
  addAgent(o: {
    deviceId: string;
    country?: string;
    city?: string;
    consent?: boolean;
    extra?: string[];
    /** The coordinator URL the agent links to (a hop in between). Default the coordinator's. */
    via?: string;
  }): Promise<CrawlAgent>;
  stop(): Promise<void>;
}

export async function startProxyFleet(flags: string[] = []): Promise<ProxyFleet> {
  const target = await startTargetServer();
  const coord = await startTestCoordinator({ flags: ['--proxy-addr', '127.0.0.1:0', ...flags] });
  const { key, record } = await createApiKey(coord.coordinator.store, { name: 'proxy' });
  const httpsPort = Number(new URL(target.httpsUrl).port);
  const httpPort = Number(new URL(target.httpUrl).port);
  const agents: ProxyFleet['agents'] = [];
  const fleet: ProxyFleet = {
    coord,
    target,
    httpsPort,
    httpPort,
    proxyAddr: coord.coordinator.proxyAddr ?? '',
    keyId: record.id,
    key,
    user: (targeting = '') => `${record.id}${targeting ? `-${targeting}` : ''}`,
    agents,
    async addAgent(o) {
      const token = await coord.newDevice(o.deviceId);
      const { agent } = await startTestAgent({
        deviceId: o.deviceId,
        token,
        coordinators: [o.via ?? coord.url],
        country: o.country ?? 'DE',
        city: o.city ?? 'Berlin',
        extra: ['--proxy-ports', `${httpsPort},${httpPort}`, ...(o.extra ?? [])],
      });
      if (o.consent !== false) await agent.setProxy(true);
      agents.push({ agent, deviceId: o.deviceId });
      return agent;
    },
    async stop() {
      for (const a of agents) await a.agent.close();
      await coord.stop();
      await target.close();
    },
  };
  return fleet;
}

export interface CurlResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs curl with `args`; never rejects (the exit code is in the result). */
export function curl(args: string[]): Promise<CurlResult> {
  return new Promise((resolve) => {
    execFile('curl', ['--silent', '--show-error', '--max-time', '20', ...args], (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Resolves once `check` is true, re-checking on each turn of the timers (bounded). */
export async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The agent's URL log lines for proxy connections, once at least `n` are there (bounded wait). */
export async function proxyLog(
  agent: CrawlAgent,
  n = 1,
  timeoutMs = 5_000,
): Promise<Array<{ target: string; bytes: number; outcome: string; durationMs?: number; keyId?: string }>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const lines = (await agent.urlLog(1000)).filter((l) => l.method === 'CONNECT');
    if (lines.length >= n || Date.now() > end) return lines;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A raw TCP source: a connection's first line is a byte count, answered with that many bytes (one
 * shared block written again and again, with backpressure) and a FIN. Transport only: no TLS or HTTP.
 */
export async function startByteSource(): Promise<{ port: number; close(): Promise<void> }> {
  const block = Buffer.alloc(1024 * 1024, 0x61);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.setNoDelay(true);
    socket.once('data', (d: Buffer) => {
      let left = Number(d.toString('latin1').trim());
      const pump = () => {
        while (left > 0) {
          const n = Math.min(left, block.byteLength);
          left -= n;
          if (!socket.write(n === block.byteLength ? block : block.subarray(0, n))) {
            socket.once('drain', pump);
            return;
          }
        }
        socket.end();
      };
      pump();
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

/** A socket through the proxy's CONNECT to 127.0.0.1:port, paused, after the 200. */
export function connectThrough(proxyAddr: string, auth: string, port: number): Promise<net.Socket> {
  const [host, proxyPort] = proxyAddr.split(':');
  const header = `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nproxy-authorization: Basic ${Buffer.from(auth).toString('base64')}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const s = net.connect(Number(proxyPort), host, () => s.write(header));
    let head = Buffer.alloc(0);
    const onData = (d: Buffer) => {
      head = Buffer.concat([head, d]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      s.off('data', onData);
      s.pause();
      if (!head.subarray(0, 16).toString('latin1').includes(' 200')) {
        s.destroy();
        reject(new Error(`CONNECT refused: ${head.toString('latin1').split('\r\n')[0]}`));
        return;
      }
      const rest = head.subarray(end + 4);
      if (rest.byteLength > 0) s.unshift(rest);
      resolve(s);
    };
    s.on('data', onData);
    s.once('error', reject);
  });
}
