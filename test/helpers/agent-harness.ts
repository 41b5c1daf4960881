// An in-process agent against a FakeCoordinator, and a loopback target that counts its hits.
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { loadAgentConfig } from '../../agent/config.js';
import { buildExecutors } from '../../agent/executors/build.js';
import { CrawlAgent } from '../../agent/runtime.js';
import type { FakeCoordinator } from './fake-coordinator.js';

export interface CountingTarget {
  /** http://127.0.0.1:port */
  url: string;
  port: number;
  /** Hits per path. */
  hits: Map<string, number>;
  /** Requests to /slow wait here until released (or their socket closes). */
  releaseSlow(): void;
  /** Resolves when a /slow request arrives. */
  slowArrived(): Promise<void>;
  /** Resolves when a /slow request's connection closes before it was answered. */
  slowAborted(): Promise<void>;
  close(): Promise<void>;
}

export async function startCountingTarget(): Promise<CountingTarget> {
  const hits = new Map<string, number>();
  const slow: http.ServerResponse[] = [];
  const arrivals: Array<() => void> = [];
  const aborts: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://target');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    if (url.pathname === '/slow') {
      slow.push(res);
      res.on('close', () => {
        if (!res.writableEnded) for (const a of aborts.splice(0)) a();
      });
      for (const a of arrivals.splice(0)) a();
      return;
    }
    if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      return;
    }
    const size = Number(url.searchParams.get('bytes') ?? 5);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(size));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    releaseSlow: () => {
      for (const res of slow.splice(0)) res.writeHead(200).end('slow');
    },
    slowArrived: () => new Promise((r) => arrivals.push(r)),
    slowAborted: () => new Promise((r) => aborts.push(r)),
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

export function agentStateDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'agent-owner-'));
}

/** A real agent (HTTP + Solana executors, the owner's domain lists in its policy) linked to `fake`. */
export async function startLinkedAgent(
  fake: FakeCoordinator,
  flags: string[],
  stateDir = agentStateDir(),
  signal?: AbortSignal,
): Promise<{ agent: CrawlAgent; stateDir: string }> {
  const config = loadAgentConfig(
    [
      '--coordinators',
      fake.url,
      '--device-id',
      'owner-dev',
      '--token',
      'tok',
      '--state-dir',
      stateDir,
      '--allow-cidrs',
      '127.0.0.0/8,::1/128',
      '--browser',
      'none',
      '--status-addr',
      'off',
      '--reconnect-min-ms',
      '50',
      ...flags,
    ],
    {},
  );
  const log = pino({ level: 'silent' });
  const { executors } = await buildExecutors(config, log);
  const agent = new CrawlAgent({ config, executors, log, signal });
  await agent.start();
  await agent.whenConnected();
  return { agent, stateDir };
}
