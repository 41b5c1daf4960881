// What loading the ASN data costs: time, CPU, memory held afterwards and the longest stall of the
// event loop while it loads, for the package's IPv4 and IPv6 files; and the cost of one lookup.
// Baseline, measured in the same run: the plain way (read the whole file, split it, one JS object
// per row). Each variant runs in a child process of its own so memory figures do not mix.
// Run: npx tsx scripts/bench/asn-load.ts
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { parseIp } from '../../common/net-policy/cidr.js';
import { CHUNK_BYTES, readAsnCsv } from '../../coordinator/network/asn-csv.js';
import { AsnTableBuilder } from '../../coordinator/network/asn-table.js';

const LOOKUPS = 200_000;

interface Measure {
  ms: number;
  cpuMs: number;
  heldMb: number;
  maxStallMs: number;
  lookupNs: number;
}

/** The longest gap between ticks of a 1 ms timer: how long the event loop was held at most. */
function stallMeter(): { stop(): number } {
  let last = performance.now();
  let max = 0;
  const t = setInterval(() => {
    const now = performance.now();
    max = Math.max(max, now - last);
    last = now;
  }, 1);
  return {
    stop() {
      clearInterval(t);
      return Math.max(max, performance.now() - last);
    },
  };
}

/** The same meter on an idle process for `ms`: what the machine's other load alone causes. */
async function idleStall(ms: number): Promise<number> {
  const m = stallMeter();
  await new Promise((r) => setTimeout(r, ms));
  return m.stop();
}

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const heldBytes = (): number => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

function packageFile(name: string): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@ip-location-db/asn/package.json')), name);
}

/** Samples addresses to look up: the starts of every 97th range (always found). */
function sampleV4(file: string): number[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const out: number[] = [];
  for (let i = 0; i < lines.length; i += 97) {
    const n = Number((lines[i] ?? '').split(',')[0]);
    if (Number.isFinite(n)) out.push(n + 1);
  }
  return out;
}

/** As NetworkLookup loads a file: the builder is dropped once the table is built. */
async function loadCompact(file: string) {
  const b = new AsnTableBuilder();
  await readAsnCsv(file, b);
  return b.build();
}

async function child(variant: 'compact' | 'plain' | 'idle', family: 4 | 6): Promise<Measure> {
  if (variant === 'idle') {
    const maxStallMs = await idleStall(1500);
    return { ms: 1500, cpuMs: 0, heldMb: 0, maxStallMs, lookupNs: 0 };
  }
  const file = packageFile(family === 4 ? 'asn-ipv4-num.csv' : 'asn-ipv6-num.csv');
  const probes = family === 4 ? sampleV4(file) : [];
  const v6Probes = ['2001:4860:4860::8888', '2606:4700:4700::1111', '2a00:1450:4001::1'].map(
    (t) => parseIp(t)?.value ?? 0n,
  );
  const before = heldBytes();
  const stalls = stallMeter();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let lookup: (i: number) => unknown;
  if (variant === 'compact') {
    const table = await loadCompact(file);
    lookup =
      family === 4
        ? (i) => table.lookupV4(probes[i % probes.length] as number)
        : (i) => table.lookupV6(v6Probes[i % v6Probes.length] as bigint);
    (globalThis as { keep?: unknown }).keep = table;
  } else {
    // The plain way: one synchronous read and parse, an object per row, a linear-time find.
    const rows = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [s = '', e = '', a = '', ...name] = line.split(',');
        return family === 4
          ? { start: Number(s), end: Number(e), asn: Number(a), name: name.join(',') }
          : { start: BigInt(s), end: BigInt(e), asn: Number(a), name: name.join(',') };
      });
    const starts = rows.map((r) => r.start);
    // Binary search too, so the lookup figure compares the layouts, not the algorithms.
    lookup = (i) => {
      const v =
        family === 4 ? (probes[i % probes.length] as number) : (v6Probes[i % v6Probes.length] as bigint);
      let lo = 0;
      let hi = starts.length - 1;
      let at = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        if ((starts[mid] as number | bigint) <= v) {
          at = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      return at >= 0 ? rows[at] : null;
    };
    (globalThis as { keep?: unknown }).keep = rows;
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await new Promise((r) => setTimeout(r, 5));
  const maxStallMs = stalls.stop();
  const heldMb = (heldBytes() - before) / 1e6;
  const n = family === 4 ? LOOKUPS : LOOKUPS / 10;
  const l0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) lookup(i);
  const lookupNs = Number(process.hrtime.bigint() - l0) / n;
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, heldMb, maxStallMs, lookupNs };
}

async function main(): Promise<void> {
  const [, , mode, variant, family] = process.argv;
  if (mode === '--child') {
    const m = await child(variant as 'compact' | 'plain' | 'idle', Number(family) as 4 | 6);
    process.stdout.write(JSON.stringify(m));
    return;
  }
  const self = fileURLToPath(import.meta.url);
  const run = (v: string, f: number): Measure =>
    JSON.parse(
      execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, '--child', v, String(f)], {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      }),
    ) as Measure;
  const log = pino({ level: 'info' });
  const idle = run('idle', 4);
  for (const family of [4, 6] as const) {
    const plain = run('plain', family);
    const compact = run('compact', family);
    // Parsing happens in slices of one read chunk each: CPU per slice is the loop's hold, free of
    // the machine's noise (the measured stall includes other processes' time on a busy host).
    const bytes = statSync(packageFile(family === 4 ? 'asn-ipv4-num.csv' : 'asn-ipv6-num.csv')).size;
    const sliceMs = compact.cpuMs / Math.ceil(bytes / CHUNK_BYTES);
    log.info({ family, plain, compact, idleStallMs: idle.maxStallMs }, 'asn load');
    const r = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
    process.stdout.write(
      `RESULT asn_load_ipv${family} load_ms=${compact.ms.toFixed(0)} cpu_ms=${compact.cpuMs.toFixed(0)} ` +
        `held_mb=${compact.heldMb.toFixed(1)} max_stall_ms=${compact.maxStallMs.toFixed(1)} ` +
        `mean_slice_cpu_ms=${sliceMs.toFixed(2)} idle_max_stall_ms=${idle.maxStallMs.toFixed(1)} ` +
        `lookup_ns=${compact.lookupNs.toFixed(0)} baseline_load_ms=${plain.ms.toFixed(0)} ` +
        `baseline_held_mb=${plain.heldMb.toFixed(1)} baseline_max_stall_ms=${plain.maxStallMs.toFixed(1)} ` +
        `held_ratio=${r(compact.heldMb, plain.heldMb)} stall_ratio=${r(compact.maxStallMs, plain.maxStallMs)} ` +
        `cpu_ratio=${r(compact.cpuMs, plain.cpuMs)}\n`,
    );
  }
}

await main();
