// Job id order and the SQLite store's write cost: the same stream of jobs (insert claimed, then
// complete ~100 ms later, as the live path does) against two stores that differ only in how job ids
// are made: random (UUIDv4) and time-ordered (UUIDv7). Each store starts with a history of finished
// jobs. Rounds alternate between the two; CPU per job (process.cpuUsage) and bytes written per job
// (/proc/self/io wchar) are medians over rounds.
//   npx tsx scripts/bench/job-ids.ts [--history 200000] [--jobs 5000] [--per-turn 20] [--rounds 4]
// Last line: RESULT job_ids history=<n> v4_cpu_us_per_job=<n> v7_cpu_us_per_job=<n> cpu_ratio=<x>
//   v4_write_kib_per_job=<n> v7_write_kib_per_job=<n>
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseFlags } from '../../coordinator/config.js';
import { newResourceId } from '../../coordinator/resource-id.js';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import { streamJobs, writeHistory } from './lib/job-stream.js';

const flags = parseFlags(process.argv.slice(2));
const HISTORY = Number(flags.history ?? 200_000);
const JOBS = Number(flags.jobs ?? 5_000);
const PER_TURN = Number(flags['per-turn'] ?? 20);
const ROUNDS = Number(flags.rounds ?? 4);
const log = (line: string) => process.stdout.write(`${line}\n`);
const wchar = (): number => Number(/wchar:\s+(\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))?.[1] ?? 0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const dir = mkdtempSync(path.join(tmpdir(), 'crawl-job-ids-'));
const variants = [
  { name: 'v4', makeId: () => randomUUID() },
  { name: 'v7', makeId: () => newResourceId() },
].map((v) => ({
  ...v,
  store: new SqliteStore(path.join(dir, `${v.name}.db`)),
  cpu: [] as number[],
  kib: [] as number[],
}));

for (const v of variants) {
  const t0 = Date.now();
  await writeHistory(v.store, HISTORY, v.makeId);
  log(`${v.name}: history of ${HISTORY} finished jobs written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** JOBS jobs, PER_TURN inserted a turn, each completed 5 turns after its insert. */
async function stream(v: (typeof variants)[number]): Promise<void> {
  const c0 = process.cpuUsage();
  const w0 = wchar();
  await streamJobs(v.store, { jobs: JOBS, perTurn: PER_TURN, makeId: v.makeId });
  const c = process.cpuUsage(c0);
  v.cpu.push((c.user + c.system) / JOBS);
  v.kib.push((wchar() - w0) / 1024 / JOBS);
}

for (let r = 0; r < ROUNDS; r++) {
  for (const v of r % 2 === 0 ? variants : [...variants].reverse()) await stream(v);
  log(
    `round ${r + 1}: ${variants.map((v) => `${v.name} ${v.cpu.at(-1)?.toFixed(0)} µs/job ${v.kib.at(-1)?.toFixed(1)} KiB/job`).join(', ')}`,
  );
}
for (const v of variants) await v.store.close();
rmSync(dir, { recursive: true, force: true });
const [a, b] = variants as [(typeof variants)[number], (typeof variants)[number]];
log(
  `RESULT job_ids history=${HISTORY} v4_cpu_us_per_job=${median(a.cpu).toFixed(0)} v7_cpu_us_per_job=${median(b.cpu).toFixed(0)} cpu_ratio=${(median(a.cpu) / median(b.cpu)).toFixed(2)} v4_write_kib_per_job=${median(a.kib).toFixed(1)} v7_write_kib_per_job=${median(b.kib).toFixed(1)}`,
);
