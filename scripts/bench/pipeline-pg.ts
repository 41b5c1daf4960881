// Pipeline bench on PostgreSQL: jobs through submit → coordinator → agent → completed with 1 and
// then 2 coordinator processes on a fresh database each (jobs submitted round-robin, one agent
// process per coordinator, each linked to its own coordinator only, so with 2 coordinators half of
// the placements need the other coordinator's NOTIFY). The baseline, in the same run: the same
// pipeline with one coordinator process on SQLite (completions heard on its /crawl/v1/events
// stream, as no other process can hear its store), and a direct undici fetch of the same target.
// CPU per job is read from /proc for the coordinator processes and the database's server backends.
//   npx tsx scripts/bench/pipeline-pg.ts [--jobs 2000] [--concurrency 32] [--coordinators 1,2]
//     [--statements]   per phase, the statements PostgreSQL ran a job (calls and time), where the
//                      server preloads pg_stat_statements (TEST_POSTGRES_URL may point at such a one)
//     [--prof DIR]     CPU profiles of the PostgreSQL phases' coordinator processes, into DIR/<n>/
//     [--store-params commit_gather_ms=0]   store spec parameters of the coordinators
//     [--agents 2]     agent processes in all, spread over the coordinators (default: one each), the
//                      concurrency shared among them: `--coordinators 1 --agents 2` tells what a
//                      second agent costs apart from what a second coordinator does
// Last lines: RESULT pipeline_pg coordinators=<n> concurrency=32 jobs_per_s=<n> cpu_us_per_job=<n>
//   pg_cpu_us_per_job=<n> ratio_sqlite=<x> … (ratio_sqlite: jobs/s over the SQLite pipeline's)
//   claims_per_job, job_reads_per_job: the coordinators' claimJob and getJob calls a job (their
//   store timing in /metrics); a claim lost to another coordinator is a claimJob and a getJob more.
//   lock_wait_us_per_job: the database's backends seen waiting on a lock (pg_stat_activity sampled
//   every 2 ms from a connection of its own, left out of the CPU figures), as time a job; the
//   phase's log line splits it by wait event (tuple/transactionid: a row; advisory: the event log).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { request } from 'undici';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import { parseFlags } from '../../coordinator/config.js';
import { openStore } from '../../coordinator/store/open.js';
import type { StoreEvent } from '../../coordinator/store/store-events.js';
import {
  type AgentProcess,
  type CoordinatorProcess,
  removeDir,
  spawnAgent,
  spawnCoordinator,
  tempDir,
} from '../../test/helpers/cluster.js';
import { startPgCluster } from '../../test/helpers/pg-cluster.js';
import { startTargetServer } from '../../test/helpers/target-server.js';
import { pct, procStatus } from './lib/fleet-stream.js';

const flags = parseFlags(process.argv.slice(2));
const JOBS = Number(flags.jobs ?? 2000);
const CONCURRENCY = Number(flags.concurrency ?? 32);
const SIZES = String(flags.coordinators ?? '1,2')
  .split(',')
  .map(Number);
const STATEMENTS = flags.statements !== undefined;
const PROF_DIR = flags.prof === undefined ? null : String(flags.prof);
const STORE_PARAMS = flags['store-params'] === undefined ? undefined : String(flags['store-params']);
const AGENTS = flags.agents === undefined ? null : Number(flags.agents);
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

/** CPU seconds of the server backends of one database by pid, with each one's application name. */
async function backendCpu(client: pg.Client): Promise<Map<number, { cpu: number; app: string }>> {
  const { rows } = await client.query<{ pid: number; app: string }>(
    'SELECT pid, application_name AS app FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  const out = new Map<number, { cpu: number; app: string }>();
  for (const { pid, app } of rows) {
    try {
      out.set(pid, { cpu: procStatus(pid).cpuSec, app });
    } catch {
      // ended between the query and the read
    }
  }
  return out;
}

/**
 * Samples which of the database's backends wait on a lock, every 2 ms, until stopped: the waits
 * by wait event, in ms (samples × 2 ms).
 */
function lockSampler(url: string): { stop: () => Promise<Map<string, number>> } {
  const client = new pg.Client({ connectionString: url, application_name: 'pipeline-pg-sampler' });
  const waits = new Map<string, number>();
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ ev: string; n: number }>(
        `SELECT wait_event AS ev, COUNT(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' GROUP BY 1`,
      );
      for (const r of rows) waits.set(r.ev, (waits.get(r.ev) ?? 0) + r.n * 2);
      await new Promise((r) => setTimeout(r, 2));
    }
    await client.end();
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return waits;
    },
  };
}

