// Pieces of the fleet and batch-status benches (not a bench of its own): the steady job stream over HTTP and reading a process's CPU and RSS.
import diagnostics from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { Agent, request } from 'undici';
import { createApiKey, createDevice } from '../../../coordinator/auth/admin-ops.js';
import { openStore } from '../../../coordinator/store/open.js';
import type { SimAgentSpec } from '../fleet-agents.js';

const nowMs = (): number => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** RSS and CPU (user + system, what process.cpuUsage counts) of a process, from /proc. */
export function procStatus(pid: number): { rssMiB: number; cpuSec: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  // utime and stime, in clock ticks (100 a second on Linux), are fields 14 and 15 of stat.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMiB: rssKb / 1024, cpuSec: ticks / 100 };
}

export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const addr = srv.address();
  await new Promise((r) => srv.close(r));
  return typeof addr === 'object' && addr ? addr.port : 0;
}

export async function waitHealthy(url: string, timeoutMs = 60_000): Promise<void> {
  const until = nowMs() + timeoutMs;
  for (;;) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (nowMs() > until) throw new Error(`coordinator not healthy within ${timeoutMs} ms`);
    await sleep(100);
  }
}

export interface StreamOptions {
  url: string;
  apiKey: string;
  rate: number;
  seconds: number;
  /** The connected agents: placements name their countries and types. */
  specs: SimAgentSpec[];
  /** The coordinator's pid, for its CPU. */
  pid: number;
  /** Job id → epoch ms the assign frame reached its agent, filled by the agent processes. */
  assignedAt: ReadonlyMap<string, number>;
  /** Waits for the stream's work to finish (results in) before the CPU is read. */
  settle: () => Promise<void>;
  /** Jobs per request through POST /crawl/v1/batch/new; 0 (default): one POST /crawl/v1/new each. */
  batch?: number;
}

export interface StreamOutcome {
  accepted: number;
  errors: number;
  unassigned: number;
  streamSec: number;
  /** From the first submit to the end of settle. */
  elapsedSec: number;
  cpuSec: number;
  peakRssMiB: number;
  /** Submit sent → assign at the agent, sorted. */
  latencyMs: number[];
  /** Job id → epoch ms its submit was sent, for the accepted jobs. */
  sentAt: ReadonlyMap<string, number>;
  /** Job id → epoch ms undici wrote the submit's headers to a connection (after any client queue). */
  writtenAt: ReadonlyMap<string, number>;
}

/** A mix of placements: 40% none, 30% a region, 20% a country, 10% a country and device type. */
function jobBody(i: number, specs: SimAgentSpec[]): string {
  const r = i % 10;
  const spec = specs[(i * 7919) % specs.length] as SimAgentSpec;
  const placement =
    r < 4
      ? {}
      : r < 7
        ? { region: ['NA', 'EU', 'APAC', 'LATAM', 'MEA'][i % 5] }
        : r < 9
          ? { country: spec.country }
          : { country: spec.country, device_type: spec.deviceType };
  return JSON.stringify({
    url: 'https://example.com/',
    method: i % 5 === 0 ? 'CRAWL_FULL_PAGE' : 'GET',
    placement,
  });
}

