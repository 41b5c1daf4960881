// Tracing bench: the cost of OpenTelemetry traces on the job path. The same N jobs through submit →
// coordinator → agent (a separate process) → completed, with tracing off and on (both processes
// exporting to a local OTLP/HTTP sink), rounds alternating, in the same run. Prints jobs/s, p50
// latency and CPU per job of the coordinator process and of the agent process, and the ratios on/off.
//   npx tsx scripts/bench/tracing.ts [--jobs 1000] [--concurrency 16] [--rounds 2]
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { ConfigReader } from '../../common/config-reader.js';
import { openTracing } from '../../common/tracing/tracer.js';
import { readTracingConfig } from '../../common/tracing/tracing-config.js';
import { parseFlags } from '../../coordinator/config.js';
import { newJobRecord } from '../../coordinator/jobs/new-job.js';
import type { StoreEvent } from '../../coordinator/store/store-events.js';
import { JobTracing } from '../../coordinator/tracing/job-tracing.js';
import { spawnAgent, startTestCoordinator, tempDir } from '../../test/helpers/cluster.js';
import { startTargetServer } from '../../test/helpers/target-server.js';

const flags = parseFlags(process.argv.slice(2));
const JOBS = Number(flags.jobs ?? 1000);
const CONCURRENCY = Number(flags.concurrency ?? 16);
const ROUNDS = Number(flags.rounds ?? 2);

interface Phase {
  jobsPerS: number;
  p50Ms: number;
  coordCpuUsPerJob: number;
  agentCpuUsPerJob: number;
}

/** A collector that only counts what it is sent (parsing would bill this process for it). */
async function startSink(): Promise<{
  url: string;
  requests: number;
  bytes: number;
  close(): Promise<void>;
}> {
  const counts = { requests: 0, bytes: 0 };
  const server = http.createServer((req, res) => {
    counts.requests++;
    req.on('data', (c: Buffer) => {
      counts.bytes += c.byteLength;
    });
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return counts.requests;
    },
    get bytes() {
      return counts.bytes;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** User + system CPU of a process in µs, from /proc (Linux). */
function cpuOfPid(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / 100; // USER_HZ is 100 on Linux
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function runPool(n: number, concurrency: number, one: () => Promise<void>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < n) await one();
    }),
  );
  return performance.now() - start;
}

const target = await startTargetServer();
const sink = await startSink();
const targetUrl = `${target.httpUrl}/echo`;

async function phase(traced: boolean): Promise<Phase> {
  const tracing = traced ? ['--otlp-endpoint', sink.url] : [];
  const dataDir = tempDir('bench-tracing');
  const c = await startTestCoordinator({ dataDir, flags: ['--log-level', 'warn', ...tracing] });
  const waiters = new Map<string, () => void>();
  const early = new Set<string>();
  await c.coordinator.store.subscribe((e: StoreEvent) => {
    if (e.type !== 'job_terminal') return;
    const w = waiters.get(e.jobId);
    if (w) w();
    else early.add(e.jobId);
  });
  const id = `bench-${randomUUID().slice(0, 8)}`;
  const agent = spawnAgent({
    deviceId: id,
    token: await c.newDevice(id),
    coordinators: [c.url],
    maxConcurrent: CONCURRENCY,
    logLevel: 'info',
    extra: tracing,
  });
  await agent.waitForLog((l) => l.msg === 'linked to coordinator');
  const auth = { authorization: `Bearer ${c.apiKey}`, 'content-type': 'application/json' };
  const lat: number[] = [];
  const one = async () => {
    const t = performance.now();
    const res = await request(`${c.url}/crawl/v1/new`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ url: targetUrl }),
    });
    const { job_id: jobId } = (await res.body.json()) as { job_id: string };
    if (!early.delete(jobId)) await new Promise<void>((resolve) => waiters.set(jobId, resolve));
    waiters.delete(jobId);
    lat.push(performance.now() - t);
  };
  await runPool(100, CONCURRENCY, one);
  lat.length = 0;
  const pid = agent.child.pid as number;
  const agentBefore = cpuOfPid(pid);
  const cpuBefore = process.cpuUsage();
  const ms = await runPool(JOBS, CONCURRENCY, one);
  const cpu = process.cpuUsage(cpuBefore);
  const agentCpu = cpuOfPid(pid) - agentBefore;
  agent.child.kill('SIGTERM');
  await agent.exited;
  await c.stop();
  rmSync(agent.stateDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  lat.sort((a, b) => a - b);
  return {
    jobsPerS: (JOBS / ms) * 1000,
    p50Ms: pct(lat, 50),
    coordCpuUsPerJob: (cpu.user + cpu.system) / JOBS,
    agentCpuUsPerJob: agentCpu / JOBS,
  };
}

