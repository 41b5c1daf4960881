// How the agent finds out what it can measure (agent/executors/measure/probe.ts): one probe of each
// protocol through mtr-packet, in milliseconds rather than one ~2 s cycle of mtr per agent start;
// a refusal of any kind keeps that protocol's method unadvertised, with mtr-packet's word for why.
// The probe's packets go only to ports it holds itself, never to a service of the device's owner.
import assert from 'node:assert/strict';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { askMtrPacket, mtrHasJson, probeMeasureTools } from '../../agent/executors/measure/probe.js';
import { openProbeTarget, type ProbeTarget } from '../../agent/executors/measure/probe-target.js';
import { measureToolsNeed } from '../helpers/needs.js';

const need = await measureToolsNeed();
const REAL = '/usr/bin/mtr-packet';

/** An mtr-packet stand-in: a shell script that answers each command line as `answer` says. */
function fakeMtrPacket(answer: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mtr-packet-'));
  const file = path.join(dir, 'mtr-packet');
  writeFileSync(file, `#!/bin/sh\nwhile read -r token rest; do ${answer}; done\n`);
  chmodSync(file, 0o755);
  return file;
}

/** Ports nobody asks: the stand-ins above answer without sending anything. */
const NO_TARGET: ProbeTarget = { address: '127.0.0.1', tcpPort: 9, udpPort: 9, close: async () => {} };

/**
 * The real tools behind wrappers that record, at each call, the arguments (and mtr-packet's
 * commands), the sockets the calling process holds (/proc/$PPID/fd) and the loopback sockets of
 * the machine (/proc/net/tcp, /proc/net/udp): what each probe was pointed at, and whose it was.
 */
function recordingTools(): { dir: string; calls(): Call[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'probe-tools-'));
  for (const name of ['ping', 'traceroute', 'mtr', 'mtr-packet']) {
    const real = ['/usr/bin', '/bin', '/usr/sbin', '/sbin']
      .map((d) => path.join(d, name))
      .find((f) => existsSync(f));
    if (!real) continue;
    const log = `${dir}/call-$$`;
    const run = name === 'mtr-packet' ? `tee "${log}.stdin" | ${real} "$@"` : `exec ${real} "$@"`;
    writeFileSync(
      path.join(dir, name),
      [
        '#!/bin/sh',
        `{ printf '%s\\n' "${name}" "$@"; } > "${log}.args"`,
        `for fd in /proc/$PPID/fd/*; do readlink "$fd"; done > "${log}.fds" 2>/dev/null`,
        `{ sed 's/^/tcp /' /proc/net/tcp; sed 's/^/udp /' /proc/net/udp; } > "${log}.net"`,
        run,
        '',
      ].join('\n'),
    );
    chmodSync(path.join(dir, name), 0o755);
  }
  return {
    dir,
    calls: () =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.args'))
        .map((f) => {
          const base = path.join(dir, f.slice(0, -'.args'.length));
          const [tool = '', ...args] = readFileSync(`${base}.args`, 'utf8').split('\n').slice(0, -1);
          const stdin = existsSync(`${base}.stdin`) ? readFileSync(`${base}.stdin`, 'utf8') : '';
          return {
            tool,
            args,
            stdin,
            callerSockets: readFileSync(`${base}.fds`, 'utf8'),
            net: readFileSync(`${base}.net`, 'utf8'),
          };
        }),
  };
}

interface Call {
  tool: string;
  args: string[];
  stdin: string;
  /** readlink of each of the calling process's descriptors, one a line (`socket:[inode]`). */
  callerSockets: string;
  /** /proc/net/tcp and /proc/net/udp, each line prefixed with its protocol. */
  net: string;
}

/** The sockets (`socket:[inode]`) bound to 127.0.0.1 `port` when `call` ran. */
function socketsAt(call: Call, protocol: 'tcp' | 'udp', port: number): string[] {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return call.net
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[0] === protocol && f[2] === local)
    .map((f) => `socket:[${f[10]}]`);
}

