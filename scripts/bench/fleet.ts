// Fleet bench: one coordinator process, a fleet of simulated agents speaking the real protocol over
// real WebSockets (scripts/bench/fleet-agents.ts, several processes, several loopback source
// addresses), grown step by step (default 1,000 → 10,000 → 100,000). At each size: the connect
// rate, the idle cost (coordinator CPU over a quiet period), RSS per agent, then a steady stream of
// jobs over HTTP: coordinator CPU µs per job (CPU over the stream minus the idle cost, divided by
// jobs) and the submit → assign latency (submit sent → assign frame at the agent).
//   npx tsx scripts/bench/fleet.ts [--sizes 1000,10000,100000] [--rate 1000] [--seconds 10]
//     [--idle-seconds 10] [--job-ms 100] [--sources 8] [--per-proc 6000] [--warmup-seconds 3]
//     [--warmup-rate 300]
//     [--prof <dir>] [--probe] [--heap] [--node-flags='<flags>'] [--keep] [--batch 1000]
//     [--link-batches off]
// --batch N submits the same job streams N jobs to a request (POST /crawl/v1/batch/new); the
// RESULT fleet lines then carry batch=N, and the latency is submit sent → assign as before.
// With --prof the coordinator runs under --cpu-prof and the bench prints where its CPU went during
// the job streams (picker vs the rest); the profiler's own sampling then adds a few percent of a
// core to every idle figure. With --probe the coordinator runs with lib/coordinator-probe.ts and
// the bench splits each stream's submit → assign into bench, coordinator and agent parts, beside
// the coordinator's event-loop stalls and GC pauses (PROBE lines, before the RESULT lines).
// With --heap the coordinator preloads lib/mem-probe.ts and, after each size's idle period (its
// RSS read), the bench prints its heap used after a full GC, per agent beside the RSS per agent;
// that GC comes before the job stream, so the RSS rows stay comparable.
// --node-flags passes node/V8 flags to the coordinator only (--node-flags='--max-semi-space-size=32').
// --coordinators N (default 1): N coordinator processes on one fresh PostgreSQL database (the test
// server, TEST_POSTGRES_URL), the agent processes spread over them (each agent linked to one), the
// job stream split evenly over their HTTP ports; CPU a job is every coordinator's, summed (the
// database server's is not counted). Not with --prof, --probe or --heap. --postgres: one
// coordinator on such a database, the figure to compare two with. The full fleet:
//   npx tsx scripts/bench/fleet.ts --coordinators 2 --sizes 1000,10000 --rate 1000
// A size above what the coordinator may hold open (its hard limit on open files, less a reserve)
// is measured at that cap and says so.
// Last lines: RESULT fleet agents=<n> cpu_us_per_job=<n> idle_cpu_pct=<n> rss_mib=<n>
//   p50_assign_ms=<n> p99_assign_ms=<n> rate=<jobs/s>, one per size.
// Targets: cpu_us_per_job ≤ 150 and flat (±30%) from 1k to 100k; at 100k rss_mib ≤ 1536 and
// p99_assign_ms ≤ 20 at 1,000 jobs/s.
import { execSync, fork, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from '../../coordinator/config.js';
import { type FreshPostgres, freshPostgresUrl } from '../../test/helpers/postgres.js';
import type { FromAgents, ToAgents } from './fleet-agents.js';
import {
  fleetFixtures,
  freePort,
  jobStream,
  pct,
  procStatus,
  type StreamOutcome,
  sleep,
  waitHealthy,
} from './lib/fleet-stream.js';
import { pickerCostUs } from './lib/picker-cost.js';
import { probeMemory } from './lib/probe-memory.js';
import { type ProbeWindow, probeReport, readProbe } from './lib/probe-report.js';
import { mainProfile, profileShares, type WindowUs } from './lib/profile-shares.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const flags = parseFlags(process.argv.slice(2));
const SIZES = String(flags.sizes ?? '1000,10000,100000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const RATE = Number(flags.rate ?? 1000);
const SECONDS = Number(flags.seconds ?? 10);
const IDLE_SECONDS = Number(flags['idle-seconds'] ?? 10);
const JOB_MS = Number(flags['job-ms'] ?? 100);
const SOURCES = Number(flags.sources ?? 8);
const PER_PROC = Number(flags['per-proc'] ?? 6000);
const WARMUP_SECONDS = Number(flags['warmup-seconds'] ?? 3);
const BATCH = flags.batch === undefined ? 0 : Number(flags.batch);
// --link-batches off: the simulated agents neither read nor send link batches (as agents from
// before them), for a comparison in one build.
const LINK_BATCHES = flags['link-batches'] !== 'off';
// At 300 jobs/s the first full-rate stream still starts with ~1 s of a saturated loop (see
// docs/scaling.md, "The tail of submit → assign"); --warmup-rate 1000 leaves the steady state alone.
const WARMUP_RATE = Number(flags['warmup-rate'] ?? 300);
const COORDS = Math.max(1, Number(flags.coordinators ?? 1));
// --postgres: the coordinators' store is a fresh PostgreSQL database even with one coordinator.
const ON_PG = COORDS > 1 || flags.postgres !== undefined;
const COUNTRIES = 'US US CA MX BR AR CL CO DE DE FR GB NL PL ES IT SE JP SG IN AU KR ZA AE NG EG TR'.split(
  ' ',
);
const nowMs = (): number => performance.timeOrigin + performance.now();
const monoUs = (): number => Number(process.hrtime.bigint() / 1000n);
const log = (line: string) => process.stdout.write(`${line}\n`);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

// Each agent is one open socket in the coordinator: it holds at most its hard limit of open files.
const hardLimit = Number(execSync('ulimit -Hn', { shell: '/bin/sh' }).toString().trim()) || 1024;
const CAP = Math.max(100, hardLimit - 1024);
const MAX = Math.min(SIZES.at(-1) ?? 0, CAP);

// ---------------------------------------------------------------- setup: keys, devices, coordinator
const dataDir = mkdtempSync(path.join(tmpdir(), 'crawl-fleet-'));
if (COORDS > 1 && (flags.prof || flags.probe || flags.heap))
  throw new Error('--coordinators above 1 goes without --prof, --probe and --heap');
const pgDb: FreshPostgres | null = ON_PG ? await freshPostgresUrl() : null;
const { apiKey, specs } = await fleetFixtures(dataDir, MAX, COUNTRIES, SOURCES, pgDb?.url);

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const profDir = flags.prof ? path.resolve(String(flags.prof)) : null;
if (profDir) mkdirSync(profDir, { recursive: true });
const probeDir = flags.heap ? path.join(dataDir, 'probe') : null;
if (probeDir) mkdirSync(probeDir);
const probeFile = flags.probe ? path.join(dataDir, 'probe.json') : null;
const spawnCoordinator = (port: number, dir: string, store: string[]) =>
  spawn(
    'sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"',
      process.execPath,
      ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
      ...(probeDir ? ['--expose-gc'] : []),
      ...String(flags['node-flags'] ?? '')
        .split(/\s+/)
        .filter(Boolean),
      '--import',
      'tsx',
      ...(probeDir ? ['--import', path.join(ROOT, 'scripts/bench/lib/mem-probe.ts')] : []),
      ...(probeFile ? ['--import', path.join(ROOT, 'scripts/bench/lib/coordinator-probe.ts')] : []),
      path.join(ROOT, 'coordinator/main.ts'),
      ...['--host', '127.0.0.1', '--port', String(port), '--data-dir', dir, '--log-level', 'warn'],
      ...store,
      ...['--max-queued-jobs', '1000000'],
      // The simulated agents answer every job without fetching anything, so canaries (and second
      // opinions) would quarantine them and add jobs of the coordinator's own to the figures: the
      // bench measures the job path and the links, with trust sampling off.
      ...['--canary-interval', '0s', '--verify-share', '0'],
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        ...(probeDir ? { MEM_PROBE_DIR: probeDir } : {}),
        ...(probeFile ? { CRAWL_PROBE_OUT: probeFile } : {}),
      },
    },
  );
