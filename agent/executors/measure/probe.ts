// What this device can measure, found at start by running each tool once against 127.0.0.1 (a
// loopback probe proves the tool is installed and has the socket it needs: raw ICMP and TCP probes
// need CAP_NET_RAW or a ping group). Only what works is advertised as a method. DNS, TCP ping and
// TLS need nothing but Node.
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import type { MeasureMethod } from '../../../proto/index.js';
import { Truncation } from './bounds.js';
import { parseMtrJson, parseMtrReport } from './parse-mtr.js';
import { type PingFlavour, parsePing } from './parse-ping.js';
import { parseTraceroute } from './parse-traceroute.js';
import { runTool } from './tool.js';

/** Where the tools are looked for: fixed system directories, never a PATH the environment could bend. */
export const TOOL_DIRS = ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin', '/usr/local/sbin'];
const PROBE_TIMEOUT_MS = 5_000;
const LOOPBACK = '127.0.0.1';

export interface MeasureTools {
  methods: Set<MeasureMethod>;
  ping?: { path: string; flavour: PingFlavour };
  traceroute?: { path: string };
  mtr?: { path: string; json: boolean };
  /** Why a tool-based method is missing, for the log. */
  missing: Partial<Record<MeasureMethod, string>>;
}

/** Methods that need no system tool. */
export const NODE_METHODS: readonly MeasureMethod[] = [
  'MEASURE_DNS_UDP',
  'MEASURE_PING_TCP',
  'MEASURE_TLS_TCP',
];

let probed: Promise<MeasureTools> | undefined;

/** The probe's findings, probed once per process (the tools do not change while the agent runs). */
export function measureTools(): Promise<MeasureTools> {
  probed ??= probeMeasureTools();
  return probed;
}

export async function probeMeasureTools(dirs: readonly string[] = TOOL_DIRS): Promise<MeasureTools> {
  const tools: MeasureTools = { methods: new Set(NODE_METHODS), missing: {} };
  await Promise.all([probePing(tools, dirs), probeTraceroute(tools, dirs), probeMtr(tools, dirs)]);
  return tools;
}

