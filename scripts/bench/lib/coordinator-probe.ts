// Loaded into the fleet bench's coordinator with --import (fleet.ts --probe): records, in epoch ms,
// what makes the tail of submit → assign inside the coordinator, and writes it to the file named by
// CRAWL_PROBE_OUT when the process exits. Bench-only: it patches prototypes of the running code.
// - each submit: the HTTP request seen by node:http, the job stored (the lifecycle's submit
//   transition), its Assign handed to the link's socket, the 201 written;
// - event-loop stalls: a timer due every TICK_MS that ran more than STALL_MS late, and when;
// - GC pauses (kind and duration) from the gc performance entries;
// - SQLite statements that held the thread longer than SLOW_SQL_MS (a COMMIT that checkpoints
//   the WAL, a big read), by statement.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector';
import { PerformanceObserver } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { JobLifecycle } from '../../../coordinator/jobs/job-lifecycle.js';
import { AgentConnection } from '../../../coordinator/link/agent-connection.js';
import { HeartbeatWheel } from '../../../coordinator/link/heartbeat-wheel.js';
import type { JobRecord } from '../../../coordinator/store/records.js';

const OUT = process.env.CRAWL_PROBE_OUT;
const TICK_MS = 2;
const STALL_MS = 3;
const SLOW_SQL_MS = 2;
const epoch = (): number => performance.timeOrigin + performance.now();

/** Per job: [requestAt, storedAt, assignedAt, answeredAt], epoch ms (NaN: not seen). */
const jobs = new Map<string, Float64Array>();
const stamp = (id: string, i: number, at: number): void => {
  let s = jobs.get(id);
  if (!s) {
    s = new Float64Array(4).fill(Number.NaN);
    jobs.set(id, s);
  }
  if (Number.isNaN(s[i])) s[i] = at;
};

/** [epoch ms the late timer was due, ms late]. */
const stalls: Array<[number, number]> = [];
let ticks = 0;
let due = epoch() + TICK_MS;
const sample = (): void => {
  const now = epoch();
  ticks++;
  if (now - due > STALL_MS) stalls.push([due, now - due]);
  due = now + TICK_MS;
  setTimeout(sample, TICK_MS).unref();
};
setTimeout(sample, TICK_MS).unref();

/** [epoch ms, duration ms, kind] of each GC pause. */
const gcs: Array<[number, number, number]> = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
    gcs.push([performance.timeOrigin + e.startTime, e.duration, kind]);
  }
}).observe({ entryTypes: ['gc'] });

const ARRIVED = Symbol('arrived');
type Stamped = http.IncomingMessage & { [ARRIVED]?: number };
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
  if (event === 'request') {
    const req = args[0] as Stamped;
    if (req.method === 'POST' && req.url === '/crawl/v1/new') req[ARRIVED] = epoch();
  }
  return Reflect.apply(emit, this, [event, ...args]) as boolean;
} as typeof emit;
const end = http.ServerResponse.prototype.end;
const JOB_ID = /"job_id":"([0-9a-f-]{36})"/;
http.ServerResponse.prototype.end = function (this: http.ServerResponse, ...args: unknown[]) {
  const at = (this.req as Stamped | undefined)?.[ARRIVED];
  const chunk = args[0];
  if (at !== undefined && typeof chunk === 'string') {
    const id = JOB_ID.exec(chunk)?.[1];
    if (id) {
      stamp(id, 0, at);
      stamp(id, 3, epoch());
    }
  }
  return end.apply(this, args as Parameters<typeof end>);
} as typeof end;