const coordinator = spawnCoordinator(port, dataDir, pgDb ? ['--store', pgDb.url] : []);
const pid = coordinator.pid as number;
await waitHealthy(url);
// The other coordinators of --coordinators: the same database, a port and data dir each.
const others: Array<{ child: ReturnType<typeof spawn>; pid: number; url: string }> = [];
for (let i = 1; i < COORDS; i++) {
  const p = await freePort();
  const dir = path.join(dataDir, `c${i}`);
  mkdirSync(dir);
  const child = spawnCoordinator(p, dir, ['--store', pgDb?.url ?? '']);
  others.push({ child, pid: child.pid as number, url: `http://127.0.0.1:${p}` });
  await waitHealthy(`http://127.0.0.1:${p}`);
}
const coords = [{ pid, url }, ...others];
const cpuOfAll = (): number => sum(coords.map((c) => procStatus(c.pid).cpuSec));
const rssOfAll = (): number => sum(coords.map((c) => procStatus(c.pid).rssMiB));
const baseRssMiB = rssOfAll();

/**
 * One job stream over every coordinator: each gets rate/COORDS on its own port, at once; their
 * figures summed (CPU, jobs) or merged (latencies).
 */
async function streamAll(o: Omit<Parameters<typeof jobStream>[0], 'url' | 'pid'>): Promise<StreamOutcome> {
  if (COORDS === 1) return jobStream({ ...o, url, pid });
  const parts = await Promise.all(
    coords.map((c) => jobStream({ ...o, url: c.url, pid: c.pid, rate: o.rate / COORDS })),
  );
  const sentAt = new Map<string, number>();
  const writtenAt = new Map<string, number>();
  for (const p of parts) {
    for (const [k, v] of p.sentAt) sentAt.set(k, v);
    for (const [k, v] of p.writtenAt) writtenAt.set(k, v);
  }
  return {
    accepted: sum(parts.map((p) => p.accepted)),
    errors: sum(parts.map((p) => p.errors)),
    unassigned: sum(parts.map((p) => p.unassigned)),
    streamSec: Math.max(...parts.map((p) => p.streamSec)),
    elapsedSec: Math.max(...parts.map((p) => p.elapsedSec)),
    cpuSec: sum(parts.map((p) => p.cpuSec)),
    peakRssMiB: sum(parts.map((p) => p.peakRssMiB)),
    latencyMs: parts.flatMap((p) => p.latencyMs).sort((a, b) => a - b),
    sentAt,
    writtenAt,
  };
}
const base = procStatus(pid);
let probes = 0;
const baseHeapMiB = probeDir ? (await probeMemory(pid, probeDir, probes++)).heapUsed / 2 ** 20 : 0;
log(
  `fleet bench: sizes ${SIZES.join(', ')} (the coordinator may hold ${CAP} links: hard limit ${hardLimit} files)`,
);
log(`${RATE} jobs/s for ${SECONDS} s per size, jobs take ${JOB_MS} ms; ${SOURCES} loopback source addresses`);
log(`coordinator pid ${pid} on ${url}: RSS ${base.rssMiB.toFixed(1)} MiB before any agent`);

