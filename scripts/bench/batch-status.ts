// Batch status bench: a real coordinator on SQLite (or, with --store postgres, a fresh PostgreSQL
// database on 127.0.0.1) holding 1,000 completed jobs (among --extra others), asked for the status of
// all 1,000 in one `POST /crawl/v1/jobs/batch/status` (the batch form docs/api.md defines; there is
// no GET form), one request at a time. In this process it also times, on the same data, the store
// read and the handler's work (read, views, JSON) the old way (getJobs: every column, result and
// request parsed, owner filtered after) against the new (getJobViews), and the previous getJobViews
// (object rows; on SQLite through the primary key and the table, before the jobs_view index) against
// the current one, and prints the ratios. With --baseline DIR (a checkout of the previous code, see
// docs/scaling.md) a coordinator running that code answers too, on the same data (SQLite: a copy of
// the file without migration 10), asked alternately with the new one, one request at a time.
//   npx tsx scripts/bench/batch-status.ts [--requests 200] [--extra 20000] [--store sqlite|postgres]
//     [--baseline DIR] [--prof DIR] [--rpm N (a requests-per-minute limit on the key)]
// Last line: RESULT batch_status ids=1000 p50_ms=<n> p99_ms=<n> …   (target p50 ≤ 15 ms)
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { request } from 'undici';
import { createApiKey, setKeyLimits } from '../../coordinator/auth/admin-ops.js';
import { parseFlags } from '../../coordinator/config.js';
import { jobView } from '../../coordinator/results/views.js';
import { openStore } from '../../coordinator/store/open.js';
import type { JobRecord, JobViewRecord, ResultRecord } from '../../coordinator/store/records.js';
import type { Store } from '../../coordinator/store/types.js';
import { freshPostgresUrl } from '../../test/helpers/postgres.js';
import { prevRead } from './lib/batch-status-prev.js';
import { freePort, pct, procStatus, sleep, waitHealthy } from './lib/fleet-stream.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const flags = parseFlags(process.argv.slice(2));
const IDS = 1000;
const REQUESTS = Number(flags.requests ?? 200);
const EXTRA = Number(flags.extra ?? 20_000);
const ENGINE = String(flags.store ?? 'sqlite');
/** --prof <dir>: the coordinator runs under --cpu-prof, its profile written there on exit. */
const profDir = flags.prof ? path.resolve(String(flags.prof)) : null;
/** --baseline <dir>: the previous code's checkout, whose coordinator answers beside the new one. */
const baselineDir = flags.baseline ? path.resolve(String(flags.baseline)) : null;
/** --rpm <n>: the key gets a requests-per-minute limit, so every request also counts in the store. */
const RPM = flags.rpm ? String(flags.rpm) : null;
if (ENGINE !== 'sqlite' && ENGINE !== 'postgres') throw new Error('--store is sqlite or postgres');
const log = (line: string) => process.stdout.write(`${line}\n`);

function job(ownerId: string, i: number): JobRecord {
  const now = Date.now() - 60_000 + i;
  return {
    id: randomUUID(),
    ownerId,
    url: `https://example.com/page/${i}`,
    method: i % 5 === 0 ? 'CRAWL_FULL_PAGE' : 'GET',
    status: 'pending',
    submittedAt: new Date(now).toISOString(),
    submittedAtMs: now,
    timeoutSec: 30,
    placement: i % 3 === 0 ? { country: 'DE' } : {},
    sessionId: null,
    sweepId: null,
    storageType: 'local',
    request: { headers: [{ name: 'accept', value: 'text/html' }], bodyBase64: '', cookies: [] },
    attempt: 1,
    deviceId: `sim-${i % 100}`,
    queueDeadlineMs: now + 60_000,
    completedAt: null,
    failureType: null,
    errorMessage: null,
    archivedAt: null,
    result: null,
  };
}