/** claimJob and getJob calls of one coordinator so far (its /metrics, read with an admin key). */
async function storeCalls(url: string, adminKey: string): Promise<{ claims: number; reads: number }> {
  const res = await request(`${url}/metrics`, { headers: { authorization: `Bearer ${adminKey}` } });
  const text = await res.body.text();
  const count = (op: string): number => {
    let n = 0;
    const re = new RegExp(`^crawl_store_operation_seconds_count\\{[^}]*op="${op}"[^}]*\\} (\\d+)`, 'gm');
    for (const m of text.matchAll(re)) n += Number(m[1]);
    return n;
  };
  return { claims: count('claimJob'), reads: count('getJob') };
}

/** Clears this database's statement statistics; false where pg_stat_statements is not preloaded. */
async function statementsReset(client: pg.Client): Promise<boolean> {
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query(
      'SELECT pg_stat_statements_reset(0, (SELECT oid FROM pg_database WHERE datname = current_database()), 0)',
    );
    return true;
  } catch (err) {
    log(`no statement profile: ${(err as Error).message}`);
    return false;
  }
}

/** What the coordinators made PostgreSQL run a job: calls and execution time, by statement. */
async function statementsReport(client: pg.Client, jobs: number): Promise<void> {
  const { rows } = await client.query<{ calls: string; ms: number; query: string }>(
    `SELECT calls, total_exec_time AS ms, query FROM pg_stat_statements
     WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
     ORDER BY calls DESC LIMIT 25`,
  );
  let calls = 0;
  for (const r of rows) calls += Number(r.calls);
  log(`statements a job: ${(calls / jobs).toFixed(2)} (top 25)`);
  for (const r of rows) {
    const text = r.query.replace(/\s+/g, ' ').slice(0, 110);
    log(`  ${(Number(r.calls) / jobs).toFixed(3)}/job ${((r.ms * 1000) / jobs).toFixed(1)} µs/job  ${text}`);
  }
}

const target = await startTargetServer();
const targetUrl = `${target.httpUrl}/echo`;
const results: string[] = [];

/** Waits for each job's job.completed/job.failed on the owner's event stream of one coordinator. */
async function eventStreamWaiter(url: string, key: string): Promise<(id: string) => Promise<void>> {
  const waiters = new Map<string, () => void>();
  const early = new Set<string>();
  const res = await request(`${url}/crawl/v1/events`, { headers: { authorization: `Bearer ${key}` } });
  let buf = '';
  void (async () => {
    for await (const chunk of res.body) {
      buf += String(chunk);
      let cut = buf.indexOf('\n\n');
      while (cut >= 0) {
        const data = /^data: (.*)$/m.exec(buf.slice(0, cut))?.[1];
        buf = buf.slice(cut + 2);
        cut = buf.indexOf('\n\n');
        if (!data) continue;
        const e = JSON.parse(data) as { type: string; data: { job?: { job_id: string } } };
        const id = e.data.job?.job_id;
        if (!id || (e.type !== 'job.completed' && e.type !== 'job.failed')) continue;
        const w = waiters.get(id);
        if (w) w();
        else early.add(id);
      }
    }
  })().catch(() => {});
  return async (id) => {
    if (!early.delete(id)) await new Promise<void>((resolve) => waiters.set(id, resolve));
    waiters.delete(id);
  };
}