// ---------------------------------------------------------------- agent processes
const PROCS = Math.max(2, COORDS, Math.ceil(MAX / PER_PROC));
const assignedAt = new Map<string, number>();
const connectedBy = new Array<number>(PROCS).fill(0);
const completedBy = new Array<number>(PROCS).fill(0);
const disconnectsBy = new Array<number>(PROCS).fill(0);
const workers = Array.from({ length: PROCS }, (_, w) => {
  const child = fork(path.join(ROOT, 'scripts/bench/fleet-agents.ts'), [], { execArgv: ['--import', 'tsx'] });
  child.on('message', (m: FromAgents) => {
    if (m.type === 'connected') connectedBy[w] = m.count;
    else if (m.type === 'assigned') {
      for (const [id, at] of m.items) if (!assignedAt.has(id)) assignedAt.set(id, at);
    } else {
      completedBy[w] = m.completed;
      disconnectsBy[w] = m.disconnects;
    }
  });
  const start: ToAgents = {
    type: 'start',
    // Each agent process links its agents to one coordinator, the processes spread over them.
    url: coords[w % COORDS]?.url ?? url,
    jobMs: JOB_MS,
    concurrency: Math.ceil(48 / PROCS),
    linkBatches: LINK_BATCHES,
  };
  child.send(start);
  return child;
});