function result(j: JobRecord): ResultRecord {
  return {
    id: randomUUID(),
    createdAt: new Date().toISOString(),
    attempt: 1,
    deviceId: j.deviceId ?? '',
    success: true,
    statusCode: 200,
    sizeBytes: 48_213,
    timeUs: 182_000,
    startedAtMs: j.submittedAtMs + 5,
    tlsVersion: 'TLSv1.3',
    tlsCipher: 'TLS_AES_256_GCM_SHA384',
    errorType: '',
    errorMessage: '',
    finalUrl: j.url,
    contentType: 'text/html; charset=utf-8',
    requestHeaders: [{ name: 'user-agent', value: 'Mozilla/5.0' }],
    responseHeaders: Array.from({ length: 12 }, (_, k) => ({ name: `x-header-${k}`, value: `value ${k}` })),
    requestCookies: [],
    responseCookies: [],
    parts: {},
    performance: null,
    requestResults: {},
    metadata: { placement_reason: 'matched method=GET; deciding factor: least loaded' },
  };
}

// ---------------------------------------------------------------- data: 1,000 completed jobs
const dataDir = mkdtempSync(path.join(tmpdir(), 'crawl-batch-'));
const pg = ENGINE === 'postgres' ? await freshPostgresUrl() : null;
const dbUrl = pg ? pg.url : `sqlite:${path.join(dataDir, 'crawl.db')}`;
const store = await openStore(dbUrl);
const { key, record } = await createApiKey(store, { name: 'bench' });
if (RPM && 'error' in (await setKeyLimits(store, record.id, { 'requests-per-minute': RPM }))) {
  throw new Error(`--rpm ${RPM}: not a limit`);
}
const other = randomUUID();
const ids: string[] = [];
for (let i = 0; i < IDS + EXTRA; i++) {
  const mine = i % Math.max(1, Math.floor((IDS + EXTRA) / IDS)) === 0 && ids.length < IDS;
  const j = job(mine ? record.ownerId : other, i);
  await store.insertJob(j);
  if (mine || i % 2 === 0) {
    await store.completeJob(j.id, result(j), new Date().toISOString());
    if (mine) ids.push(j.id);
  }
}

/** The handler's answer from views (as coordinator/api/jobs.ts builds it), serialised. */
function answer(views: readonly JobViewRecord[]): string {
  const found = new Map(views.map((j) => [j.id, j]));
  const results: Record<string, unknown> = Object.create(null);
  for (const id of ids) {
    const j = found.get(id);
    results[id] = j ? { job: jobView(j) } : { error: { code: 'not_found', message: '' } };
  }
  return JSON.stringify({ requested_count: ids.length, found_count: found.size, results });
}

/** Wall-clock times (sorted) and this process's CPU per call over `n` calls. */
async function timed(n: number, fn: () => Promise<unknown>): Promise<{ ms: number[]; cpuMs: number }> {
  const ms: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  return { ms: ms.sort((a, b) => a - b), cpuMs: (cpu.user + cpu.system) / 1000 / n };
}

// Same run, same data: the old read (every column, then filtered by owner), the previous view read
// (object rows, primary key then table) and the current one.
async function inProcess(s: Store) {
  const prev = prevRead(dbUrl);
  const oldRead = async () => (await s.getJobs(ids)).filter((j) => j.ownerId === record.ownerId);
  const prevViews = () => prev.read(record.ownerId, ids);
  const newRead = () => s.getJobViews(record.ownerId, ids);
  for (const read of [oldRead, prevViews, newRead]) {
    if ((await read()).length !== IDS) throw new Error('the store did not find every job');
  }
  const want = answer(await newRead());
  if (answer(await oldRead()) !== want || answer(await prevViews()) !== want) {
    throw new Error('old, previous and new answers differ');
  }
  const fns = {
    oldRead,
    prevRead: prevViews,
    newRead,
    oldHandler: async () => answer(await oldRead()),
    prevHandler: async () => answer(await prevViews()),
    newHandler: async () => answer(await newRead()),
  };
  type Name = keyof typeof fns;
  const out = Object.fromEntries(Object.keys(fns).map((k) => [k, [] as number[]])) as Record<Name, number[]>;
  const cpu = Object.fromEntries(Object.keys(fns).map((k) => [k, 0])) as Record<Name, number>;
  for (const fn of Object.values(fns)) await timed(10, fn);
  // Interleaved rounds, so a burst of load on the machine falls on all alike.
  for (let round = 0; round < 5; round++) {
    for (const [name, fn] of Object.entries(fns) as [Name, () => Promise<unknown>][]) {
      const r = await timed(10, fn);
      out[name].push(...r.ms);
      cpu[name] += r.cpuMs / 5;
    }
  }
  await prev.close();
  for (const xs of Object.values(out)) xs.sort((a, b) => a - b);
  return { ...out, cpu };
}
const local = await inProcess(store);
await store.close();