describe('the measurement probe', () => {
  it('the real mtr-packet answers a probe of each protocol to the probe’s own ports', {
    skip: need.skip('MEASURE_MTR_UDP') || (existsSync(REAL) ? false : `${REAL} is not installed`),
  }, async () => {
    const target = await openProbeTarget();
    try {
      const t0 = Date.now();
      const answers = await askMtrPacket(REAL, ['icmp', 'udp', 'tcp'], target);
      assert.deepEqual(Object.fromEntries(answers), { icmp: null, udp: null, tcp: null });
      assert.ok(Date.now() - t0 < 2_000, `${Date.now() - t0} ms`);
    } finally {
      await target.close();
    }
  });

  it("a refusal is that protocol's reason; the others still count", async () => {
    const file = fakeMtrPacket(
      'if [ "$token" = 2 ]; then echo "$token permission-denied"; else echo "$token reply ip-4 127.0.0.1 round-trip-time 50"; fi',
    );
    const answers = await askMtrPacket(file, ['icmp', 'udp', 'tcp'], NO_TARGET);
    assert.deepEqual(Object.fromEntries(answers), { icmp: null, udp: 'permission-denied', tcp: null });
  });

  it('a helper that exits without answering leaves every protocol unadvertised', async () => {
    const file = fakeMtrPacket('exit 1');
    const answers = await askMtrPacket(file, ['icmp', 'tcp'], NO_TARGET);
    assert.deepEqual(Object.fromEntries(answers), {
      icmp: 'mtr-packet gave no answer',
      tcp: 'mtr-packet gave no answer',
    });
  });

  it('a helper that is not executable is a reason, not a failure of the probe', async () => {
    const file = fakeMtrPacket('exit 0');
    chmodSync(file, 0o644);
    const answers = await askMtrPacket(file, ['udp'], NO_TARGET);
    assert.match(answers.get('udp') ?? '', /mtr-packet could not start on this device \(EACCES\)/);
  });

  it('sends its TCP and UDP probes only to ports it holds itself, and lets them go after', {
    skip:
      need.skip('MEASURE_TRACEROUTE_UDP') ||
      need.skip('MEASURE_TRACEROUTE_TCP') ||
      need.skip('MEASURE_MTR_UDP') ||
      need.skip('MEASURE_MTR_TCP'),
  }, async () => {
    const recorded = recordingTools();
    const found = await probeMeasureTools([recorded.dir]);
    // The wrapped tools are the real ones: the probe finds what it finds without wrappers.
    assert.deepEqual([...found.methods].sort(), [...need.tools.methods].sort());
    const calls = recorded.calls();
    const probes: Array<{ what: string; protocol: 'tcp' | 'udp'; port: number; call: Call }> = [];
    for (const call of calls.filter((c) => c.tool === 'traceroute')) {
      if (call.args.includes('-I')) continue; // ICMP: answered by the kernel, no port
      const protocol = call.args.includes('-T') ? 'tcp' : 'udp';
      const p = call.args.indexOf('-p');
      // Without -p traceroute probes its defaults: 80 over TCP, 33434 over UDP, whoever listens.
      assert.ok(p >= 0, `traceroute over ${protocol} names no port: ${call.args.join(' ')}`);
      probes.push({
        what: `traceroute ${call.args.join(' ')}`,
        protocol,
        port: Number(call.args[p + 1]),
        call,
      });
      assert.equal(call.args.at(-1), '127.0.0.1');
    }
    for (const call of calls.filter((c) => c.tool === 'mtr-packet')) {
      for (const line of call.stdin.split('\n').filter((l) => l !== '')) {
        const m = / send-probe ip-4 (\S+) protocol (\w+)(?: port (\d+))?/.exec(line);
        assert.ok(m, line);
        assert.equal(m[1], '127.0.0.1', line);
        if (m[2] === 'icmp') continue;
        probes.push({
          what: `mtr-packet ${line}`,
          protocol: m[2] as 'tcp' | 'udp',
          port: Number(m[3]),
          call,
        });
      }
    }
    assert.deepEqual(probes.map((p) => p.protocol).sort(), ['tcp', 'tcp', 'udp', 'udp']);
    const held = new Set<string>();
    for (const p of probes) {
      const sockets = socketsAt(p.call, p.protocol, p.port);
      assert.ok(
        sockets.some((socket) => p.call.callerSockets.split('\n').includes(socket)),
        `${p.what}: ${p.protocol} port ${p.port} is not a socket of the probing process`,
      );
      for (const socket of sockets) held.add(socket);
    }
    // ...and closes them when it is done.
    const open = readdirSync('/proc/self/fd').map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return ''; // the directory's own descriptor, gone by now
      }
    });
    for (const socket of held) assert.ok(!open.includes(socket), `${socket} still open after the probe`);
  });

  it('--json is used from mtr 0.87 on', () => {
    assert.equal(mtrHasJson('mtr 0.95\n'), true);
    assert.equal(mtrHasJson('mtr 0.87'), true);
    assert.equal(mtrHasJson('mtr 0.86'), false);
    assert.equal(mtrHasJson('mtr 1.0'), true);
    assert.equal(mtrHasJson('garbage'), false);
  });
});
