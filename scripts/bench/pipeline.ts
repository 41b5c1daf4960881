// Pipeline bench: jobs through submit → coordinator → agent (a separate process) → completed,
// against a local target, beside a direct undici fetch of the same target at the same concurrency,
// measured in the same run, at each concurrency asked (default 32, then 1). Prints jobs/s, p50/p99
// submit-to-completed latency, the ratios and CPU per job, then one RESULT line per concurrency.
//   npx tsx scripts/bench/pipeline.ts [--jobs 2000] [--serial-jobs 500] [--concurrency 32,1]
//        [--store sqlite|postgres://…] [--coordinators 1|2] [--agents 1] [--prof DIR] [--agent-prof DIR]
//        [--batch 1000] [--batch-jobs 6000] [--batch-inflight 2] [--batch-warm 6000] [--target-process]
// --batch N adds a phase after the single-job ones: --batch-jobs jobs submitted N at a time
// (POST /crawl/v1/batch/new, --batch-inflight batches in flight) through the same agent slots (the
// highest concurrency), beside a direct keep-alive run of as many requests at that concurrency;
// it ends with a `RESULT pipeline_batch` line. Before it, --batch-warm jobs go the same way
// unmeasured, so that the figures are those of warm code: the batch path's functions are first
// compiled and optimized there (V8's compiler threads count in this process's CPU), which in a
// 6,000-job phase alone had cost ~100 µs a job more than in a 30,000-job one.
// --jobs is the job count at concurrency > 1, --serial-jobs at concurrency 1. --prof writes a CPU
// profile of this process (coordinator, client, target) for each measured pipeline phase.
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { Agent, request } from 'undici';
import { parseFlags } from '../../coordinator/config.js';
import { ResultIngest } from '../../coordinator/results/ingest.js';
import type { StoreEvent } from '../../coordinator/store/store-events.js';
import {
  spawnAgent,
  startTestCoordinator,
  type TestCoordinator,
  tempDir,
} from '../../test/helpers/cluster.js';
import { startTargetServer } from '../../test/helpers/target-server.js';
import { runPool as pool } from './lib/pool.js';
import { StageClock } from './lib/stage-clock.js';

