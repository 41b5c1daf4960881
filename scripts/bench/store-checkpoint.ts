// The SQLite job store's event loop with WAL checkpoints inside its COMMITs (SQLite's default) or
// from a worker thread (coordinator/store/sqlite/wal-checkpointer.ts): a job stream of inserts and
// completions, then the process's CPU, the share of time the event loop was busy and how late a
// 2 ms timer ran. Run both modes alternately; the machine's load moves the figures between runs.
//   npx tsx scripts/bench/store-checkpoint.ts [--mode inline|worker] [--rate 1000] [--seconds 8]
// Last line: RESULT store_checkpoint mode=<m> jobs=<n> cpu_ms=<n> loop_busy_pct=<n> lag_p99_ms=<n> lag_max_ms=<n>
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseFlags } from '../../coordinator/config.js';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import { pendingJob, resultRecord } from '../../test/helpers/records.js';

const flags = parseFlags(process.argv.slice(2));
const worker = flags.mode === 'worker';
const RATE = Number(flags.rate ?? 1000);
const SECONDS = Number(flags.seconds ?? 8);
const dir = mkdtempSync(path.join(tmpdir(), 'crawl-ckpt-'));
const store = new SqliteStore(path.join(dir, 'crawl.db'), { checkpointInWorker: worker });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (let i = 0; i < 2000; i++) await store.insertJob(pendingJob('warm-up'));
const cpu0 = process.cpuUsage();
const elu0 = performance.eventLoopUtilization();
const t0 = performance.now();
let n = 0;
const lags: number[] = [];
while (performance.now() - t0 < SECONDS * 1000) {
  const due = Math.floor(((performance.now() - t0) / 1000) * RATE);
  for (; n < due; n++) {
    const job = pendingJob(`owner-${n % 10}`, { url: 'https://example.com/' });
    void store
      .insertJob(job)
      .then(() => store.completeJob(job.id, resultRecord({ deviceId: 'd' }), new Date().toISOString()));
  }
  const s = performance.now();
  await sleep(2);
  lags.push(performance.now() - s - 2);
}
const cpu = process.cpuUsage(cpu0);
const elu = performance.eventLoopUtilization(elu0);
await store.close();
rmSync(dir, { recursive: true, force: true });
lags.sort((a, b) => a - b);
process.stdout.write(
  `RESULT store_checkpoint mode=${worker ? 'worker' : 'inline'} jobs=${n} cpu_ms=${((cpu.user + cpu.system) / 1000).toFixed(0)} loop_busy_pct=${(elu.utilization * 100).toFixed(1)} lag_p99_ms=${(lags[Math.floor(lags.length * 0.99)] ?? 0).toFixed(1)} lag_max_ms=${(lags.at(-1) ?? 0).toFixed(1)}\n`,
);