/** The same pipeline on SQLite: one coordinator process, one agent. Jobs/s and its CPU per job. */
async function sqlitePipeline(): Promise<{ rate: number; cpuUs: number; p50: number }> {
  const dir = tempDir('bench-sqlite');
  const spec = `sqlite:${dir}/bench.db`;
  const store = await openStore(spec);
  const { key } = await createApiKey(store, { name: 'bench' });
  const id = `bench-sqlite-${randomUUID().slice(0, 8)}`;
  const { token } = await createDevice(store, { id });
  await store.close();
  let coord: CoordinatorProcess | null = null;
  let agent: AgentProcess | null = null;
  try {
    coord = await spawnCoordinator(['--store', spec, '--data-dir', dir, '--heartbeat-interval-ms', '15000']);
    const c = coord;
    agent = spawnAgent({
      deviceId: id,
      token,
      coordinators: [c.url],
      maxConcurrent: CONCURRENCY,
      logLevel: 'info',
    });
    await agent.waitForLog((l) => l.msg === 'linked to coordinator');
    const wait = await eventStreamWaiter(c.url, key);
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const one = async (): Promise<number> => {
      const t = performance.now();
      const res = await request(`${c.url}/crawl/v1/new`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ url: targetUrl }),
      });
      const { job_id: jobId } = (await res.body.json()) as { job_id: string };
      await wait(jobId);
      return performance.now() - t;
    };
    await runPool(200, CONCURRENCY, async () => {
      await one();
    });
    const pid = c.child.pid ?? 0;
    const before = procStatus(pid).cpuSec;
    const lat: number[] = [];
    const ms = await runPool(JOBS, CONCURRENCY, async () => {
      lat.push(await one());
    });
    const cpuUs = ((procStatus(pid).cpuSec - before) * 1e6) / JOBS;
    lat.sort((a, b) => a - b);
    return { rate: (JOBS / ms) * 1000, cpuUs, p50: pct(lat, 50) };
  } finally {
    if (agent) {
      agent.child.kill('SIGTERM');
      await agent.exited;
      rmSync(agent.stateDir, { recursive: true, force: true });
    }
    if (coord) {
      coord.child.kill('SIGTERM');
      await coord.exited;
    }
    removeDir(dir);
  }
}

const sqlite = await sqlitePipeline();
log(
  `SQLite, 1 coordinator: ${sqlite.rate.toFixed(0)} jobs/s, submit→completed p50 ${sqlite.p50.toFixed(2)} ms; coordinator ${sqlite.cpuUs.toFixed(0)} µs CPU a job`,
);

