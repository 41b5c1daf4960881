// Fleet bench: one coordinator process, N simulated agents speaking the real protocol over real
// WebSockets (spread over a few processes, scripts/bench/fleet-agents.ts), a steady stream of jobs
// over HTTP. Prints the coordinator's RSS (before agents, with the fleet idle, peak under load) and
// the assignment latency: from sending the submit request to the assign frame reaching the agent.
//   npx tsx scripts/bench/fleet.ts [--agents 10000] [--rate 200] [--seconds 30] [--job-ms 100]
//                                  [--procs 4] [--concurrency 48] [--keep] [--prof <dir>]
// Targets (issue): RSS ≤ 300 MiB, p99 assignment ≤ 50 ms at 10,000 agents.
import { execSync, fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import { parseFlags } from '../../coordinator/config.js';
import { openStore } from '../../coordinator/store/open.js';
import type { FromAgents, SimAgentSpec, ToAgents } from './fleet-agents.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const flags = parseFlags(process.argv.slice(2));
const AGENTS = Number(flags.agents ?? 10_000);
const RATE = Number(flags.rate ?? 200);
const SECONDS = Number(flags.seconds ?? 30);
const JOB_MS = Number(flags['job-ms'] ?? 100);
const CONCURRENCY = Number(flags.concurrency ?? 48);
const COUNTRIES = 'US US CA MX BR AR CL CO DE DE FR GB NL PL ES IT SE JP SG IN AU KR ZA AE NG EG TR'.split(
  ' ',
);
const nowMs = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => process.stdout.write(`${line}\n`);

// Each simulated agent is one socket in a worker and one in the coordinator: stay under the limits.
const softLimit = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim()) || 1024;
const PROCS = Math.max(Number(flags.procs ?? 4), Math.ceil(AGENTS / Math.max(256, softLimit - 512)));

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function procStatus(pid: number): { rssMiB: number; cpuSec: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  // utime and stime, in clock ticks (100 a second on Linux), are fields 14 and 15 of stat.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMiB: rssKb / 1024, cpuSec: ticks / 100 };
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const addr = srv.address();
  await new Promise((r) => srv.close(r));
  return typeof addr === 'object' && addr ? addr.port : 0;
}

