// Where a connected agent's memory goes in the coordinator. One coordinator (under --expose-gc,
// with scripts/bench/lib/mem-probe.ts preloaded), simulated agents from fleet-agents.ts grown to
// each size; at each size, after a settle and a full GC, the coordinator's RSS, heap used,
// external and malloced memory, and a heap snapshot. The difference between the smallest and
// largest sizes, divided by the agents between them, is the cost of one idle agent: the totals,
// then the heap by kind (constructor, closure, internal array, string).
//   npx tsx scripts/bench/fleet-heap.ts [--sizes 2000,10000] [--jobs-seconds 0] [--rate 300]
//     [--top 40] [--owners] [--no-snapshot] [--sources 8]
// --owners also splits each kind by its holder (see lib/heap-summary.ts).
// --jobs-seconds N streams jobs (at --rate) for N s once the first size is up, so the per-device
// state a job leaves behind (stats, maps) is there in every snapshot.
// Last lines: RESULT fleet-heap agents=<a>..<b> rss_kib_per_agent=<n> heap_kib_per_agent=<n>
//   external_kib_per_agent=<n> malloced_kib_per_agent=<n>
import { fork, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from '../../coordinator/config.js';
import type { FromAgents, ToAgents } from './fleet-agents.js';
import { fleetFixtures, freePort, jobStream, procStatus, sleep, waitHealthy } from './lib/fleet-stream.js';
import { perAgent, summarizeHeap } from './lib/heap-summary.js';
import type { MemProbe } from './lib/mem-probe.js';
import { probeMemory } from './lib/probe-memory.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const flags = parseFlags(process.argv.slice(2));
const SIZES = String(flags.sizes ?? '2000,10000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const JOBS_SECONDS = Number(flags['jobs-seconds'] ?? 0);
const RATE = Number(flags.rate ?? 300);
const TOP = Number(flags.top ?? 40);
const SOURCES = Number(flags.sources ?? 8);
const SNAPSHOTS = !flags['no-snapshot'];
const MAX = SIZES.at(-1) ?? 0;
const COUNTRIES = 'US CA BR DE FR GB PL JP SG IN AU ZA'.split(' ');
const log = (line: string) => process.stdout.write(`${line}\n`);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const kib = (bytes: number) => (bytes / 1024).toFixed(2);

const dataDir = mkdtempSync(path.join(tmpdir(), 'crawl-fleet-heap-'));
const probeDir = path.join(dataDir, 'probe');
const { apiKey, specs } = await fleetFixtures(dataDir, MAX, COUNTRIES, SOURCES);
rmSync(probeDir, { recursive: true, force: true });
mkdirSync(probeDir);

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const coordinator = spawn(
  'sh',
  [
    '-c',
    'ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"',
    process.execPath,
    '--expose-gc',
    ...['--import', 'tsx', '--import', path.join(ROOT, 'scripts/bench/lib/mem-probe.ts')],
    path.join(ROOT, 'coordinator/main.ts'),
    ...['--host', '127.0.0.1', '--port', String(port), '--data-dir', dataDir, '--log-level', 'warn'],
    ...['--max-queued-jobs', '1000000', '--canary-interval', '0s', '--verify-share', '0'],
    // A snapshot stops the process for seconds: a long heartbeat keeps the agents through it.
    ...['--heartbeat-interval-ms', '120000'],
  ],
  {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, MEM_PROBE_DIR: probeDir, MEM_PROBE_SNAPSHOT: SNAPSHOTS ? '1' : '0' },
  },
);
const pid = coordinator.pid as number;
await waitHealthy(url);

let probes = 0;
const probe = () => probeMemory(pid, probeDir, probes++);

const PROCS = Math.max(2, Math.ceil(MAX / 6000));
const connectedBy = new Array<number>(PROCS).fill(0);
const completedBy = new Array<number>(PROCS).fill(0);
const assignedAt = new Map<string, number>();
const workers = Array.from({ length: PROCS }, (_, w) => {
  const child = fork(path.join(ROOT, 'scripts/bench/fleet-agents.ts'), [], { execArgv: ['--import', 'tsx'] });
  child.on('message', (m: FromAgents) => {
    if (m.type === 'connected') connectedBy[w] = m.count;
    else if (m.type === 'assigned') for (const [id, at] of m.items) assignedAt.set(id, at);
    else completedBy[w] = m.completed;
  });
  child.send({
    type: 'start',
    url,
    jobMs: 100,
    concurrency: Math.ceil(48 / PROCS),
    linkBatches: true,
  } satisfies ToAgents);
  return child;
});

const empty = await probe();
log(`coordinator pid ${pid}: RSS ${kib(empty.rss / 1024)} MiB, heap ${kib(empty.heapUsed / 1024)} MiB empty`);
const points: Array<{ agents: number; mem: MemProbe }> = [];
let have = 0;
for (const size of SIZES) {
  for (const [w, child] of workers.entries()) {
    const mine = specs.slice(have, size).filter((_, i) => (have + i) % PROCS === w);
    child.send({ type: 'connect', agents: mine } satisfies ToAgents);
  }
  while (sum(connectedBy) < size) await sleep(100);
  if (have === 0 && JOBS_SECONDS > 0) {
    const s = await jobStream({
      url,
      apiKey,
      rate: RATE,
      seconds: JOBS_SECONDS,
      specs: specs.slice(0, size),
      pid,
      assignedAt,
      settle: async () => {
        const until = Date.now() + 5_000;
        while (sum(completedBy) < assignedAt.size && Date.now() < until) await sleep(50);
      },
    });
    log(`jobs: ${s.accepted} accepted, ${s.unassigned} never assigned`);
  }
  have = size;
  await sleep(3_000);
  const mem = await probe();
  log(
    `${size} agents: RSS ${kib(mem.rss / 1024)} MiB (/proc ${procStatus(pid).rssMiB.toFixed(1)}), heap used ${kib(mem.heapUsed / 1024)} MiB, external ${kib(mem.external / 1024)} MiB (array buffers ${kib(mem.arrayBuffers / 1024)}), malloced ${kib(mem.mallocedMemory / 1024)} MiB`,
  );
  points.push({ agents: size, mem });
}
for (const w of workers) w.send({ type: 'stop' } satisfies ToAgents);
coordinator.kill('SIGTERM');
await new Promise((r) => coordinator.once('exit', r));

const a = points[0];
const b = points.at(-1);
if (a && b && b.agents > a.agents) {
  const n = b.agents - a.agents;
  const d = (k: keyof Omit<MemProbe, 'snapshot'>) => (b.mem[k] - a.mem[k]) / n;
  if (a.mem.snapshot && b.mem.snapshot) {
    const rows = perAgent(summarizeHeap(a.mem.snapshot), summarizeHeap(b.mem.snapshot), n);
    log(`\nheap by kind, per agent (${a.agents} → ${b.agents} agents; self sizes, bytes):`);
    for (const r of rows.filter((x) => Math.abs(x.bytes) >= 1).slice(0, TOP))
      log(`  ${r.bytes.toFixed(0).padStart(7)} B  ${r.count.toFixed(2).padStart(6)} ×  ${r.kind}`);
    const total = sum(rows.map((r) => r.bytes));
    log(`  ${total.toFixed(0).padStart(7)} B  in all (snapshot self sizes)`);
    if (flags.owners) {
      const held = perAgent(summarizeHeap(a.mem.snapshot, true), summarizeHeap(b.mem.snapshot, true), n);
      log("\nthe same by holder (node < its first retainer.edge < that one's):");
      for (const r of held.filter((x) => Math.abs(x.bytes) >= 1).slice(0, TOP))
        log(`  ${r.bytes.toFixed(0).padStart(7)} B  ${r.count.toFixed(2).padStart(6)} ×  ${r.kind}`);
    }
  }
  log(
    `\nper agent: RSS ${kib(d('rss'))} KiB, heap used ${kib(d('heapUsed'))} KiB, heap total ${kib(d('heapTotal'))} KiB, external ${kib(d('external'))} KiB (array buffers ${kib(d('arrayBuffers'))}), malloced ${kib(d('mallocedMemory'))} KiB`,
  );
  log(
    `RESULT fleet-heap agents=${a.agents}..${b.agents} rss_kib_per_agent=${kib(d('rss'))} heap_kib_per_agent=${kib(d('heapUsed'))} external_kib_per_agent=${kib(d('external'))} malloced_kib_per_agent=${kib(d('mallocedMemory'))}`,
  );
}
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