/**
 * The spans alone, in this process: a job's submit, dispatch and ingest spans (with the contexts
 * that travel) and their export to the sink, N times; CPU per job. Unlike the pipeline figures this
 * hardly moves with the machine's load.
 */
async function spansOnly(n: number): Promise<number> {
  const r = new ConfigReader(['--otlp-endpoint', sink.url], {}, { envPrefix: 'BENCH_' });
  const tracing = await openTracing(readTracingConfig(r, 'bench'), {
    attributes: {},
    log: { warn: () => undefined },
  });
  if (!tracing) throw new Error('tracing did not open');
  const jobs = new JobTracing(tracing);
  const input = {
    ownerId: 'o',
    url: targetUrl,
    method: 'GET',
    timeoutSec: 30,
    placement: {},
    sessionId: null,
    sweepId: null,
    storageType: 'local' as const,
    request: { headers: [], bodyBase64: '', cookies: [] },
  };
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const job = newJobRecord(input, Date.now());
    const submit = jobs.submit({ job, count: 1 }, undefined);
    job.traceParent = submit.wire.traceParent;
    submit.end();
    const dispatch = jobs.dispatch(job, 1, 'dev');
    dispatch.set('crawl.dispatch.outcome', 'claimed');
    void dispatch.wire;
    dispatch.end();
    const ingest = jobs.ingest(job, 1, 'dev');
    ingest.set('crawl.ingest.outcome', 'stored');
    ingest.end();
    // Let the batch processor's timer and exports run as they would between jobs.
    if (i % 256 === 255) await new Promise((r) => setImmediate(r));
  }
  await jobs.shutdown();
  const cpu = process.cpuUsage(before);
  return (cpu.user + cpu.system) / n;
}

const spanCpuUsPerJob = await spansOnly(Number(flags['span-jobs'] ?? 20_000));

const exportedBefore = sink.bytes;
const off: Phase[] = [];
const on: Phase[] = [];
for (let r = 0; r < ROUNDS; r++) {
  off.push(await phase(false));
  on.push(await phase(true));
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};
const m = (ps: Phase[], k: keyof Phase) => median(ps.map((p) => p[k]));
const row = (name: string, ps: Phase[]) =>
  `${name.padEnd(12)} ${m(ps, 'jobsPerS').toFixed(0).padStart(6)} jobs/s   p50 ${m(ps, 'p50Ms').toFixed(2).padStart(6)} ms   coordinator ${m(ps, 'coordCpuUsPerJob').toFixed(0).padStart(5)} µs/job   agent ${m(ps, 'agentCpuUsPerJob').toFixed(0).padStart(5)} µs/job`;
const ratio = (k: keyof Phase) => (m(on, k) / m(off, k)).toFixed(3);
process.stdout.write(
  [
    `tracing bench: ${JOBS} jobs × ${ROUNDS} rounds per setting, concurrency ${CONCURRENCY}, sqlite, medians`,
    row('tracing off', off),
    row('tracing on', on),
    `spans alone (submit + dispatch + ingest, exported): ${spanCpuUsPerJob.toFixed(1)} µs CPU per job`,
    `exported: ${((sink.bytes - exportedBefore) / 1024).toFixed(0)} KiB by the traced pipeline rounds (${((sink.bytes - exportedBefore) / ((JOBS + 100) * ROUNDS)).toFixed(0)} B per job)`,
    '',
  ].join('\n'),
);
await sink.close();
await target.close();
process.stdout.write(
  `RESULT tracing span_cpu_us_per_job=${spanCpuUsPerJob.toFixed(1)} jobs=${JOBS} rounds=${ROUNDS} off_jobs_per_s=${m(off, 'jobsPerS').toFixed(0)} on_jobs_per_s=${m(on, 'jobsPerS').toFixed(0)} ratio_throughput=${ratio('jobsPerS')} ratio_p50=${ratio('p50Ms')} off_coord_cpu_us_per_job=${m(off, 'coordCpuUsPerJob').toFixed(0)} on_coord_cpu_us_per_job=${m(on, 'coordCpuUsPerJob').toFixed(0)} ratio_coord_cpu=${ratio('coordCpuUsPerJob')} off_agent_cpu_us_per_job=${m(off, 'agentCpuUsPerJob').toFixed(0)} on_agent_cpu_us_per_job=${m(on, 'agentCpuUsPerJob').toFixed(0)} ratio_agent_cpu=${ratio('agentCpuUsPerJob')}\n`,
);
process.exit(0);
