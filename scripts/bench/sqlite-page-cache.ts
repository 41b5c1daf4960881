// The SQLite job store's page cache size and the cost of a commit: the same stream of jobs (inserted
// claimed, completed five turns later, as the live path does, and as many reads of random earlier
// jobs) against two stores that differ only in their page cache: 16 MiB (better-sqlite3's build
// default) and the store's default (PAGE_CACHE_KIB, SQLite's own 2 MiB). Each store starts with a
// history of finished jobs. Rounds alternate between the two; CPU per job (process.cpuUsage) and
// the reads' CPU are medians over rounds. Why the size matters: sqlite-store.ts, PAGE_CACHE_KIB.
//   npx tsx scripts/bench/sqlite-page-cache.ts [--history 50000] [--jobs 5000] [--per-turn 7] [--rounds 4]
// Last line: RESULT sqlite_page_cache history=<n> per_turn=<n> cpu_us_per_job_16mib=<n>
//   cpu_us_per_job_2mib=<n> cpu_ratio=<x> read_us_16mib=<n> read_us_2mib=<n>
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseFlags } from '../../coordinator/config.js';
import { PAGE_CACHE_KIB, SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import { streamJobs, writeHistory } from './lib/job-stream.js';

const flags = parseFlags(process.argv.slice(2));
const HISTORY = Number(flags.history ?? 50_000);
const JOBS = Number(flags.jobs ?? 5_000);
const PER_TURN = Number(flags['per-turn'] ?? 7);
const ROUNDS = Number(flags.rounds ?? 4);
const log = (line: string) => process.stdout.write(`${line}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const dir = mkdtempSync(path.join(tmpdir(), 'crawl-page-cache-'));
const variants = [
  { name: '16mib', kib: 16_000 },
  { name: '2mib', kib: PAGE_CACHE_KIB },
].map((v) => ({
  ...v,
  store: new SqliteStore(path.join(dir, `${v.name}.db`), { checkpointInWorker: true, pageCacheKib: v.kib }),
  ids: [] as string[],
  cpu: [] as number[],
  readUs: [] as number[],
}));

for (const v of variants) {
  const t0 = Date.now();
  v.ids.push(...(await writeHistory(v.store, HISTORY)));
  log(`${v.name}: history of ${HISTORY} finished jobs written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** The job stream, and PER_TURN reads of random earlier jobs after each turn (their CPU apart). */
async function stream(v: (typeof variants)[number]): Promise<void> {
  let readCpu = 0;
  let reads = 0;
  const c0 = process.cpuUsage();
  await streamJobs(v.store, {
    jobs: JOBS,
    perTurn: PER_TURN,
    afterTurn: async (ids) => {
      v.ids.push(...ids);
      const r0 = process.cpuUsage();
      for (let j = 0; j < PER_TURN; j++) {
        await v.store.getJob(v.ids[Math.floor(Math.random() * v.ids.length)] as string);
        reads++;
      }
      const r = process.cpuUsage(r0);
      readCpu += r.user + r.system;
    },
  });
  const c = process.cpuUsage(c0);
  v.cpu.push((c.user + c.system - readCpu) / JOBS);
  v.readUs.push(readCpu / reads);
}

for (let r = 0; r < ROUNDS; r++) {
  for (const v of r % 2 === 0 ? variants : [...variants].reverse()) await stream(v);
  log(
    `round ${r + 1}: ${variants.map((v) => `${v.name} ${v.cpu.at(-1)?.toFixed(0)} µs/job, read ${v.readUs.at(-1)?.toFixed(1)} µs`).join('; ')}`,
  );
}
for (const v of variants) await v.store.close();
rmSync(dir, { recursive: true, force: true });
const [big, small] = variants as [(typeof variants)[number], (typeof variants)[number]];
log(
  `RESULT sqlite_page_cache history=${HISTORY} per_turn=${PER_TURN} cpu_us_per_job_16mib=${median(big.cpu).toFixed(0)} cpu_us_per_job_2mib=${median(small.cpu).toFixed(0)} cpu_ratio=${(median(small.cpu) / median(big.cpu)).toFixed(2)} read_us_16mib=${median(big.readUs).toFixed(1)} read_us_2mib=${median(small.readUs).toFixed(1)}`,
);
