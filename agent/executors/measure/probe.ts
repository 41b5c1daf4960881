// What this device can measure, found at start by running each tool once against ports of the
// probe's own on 127.0.0.1 (probe-target.ts): a loopback probe proves the tool is installed and has
// the socket it needs (raw ICMP and TCP probes need CAP_NET_RAW or a ping group), and touches none
// of the owner's services. Only what works is advertised as a method; a tool that is missing, or
// that the system will not run (a binary with file capabilities under a bounding set without them
// fails to start: EPERM), is left out with the reason. The probe never fails the agent's start.
// DNS, TCP ping and TLS need nothing but Node.
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import type { MeasureMethod } from '../../../proto/index.js';
import { ToolStartError } from '../../errors.js';
import { Truncation } from './bounds.js';
import { parseMtrReport } from './parse-mtr.js';
import { type PingFlavour, parsePing } from './parse-ping.js';
import { parseTraceroute } from './parse-traceroute.js';
import { openProbeTarget, type ProbeTarget } from './probe-target.js';
import { runTool, type ToolRun } from './tool.js';

/** Where the tools are looked for: fixed system directories, never a PATH the environment could bend. */
export const TOOL_DIRS = ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin', '/usr/local/sbin'];
const PROBE_TIMEOUT_MS = 5_000;

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
  'MEASURE_DNS_TCP',
  'MEASURE_PING_TCP',
  'MEASURE_TLS_TCP',
];

const PING_METHODS = ['MEASURE_PING_ICMP'] as const;
const TRACEROUTE_METHODS = {
  udp: 'MEASURE_TRACEROUTE_UDP',
  icmp: 'MEASURE_TRACEROUTE_ICMP',
  tcp: 'MEASURE_TRACEROUTE_TCP',
} as const;
const MTR_METHODS = { icmp: 'MEASURE_MTR_ICMP', udp: 'MEASURE_MTR_UDP', tcp: 'MEASURE_MTR_TCP' } as const;

/** Methods that need a system tool: what the probe decides. */
export const TOOL_METHODS: readonly MeasureMethod[] = [
  ...PING_METHODS,
  ...Object.values(TRACEROUTE_METHODS),
  ...Object.values(MTR_METHODS),
];

let probed: Promise<MeasureTools> | undefined;

/** The probe's findings, probed once per process (the tools do not change while the agent runs). */
export function measureTools(): Promise<MeasureTools> {
  probed ??= probeMeasureTools();
  return probed;
}

/** Never rejects: whatever goes wrong leaves the methods it concerns out, with the reason. */
export async function probeMeasureTools(dirs: readonly string[] = TOOL_DIRS): Promise<MeasureTools> {
  const tools: MeasureTools = { methods: new Set(NODE_METHODS), missing: {} };
  let target: ProbeTarget;
  try {
    target = await openProbeTarget();
  } catch (err) {
    leaveOut(tools, TOOL_METHODS, `the probe could not open its loopback ports: ${messageOf(err)}`);
    return tools;
  }
  const guarded = (probe: Probe, methods: readonly MeasureMethod[]) =>
    probe(tools, dirs, target).catch((err: unknown) =>
      leaveOut(tools, methods, `the probe failed: ${messageOf(err)}`),
    );
  try {
    await Promise.all([
      guarded(probePing, PING_METHODS),
      guarded(probeTraceroute, Object.values(TRACEROUTE_METHODS)),
      guarded(probeMtr, Object.values(MTR_METHODS)),
    ]);
  } finally {
    await target.close();
  }
  return tools;
}

type Probe = (tools: MeasureTools, dirs: readonly string[], target: ProbeTarget) => Promise<void>;

