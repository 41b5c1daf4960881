// Where a process spent its CPU within given time windows, from a V8 .cpuprofile (node --cpu-prof):
// self time grouped by part of the coordinator. The profile's clock is the monotonic clock that
// process.hrtime reads, so windows taken by another process on the same machine line up.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A window of monotonic time, in µs. */
export interface WindowUs {
  fromUs: number;
  toUs: number;
}

const PARTS: Array<[string, RegExp]> = [
  [
    'picker (device-index, device-picker, score, stats, spread, matching)',
    /coordinator\/scheduler\/(device-|matching|sweep-spread)/,
  ],
  ['dispatcher and queues', /coordinator\/scheduler\//],
  ['store (SQLite)', /coordinator\/store\/|better-sqlite3|node:sqlite/],
  ['results ingest and storage', /coordinator\/(results|storage)\//],
  ['API routes and auth', /coordinator\/(api|auth)\//],
  ['agent link', /coordinator\/link\//],
  ['protobuf codec', /\/proto\/|protobufjs|@bufbuild/],
  ['HTTP server (fastify, node:http)', /fastify|find-my-way|avvio|light-my-request|node:_http|node:http|ajv/],
  ['WebSocket (ws) and sockets', /\/ws\/|node:net|node:stream|node:internal\/stream/],
  ['logging (pino)', /pino/],
];

function partOf(node: ProfileNode): string | null {
  const { functionName, url } = node.callFrame;
  if (functionName === '(idle)') return null;
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (functionName === '(program)') return 'V8 and native (program)';
  for (const [name, re] of PARTS) if (re.test(url)) return name;
  return url ? 'other JavaScript' : 'other native';
}

/** The largest .cpuprofile in the directory (the main thread, not a loader thread). */
export function mainProfile(dir: string): string | null {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f));
  files.sort((a, b) => readFileSync(b).length - readFileSync(a).length);
  return files[0] ?? null;
}

/** Self time per part (ms) inside the windows, busiest first. */
export function profileShares(file: string, windows: WindowUs[]): Array<[part: string, ms: number]> {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let t = p.startTime;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = p.timeDeltas[i] ?? 0;
    t += dt;
    if (!windows.some((w) => t >= w.fromUs && t < w.toUs)) continue;
    const node = byId.get(p.samples[i] as number);
    const part = node && partOf(node);
    if (part) totals.set(part, (totals.get(part) ?? 0) + dt / 1000);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}