// Private members, reached past the type system on purpose: the probe must not change their code.
const lifecycle = JobLifecycle.prototype as unknown as {
  emit(e: { transition: string; job: JobRecord }): void;
};
const lifecycleEmit = lifecycle.emit;
lifecycle.emit = function (this: unknown, e) {
  if (e.transition === 'submit') stamp(e.job.id, 1, epoch());
  lifecycleEmit.call(this, e);
};
const link = AgentConnection.prototype as unknown as {
  sendAssign(job: JobRecord, attempt: number, trace: unknown): void;
};
const sendAssign = link.sendAssign;
link.sendAssign = function (this: unknown, job, attempt, trace) {
  stamp(job.id, 2, epoch());
  sendAssign.call(this, job, attempt, trace);
};

/** [epoch ms the statement started, ms it took, its SQL (first 60 characters)]. */
const slowSql: Array<[number, number, string]> = [];
/** COMMIT durations, ms: every group commit of the store. */
const commits: number[] = [];
const Statement = Object.getPrototypeOf(new Database(':memory:').prepare('SELECT 1')) as Record<
  'run' | 'get' | 'all',
  (this: Database.Statement, ...args: unknown[]) => unknown
>;
for (const method of ['run', 'get', 'all'] as const) {
  const original = Statement[method];
  Statement[method] = function (this: Database.Statement, ...args: unknown[]) {
    const t0 = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      const ms = performance.now() - t0;
      if (this.source === 'COMMIT') commits.push(ms);
      if (ms > SLOW_SQL_MS) slowSql.push([performance.timeOrigin + t0, ms, this.source.slice(0, 60)]);
    }
  };
}

// An experiment's extra pragma for every database that turns WAL on (CRAWL_PROBE_PRAGMA, e.g.
// 'wal_autocheckpoint = 0' to see what the checkpoints inside COMMIT cost).
const extraPragma = process.env.CRAWL_PROBE_PRAGMA;
if (extraPragma) {
  const pragma = Database.prototype.pragma;
  Database.prototype.pragma = function (
    this: Database.Database,
    source: string,
    opts?: Database.PragmaOptions,
  ) {
    const out = pragma.call(this, source, opts);
    if (/journal_mode\s*=\s*WAL/i.test(source)) pragma.call(this, extraPragma);
    return out;
  } as typeof pragma;
}

// Where the young generation's garbage comes from: V8's sampling heap profiler, counting objects
// that scavenges and mark-compacts freed too (CRAWL_PROBE_HEAP names the .heapprofile to write).
const heapOut = process.env.CRAWL_PROBE_HEAP;
const inspector = heapOut ? new Session() : null;
if (inspector) {
  inspector.connect();
  inspector.post('HeapProfiler.startSampling', {
    samplingInterval: 32_768,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
}

/** [epoch ms, ms] of heartbeat-wheel ticks (one slot's pings) that took over a millisecond. */
const wheelTicks: Array<[number, number]> = [];
const tick = HeartbeatWheel.prototype.tick;
HeartbeatWheel.prototype.tick = function (this: HeartbeatWheel) {
  const t0 = performance.now();
  tick.call(this);
  const ms = performance.now() - t0;
  if (ms > 1) wheelTicks.push([performance.timeOrigin + t0, ms]);
};

export interface ProbeDump {
  wheelTicks: Array<[number, number]>;
  slowSql: Array<[number, number, string]>;
  commits: number[];
  ticks: number;
  tickMs: number;
  stalls: Array<[number, number]>;
  gcs: Array<[number, number, number]>;
  jobs: Array<[string, number, number, number, number]>;
}

process.on('exit', () => {
  // Same-thread inspector sessions answer synchronously, so this runs within the exit handler.
  inspector?.post('HeapProfiler.stopSampling', (err, res) => {
    if (!err && heapOut) writeFileSync(heapOut, JSON.stringify(res.profile));
  });
  if (!OUT) return;
  const dump: ProbeDump = {
    wheelTicks,
    slowSql,
    commits,
    ticks,
    tickMs: TICK_MS,
    stalls,
    gcs,
    jobs: [...jobs].map(([id, s]) => [id, s[0] as number, s[1] as number, s[2] as number, s[3] as number]),
  };
  writeFileSync(OUT, JSON.stringify(dump));
});
