// Reads what coordinator-probe.ts recorded and splits the fleet bench's submit → assign latency
// into the part before the coordinator saw the request (the bench's client, the socket, a stalled
// coordinator loop not reading yet), the coordinator's part (request → Assign handed to the link's
// socket) and the part after (the socket, the simulated agent's own loop), with the event-loop
// stalls and GC pauses of the coordinator over the same windows.
import { readFileSync } from 'node:fs';
import type { ProbeDump } from './coordinator-probe.js';
import { pct } from './fleet-stream.js';

/** A job stream's window and its jobs, epoch ms. */
export interface ProbeWindow {
  fromMs: number;
  toMs: number;
  /** Job id → submit sent by the bench. */
  sentAt: ReadonlyMap<string, number>;
  /** Job id → its headers written to a connection by the bench's HTTP client. */
  writtenAt: ReadonlyMap<string, number>;
  /** Job id → assign received by the simulated agent. */
  assignedAt: ReadonlyMap<string, number>;
}

const f = (x: number): string => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
const ps = (xs: number[]): string => {
  xs.sort((a, b) => a - b);
  return `p50 ${f(pct(xs, 50))} p99 ${f(pct(xs, 99))} max ${f(xs.at(-1) ?? Number.NaN)}`;
};
// V8's gc performance entry kinds (perf_hooks constants NODE_PERFORMANCE_GC_*).
const GC_KINDS: Record<number, string> = { 1: 'scavenge', 2: 'mark-compact', 4: 'incremental', 8: 'weakcb' };

function commitLine(d: number[]): string {
  const sorted = [...d].sort((a, b) => a - b);
  const sum = d.reduce((a, b) => a + b, 0);
  return `${d.length}, ${f(sum)} ms in all, p50 ${f(pct(sorted, 50))} p99 ${f(pct(sorted, 99))} max ${f(sorted.at(-1) ?? Number.NaN)}`;
}

export function readProbe(file: string): ProbeDump {
  return JSON.parse(readFileSync(file, 'utf8')) as ProbeDump;
}

/** Lines describing one window; the last is a one-line summary (PROBE ...). */
export function probeReport(dump: ProbeDump, w: ProbeWindow, label: string): string[] {
  const inside = (t: number) => t >= w.fromMs && t <= w.toMs;
  const byId = new Map(dump.jobs.map(([id, ...s]) => [id, s.map((x) => x ?? Number.NaN)]));
  const queued: number[] = [];
  const unread: number[] = [];
  const coord: number[] = [];
  const stored: number[] = [];
  const after: number[] = [];
  type Parts = [total: number, queued: number, unread: number, coord: number, after: number];
  const total: Parts[] = [];
  for (const [id, sent] of w.sentAt) {
    const s = byId.get(id);
    const at = w.assignedAt.get(id);
    const wrote = w.writtenAt.get(id) ?? sent;
    if (!s || at === undefined) continue;
    const [req, sto, asg] = s as [number, number, number, number];
    if (Number.isNaN(req) || Number.isNaN(asg)) continue;
    queued.push(wrote - sent);
    unread.push(req - wrote);
    coord.push(asg - req);
    if (!Number.isNaN(sto)) stored.push(sto - req);
    after.push(at - asg);
    total.push([at - sent, wrote - sent, req - wrote, asg - req, at - asg]);
  }
  // The slowest 1% of jobs: where their time went, on average.
  total.sort((a, b) => b[0] - a[0]);
  const tail = total.slice(0, Math.max(1, Math.floor(total.length / 100)));
  const mean = (i: number) => tail.reduce((a, t) => a + (t[i] as number), 0) / tail.length;
  const stalls = dump.stalls.filter(([t]) => inside(t)).map(([, ms]) => ms);
  const gcs = dump.gcs.filter(([t]) => inside(t));
  const gcLines = Object.entries(GC_KINDS).map(([k, name]) => {
    const d = gcs.filter(([, , kind]) => kind === Number(k)).map(([, ms]) => ms);
    return `${name} ${d.length} (${f(d.reduce((a, b) => a + b, 0))} ms, max ${f(Math.max(0, ...d))})`;
  });
  const slow = new Map<string, number[]>();
  for (const [t, ms, sql] of dump.slowSql) {
    if (!inside(t)) continue;
    const list = slow.get(sql) ?? [];
    list.push(ms);
    slow.set(sql, list);
  }
  const sqlLines = [...slow]
    .sort((a, b) => Math.max(...b[1]) - Math.max(...a[1]))
    .slice(0, 5)
    .map(([sql, d]) => `${d.length}× max ${f(Math.max(...d))} ms "${sql}"`);
  const wheel = dump.wheelTicks.filter(([t]) => inside(t)).map(([, ms]) => ms);
  const spanSec = (w.toMs - w.fromMs) / 1000;
  const over = (ms: number) => stalls.filter((x) => x > ms).length;
  coord.sort((a, b) => a - b);
  return [
    `  ${label}: ${total.length} jobs seen on both ends`,
    `    in the bench's HTTP client, before a connection took it ms: ${ps(queued)}`,
    `    written → seen by the coordinator's node:http (its loop busy or stalled) ms: ${ps(unread)}`,
    `    coordinator, request → job stored ms: ${ps(stored)}`,
    `    coordinator, request → Assign to the socket ms: ${ps(coord)}`,
    `    Assign to the socket → at the agent ms: ${ps(after)}`,
    `    slowest 1% (${tail.length} jobs, mean ${f(mean(0))} ms): client queue ${f(mean(1))}, waiting for the coordinator's loop ${f(mean(2))}, coordinator ${f(mean(3))}, to the agent ${f(mean(4))}`,
    `    coordinator loop over ${spanSec.toFixed(1)} s: ${stalls.length} timers late > ${3} ms, ${over(10)} > 10 ms, ${over(20)} > 20 ms, ${over(50)} > 50 ms, max ${f(Math.max(0, ...stalls))} ms, ${f(stalls.reduce((a, b) => a + b, 0))} ms late in all`,
    `    GC: ${gcLines.join(', ')}`,
    `    SQLite statements over ${2} ms, slowest first: ${sqlLines.join('; ') || 'none'}`,
    `    heartbeat-wheel ticks over 1 ms: ${wheel.length}, max ${f(Math.max(0, ...wheel))} ms`,
    `    COMMITs over the whole run: ${commitLine(dump.commits)}`,
    `PROBE ${label} coord_p50_ms=${f(pct(coord, 50))} coord_p99_ms=${f(pct(coord, 99))} tail_client_ms=${f(mean(1))} tail_unread_ms=${f(mean(2))} tail_coord_ms=${f(mean(3))} tail_after_ms=${f(mean(4))} stalls_over_20ms=${over(20)} max_stall_ms=${f(Math.max(0, ...stalls))}`,
  ];
}