const flags = parseFlags(process.argv.slice(2));
const JOBS = Number(flags.jobs ?? 2000);
const SERIAL_JOBS = Number(flags['serial-jobs'] ?? 500);
const LEVELS = String(flags.concurrency ?? '32,1')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const COORDINATORS = Number(flags.coordinators ?? 1);
const AGENTS = Number(flags.agents ?? 1);
const storeSpec = flags.store ?? 'sqlite';
const profDir = typeof flags.prof === 'string' ? flags.prof : null;
const BATCH = flags.batch === undefined ? 0 : Number(flags.batch);
const BATCH_JOBS = Number(flags['batch-jobs'] ?? 6000);
const BATCH_INFLIGHT = Number(flags['batch-inflight'] ?? 2);
const BATCH_WARM = Number(flags['batch-warm'] ?? 6000);
if (BATCH !== 0 && !(Number.isInteger(BATCH) && BATCH >= 1 && BATCH <= 1000)) {
  throw new Error('--batch must be an integer from 1 to 1000');
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Phase {
  rate: number;
  lat: number[];
  /** CPU of this process per unit (µs). */
  cpuUs: number;
}

/** `runPool` with this process's CPU per call. */
async function runPool(n: number, concurrency: number, one: (i: number) => Promise<void>): Promise<Phase> {
  const cpu0 = process.cpuUsage();
  const phase = await pool(n, concurrency, one);
  const cpu = process.cpuUsage(cpu0);
  return { ...phase, cpuUs: (cpu.user + cpu.system) / n };
}

// --target-process: the target in a process of its own (lib/target-process.ts), not sharing this
// process's event loop and CPU with the coordinator.
const targetChild = flags['target-process']
  ? fork(path.join(import.meta.dirname, 'lib/target-process.ts'), [], { execArgv: ['--import', 'tsx'] })
  : null;
async function outOfProcessTarget(child: ChildProcess): Promise<{ httpUrl: string; close(): Promise<void> }> {
  const [ready] = (await once(child, 'message')) as [{ httpUrl: string }];
  return {
    httpUrl: ready.httpUrl,
    close: async () => {
      child.disconnect();
      await once(child, 'exit');
    },
  };
}
const target = targetChild ? await outOfProcessTarget(targetChild) : await startTargetServer();
const targetUrl = `${target.httpUrl}/echo`;
const keepAlive = new Agent({ connections: Math.max(...LEVELS) });
const direct = async () => {
  await (await request(targetUrl, { dispatcher: keepAlive })).body.text();
};
// What a crawl without connection reuse does: a fresh connection per request.
const fresh = async () => {
  const dispatcher = new Agent({ pipelining: 0 });
  await (await request(targetUrl, { dispatcher })).body.text();
  await dispatcher.destroy();
};

// The coordinator(s), in this process, and the agent(s), each its own process.
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
// Where a job's time goes on the coordinator, stage by stage (p50 of each, printed per phase).
const stages = new StageClock();
stages.attach(first.coordinator.jobs, first.coordinator.store, ResultIngest.prototype);
const agents: ReturnType<typeof spawnAgent>[] = [];
for (let i = 0; i < AGENTS; i++) {
  const id = `bench-${randomUUID().slice(0, 8)}`;
  const a = spawnAgent({
    deviceId: id,
    token: await first.newDevice(id),
    coordinators: coords.map((c) => c.url),
    maxConcurrent: Math.max(...LEVELS),
    logLevel: 'info',
    nodeArgs: flags['agent-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${flags['agent-prof']}`] : [],
  });
  await a.waitForLog((l) => l.msg === 'linked to coordinator');
  agents.push(a);
}
/** Group commits of the SQLite job store so far (zeros on PostgreSQL). */
function commitStats(): { batches: number; writes: number } {
  const store: object = first.coordinator.store;
  return 'batch' in store
    ? { ...(store.batch as { stats: { batches: number; writes: number } }).stats }
    : { batches: 0, writes: 0 };
}
/** CPU time (µs) of the agent processes so far, from /proc (Linux; 0 elsewhere). */
function agentCpuUs(): number {
  let ticks = 0;
  for (const a of agents) {
    try {
      const fields = readFileSync(`/proc/${a.child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    } catch {
      return 0;
    }
  }
  return ticks * 10_000; // USER_HZ is 100 on Linux
}
/**
 * Write syscalls and bytes of this process so far, from /proc (Linux; zeros elsewhere): SQLite's
 * WAL frames (two writes a page) and socket writes, counted rather than timed, so they hold still
 * on a busy machine where CPU time moves by a quarter between runs.
 */
function processWrites(): { calls: number; bytes: number } {
  try {
    const fields = new Map(
      readFileSync('/proc/self/io', 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(': ') as [string, string]),
    );
    return { calls: Number(fields.get('syscw') ?? 0), bytes: Number(fields.get('wchar') ?? 0) };
  } catch {
    return { calls: 0, bytes: 0 };
  }
}
const auth = { authorization: `Bearer ${first.apiKey}`, 'content-type': 'application/json' };
const client = new Agent({ connections: Math.max(...LEVELS) });
/** Submit-to-answer latency of the measured pipeline phase (the 201 alone). */
let submitLat: number[] = [];
async function submitAndWait(i: number): Promise<void> {
  const t = performance.now();
  const coord = coords[i % coords.length] as TestCoordinator;
  const mark = stages.sent(t);
  const res = await request(`${coord.url}/crawl/v1/new`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ url: targetUrl }),
    dispatcher: client,
  });
  if (res.statusCode !== 201) throw new Error(`submit answered ${res.statusCode}: ${await res.body.text()}`);
  const { job_id: id } = (await res.body.json()) as { job_id: string };
  submitLat.push(performance.now() - t);
  mark(id);
  if (!early.delete(id)) await new Promise<void>((resolve) => waiters.set(id, resolve));
  waiters.delete(id);
}

/** One batch of `size` jobs submitted in one request, then waited for to the last job. */
async function submitBatchAndWait(size: number): Promise<void> {
  const jobs = Array.from({ length: size }, () => ({ url: targetUrl }));
  const res = await request(`${first.url}/crawl/v1/batch/new`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ jobs }),
    dispatcher: client,
  });
  const text = await res.body.text();
  if (res.statusCode !== 201) throw new Error(`batch answered ${res.statusCode}: ${text}`);
  const answer = JSON.parse(text) as { accepted_count: number; results: Array<{ job?: { job_id: string } }> };
  if (answer.accepted_count !== size)
    throw new Error(`batch accepted ${answer.accepted_count} of ${size}: ${text.slice(0, 300)}`);
  await Promise.all(
    answer.results.map(async (r) => {
      const id = r.job?.job_id ?? '';
      if (!early.delete(id)) await new Promise<void>((resolve) => waiters.set(id, resolve));
      waiters.delete(id);
    }),
  );
}

async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (!profDir) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(profDir, { recursive: true });
    writeFileSync(path.join(profDir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

// What this process costs with nothing to do (heartbeats, timers), per second, so that a slow
// phase's CPU per job is not charged the idle cost of its longer duration.
const idle0 = process.cpuUsage();
const idleStart = performance.now();
await new Promise((resolve) => setTimeout(resolve, 2000));
const idleCpu = process.cpuUsage(idle0);
const idleUsPerMs = (idleCpu.user + idleCpu.system) / (performance.now() - idleStart);

const lines: string[] = [];
const results: string[] = [];
const row = (name: string, p: Phase) =>
  `  ${name.padEnd(22)} ${p.rate.toFixed(0).padStart(8)} /s   p50 ${pct(p.lat, 50).toFixed(2).padStart(7)} ms   p99 ${pct(p.lat, 99).toFixed(2).padStart(7)} ms   ${p.cpuUs.toFixed(0).padStart(5)} µs CPU each`;

for (const c of LEVELS) {
  const n = c === 1 ? SERIAL_JOBS : JOBS;
  await runPool(Math.max(200, c * 4), c, direct);
  const keep = await runPool(n, c, direct);
  const fr = await runPool(Math.min(n, 1000), c, fresh);
  await runPool(Math.max(100, c * 4), c, submitAndWait);
  submitLat = [];
  stages.reset();
  const commits0 = commitStats();
  const agentCpu0 = agentCpuUs();
  const pipeStart = performance.now();
  const pipe = await profiled(`pipeline-c${c}`, () => runPool(n, c, submitAndWait));
  const idlePerJob = (idleUsPerMs * (performance.now() - pipeStart)) / n;
  const agentCpu = (agentCpuUs() - agentCpu0) / n;
  const commits = commitStats();
  const perJob = `commits_per_job=${((commits.batches - commits0.batches) / n).toFixed(2)} writes_per_job=${((commits.writes - commits0.writes) / n).toFixed(2)}`;
  submitLat.sort((a, b) => a - b);
  const ratio = pipe.rate / keep.rate;
  const added = pct(pipe.lat, 50) - pct(keep.lat, 50);
  // This process runs the coordinator, the bench client and (unless --target-process) the target;
  // the direct phase's CPU per request is one client request and, with the target here, one target
  // answer: about what the bench adds per job.
  const coordCpu = pipe.cpuUs - keep.cpuUs - idlePerJob;
  lines.push(
    `concurrency ${c}, ${n} jobs`,
    row('direct keep-alive', keep),
    row('direct, fresh conn.', fr),
    row('submit→completed', pipe),
    `  submit answered: p50 ${pct(submitLat, 50).toFixed(2)} ms, p99 ${pct(submitLat, 99).toFixed(2)} ms; agent process CPU ${agentCpu.toFixed(0)} µs per job`,
    `  stages, p50 ms: ${stages.summary()}; SQLite job store ${perJob}`,
    `  ratio to keep-alive ${ratio.toFixed(3)}x (target ≥ 0.3x at 32), to fresh connections ${(pipe.rate / fr.rate).toFixed(3)}x`,
    `  added p50 ${added.toFixed(2)} ms (target ≤ 1.5 ms at 1); coordinator CPU ≈ ${coordCpu.toFixed(0)} µs per job (process ${pipe.cpuUs.toFixed(0)} − direct request ${keep.cpuUs.toFixed(0)} − idle ${idlePerJob.toFixed(0)})`,
  );
  results.push(
    `STAGES pipeline concurrency=${c} ${stages.summary()} ${perJob}`,
    `RESULT pipeline concurrency=${c} jobs_per_s=${pipe.rate.toFixed(0)} direct_keepalive_per_s=${keep.rate.toFixed(0)} ratio_keepalive=${ratio.toFixed(3)} ratio_fresh=${(pipe.rate / fr.rate).toFixed(3)} added_p50_ms=${added.toFixed(2)} pipeline_p50_ms=${pct(pipe.lat, 50).toFixed(2)} direct_p50_ms=${pct(keep.lat, 50).toFixed(2)} cpu_us_per_job=${pipe.cpuUs.toFixed(0)} coordinator_cpu_us_per_job=${coordCpu.toFixed(0)} agent_cpu_us_per_job=${agentCpu.toFixed(0)} submit_p50_ms=${pct(submitLat, 50).toFixed(2)}`,
  );
}

if (BATCH > 0) {
  const c = Math.max(...LEVELS);
  const batches = Math.max(1, Math.ceil(BATCH_JOBS / BATCH));
  const n = batches * BATCH;
  await runPool(Math.max(200, c * 4), c, direct);
  const keep = await runPool(n, c, direct);
  // No stages are printed for this phase: the clock's per-job stamps would count as the coordinator's.
  stages.pause();
  // Warm: the same batches through the whole path first, unmeasured (see the header).
  await pool(Math.max(1, Math.ceil(BATCH_WARM / BATCH)), BATCH_INFLIGHT, () => submitBatchAndWait(BATCH));
  const agentCpu0 = agentCpuUs();
  const commits0 = commitStats();
  const writes0 = processWrites();
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  await profiled(`pipeline-batch${BATCH}`, () =>
    pool(batches, BATCH_INFLIGHT, () => submitBatchAndWait(BATCH)),
  );
  const elapsedMs = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  const writes1 = processWrites();
  const writeCalls = (writes1.calls - writes0.calls) / n;
  const writeKib = (writes1.bytes - writes0.bytes) / 1024 / n;
  const rate = n / (elapsedMs / 1000);
  const cpuUs = (cpu.user + cpu.system) / n;
  const idlePerJob = (idleUsPerMs * elapsedMs) / n;
  const coordCpu = cpuUs - keep.cpuUs - idlePerJob;
  const agentCpu = (agentCpuUs() - agentCpu0) / n;
  const commits = commitStats();
  const ratio = rate / keep.rate;
  lines.push(
    `batches of ${BATCH}, ${BATCH_INFLIGHT} in flight, ${n} jobs through ${c} agent slots`,
    row('direct keep-alive', keep),
    `  batch submit→completed ${rate.toFixed(0).padStart(8)} /s   ${cpuUs.toFixed(0).padStart(5)} µs CPU each; agent process CPU ${agentCpu.toFixed(0)} µs per job`,
    `  SQLite job store commits_per_job=${((commits.batches - commits0.batches) / n).toFixed(2)} writes_per_job=${((commits.writes - commits0.writes) / n).toFixed(2)}`,
    `  this process's write syscalls ${writeCalls.toFixed(1)} and ${writeKib.toFixed(1)} KiB per job (WAL frames, sockets)`,
    `  ratio to keep-alive ${ratio.toFixed(3)}x (target ≥ 0.5x); coordinator CPU ≈ ${coordCpu.toFixed(0)} µs per job (target ≤ 150; process ${cpuUs.toFixed(0)} − direct request ${keep.cpuUs.toFixed(0)} − idle ${idlePerJob.toFixed(0)})`,
  );
  results.push(
    `RESULT pipeline_batch batch=${BATCH} concurrency=${c} jobs_per_s=${rate.toFixed(0)} direct_keepalive_per_s=${keep.rate.toFixed(0)} ratio_keepalive=${ratio.toFixed(3)} coordinator_cpu_us_per_job=${coordCpu.toFixed(0)} cpu_us_per_job=${cpuUs.toFixed(0)} agent_cpu_us_per_job=${agentCpu.toFixed(0)} write_calls_per_job=${writeCalls.toFixed(1)} write_kib_per_job=${writeKib.toFixed(1)}`,
  );
}

process.stdout.write(
  [
    `pipeline bench: store ${postgres ? 'postgres' : 'sqlite'}, ${COORDINATORS} coordinator(s), ${AGENTS} agent(s)`,
    ...lines,
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
if (!flags.keep) rmSync(dataDir, { recursive: true, force: true });
else process.stdout.write(`data kept in ${dataDir}\n`);
process.stdout.write(`${results.join('\n')}\n`);
process.exit(0);