// ---------------------------------------------------------------- one size after another
interface Row {
  agents: number;
  cpuUsPerJob: number;
  idleCpuPct: number;
  rssMiB: number;
  p50: number;
  p99: number;
  rate: number;
}
const rows: Row[] = [];
const windows: WindowUs[] = [];
const probeWindows: Array<[size: number, ProbeWindow]> = [];
let have = 0;
for (const size of SIZES) {
  const want = Math.min(size, CAP);
  if (want < size) log(`\n== ${size} agents: capped at ${want} (the coordinator's open-file limit)`);
  else log(`\n== ${size} agents`);
  const t0 = nowMs();
  for (const [w, child] of workers.entries()) {
    const mine = specs.slice(have, want).filter((_, i) => (have + i) % PROCS === w);
    child.send({ type: 'connect', agents: mine } satisfies ToAgents);
  }
  while (sum(connectedBy) < want) {
    await sleep(100);
    if (nowMs() - t0 > 600_000) throw new Error(`only ${sum(connectedBy)} agents connected in 10 min`);
  }
  const connectSec = (nowMs() - t0) / 1000;
  log(
    `connect: ${want - have} agents in ${connectSec.toFixed(1)} s (${((want - have) / connectSec).toFixed(0)}/s)`,
  );
  have = want;
  if (rows.length === 0 && WARMUP_SECONDS > 0) {
    // The first jobs compile the coordinator's hot paths: keep them out of the first size's figures.
    await streamAll({
      apiKey,
      rate: Math.min(RATE, WARMUP_RATE),
      seconds: WARMUP_SECONDS,
      batch: BATCH,
      specs: specs.slice(0, want),
      assignedAt,
      settle: async () => {
        await sleep(JOB_MS + 500);
      },
    });
  }
  await sleep(3_000); // let the connection burst settle (GC) before the quiet period

  const idle0 = cpuOfAll();
  await sleep(IDLE_SECONDS * 1000);
  const idleCpuPerSec = (cpuOfAll() - idle0) / IDLE_SECONDS;
  const rssMiB = rssOfAll();
  log(
    `idle: ${(idleCpuPerSec * 100).toFixed(2)}% of a core; RSS ${rssMiB.toFixed(1)} MiB (${(((rssMiB - baseRssMiB) * 1024) / want).toFixed(1)} KiB an agent)`,
  );
  if (probeDir) {
    const heapMiB = (await probeMemory(pid, probeDir, probes++)).heapUsed / 2 ** 20;
    log(
      `heap used after a full GC: ${heapMiB.toFixed(1)} MiB (${(((heapMiB - baseHeapMiB) * 1024) / want).toFixed(1)} KiB an agent)`,
    );
  }

  const fromUs = monoUs();
  const fromMs = nowMs();
  const s = await streamAll({
    apiKey,
    rate: RATE,
    seconds: SECONDS,
    batch: BATCH,
    specs: specs.slice(0, want),
    assignedAt,
    settle: async () => {
      // Results of the last jobs are in once every agent process reported them.
      const until = nowMs() + JOB_MS + 5_000;
      while (sum(completedBy) < assignedAt.size && nowMs() < until) await sleep(50);
    },
  });
  windows.push({ fromUs, toUs: monoUs() });
  const window = {
    fromMs,
    toMs: nowMs(),
    sentAt: s.sentAt,
    writtenAt: s.writtenAt,
    assignedAt: new Map(assignedAt),
  };
  probeWindows.push([want, window]);
  const jobCpuSec = s.cpuSec - idleCpuPerSec * s.elapsedSec;
  const row: Row = {
    agents: want,
    cpuUsPerJob: s.accepted > 0 ? (jobCpuSec / s.accepted) * 1e6 : Number.NaN,
    idleCpuPct: idleCpuPerSec * 100,
    rssMiB,
    p50: pct(s.latencyMs, 50),
    p99: pct(s.latencyMs, 99),
    rate: s.accepted / s.streamSec,
  };
  rows.push(row);
  log(
    `jobs: ${s.accepted} accepted in ${s.streamSec.toFixed(1)} s, ${s.errors} refused or failed, ${s.unassigned} never assigned, ${sum(disconnectsBy)} agent disconnects`,
  );
  log(
    `assign latency p50 ${row.p50.toFixed(2)} ms p90 ${pct(s.latencyMs, 90).toFixed(2)} ms p99 ${row.p99.toFixed(2)} ms; coordinator CPU ${s.cpuSec.toFixed(2)} s over ${s.elapsedSec.toFixed(1)} s → ${row.cpuUsPerJob.toFixed(0)} µs a job beyond idle; peak RSS ${s.peakRssMiB.toFixed(1)} MiB`,
  );
}

