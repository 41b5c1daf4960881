// Pipeline bench on PostgreSQL: jobs through submit → coordinator → agent → completed with 1 and
// then 2 coordinator processes on a fresh database each (jobs submitted round-robin, one agent
// process per coordinator, each linked to its own coordinator only, so with 2 coordinators half of
// the placements need the other coordinator's NOTIFY). Beside it, in the same run, a direct undici
// fetch of the same target at the same concurrency. CPU per job is read from /proc for the
// coordinator processes and for the database's server backends.
//   npx tsx scripts/bench/pipeline-pg.ts [--jobs 2000] [--concurrency 32] [--coordinators 1,2]
// Last lines: RESULT pipeline_pg coordinators=<n> concurrency=32 jobs_per_s=<n> cpu_us_per_job=<n> …
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { request } from 'undici';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import { parseFlags } from '../../coordinator/config.js';
import type { StoreEvent } from '../../coordinator/store/store-events.js';
import { type AgentProcess, spawnAgent } from '../../test/helpers/cluster.js';
import { startPgCluster } from '../../test/helpers/pg-cluster.js';
import { startTargetServer } from '../../test/helpers/target-server.js';
import { pct, procStatus } from './lib/fleet-stream.js';

const flags = parseFlags(process.argv.slice(2));
const JOBS = Number(flags.jobs ?? 2000);
const CONCURRENCY = Number(flags.concurrency ?? 32);
const SIZES = String(flags.coordinators ?? '1,2')
  .split(',')
  .map(Number);
const log = (line: string) => process.stdout.write(`${line}\n`);

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

/** CPU seconds of the server backends of one database (pooled: the same pids for the whole run). */
async function backendCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      out.set(pid, procStatus(pid).cpuSec);
    } catch {
      // ended between the query and the read
    }
  }
  return out;
}

const target = await startTargetServer();
const targetUrl = `${target.httpUrl}/echo`;
const results: string[] = [];

for (const n of SIZES) {
  // Baseline just before each phase: the same target fetched directly, same concurrency.
  await runPool(200, CONCURRENCY, async () => {
    await (await request(targetUrl)).body.text();
  });
  const directMs = await runPool(JOBS, CONCURRENCY, async () => {
    await (await request(targetUrl)).body.text();
  });
  const directRate = (JOBS / directMs) * 1000;

  const cluster = await startPgCluster('bench-pg', ['--heartbeat-interval-ms', '15000'], n);
  const agents: AgentProcess[] = [];
  const sql = new pg.Client({ connectionString: cluster.pg.url });
  await sql.connect();
  try {
    const { key } = await createApiKey(cluster.store, { name: 'bench' });
    for (const [i, c] of cluster.coordinators.entries()) {
      const id = `bench-${i}-${randomUUID().slice(0, 8)}`;
      const a = spawnAgent({
        deviceId: id,
        token: (await createDevice(cluster.store, { id })).token,
        coordinators: [c.url],
        maxConcurrent: Math.ceil(CONCURRENCY / n),
        logLevel: 'info',
      });
      await a.waitForLog((l) => l.msg === 'linked to coordinator');
      agents.push(a);
    }
    // Completions are heard the way a coordinator hears them: NOTIFY on the shared database.
    const waiters = new Map<string, () => void>();
    const early = new Set<string>();
    await cluster.store.subscribe((e: StoreEvent) => {
      if (e.type !== 'job_terminal') return;
      const w = waiters.get(e.jobId);
      if (w) w();
      else early.add(e.jobId);
    });
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const submitAndWait = async (i: number): Promise<number> => {
      const t = performance.now();
      const coord = cluster.coordinators[i % n];
      const res = await request(`${coord?.url}/crawl/v1/new`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ url: targetUrl }),
      });
      const { job_id: id } = (await res.body.json()) as { job_id: string };
      if (!early.delete(id)) await new Promise<void>((resolve) => waiters.set(id, resolve));
      waiters.delete(id);
      return performance.now() - t;
    };
    await runPool(200, CONCURRENCY, async (i) => {
      await submitAndWait(i);
    });

    const pids = cluster.coordinators.map((c) => c.child.pid ?? 0);
    const coordBefore = pids.map((p) => procStatus(p).cpuSec);
    const pgBefore = await backendCpu(sql);
    const lat: number[] = [];
    const ms = await runPool(JOBS, CONCURRENCY, async (i) => {
      lat.push(await submitAndWait(i));
    });
    const coordSec = pids.reduce((sum, p, i) => sum + procStatus(p).cpuSec - (coordBefore[i] ?? 0), 0);
    let pgSec = 0;
    for (const [pid, cpu] of await backendCpu(sql)) pgSec += cpu - (pgBefore.get(pid) ?? 0);
    lat.sort((a, b) => a - b);
    const rate = (JOBS / ms) * 1000;
    const cpuUs = (coordSec * 1e6) / JOBS;
    const pgUs = (pgSec * 1e6) / JOBS;
    log(
      `${n} coordinator(s): ${rate.toFixed(0)} jobs/s (direct fetch ${directRate.toFixed(0)}/s), submit→completed p50 ${pct(lat, 50).toFixed(2)} ms p99 ${pct(lat, 99).toFixed(2)} ms; coordinators ${cpuUs.toFixed(0)} µs CPU a job, PostgreSQL backends ${pgUs.toFixed(0)} µs`,
    );
    results.push(
      `RESULT pipeline_pg coordinators=${n} concurrency=${CONCURRENCY} jobs_per_s=${rate.toFixed(0)} cpu_us_per_job=${cpuUs.toFixed(0)} pg_cpu_us_per_job=${pgUs.toFixed(0)} p50_ms=${pct(lat, 50).toFixed(2)} p99_ms=${pct(lat, 99).toFixed(2)} ratio_direct=${(rate / directRate).toFixed(3)}`,
    );
  } finally {
    await sql.end();
    for (const a of agents) {
      a.child.kill('SIGTERM');
      await a.exited;
      rmSync(a.stateDir, { recursive: true, force: true });
    }
    await cluster.stop();
  }
}
await target.close();
if (results.length === 2) {
  const rate = (line: string) => Number(/jobs_per_s=(\d+)/.exec(line)?.[1]);
  log(`2 coordinators over 1: ${(rate(results[1] ?? '') / rate(results[0] ?? '')).toFixed(2)}x jobs/s`);
}
for (const line of results) log(line);
process.exit(0);