for (const n of SIZES) {
  // Baseline just before each phase: the same target fetched directly, same concurrency.
  await runPool(200, CONCURRENCY, async () => {
    await (await request(targetUrl)).body.text();
  });
  const directMs = await runPool(JOBS, CONCURRENCY, async () => {
    await (await request(targetUrl)).body.text();
  });
  const directRate = (JOBS / directMs) * 1000;

  const profile = PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROF_DIR}/${n}`] : [];
  const cluster = await startPgCluster('bench-pg', ['--heartbeat-interval-ms', '15000'], n, {
    nodeArgs: profile,
    storeParams: STORE_PARAMS,
  });
  const agents: AgentProcess[] = [];
  const sql = new pg.Client({ connectionString: cluster.pg.url });
  await sql.connect();
  try {
    const { key } = await createApiKey(cluster.store, { name: 'bench' });
    const { key: adminKey } = await createApiKey(cluster.store, { name: 'bench-admin', admin: true });
    const agentCount = Math.max(AGENTS ?? n, n);
    for (let i = 0; i < agentCount; i++) {
      const c = cluster.coordinators[i % n];
      const id = `bench-${i}-${randomUUID().slice(0, 8)}`;
      const a = spawnAgent({
        deviceId: id,
        token: (await createDevice(cluster.store, { id })).token,
        coordinators: [c?.url ?? ''],
        maxConcurrent: Math.ceil(CONCURRENCY / agentCount),
        logLevel: 'info',
      });
      await a.waitForLog((l) => l.msg === 'linked to coordinator');
      agents.push(a);
    }
    // Completions are heard the way a coordinator hears them: NOTIFY on the shared database.
    const waiters = new Map<string, () => void>();
    const early = new Set<string>();
    const store = cluster.store;
    await store.subscribe((e: StoreEvent) => {
      if (e.type === 'resync') {
        // A commit's events did not fit one NOTIFY (or LISTEN reconnected): read who finished.
        void store.getJobs([...waiters.keys()]).then((jobs) => {
          for (const j of jobs) if (j.status === 'completed' || j.status === 'failed') waiters.get(j.id)?.();
        });
        return;
      }
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

    const profiled = STATEMENTS && (await statementsReset(sql));
    const callsBefore = await Promise.all(cluster.coordinators.map((c) => storeCalls(c.url, adminKey)));
    const pids = cluster.coordinators.map((c) => c.child.pid ?? 0);
    const coordBefore = pids.map((p) => procStatus(p).cpuSec);
    const pgBefore = await backendCpu(sql);
    const sampler = lockSampler(cluster.pg.url);
    const lat: number[] = [];
    const ms = await runPool(JOBS, CONCURRENCY, async (i) => {
      lat.push(await submitAndWait(i));
    });
    const coordSec = pids.reduce((sum, p, i) => sum + procStatus(p).cpuSec - (coordBefore[i] ?? 0), 0);
    const waits = await sampler.stop();
    let waitMs = 0;
    for (const ms of waits.values()) waitMs += ms;
    log(
      `lock waits a job: ${((waitMs * 1000) / JOBS).toFixed(0)} µs (${[...waits].map(([ev, ms]) => `${ev} ${((ms * 1000) / JOBS).toFixed(0)} µs`).join(', ') || 'none seen'})`,
    );
    const callsAfter = await Promise.all(cluster.coordinators.map((c) => storeCalls(c.url, adminKey)));
    let claims = 0;
    let reads = 0;
    for (const [i, after] of callsAfter.entries()) {
      claims += after.claims - (callsBefore[i]?.claims ?? 0);
      reads += after.reads - (callsBefore[i]?.reads ?? 0);
    }
    let pgSec = 0;
    // Where the server's CPU went: the coordinators' pools, their LISTEN connections, the bench's.
    const byApp = new Map<string, number>();
    for (const [pid, { cpu, app }] of await backendCpu(sql)) {
      if (app === 'pipeline-pg-sampler') continue;
      const sec = cpu - (pgBefore.get(pid)?.cpu ?? 0);
      pgSec += sec;
      byApp.set(app || 'bench', (byApp.get(app || 'bench') ?? 0) + sec);
    }
    log(
      `PostgreSQL CPU a job by connection kind: ${[...byApp].map(([app, sec]) => `${app} ${((sec * 1e6) / JOBS).toFixed(0)} µs`).join(', ')}`,
    );
    if (profiled) await statementsReport(sql, JOBS);
    lat.sort((a, b) => a - b);
    const rate = (JOBS / ms) * 1000;
    const cpuUs = (coordSec * 1e6) / JOBS;
    const pgUs = (pgSec * 1e6) / JOBS;
    log(
      `${n} coordinator(s): ${rate.toFixed(0)} jobs/s (direct fetch ${directRate.toFixed(0)}/s), submit→completed p50 ${pct(lat, 50).toFixed(2)} ms p99 ${pct(lat, 99).toFixed(2)} ms; coordinators ${cpuUs.toFixed(0)} µs CPU a job, PostgreSQL backends ${pgUs.toFixed(0)} µs`,
    );
    results.push(
      `RESULT pipeline_pg coordinators=${n} concurrency=${CONCURRENCY} jobs_per_s=${rate.toFixed(0)} cpu_us_per_job=${cpuUs.toFixed(0)} pg_cpu_us_per_job=${pgUs.toFixed(0)} ratio_sqlite=${(rate / sqlite.rate).toFixed(3)} total_cpu_us_per_job=${(cpuUs + pgUs).toFixed(0)} p50_ms=${pct(lat, 50).toFixed(2)} p99_ms=${pct(lat, 99).toFixed(2)} ratio_direct=${(rate / directRate).toFixed(3)} claims_per_job=${(claims / JOBS).toFixed(3)} job_reads_per_job=${(reads / JOBS).toFixed(3)} lock_wait_us_per_job=${((waitMs * 1000) / JOBS).toFixed(0)}`,
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
  const num = (line: string, key: string) => Number(new RegExp(`${key}=(\\d+)`).exec(line)?.[1]);
  const [one, two] = [results[0] ?? '', results[1] ?? ''];
  log(`2 coordinators over 1: ${(num(two, 'jobs_per_s') / num(one, 'jobs_per_s')).toFixed(2)}x jobs/s`);
  log(
    `2 coordinators over 1: ${(num(two, 'total_cpu_us_per_job') / num(one, 'total_cpu_us_per_job')).toFixed(2)}x total CPU a job (coordinators + PostgreSQL)`,
  );
}
log(
  `RESULT pipeline_sqlite coordinators=1 concurrency=${CONCURRENCY} jobs_per_s=${sqlite.rate.toFixed(0)} cpu_us_per_job=${sqlite.cpuUs.toFixed(0)}`,
);
for (const line of results) log(line);
process.exit(0);