for (const w of workers) w.send({ type: 'stop' } satisfies ToAgents);
coordinator.kill('SIGTERM');
await new Promise((r) => coordinator.once('exit', r));
for (const o of others) {
  o.child.kill('SIGTERM');
  await new Promise((r) => o.child.once('exit', r));
}
await pgDb?.drop();

if (profDir) {
  const file = mainProfile(profDir);
  if (file) {
    const shares = profileShares(file, windows);
    const total = sum(shares.map(([, ms]) => ms));
    log(`\ncoordinator CPU during the job streams, by part (self time, ${total.toFixed(0)} ms, ${file}):`);
    for (const [part, ms] of shares)
      log(`  ${((ms / total) * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${part}`);
  }
}
if (probeFile) {
  const dump = readProbe(probeFile);
  log('\nwhere submit → assign went, by job (epoch clocks of three processes), and the coordinator loop:');
  for (const [size, w] of probeWindows) for (const line of probeReport(dump, w, `agents=${size}`)) log(line);
}
// The picker alone at every size asked for, including those above the socket cap.
log('');
for (const size of SIZES)
  log(`RESULT picker devices=${size} cpu_us_per_pick=${pickerCostUs(size).toFixed(1)}`);
const first = rows[0];
const last = rows.at(-1);
const target = SIZES.at(-1) ?? 0;
if (first && last && last.agents < target && last.agents > first.agents) {
  // Per-agent slopes between the smallest and largest measured fleets, so fixed costs (the empty
  // process, other timers, a profiler) are not multiplied.
  const span = last.agents - first.agents;
  const rssPerAgent = (last.rssMiB - first.rssMiB) / span;
  const idlePerAgent = (last.idleCpuPct - first.idleCpuPct) / span;
  const extra = target - last.agents;
  log(
    `extrapolated to ${target} agents from ${first.agents}..${last.agents}: RSS ≈ ${(last.rssMiB + rssPerAgent * extra).toFixed(0)} MiB (${(rssPerAgent * 1024).toFixed(1)} KiB an agent), idle ≈ ${(last.idleCpuPct + idlePerAgent * extra).toFixed(1)}% of a core`,
  );
}
if (flags.keep) log(`data kept in ${dataDir}`);
else rmSync(dataDir, { recursive: true, force: true });
for (const r of rows) {
  log(
    `RESULT fleet agents=${r.agents}${ON_PG ? ` coordinators=${COORDS} store=postgres` : ''}${BATCH > 0 ? ` batch=${BATCH}` : ''}${LINK_BATCHES ? '' : ' link_batches=off'} cpu_us_per_job=${r.cpuUsPerJob.toFixed(0)} idle_cpu_pct=${r.idleCpuPct.toFixed(2)} rss_mib=${r.rssMiB.toFixed(0)} p50_assign_ms=${r.p50.toFixed(2)} p99_assign_ms=${r.p99.toFixed(2)} rate=${r.rate.toFixed(0)}`,
  );
}
process.exit(0);
