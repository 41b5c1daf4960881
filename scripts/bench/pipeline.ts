// Pipeline bench: N jobs through submit → coordinator → agent (a separate process) → completed,
// against a local target, beside a direct undici fetch of the same target at the same concurrency,
// in the same run. Prints jobs/s, p50/p99 submit-to-completed latency and the ratios.
//   npx tsx scripts/bench/pipeline.ts [--jobs 2000] [--concurrency 32] [--store sqlite|postgres://…]
//                                     [--coordinators 1|2] [--agents 1]
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Agent, request } from 'undici';
import { parseFlags } from '../../coordinator/config.js';
import type { StoreEvent } from '../../coordinator/store/types.js';
import {
  spawnAgent,
  startTestCoordinator,
  type TestCoordinator,
  tempDir,
} from '../../test/helpers/cluster.js';
import { startTargetServer } from '../../test/helpers/target-server.js';

const flags = parseFlags(process.argv.slice(2));
const JOBS = Number(flags.jobs ?? 2000);
const CONCURRENCY = Number(flags.concurrency ?? 32);
const COORDINATORS = Number(flags.coordinators ?? 1);
const AGENTS = Number(flags.agents ?? 1);
const storeSpec = flags.store ?? 'sqlite';

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function runPool(n: number, concurrency: number, one: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await one(next++);
    }),
  );
  return performance.now() - start;
}

const target = await startTargetServer();
const targetUrl = `${target.httpUrl}/echo`;

// Baseline: the same target, fetched directly with undici at the same concurrency.
await runPool(200, CONCURRENCY, async () => {
  await (await request(targetUrl)).body.text();
});
const directLat: number[] = [];
const directMs = await runPool(JOBS, CONCURRENCY, async () => {
  const t = performance.now();
  await (await request(targetUrl)).body.text();
  directLat.push(performance.now() - t);
});

// A second baseline doing what a crawl does: a fresh connection per request (no keep-alive reuse).
const freshLat: number[] = [];
const freshMs = await runPool(JOBS, CONCURRENCY, async () => {
  const t = performance.now();
  const dispatcher = new Agent({ pipelining: 0 });
  await (await request(targetUrl, { dispatcher })).body.text();
  await dispatcher.destroy();
  freshLat.push(performance.now() - t);
});

// The pipeline.
const dataDir = tempDir('bench');
const postgres = storeSpec.startsWith('postgres');
const storeFlags = postgres ? ['--store', storeSpec] : [];
const coords: TestCoordinator[] = [];
coords.push(await startTestCoordinator({ dataDir, flags: [...storeFlags, '--log-level', 'warn'] }));
for (let i = 1; i < COORDINATORS; i++) {
  if (!postgres) throw new Error('two coordinators need a shared store: --store postgres://…');
  coords.push(
    await startTestCoordinator({
      dataDir: tempDir('bench2'),
      apiKey: coords[0]?.apiKey,
      flags: [...storeFlags],
    }),
  );
}
const first = coords[0] as TestCoordinator;
const waiters = new Map<string, () => void>();
const early = new Set<string>();
await first.coordinator.store.subscribe((e: StoreEvent) => {
  if (e.type !== 'job_terminal') return;
  const w = waiters.get(e.jobId);
  if (w) w();
  else early.add(e.jobId);
});
const agents = [];
for (let i = 0; i < AGENTS; i++) {
  const id = `bench-${randomUUID().slice(0, 8)}`;
  const a = spawnAgent({
    deviceId: id,
    token: await first.newDevice(id),
    coordinators: coords.map((c) => c.url),
    maxConcurrent: CONCURRENCY,
    logLevel: 'info',
    nodeArgs: flags['agent-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${flags['agent-prof']}`] : [],
  });
  await a.waitForLog((l) => l.msg === 'linked to coordinator');
  agents.push(a);
}
const auth = { authorization: `Bearer ${first.apiKey}`, 'content-type': 'application/json' };
async function submitAndWait(i: number): Promise<number> {
  const t = performance.now();
  const coord = coords[i % coords.length] as TestCoordinator;
  const res = await request(`${coord.url}/crawl/v1/new`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ url: targetUrl }),
  });
  const { job_id: id } = (await res.body.json()) as { job_id: string };
  if (!early.delete(id)) await new Promise<void>((resolve) => waiters.set(id, resolve));
  waiters.delete(id);
  return performance.now() - t;
}
await runPool(100, CONCURRENCY, async (i) => {
  await submitAndWait(i);
});
const pipeLat: number[] = [];
// CPU of this process (coordinator, bench client and target; the agent runs apart) per job.
const cpuBefore = process.cpuUsage();
const pipeMs = await runPool(JOBS, CONCURRENCY, async (i) => {
  pipeLat.push(await submitAndWait(i));
});

directLat.sort((a, b) => a - b);
freshLat.sort((a, b) => a - b);
pipeLat.sort((a, b) => a - b);
const cpu = process.cpuUsage(cpuBefore);
const cpuUsPerJob = (cpu.user + cpu.system) / JOBS;
const directRate = (JOBS / directMs) * 1000;
const freshRate = (JOBS / freshMs) * 1000;
const pipeRate = (JOBS / pipeMs) * 1000;
const row = (name: string, rate: number, lat: number[]) =>
  `${name.padEnd(22)} ${rate.toFixed(0).padStart(8)} jobs/s   p50 ${pct(lat, 50).toFixed(2).padStart(7)} ms   p99 ${pct(lat, 99).toFixed(2).padStart(7)} ms`;
process.stdout.write(
  [
    `pipeline bench: ${JOBS} jobs, concurrency ${CONCURRENCY}, store ${postgres ? 'postgres' : 'sqlite'}, ${COORDINATORS} coordinator(s), ${AGENTS} agent(s)`,
    row('direct undici fetch', directRate, directLat),
    row('direct, fresh conn.', freshRate, freshLat),
    row('submit→completed', pipeRate, pipeLat),
    `throughput ratio (pipeline/direct): ${(pipeRate / directRate).toFixed(3)}x   (target ≥ 0.3x)`,
    `throughput ratio (pipeline/direct, fresh connections): ${(pipeRate / freshRate).toFixed(3)}x`,
    `added p50 latency: ${(pct(pipeLat, 50) - pct(directLat, 50)).toFixed(2)} ms   (target ≤ 3 ms)`,
    `coordinator process CPU: ${cpuUsPerJob.toFixed(0)} µs per job (with the bench client and target)`,
    '',
  ].join('\n'),
);

for (const a of agents) {
  a.child.kill('SIGTERM');
  await a.exited;
  rmSync(a.stateDir, { recursive: true, force: true });
}
for (const c of coords) await c.stop();
await target.close();
if (!flags['keep']) rmSync(dataDir, { recursive: true, force: true });
else process.stdout.write(`data kept in ${dataDir}\n`);
process.stdout.write(
  `RESULT pipeline concurrency=${CONCURRENCY} jobs_per_s=${pipeRate.toFixed(0)} direct_keepalive_per_s=${directRate.toFixed(0)} ratio_keepalive=${(pipeRate / directRate).toFixed(3)} ratio_fresh=${(pipeRate / freshRate).toFixed(3)} added_p50_ms=${(pct(pipeLat, 50) - pct(directLat, 50)).toFixed(2)} cpu_us_per_job=${cpuUsPerJob.toFixed(0)}\n`,
);
process.exit(0);