// ---------------------------------------------------------------- setup: keys, devices, coordinator
const dataDir = mkdtempSync(path.join(tmpdir(), 'crawl-fleet-'));
const store = await openStore(`sqlite:${path.join(dataDir, 'crawl.db')}`);
const { key: apiKey } = await createApiKey(store, { name: 'bench', admin: true });
const specs: SimAgentSpec[] = [];
for (let i = 0; i < AGENTS; i++) {
  const id = `sim-${String(i).padStart(5, '0')}`;
  const { token } = await createDevice(store, { id });
  specs.push({
    id,
    token,
    country: COUNTRIES[i % COUNTRIES.length] as string,
    deviceType: i % 10 < 7 ? 'mobile' : 'desktop',
  });
}
await store.close();

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const coordinator = spawn(
  'sh',
  [
    '-c',
    'ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"',
    process.execPath,
    ...(flags.prof ? ['--cpu-prof', `--cpu-prof-dir=${flags.prof}`] : []),
    '--import',
    'tsx',
    path.join(ROOT, 'coordinator/main.ts'),
    ...['--host', '127.0.0.1', '--port', String(port), '--data-dir', dataDir, '--log-level', 'warn'],
    ...['--max-queued-jobs', '1000000'],
  ],
  { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
);
const pid = coordinator.pid as number;
for (;;) {
  const ok = await fetch(`${url}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  await sleep(100);
}
const base = procStatus(pid);
log(
  `fleet bench: ${AGENTS} agents in ${PROCS} processes, ${RATE} jobs/s for ${SECONDS} s, jobs take ${JOB_MS} ms`,
);
log(`coordinator pid ${pid} on ${url}: RSS ${base.rssMiB.toFixed(1)} MiB before any agent`);

// ---------------------------------------------------------------- agents
const assignedAt = new Map<string, number>();
const connectedBy = new Array<number>(PROCS).fill(0);
const completedBy = new Array<number>(PROCS).fill(0);
const disconnectsBy = new Array<number>(PROCS).fill(0);
const workers = Array.from({ length: PROCS }, (_, w) => {
  const child = fork(path.join(ROOT, 'scripts/bench/fleet-agents.ts'), [], { execArgv: ['--import', 'tsx'] });
  child.on('message', (m: FromAgents) => {
    if (m.type === 'connected') {
      connectedBy[w] = m.count;
    } else if (m.type === 'assigned') {
      for (const [id, at] of m.items) if (!assignedAt.has(id)) assignedAt.set(id, at);
    } else {
      completedBy[w] = m.completed;
      disconnectsBy[w] = m.disconnects;
    }
  });
  const mine = specs.filter((_, i) => i % PROCS === w);
  const start: ToAgents = {
    type: 'start',
    url,
    agents: mine,
    jobMs: JOB_MS,
    concurrency: Math.ceil(CONCURRENCY / PROCS),
  };
  child.send(start);
  return child;
});
const connectStart = nowMs();
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
while (sum(connectedBy) < AGENTS) {
  await sleep(200);
  if (nowMs() - connectStart > 600_000)
    throw new Error(`only ${sum(connectedBy)} agents connected in 10 min`);
}
const connectSec = (nowMs() - connectStart) / 1000;
const auth = { authorization: `Bearer ${apiKey}` };
const fleet = (await (await fetch(`${url}/crawl/v1/devices?connected=true`, { headers: auth })).json()) as {
  connected: number;
  available: number;
};
await sleep(2_000); // let connection bursts settle (GC) before the idle reading
const idle = procStatus(pid);
log(
  `${fleet.connected} agents connected in ${connectSec.toFixed(1)} s (coordinator sees ${fleet.available} available); RSS ${idle.rssMiB.toFixed(1)} MiB idle`,
);

// ---------------------------------------------------------------- steady job stream
const http = new Agent({ connections: 64, pipelining: 1 });
const submittedAt = new Map<string, number>();
const submitMs: number[] = [];
let errors = 0;
let peakRss = idle.rssMiB;
const headers = { ...auth, 'content-type': 'application/json' };
function jobBody(i: number): string {
  const r = i % 10;
  const spec = specs[(i * 7919) % AGENTS] as SimAgentSpec;
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
async function submit(i: number): Promise<void> {
  const t0 = nowMs();
  try {
    const res = await request(`${url}/crawl/v1/new`, {
      method: 'POST',
      headers,
      body: jobBody(i),
      dispatcher: http,
    });
    const body = (await res.body.json()) as { job_id?: string };
    if (res.statusCode !== 201 || !body.job_id) {
      errors++;
      return;
    }
    submitMs.push(nowMs() - t0);
    submittedAt.set(body.job_id, t0);
  } catch {
    errors++;
  }
}
const cpuBefore = procStatus(pid).cpuSec;
const streamStart = nowMs();
const inflight = new Set<Promise<void>>();
let sent = 0;
const total = RATE * SECONDS;
let lastSample = 0;
while (sent < total) {
  const due = Math.min(total, Math.floor(((nowMs() - streamStart) / 1000) * RATE));
  while (sent < due) {
    const p = submit(sent++);
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  }
  if (nowMs() - lastSample > 500) {
    lastSample = nowMs();
    peakRss = Math.max(peakRss, procStatus(pid).rssMiB);
  }
  await sleep(5);
}
await Promise.all(inflight);
const streamSec = (nowMs() - streamStart) / 1000;
// Every accepted job should reach an agent: wait for the last assignments to be reported.
const waitUntil = nowMs() + 15_000;
while ([...submittedAt.keys()].some((id) => !assignedAt.has(id)) && nowMs() < waitUntil) await sleep(100);
const cpuSec = procStatus(pid).cpuSec - cpuBefore;
peakRss = Math.max(peakRss, procStatus(pid).rssMiB);

const lat: number[] = [];
let unassigned = 0;
for (const [id, t0] of submittedAt) {
  const at = assignedAt.get(id);
  if (at === undefined) unassigned++;
  else lat.push(at - t0);
}
lat.sort((a, b) => a - b);
submitMs.sort((a, b) => a - b);
await sleep(JOB_MS + 500);
const end = procStatus(pid);
log(
  [
    `jobs: ${submittedAt.size} accepted in ${streamSec.toFixed(1)} s (${(submittedAt.size / streamSec).toFixed(0)}/s), ${errors} refused or failed, ${unassigned} never assigned, ${sum(completedBy)} results sent, ${sum(disconnectsBy)} agent disconnects`,
    `assignment latency (submit sent → assign at agent): p50 ${pct(lat, 50).toFixed(2)} ms  p90 ${pct(lat, 90).toFixed(2)} ms  p99 ${pct(lat, 99).toFixed(2)} ms  max ${(lat.at(-1) ?? Number.NaN).toFixed(2)} ms   (target p99 ≤ 50 ms)`,
    `submit round trip (201):                          p50 ${pct(submitMs, 50).toFixed(2)} ms  p99 ${pct(submitMs, 99).toFixed(2)} ms`,
    `coordinator RSS: ${base.rssMiB.toFixed(1)} MiB empty, ${idle.rssMiB.toFixed(1)} MiB with ${AGENTS} agents idle, peak ${peakRss.toFixed(1)} MiB under load, ${end.rssMiB.toFixed(1)} MiB after   (target ≤ 300 MiB)`,
    `coordinator CPU during the stream: ${cpuSec.toFixed(1)} s over ${streamSec.toFixed(1)} s (${((cpuSec / streamSec) * 100).toFixed(0)}% of one core)`,
  ].join('\n'),
);

for (const w of workers) w.send({ type: 'stop' });
coordinator.kill('SIGTERM');
await new Promise((r) => coordinator.once('exit', r));
await http.close();
if (flags.keep) log(`data kept in ${dataDir}`);
else rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
