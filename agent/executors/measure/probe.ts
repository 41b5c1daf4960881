// What this device can measure, found at start by running each tool once against 127.0.0.1 (a
// loopback probe proves the tool is installed and has the socket it needs: raw ICMP and TCP probes
// need CAP_NET_RAW or a ping group). Only what works is advertised as a method. DNS, TCP ping and
// TLS need nothing but Node.
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import type { MeasureMethod } from '../../../proto/index.js';
import { Truncation } from './bounds.js';
import { parseMtrReport } from './parse-mtr.js';
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
  const protocols = Object.keys(methods) as Array<keyof typeof methods>;
  // mtr sends its probes through mtr-packet (0.86 on): asking it for one probe of each protocol
  // shows in milliseconds whether the sockets work, where one cycle of mtr itself takes ~2 s, a
  // delay every agent start would pay before its hello.
  const packet = await findTool('mtr-packet', dirs);
  const answers = packet ? await askMtrPacket(packet, protocols) : await mtrCycles(file, protocols);
  for (const protocol of protocols) {
    const problem = answers.get(protocol);
    if (problem === null) tools.methods.add(methods[protocol]);
    else
      tools.missing[methods[protocol]] = `mtr over ${protocol} does not work here: ${problem ?? 'no answer'}`;
  }
  if (!protocols.some((p) => tools.methods.has(methods[p]))) return;
  const version = await runTool(file, ['--version'], { timeoutMs: PROBE_TIMEOUT_MS }).catch(() => undefined);
  tools.mtr = { path: file, json: mtrHasJson(version?.stdout ?? '') };
}

/** mtr's --json came with 0.87; an older or unreadable version uses the report form. */
export function mtrHasJson(versionText: string): boolean {
  const m = /mtr (\d+)\.(\d+)/.exec(versionText);
  if (!m) return false;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > 0 || minor >= 87;
}

type Protocol = 'icmp' | 'udp' | 'tcp';

/**
 * One probe of each protocol to 127.0.0.1 through mtr-packet's command protocol (a line per
 * command: `TOKEN send-probe ip-4 ADDRESS protocol P [port N]`; a line per answer: `TOKEN reply …`).
 * Null for a protocol that was answered; else the answer's kind (e.g. `permission-denied`).
 */
export function askMtrPacket(
  file: string,
  protocols: readonly Protocol[],
): Promise<Map<Protocol, string | null>> {
  return new Promise((resolve) => {
    const answers = new Map<Protocol, string | null>();
    const child = spawn(file, [], { env: { LC_ALL: 'C' }, stdio: ['pipe', 'pipe', 'ignore'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (out.length < 4096) out += chunk;
    });
    const done = (why: string) => {
      clearTimeout(timer);
      for (const line of out.split('\n')) {
        const [token, kind] = line.trim().split(' ');
        const protocol = protocols[Number(token) - 1];
        if (protocol && kind) answers.set(protocol, kind === 'reply' || kind === 'ttl-expired' ? null : kind);
      }
      for (const p of protocols) if (!answers.has(p)) answers.set(p, why);
      resolve(answers);
    };
    child.on('error', (err) => done(err.message));
    child.on('close', () => done('mtr-packet gave no answer'));
    child.stdin.on('error', () => {}); // a child that died at once: 'close' reports it
    child.stdin.end(
      protocols
        .map(
          (p, i) => `${i + 1} send-probe ip-4 ${LOOPBACK} protocol ${p}${p === 'icmp' ? '' : ' port 80'}\n`,
        )
        .join(''),
    );
  });
}

/** Where mtr has no mtr-packet: one cycle of mtr itself per protocol (its report form). */
async function mtrCycles(
  file: string,
  protocols: readonly Protocol[],
): Promise<Map<Protocol, string | null>> {
  // One cycle, a short grace time for the last replies (mtr waits 5 s by default); the interval
  // stays mtr's 1 s, the least it allows a user without root.
  const base = ['--report', '-n', '-c', '1', '-G', '0.2', '-Z', '1'];
  const answers = new Map<Protocol, string | null>();
  await Promise.all(
    protocols.map(async (protocol) => {
      const extra = protocol === 'tcp' ? ['--port', '80'] : [];
      const run = await runTool(file, [...base, ...MTR_FLAGS[protocol], ...extra, LOOPBACK], {
        timeoutMs: PROBE_TIMEOUT_MS,
      }).catch((err: unknown) => ({ stdout: '', stderr: String(err), exitCode: -1 }));
      const ok = run.exitCode === 0 && parseMtrReport(run.stdout, new Truncation()).length > 0;
      answers.set(protocol, ok ? null : firstLine(run.stderr || run.stdout));
    }),
  );
  return answers;
}

function firstLine(text: string): string {
  return (text.split('\n').find((l) => l.trim() !== '') ?? 'no output').trim().slice(0, 200);
}