async function findTool(name: string, dirs: readonly string[]): Promise<string | undefined> {
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      await access(file, constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

async function probePing(tools: MeasureTools, dirs: readonly string[]): Promise<void> {
  const file = await findTool('ping', dirs);
  if (!file) {
    tools.missing.MEASURE_PING_ICMP = 'ping is not installed';
    return;
  }
  const version = await runTool(file, ['-V'], { timeoutMs: PROBE_TIMEOUT_MS }).catch(() => undefined);
  const flavour: PingFlavour = `${version?.stdout ?? ''}${version?.stderr ?? ''}`.includes('iputils')
    ? 'iputils'
    : 'busybox';
  const run = await runTool(file, pingArgs(flavour, LOOPBACK, 1, ''), { timeoutMs: PROBE_TIMEOUT_MS }).catch(
    (err: unknown) => ({ stdout: '', stderr: String(err), exitCode: -1 }),
  );
  if (run.exitCode === 0 && (parsePing(run.stdout, new Truncation()).received ?? 0) > 0) {
    tools.ping = { path: file, flavour };
    tools.methods.add('MEASURE_PING_ICMP');
  } else {
    tools.missing.MEASURE_PING_ICMP = `ping does not work here: ${firstLine(run.stderr || run.stdout)}`;
  }
}

/**
 * ping's arguments: `count` echo requests to `address`, one every 0.5 s (iputils; busybox sends one a
 * second), at most 2 s waiting for the last reply, and a deadline so ping itself ends and prints its
 * statistics before any time limit kills it.
 */
export function pingArgs(
  flavour: PingFlavour,
  address: string,
  count: number,
  localAddress: string,
): string[] {
  const deadlineS = String(Math.ceil(count * (flavour === 'iputils' ? 0.5 : 1)) + 2);
  const bind = localAddress ? ['-I', localAddress] : [];
  return flavour === 'iputils'
    ? ['-n', '-c', String(count), '-i', '0.5', '-W', '2', '-w', deadlineS, ...bind, address]
    : ['-c', String(count), '-W', '2', '-w', deadlineS, ...bind, address];
}

const TRACEROUTE_FLAGS: Record<'icmp' | 'udp' | 'tcp', string[]> = { icmp: ['-I'], udp: [], tcp: ['-T'] };

async function probeTraceroute(tools: MeasureTools, dirs: readonly string[]): Promise<void> {
  const file = await findTool('traceroute', dirs);
  const methods = {
    udp: 'MEASURE_TRACEROUTE_UDP',
    icmp: 'MEASURE_TRACEROUTE_ICMP',
    tcp: 'MEASURE_TRACEROUTE_TCP',
  } as const;
  if (!file) {
    for (const m of Object.values(methods)) tools.missing[m] = 'traceroute is not installed';
    return;
  }
  await Promise.all(
    (Object.keys(methods) as Array<keyof typeof methods>).map(async (protocol) => {
      const args = [...TRACEROUTE_FLAGS[protocol], '-n', '-q', '1', '-w', '1', '-m', '1', LOOPBACK];
      const run = await runTool(file, args, { timeoutMs: PROBE_TIMEOUT_MS }).catch((err: unknown) => ({
        stdout: '',
        stderr: String(err),
        exitCode: -1,
      }));
      const hops = parseTraceroute(run.stdout, new Truncation());
      if (run.exitCode === 0 && (hops[0]?.received ?? 0) > 0) {
        tools.traceroute = { path: file };
        tools.methods.add(methods[protocol]);
      } else {
        tools.missing[methods[protocol]] =
          `traceroute over ${protocol} does not work here: ${firstLine(run.stderr || run.stdout)}`;
      }
    }),
  );
}

export function tracerouteFlags(protocol: 'icmp' | 'udp' | 'tcp'): string[] {
  return TRACEROUTE_FLAGS[protocol];
}

const MTR_FLAGS: Record<'icmp' | 'udp' | 'tcp', string[]> = { icmp: [], udp: ['--udp'], tcp: ['--tcp'] };

export function mtrFlags(protocol: 'icmp' | 'udp' | 'tcp'): string[] {
  return MTR_FLAGS[protocol];
}

async function probeMtr(tools: MeasureTools, dirs: readonly string[]): Promise<void> {
  const file = await findTool('mtr', dirs);
  const methods = { icmp: 'MEASURE_MTR_ICMP', udp: 'MEASURE_MTR_UDP', tcp: 'MEASURE_MTR_TCP' } as const;
  if (!file) {
    for (const m of Object.values(methods)) tools.missing[m] = 'mtr is not installed';
    return;
  }
  // One cycle, a short grace time for the last replies (mtr waits 5 s by default); the interval
  // stays mtr's 1 s, the least it allows a user without root.
  const base = ['-n', '-c', '1', '-G', '0.2', '-Z', '1'];
  let json = true;
  await Promise.all(
    (Object.keys(methods) as Array<keyof typeof methods>).map(async (protocol) => {
      const extra = protocol === 'tcp' ? ['--port', '80'] : [];
      const run = await runTool(file, ['--json', ...base, ...MTR_FLAGS[protocol], ...extra, LOOPBACK], {
        timeoutMs: PROBE_TIMEOUT_MS,
      }).catch((err: unknown) => ({ stdout: '', stderr: String(err), exitCode: -1 }));
      let ok = false;
      if (run.exitCode === 0) {
        try {
          ok = parseMtrJson(run.stdout, new Truncation()).length > 0;
        } catch {
          // An mtr older than 0.87 has no --json: its report form is used instead.
          const report = await runTool(
            file,
            ['--report', ...base, ...MTR_FLAGS[protocol], ...extra, LOOPBACK],
            {
              timeoutMs: PROBE_TIMEOUT_MS,
            },
          ).catch(() => undefined);
          ok = report?.exitCode === 0 && parseMtrReport(report.stdout, new Truncation()).length > 0;
          if (ok) json = false;
        }
      }
      if (ok) tools.methods.add(methods[protocol]);
      else
        tools.missing[methods[protocol]] =
          `mtr over ${protocol} does not work here: ${firstLine(run.stderr || run.stdout)}`;
    }),
  );
  if ([...Object.values(methods)].some((m) => tools.methods.has(m))) tools.mtr = { path: file, json };
}

function firstLine(text: string): string {
  return (text.split('\n').find((l) => l.trim() !== '') ?? 'no output').trim().slice(0, 200);
}