/** `methods` not offered, for `why` (those already found working stay). */
function leaveOut(tools: MeasureTools, methods: readonly MeasureMethod[], why: string): void {
  for (const m of methods) if (!tools.methods.has(m)) tools.missing[m] = why;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A tool run that could not start, as a run that printed why (the probe reports its first line). */
function notStarted(err: unknown): ToolRun {
  return { stdout: '', stderr: messageOf(err), exitCode: -1, timedOut: false, truncated: false };
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

async function probePing(tools: MeasureTools, dirs: readonly string[], target: ProbeTarget): Promise<void> {
  const file = await findTool('ping', dirs);
  if (!file) {
    tools.missing.MEASURE_PING_ICMP = 'ping is not installed';
    return;
  }
  const version = await runTool(file, ['-V'], { timeoutMs: PROBE_TIMEOUT_MS }).catch(() => undefined);
  const flavour: PingFlavour = `${version?.stdout ?? ''}${version?.stderr ?? ''}`.includes('iputils')
    ? 'iputils'
    : 'busybox';
  const run = await runTool(file, pingArgs(flavour, target.address, 1, ''), {
    timeoutMs: PROBE_TIMEOUT_MS,
  }).catch(notStarted);
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

async function probeTraceroute(
  tools: MeasureTools,
  dirs: readonly string[],
  target: ProbeTarget,
): Promise<void> {
  const file = await findTool('traceroute', dirs);
  if (!file) {
    leaveOut(tools, Object.values(TRACEROUTE_METHODS), 'traceroute is not installed');
    return;
  }
  await Promise.all(
    (Object.keys(TRACEROUTE_METHODS) as Protocol[]).map(async (protocol) => {
      // One probe (-q 1) of the first hop (-m 1): `-p` is exactly its destination port.
      const port = protocol === 'icmp' ? [] : ['-p', String(portOf(target, protocol))];
      const args = [
        ...TRACEROUTE_FLAGS[protocol],
        '-n',
        '-q',
        '1',
        '-w',
        '1',
        '-m',
        '1',
        ...port,
        target.address,
      ];
      const run = await runTool(file, args, { timeoutMs: PROBE_TIMEOUT_MS }).catch(notStarted);
      const hops = parseTraceroute(run.stdout, new Truncation());
      if (run.exitCode === 0 && (hops[0]?.received ?? 0) > 0) {
        tools.traceroute = { path: file };
        tools.methods.add(TRACEROUTE_METHODS[protocol]);
      } else {
        tools.missing[TRACEROUTE_METHODS[protocol]] =
          `traceroute over ${protocol} does not work here: ${firstLine(run.stderr || run.stdout)}`;
      }
    }),
  );
}

/** The probe's own port for a protocol that has ports. */
function portOf(target: ProbeTarget, protocol: 'udp' | 'tcp'): number {
  return protocol === 'tcp' ? target.tcpPort : target.udpPort;
}

export function tracerouteFlags(protocol: 'icmp' | 'udp' | 'tcp'): string[] {
  return TRACEROUTE_FLAGS[protocol];
}

const MTR_FLAGS: Record<'icmp' | 'udp' | 'tcp', string[]> = { icmp: [], udp: ['--udp'], tcp: ['--tcp'] };

export function mtrFlags(protocol: 'icmp' | 'udp' | 'tcp'): string[] {
  return MTR_FLAGS[protocol];
}

async function probeMtr(tools: MeasureTools, dirs: readonly string[], target: ProbeTarget): Promise<void> {
  const file = await findTool('mtr', dirs);
  if (!file) {
    leaveOut(tools, Object.values(MTR_METHODS), 'mtr is not installed');
    return;
  }
  const protocols = Object.keys(MTR_METHODS) as Protocol[];
  // mtr sends its probes through mtr-packet (0.86 on): asking it for one probe of each protocol
  // shows in milliseconds whether the sockets work, where one cycle of mtr itself takes ~2 s, a
  // delay every agent start would pay before its hello.
  const packet = await findTool('mtr-packet', dirs);
  const answers = packet
    ? await askMtrPacket(packet, protocols, target)
    : await mtrCycles(file, protocols, target);
  for (const protocol of protocols) {
    const problem = answers.get(protocol);
    if (problem === null) tools.methods.add(MTR_METHODS[protocol]);
    else
      tools.missing[MTR_METHODS[protocol]] =
        `mtr over ${protocol} does not work here: ${problem ?? 'no answer'}`;
  }
  if (!protocols.some((p) => tools.methods.has(MTR_METHODS[p]))) return;
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
 * One probe of each protocol to the probe's own ports through mtr-packet's command protocol (a line
 * per command: `TOKEN send-probe ip-4 ADDRESS protocol P [port N]`; a line per answer: `TOKEN reply
 * …`). Null for a protocol that was answered; else the answer's kind (e.g. `permission-denied`), or
 * why mtr-packet did not run (a binary with file capabilities the bounding set lacks: EPERM).
 */
export function askMtrPacket(
  file: string,
  protocols: readonly Protocol[],
  target: ProbeTarget,
): Promise<Map<Protocol, string | null>> {
  return new Promise((resolve) => {
    const answers = new Map<Protocol, string | null>();
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(file, [], { env: { LC_ALL: 'C' }, stdio: ['pipe', 'pipe', 'ignore'] });
    } catch (err) {
      // spawn throws at once for EPERM: the kernel refused to execute it.
      const why = new ToolStartError(file, err).message;
      resolve(new Map(protocols.map((p) => [p, why])));
      return;
    }
    const { stdin, stdout } = child;
    if (!stdin || !stdout) throw new Error('mtr-packet was spawned without pipes');
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    let out = '';
    stdout.setEncoding('utf8');
    stdout.on('data', (chunk: string) => {
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
    child.on('error', (err) => done(new ToolStartError(file, err).message));
    child.on('close', () => done('mtr-packet gave no answer'));
    stdin.on('error', () => {}); // a child that died at once: 'close' reports it
    stdin.end(
      protocols
        .map((p, i) => {
          const port = p === 'icmp' ? '' : ` port ${portOf(target, p)}`;
          return `${i + 1} send-probe ip-4 ${target.address} protocol ${p}${port}\n`;
        })
        .join(''),
    );
  });
}

/** Where mtr has no mtr-packet: one cycle of mtr itself per protocol (its report form). */
async function mtrCycles(
  file: string,
  protocols: readonly Protocol[],
  target: ProbeTarget,
): Promise<Map<Protocol, string | null>> {
  // One cycle, a short grace time for the last replies (mtr waits 5 s by default); the interval
  // stays mtr's 1 s, the least it allows a user without root.
  const base = ['--report', '-n', '-c', '1', '-G', '0.2', '-Z', '1'];
  const answers = new Map<Protocol, string | null>();
  await Promise.all(
    protocols.map(async (protocol) => {
      const port = protocol === 'icmp' ? [] : ['--port', String(portOf(target, protocol))];
      const run = await runTool(file, [...base, ...MTR_FLAGS[protocol], ...port, target.address], {
        timeoutMs: PROBE_TIMEOUT_MS,
      }).catch(notStarted);
      const ok = run.exitCode === 0 && parseMtrReport(run.stdout, new Truncation()).length > 0;
      answers.set(protocol, ok ? null : firstLine(run.stderr || run.stdout));
    }),
  );
  return answers;
}

function firstLine(text: string): string {
  return (text.split('\n').find((l) => l.trim() !== '') ?? 'no output').trim().slice(0, 200);
}