/** `rate` jobs a second for `seconds`, over 64 HTTP connections; then waits for assignments. */
export async function jobStream(o: StreamOptions): Promise<StreamOutcome> {
  const http = new Agent({ connections: 64, pipelining: 1 });
  const headers = { authorization: `Bearer ${o.apiKey}`, 'content-type': 'application/json' };
  const submittedAt = new Map<string, number>();
  // When a submit left the client: with all 64 connections busy, undici queues it first.
  const wroteBySeq = new Map<number, number>();
  const writtenAt = new Map<string, number>();
  const onSendHeaders = (m: unknown): void => {
    const seq = /x-bench-seq: (\d+)/i.exec((m as { headers?: string }).headers ?? '')?.[1];
    if (seq !== undefined) wroteBySeq.set(Number(seq), nowMs());
  };
  diagnostics.subscribe('undici:client:sendHeaders', onSendHeaders);
  let errors = 0;
  const submit = async (i: number): Promise<void> => {
    const t0 = nowMs();
    try {
      const res = await request(`${o.url}/crawl/v1/new`, {
        method: 'POST',
        headers: { ...headers, 'x-bench-seq': String(i) },
        body: jobBody(i, o.specs),
        dispatcher: http,
      });
      const body = (await res.body.json()) as { job_id?: string };
      if (res.statusCode !== 201 || !body.job_id) errors++;
      else {
        submittedAt.set(body.job_id, t0);
        const wrote = wroteBySeq.get(i);
        if (wrote !== undefined) writtenAt.set(body.job_id, wrote);
      }
    } catch {
      errors++;
    }
  };
  const batch = o.batch ?? 0;
  // The same jobs, `batch` to a request: request i carries jobs i*batch … i*batch+batch-1.
  const submitBatch = async (i: number): Promise<void> => {
    const t0 = nowMs();
    try {
      const jobs = Array.from(
        { length: batch },
        (_, k) => JSON.parse(jobBody(i * batch + k, o.specs)) as unknown,
      );
      const res = await request(`${o.url}/crawl/v1/batch/new`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ jobs }),
        dispatcher: http,
      });
      const body = (await res.body.json()) as { results?: Array<{ job?: { job_id: string } }> };
      if (res.statusCode !== 201 || !body.results) {
        errors += batch;
        return;
      }
      for (const r of body.results) {
        if (r.job) submittedAt.set(r.job.job_id, t0);
        else errors++;
      }
    } catch {
      errors += batch;
    }
  };
  const cpu0 = procStatus(o.pid).cpuSec;
  const start = nowMs();
  const inflight = new Set<Promise<void>>();
  const perRequest = batch > 0 ? batch : 1;
  const total = Math.max(1, Math.round((o.rate * o.seconds) / perRequest));
  const requestRate = o.rate / perRequest;
  let sent = 0;
  let peakRssMiB = 0;
  let lastSample = 0;
  while (sent < total) {
    // A batch stream's first request goes at once; the rest follow at the request rate.
    const due = Math.min(total, Math.floor(((nowMs() - start) / 1000) * requestRate) + (batch > 0 ? 1 : 0));
    while (sent < due) {
      const p = batch > 0 ? submitBatch(sent++) : submit(sent++);
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
    }
    if (nowMs() - lastSample > 500) {
      lastSample = nowMs();
      peakRssMiB = Math.max(peakRssMiB, procStatus(o.pid).rssMiB);
    }
    await sleep(2);
  }
  await Promise.all(inflight);
  diagnostics.unsubscribe('undici:client:sendHeaders', onSendHeaders);
  const streamSec = (nowMs() - start) / 1000;
  const waitUntil = nowMs() + 15_000;
  while ([...submittedAt.keys()].some((id) => !o.assignedAt.has(id)) && nowMs() < waitUntil) await sleep(50);
  await o.settle();
  const end = procStatus(o.pid);
  await http.close();
  const latencyMs: number[] = [];
  let unassigned = 0;
  for (const [id, t0] of submittedAt) {
    const at = o.assignedAt.get(id);
    if (at === undefined) unassigned++;
    else latencyMs.push(at - t0);
  }
  latencyMs.sort((a, b) => a - b);
  return {
    accepted: submittedAt.size,
    errors,
    unassigned,
    streamSec,
    elapsedSec: (nowMs() - start) / 1000,
    cpuSec: end.cpuSec - cpu0,
    peakRssMiB: Math.max(peakRssMiB, end.rssMiB),
    latencyMs,
    sentAt: submittedAt,
    writtenAt,
  };
}

/**
 * The bench's SQLite store in `dataDir`: an admin API key and `n` devices, and the simulated agents'
 * specs (countries in turn, 70% mobile, spread over `sources` loopback source addresses).
 */
export async function fleetFixtures(
  dataDir: string,
  n: number,
  countries: readonly string[],
  sources: number,
  /** The coordinators' store; default the SQLite file in dataDir. */
  storeSpec?: string,
): Promise<{ apiKey: string; specs: SimAgentSpec[] }> {
  const store = await openStore(storeSpec ?? `sqlite:${path.join(dataDir, 'crawl.db')}`);
  const { key: apiKey } = await createApiKey(store, { name: 'bench', admin: true });
  const specs: SimAgentSpec[] = [];
  for (let i = 0; i < n; i++) {
    const id = `sim-${String(i).padStart(6, '0')}`;
    const { token } = await createDevice(store, { id });
    specs.push({
      id,
      token,
      country: countries[i % countries.length] as string,
      deviceType: i % 10 < 7 ? 'mobile' : 'desktop',
      localAddress: `127.0.0.${2 + (i % sources)}`,
    });
  }
  await store.close();
  return { apiKey, specs };
}
