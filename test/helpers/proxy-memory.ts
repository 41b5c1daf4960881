// The slow-client memory scenario of the proxy (issue: 200 streams × 50 MiB through one agent, the
// clients reading slowly, coordinator and agent RSS growth under 64 MiB), shared by the test
// (test/integration/proxy-memory, a smaller body) and the bench (scripts/bench/proxy-memory.ts,
// the full body): every stream asks the byte source for its body, nobody reads during a stall (every
// buffer between the source and the clients fills), then each client takes what is there a few
// milliseconds after it became readable, until its body is whole. RSS is sampled throughout: this
// process's (coordinator, clients and source) and the agent process's.
import { readFileSync } from 'node:fs';
import type net from 'node:net';
import { connectThrough } from './proxy-fleet.js';

export interface SlowClientsOptions {
  /** host:port of the proxy listener. */
  proxyAddr: string;
  /** `username:password` for the proxy. */
  auth: string;
  /** The byte source's port (startByteSource). */
  sourcePort: number;
  agentPid: number;
  streams: number;
  bodyBytes: number;
  /** How long nobody reads, ms. */
  stallMs: number;
  /** How long a client waits after its socket became readable before it reads, ms. */
  readDelayMs: number;
  /** No client got a byte this long once reading began: every connection is cut (the run is stuck). */
  stuckMs?: number;
}

export interface SlowClientsRun {
  /** Peak RSS growth over the start, bytes. */
  coordGrowth: number;
  agentGrowth: number;
  /** Bytes each client read (every one equals bodyBytes when all went well). */
  got: number[];
  /** From the first CONNECT to the last body. */
  seconds: number;
  /** The longest a client went without a byte once reading began, ms (how fair the link was). */
  longestWaitMs: number;
}

export function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) * 1024;
}

/** Reads `s` slowly to its end; resolves with the bytes read and its longest wait for a byte. */
function readSlowly(
  s: net.Socket,
  delayMs: number,
  progress: () => void,
): Promise<{ bytes: number; longestWaitMs: number }> {
  return new Promise((resolve, reject) => {
    let n = 0;
    let scheduled = false;
    let last = Date.now();
    let longest = 0;
    const take = () => {
      scheduled = false;
      let chunk = s.read() as Buffer | null;
      if (chunk !== null) {
        progress();
        const now = Date.now();
        longest = Math.max(longest, now - last);
        last = now;
      }
      while (chunk !== null) {
        n += chunk.byteLength;
        chunk = s.read() as Buffer | null;
      }
    };
    s.on('readable', () => {
      if (scheduled) return;
      scheduled = true;
      setTimeout(take, delayMs);
    });
    const done = () => resolve({ bytes: n, longestWaitMs: Math.max(longest, Date.now() - last) });
    s.once('end', done);
    s.once('close', done);
    s.once('error', reject);
  });
}

export async function runSlowClients(o: SlowClientsOptions): Promise<SlowClientsRun> {
  global.gc?.();
  const base = { coord: process.memoryUsage().rss, agent: rssOf(o.agentPid) };
  const peak = { coord: 0, agent: 0 };
  const sample = () => {
    peak.coord = Math.max(peak.coord, process.memoryUsage().rss - base.coord);
    peak.agent = Math.max(peak.agent, rssOf(o.agentPid) - base.agent);
  };
  const sampler = setInterval(sample, 25);
  const t0 = Date.now();
  const sockets: net.Socket[] = [];
  try {
    for (let i = 0; i < o.streams; i++) {
      const s = await connectThrough(o.proxyAddr, o.auth, o.sourcePort);
      s.write(`${o.bodyBytes}\n`);
      sockets.push(s);
    }
    // Stalled: nobody reads; every buffer between the source and the clients fills.
    await new Promise((r) => setTimeout(r, o.stallMs));
    sample();
    let lastProgress = Date.now();
    const progress = () => {
      lastProgress = Date.now();
    };
    const watchdog = setInterval(() => {
      if (Date.now() - lastProgress < (o.stuckMs ?? 60_000)) return;
      clearInterval(watchdog);
      for (const s of sockets) s.destroy();
    }, 1_000);
    const reads = await Promise.all(sockets.map((s) => readSlowly(s, o.readDelayMs, progress))).finally(() =>
      clearInterval(watchdog),
    );
    sample();
    return {
      coordGrowth: peak.coord,
      agentGrowth: peak.agent,
      got: reads.map((r) => r.bytes),
      seconds: (Date.now() - t0) / 1000,
      longestWaitMs: Math.max(0, ...reads.map((r) => r.longestWaitMs)),
    };
  } finally {
    clearInterval(sampler);
    for (const s of sockets) s.destroy();
  }
}
