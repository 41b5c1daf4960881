// Agent bench: what a plain GET job costs the agent daemon itself. A real agent process (agent/main.ts)
// is driven over the real link protocol by a minimal coordinator stub in this process
// (lib/link-stub.ts), against a local target, beside a direct undici keep-alive request of the same
// target at the same concurrency measured just before it. The agent's CPU comes from /proc.
// With --baseline REF the same runs go to an agent built from that git ref as well (agent/, proto/,
// common/ extracted to a temporary directory), alternating with this tree's agent round by round.
//   npx tsx scripts/bench/agent-job.ts [--jobs 3000] [--serial-jobs 600] [--concurrency 32,1]
//        [--rounds 3] [--baseline REF] [--prof DIR] [--path /echo]
// Ends with one `RESULT agent-job variant=… concurrency=…` line per variant and concurrency (the
// median round), and `RESULT agent-job-vs-baseline …` with the CPU ratio when a baseline ran.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { parseFlags } from '../../coordinator/config.js';
import { startTargetServer } from '../../test/helpers/target-server.js';
import { LinkStub, type StubPhase } from './lib/link-stub.js';
import { runPool } from './lib/pool.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const flags = parseFlags(process.argv.slice(2));
const JOBS = Number(flags.jobs ?? 3000);
const SERIAL_JOBS = Number(flags['serial-jobs'] ?? 600);
const ROUNDS = Number(flags.rounds ?? 3);
const LEVELS = String(flags.concurrency ?? '32,1')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const baselineRef = typeof flags.baseline === 'string' ? flags.baseline : null;
const profDir = typeof flags.prof === 'string' ? path.resolve(flags.prof) : null;
const targetPath = typeof flags.path === 'string' ? flags.path : '/echo';

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The tree of `ref` with agent/, proto/ and common/, runnable with this checkout's node_modules. */
function extractRef(ref: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-base-'));
  const tar = execFileSync(
    'git',
    ['-C', ROOT, 'archive', ref, 'agent', 'proto', 'common', 'package.json', 'tsconfig.json'],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

interface Variant {
  name: string;
  child: ChildProcess;
  stub: LinkStub;
  stateDir: string;
}

async function startVariant(name: string, tree: string, maxConcurrent: number): Promise<Variant> {
  const stub = await LinkStub.start();
  const stateDir = mkdtempSync(path.join(tmpdir(), `agent-job-${name}-`));
  const prof = profDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profDir, name)}`] : [];
  if (profDir) mkdirSync(path.join(profDir, name), { recursive: true });
  const child = spawn(
    process.execPath,
    [
      ...prof,
      '--import',
      'tsx',
      path.join(tree, 'agent/main.ts'),
      ...['--coordinators', stub.url, '--device-id', `bench-${name}`, '--token', 'stub'],
      ...['--state-dir', stateDir, '--country', 'DE', '--max-concurrent', String(maxConcurrent)],
      ...['--allow-cidrs', '127.0.0.0/8,::1/128', '--browser', 'none', '--status-addr', 'off'],
      ...['--log-level', 'info'],
    ],
    { cwd: tree, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // The agent's log goes to a pipe that must be read; what it writes still costs the agent.
  child.stdout?.resume();
  await stub.whenLinked;
  return { name, child, stub, stateDir };
}

/** CPU time (µs) the process used so far, from /proc (Linux). */
function cpuUs(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10_000; // USER_HZ is 100
}

const target = await startTargetServer();
const targetUrl = `${target.httpUrl}${targetPath}`;
const jobRequest = { method: 'GET', url: targetUrl, timeoutMs: 30_000 };
const keepAlive = new Agent({ connections: Math.max(...LEVELS) });

function direct(n: number, concurrency: number): Promise<StubPhase> {
  return runPool(n, concurrency, async () => {
    await (await request(targetUrl, { dispatcher: keepAlive })).body.arrayBuffer();
  });
}

const maxConcurrent = Math.max(...LEVELS);
const variants: Variant[] = [await startVariant('current', ROOT, maxConcurrent)];
const baseTree = baselineRef ? extractRef(baselineRef) : null;
if (baseTree) variants.push(await startVariant('baseline', baseTree, maxConcurrent));

interface Run {
  rate: number;
  directRate: number;
  ratio: number;
  addedP50: number;
  p50: number;
  directP50: number;
  cpuUs: number;
}
const runs = new Map<string, Run[]>();
const lines: string[] = [];

for (const c of LEVELS) {
  const n = c === 1 ? SERIAL_JOBS : JOBS;
  // Warm-up: JIT, connections, the spool directory.
  await direct(Math.max(200, c * 8), c);
  for (const v of variants) await v.stub.run(Math.max(300, c * 10), c, jobRequest);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) {
      const d = await direct(n, c);
      const cpu0 = cpuUs(v.child.pid);
      const p = await v.stub.run(n, c, jobRequest);
      const cpu = (cpuUs(v.child.pid) - cpu0) / n;
      const run: Run = {
        rate: p.rate,
        directRate: d.rate,
        ratio: p.rate / d.rate,
        addedP50: pct(p.lat, 50) - pct(d.lat, 50),
        p50: pct(p.lat, 50),
        directP50: pct(d.lat, 50),
        cpuUs: cpu,
      };
      const key = `${v.name}|${c}`;
      runs.set(key, [...(runs.get(key) ?? []), run]);
      lines.push(
        `c=${String(c).padStart(2)} round ${round + 1} ${v.name.padEnd(8)} ${run.rate.toFixed(0).padStart(6)} jobs/s (direct ${run.directRate.toFixed(0).padStart(6)}/s, ${run.ratio.toFixed(3)}x)  p50 ${run.p50.toFixed(2)} ms (direct ${run.directP50.toFixed(2)}, added ${run.addedP50.toFixed(2)})  p99 ${pct(p.lat, 99).toFixed(2)} ms  agent CPU ${cpu.toFixed(0)} µs/job`,
      );
      process.stdout.write(`${lines.at(-1)}\n`);
    }
  }
}

for (const v of variants) {
  v.child.kill('SIGTERM');
  await once(v.child, 'exit');
  await v.stub.close();
  rmSync(v.stateDir, { recursive: true, force: true });
}
await keepAlive.close();
await target.close();
if (baseTree) rmSync(baseTree, { recursive: true, force: true });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const range = (xs: number[], digits: number) =>
  `${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)}`;
const results: string[] = [];
for (const c of LEVELS) {
  for (const v of variants) {
    const rs = runs.get(`${v.name}|${c}`) ?? [];
    results.push(
      `RESULT agent-job variant=${v.name} concurrency=${c} jobs_per_s=${median(rs.map((r) => r.rate)).toFixed(0)} direct_keepalive_per_s=${median(rs.map((r) => r.directRate)).toFixed(0)} ratio_keepalive=${median(rs.map((r) => r.ratio)).toFixed(3)} ratio_range=${range(
        rs.map((r) => r.ratio),
        3,
      )} added_p50_ms=${median(rs.map((r) => r.addedP50)).toFixed(2)} added_p50_range=${range(
        rs.map((r) => r.addedP50),
        2,
      )} agent_cpu_us_per_job=${median(rs.map((r) => r.cpuUs)).toFixed(0)} agent_cpu_range=${range(
        rs.map((r) => r.cpuUs),
        0,
      )}`,
    );
  }
  const cur = runs.get(`current|${c}`) ?? [];
  const base = runs.get(`baseline|${c}`) ?? [];
  if (base.length > 0) {
    const cpuRatio = median(cur.map((r) => r.cpuUs)) / median(base.map((r) => r.cpuUs));
    results.push(
      `RESULT agent-job-vs-baseline ref=${baselineRef} concurrency=${c} cpu_ratio=${cpuRatio.toFixed(3)} rate_ratio=${(median(cur.map((r) => r.rate)) / median(base.map((r) => r.rate))).toFixed(3)}`,
    );
  }
}
process.stdout.write(`${results.join('\n')}\n`);
process.exit(0);