// ---------------------------------------------------------------- the coordinators, asked over HTTP
/** The previous code's data: the same file without migration 10 on SQLite; the same database on PostgreSQL. */
function baselineData(): { dir: string; url: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'crawl-batch-prev-'));
  if (pg) return { dir, url: dbUrl };
  const file = path.join(dir, 'crawl.db');
  copyFileSync(path.join(dataDir, 'crawl.db'), file);
  const db = new Database(file);
  db.exec('DROP INDEX jobs_view; DELETE FROM schema_migrations WHERE version = 10;');
  db.close();
  return { dir, url: `sqlite:${file}` };
}

interface Coordinator {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function startCoordinator(
  root: string,
  dir: string,
  store: string,
  prof: boolean,
): Promise<Coordinator> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...(prof && profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
      '--import',
      'tsx',
      path.join(root, 'coordinator/main.ts'),
      ...['--host', '127.0.0.1', '--port', String(port), '--data-dir', dir, '--log-level', 'warn'],
      ...['--store', store],
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = new Promise((r) => child.once('exit', r));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const body = JSON.stringify({ job_ids: ids });
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
async function once(base: string): Promise<{ ms: number; text: string }> {
  const t0 = performance.now();
  const res = await request(`${base}/crawl/v1/jobs/batch/status`, { method: 'POST', headers, body });
  const text = await res.body.text();
  const ms = performance.now() - t0;
  if (res.statusCode !== 200)
    throw new Error(`batch status answered ${res.statusCode}: ${text.slice(0, 200)}`);
  const parsed = JSON.parse(text) as { found_count: number };
  if (parsed.found_count !== IDS) throw new Error(`found ${parsed.found_count} of ${IDS}`);
  return { ms, text };
}

/** Waits (at most 3 minutes) until the process spends under 5% of a core for a whole second. */
async function settled(pid: number): Promise<void> {
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    const cpu0 = procStatus(pid).cpuSec;
    await sleep(1_000);
    if (procStatus(pid).cpuSec - cpu0 < 0.05) return;
  }
  log(`coordinator ${pid} still busy after 3 minutes; measuring anyway`);
}

const prevData = baselineDir ? baselineData() : null;
const started: Coordinator[] = [];
try {
  const fresh = await startCoordinator(ROOT, dataDir, dbUrl, true);
  started.push(fresh);
  const prev =
    baselineDir && prevData ? await startCoordinator(baselineDir, prevData.dir, prevData.url, false) : null;
  if (prev) started.push(prev);
  // At start a coordinator writes the push events the bench's direct inserts lack (one per
  // finished job): on a busy machine that takes more than waitHealthy's default minute.
  for (const c of started) await waitHealthy(c.url, 600_000);
  for (let i = 0; i < 20; i++) for (const c of started) await once(c.url); // warm up (JIT, page cache)
  if (prev && (await once(prev.url)).text !== (await once(fresh.url)).text) {
    throw new Error('the previous and the new coordinator answer differently');
  }
  // At start a coordinator also fails the other owner's pending jobs whose queue deadline passed
  // while the data was written (~10,000 here, each with its push event): wait until that is done,
  // so it does not land in the CPU a request. Then a quiet while: what the new coordinator spends
  // asked nothing (timers, cluster sync), so
  // the CPU a request can be read net of it.
  for (const c of started) await settled(c.pid);
  const idle0 = procStatus(fresh.pid).cpuSec;
  const idleT0 = performance.now();
  await sleep(3_000);
  const idleMsPerSec = ((procStatus(fresh.pid).cpuSec - idle0) * 1e6) / (performance.now() - idleT0);
  const ms = new Map(started.map((c) => [c, [] as number[]]));
  let bytes = 0;
  const cpu0 = started.map((c) => procStatus(c.pid).cpuSec);
  const loopT0 = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    // Alternately, first one then the other: a burst of load falls on both alike.
    for (const c of i % 2 ? [...started].reverse() : started) {
      const r = await once(c.url);
      ms.get(c)?.push(r.ms);
      bytes = r.text.length;
    }
  }
  const loopSec = (performance.now() - loopT0) / 1000;
  // Coordinator CPU per request: holds up on a busy machine better than the wall-clock figures.
  const cpuMs = started.map((c, k) => ((procStatus(c.pid).cpuSec - (cpu0[k] ?? 0)) * 1000) / REQUESTS);
  for (const xs of ms.values()) xs.sort((a, b) => a - b);
  const newMs = ms.get(fresh) ?? [];
  const prevMs = prev ? (ms.get(prev) ?? []) : [];
  const round = (xs: number[]) =>
    `p50 ${pct(xs, 50).toFixed(2)} ms p90 ${pct(xs, 90).toFixed(2)} ms p99 ${pct(xs, 99).toFixed(2)} ms`;
  log(
    `batch status of ${IDS} completed jobs (${EXTRA} other jobs in the table), ${REQUESTS} requests one at a time${prev ? ' to each coordinator, alternately' : ''}`,
  );
  log(
    `response ${(bytes / 1024).toFixed(0)} KiB; round trip ${round(newMs)}; coordinator CPU ${cpuMs[0]?.toFixed(2)} ms a request (asked nothing it spent ${idleMsPerSec.toFixed(1)} ms a second: ${((idleMsPerSec * loopSec) / REQUESTS).toFixed(2)} ms of that)`,
  );
  if (prev)
    log(
      `previous code (${baselineDir}): round trip ${round(prevMs)}; coordinator CPU ${cpuMs[1]?.toFixed(2)} ms a request`,
    );
  const p50 = (xs: number[]) => pct(xs, 50).toFixed(2);
  log(`in process, same data (${ENGINE}); p50 wall-clock, and CPU of this process per call:`);
  const c = local.cpu;
  log(
    `  store read, old getJobs + owner filter: p50 ${p50(local.oldRead)} ms, CPU ${c.oldRead.toFixed(2)} ms; previous getJobViews: p50 ${p50(local.prevRead)} ms, CPU ${c.prevRead.toFixed(2)} ms; new getJobViews: p50 ${p50(local.newRead)} ms, CPU ${c.newRead.toFixed(2)} ms`,
  );
  log(
    `  read + views + JSON, old: p50 ${p50(local.oldHandler)} ms, CPU ${c.oldHandler.toFixed(2)} ms; previous: p50 ${p50(local.prevHandler)} ms, CPU ${c.prevHandler.toFixed(2)} ms; new: p50 ${p50(local.newHandler)} ms, CPU ${c.newHandler.toFixed(2)} ms`,
  );
  const ratio = (a: number[], b: number[]) => (pct(a, 50) / pct(b, 50)).toFixed(2);
  const vsPrev = prev
    ? ` http_prev_over_new=${ratio(prevMs, newMs)} cpu_prev_over_new=${((cpuMs[1] ?? 0) / (cpuMs[0] ?? 1)).toFixed(2)} p50_prev_ms=${p50(prevMs)} cpu_prev_ms_per_request=${cpuMs[1]?.toFixed(2)}`
    : '';
  log(
    `RESULT batch_status ids=${IDS} p50_ms=${p50(newMs)} p99_ms=${pct(newMs, 99).toFixed(2)} cpu_ms_per_request=${cpuMs[0]?.toFixed(2)} idle_cpu_ms_per_s=${idleMsPerSec.toFixed(1)} store=${ENGINE} rpm=${RPM ?? 'none'} read_old_over_new=${ratio(local.oldRead, local.newRead)} handler_old_over_new=${ratio(local.oldHandler, local.newHandler)} handler_cpu_old_over_new=${(c.oldHandler / c.newHandler).toFixed(2)} read_cpu_prev_over_new=${(c.prevRead / c.newRead).toFixed(2)} handler_cpu_prev_over_new=${(c.prevHandler / c.newHandler).toFixed(2)}${vsPrev}`,
  );
} finally {
  for (const c of started) await c.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (prevData) rmSync(prevData.dir, { recursive: true, force: true });
  await pg?.drop();
}
