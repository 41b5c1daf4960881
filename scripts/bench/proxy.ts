// Proxy bench: bytes through one real agent process (agent/main.ts) via the coordinator's CONNECT
// listener, against the same downloads made directly, in the same run, on loopback. The target is a
// raw TCP source (a fixed buffer written N times, then FIN), so what is measured is the transport:
// client ↔ coordinator ↔ link ↔ agent ↔ target, not TLS or HTTP parsing. CONNECT setup time is the
// time from TCP connect to the proxy's 200 on small connections, against a direct TCP connect.
// CPU per MiB: this process (coordinator, client, target) from process.cpuUsage, the agent from
// /proc/<pid>/stat.
// The machine may be shared: each round measures direct then proxied back to back, and the RESULT
// line is the round with the median ratio.
//   npx tsx scripts/bench/proxy.ts [--mib 256] [--streams 1,32] [--connects 200] [--rounds 5]
//        [--window BYTES] [--prof DIR] [--floor]
// Ends with one `RESULT proxy streams=<n> …` line per stream count (the median round of each).
// --floor: each round also measures a plain TCP relay with the proxy's shape and no protocol: a
// relay in this process (where the coordinator runs) and one in a child process (the agent's
// place), one TCP connection between them per stream, bytes moved by pipe(). Each byte crosses the
// same four sockets as through the proxy, so its ratio is what any relay in these two processes
// could reach here: a `RESULT proxy-floor …` line, from the same median round.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import { loadCoordinatorConfig, parseFlags } from '../../coordinator/config.js';
import { startCoordinator } from '../../coordinator/runtime.js';
import { spawnAgent, tempDir } from '../../test/helpers/cluster.js';
import { startByteSource } from '../../test/helpers/proxy-fleet.js';

const flags = parseFlags(process.argv.slice(2));
const TOTAL_MIB = Number(flags.mib ?? 256);
const LEVELS = String(flags.streams ?? '1,32')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const CONNECTS = Number(flags.connects ?? 200);
const ROUNDS = Number(flags.rounds ?? 5);
const MIB = 1024 * 1024;
/** --prof DIR: the agent process writes a CPU profile there. */
const PROF = typeof flags.prof === 'string' ? path.resolve(flags.prof) : null;
const FLOOR = flags.floor !== undefined;

interface Route {
  /** Opens a socket ready to talk to the source (after CONNECT when proxied). */
  open(): Promise<net.Socket>;
}

function direct(port: number): Route {
  return {
    open: () =>
      new Promise((resolve, reject) => {
        const s = net.connect(port, '127.0.0.1', () => resolve(s));
        s.once('error', reject);
      }),
  };
}

/** A TCP relay: each connection to it is piped both ways to a new connection to 127.0.0.1:`port`. */
function relayServer(port: number): net.Server {
  return net.createServer((c) => {
    const u = net.connect(port, '127.0.0.1');
    c.setNoDelay(true);
    u.setNoDelay(true);
    c.pipe(u);
    u.pipe(c);
    c.on('error', () => u.destroy());
    u.on('error', () => c.destroy());
  });
}

/** The floor's agent side: relayServer's code in a child process; its port and pid. */
async function startChildRelay(sourcePort: number): Promise<{ port: number; pid: number; stop(): void }> {
  const code = `const net = require('node:net');
const relay = ${relayServer.toString()};
const s = relay(${sourcePort});
s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once('exit', (c) => reject(new Error(`relay exited with ${c}`)));
  });
  return { port, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') };
}

function proxied(proxyPort: number, auth: string, targetPort: number): Route {
  const header = `CONNECT 127.0.0.1:${targetPort} HTTP/1.1\r\nhost: 127.0.0.1:${targetPort}\r\nproxy-authorization: Basic ${Buffer.from(auth).toString('base64')}\r\n\r\n`;
  return {
    open: () =>
      new Promise((resolve, reject) => {
        const s = net.connect(proxyPort, '127.0.0.1', () => s.write(header));
        s.setNoDelay(true);
        let head = Buffer.alloc(0);
        const onData = (d: Buffer) => {
          head = Buffer.concat([head, d]);
          const end = head.indexOf('\r\n\r\n');
          if (end < 0) return;
          s.off('data', onData);
          if (!head.subarray(0, 12).toString('latin1').includes(' 200')) {
            reject(new Error(`CONNECT refused: ${head.toString('latin1').split('\r\n')[0]}`));
            s.destroy();
            return;
          }
          s.pause();
          const rest = head.subarray(end + 4);
          if (rest.byteLength > 0) s.unshift(rest);
          resolve(s);
        };
        s.on('data', onData);
        s.once('error', reject);
      }),
  };
}

/** Downloads `bytes` over one connection; resolves with the bytes read. */
async function download(route: Route, bytes: number): Promise<number> {
  const s = await route.open();
  s.write(`${bytes}\n`);
  let got = 0;
  s.on('data', (d: Buffer) => {
    got += d.byteLength;
  });
  s.resume();
  await new Promise<void>((resolve, reject) => {
    s.once('end', () => resolve());
    s.once('error', reject);
  });
  s.destroy();
  return got;
}

function agentCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, fields 14 and 15 (1-based) of the whole line: 11 and 12 after the comm.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

interface Run {
  mibPerS: number;
  selfCpuUsPerMib: number;
  agentCpuUsPerMib: number;
}

async function measure(route: Route, streams: number, agentPid: number | null): Promise<Run> {
  const per = Math.max(MIB, Math.floor((TOTAL_MIB * MIB) / streams));
  const cpu0 = process.cpuUsage();
  const agent0 = agentPid ? agentCpuMs(agentPid) : 0;
  const t0 = process.hrtime.bigint();
  const got = await Promise.all(Array.from({ length: streams }, () => download(route, per)));
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const total = got.reduce((a, b) => a + b, 0);
  if (total !== per * streams) throw new Error(`short read: ${total} of ${per * streams}`);
  const mib = total / MIB;
  return {
    mibPerS: mib / secs,
    selfCpuUsPerMib: (cpu.user + cpu.system) / mib,
    agentCpuUsPerMib: agentPid ? ((agentCpuMs(agentPid) - agent0) * 1000) / mib : 0,
  };
}

async function setupTimes(route: Route, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    const s = await route.open();
    out.push(Number(process.hrtime.bigint() - t0) / 1e6);
    s.destroy();
  }
  return out.sort((a, b) => a - b);
}

const p50 = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)] ?? 0;

async function main(): Promise<void> {
  const source = await startByteSource();
  const dataDir = tempDir('bench-proxy');
  const config = loadCoordinatorConfig(
    [
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--proxy-addr',
      '127.0.0.1:0',
      ...(flags.window ? ['--proxy-window-bytes', String(flags.window)] : []),
      '--canary-interval',
      '0s',
      '--verify-share',
      '0',
    ],
    {},
  );
  const coord = await startCoordinator(config, pino({ level: 'warn' }));
  const proxyPort = Number((coord.proxyAddr ?? '').split(':').pop());
  const { key, record } = await createApiKey(coord.store, { name: 'bench' });
  const device = await createDevice(coord.store, { id: 'bench-exit' });
  const stateDir = tempDir('bench-proxy-agent');
  // The owner's consent, as `crawl-agent proxy on` would have saved it.
  writeFileSync(
    path.join(stateDir, 'owner.json'),
    JSON.stringify({ paused: false, day: '', bytesToday: 0, proxy: true }),
  );
  const agent = spawnAgent({
    deviceId: 'bench-exit',
    token: device.token,
    coordinators: [coord.url],
    stateDir,
    logLevel: 'warn',
    ...(PROF ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', PROF] } : {}),
    extra: ['--proxy-ports', String(source.port), '--proxy-max-streams', '256'],
  });
  const auth = `${record.id}:${key}`;
  const viaProxy = proxied(proxyPort, auth, source.port);
  const straight = direct(source.port);
  // Wait for the device to register as an exit.
  for (let i = 0; ; i++) {
    try {
      await (await viaProxy.open()).destroy();
      break;
    } catch (err) {
      if (i > 200) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const pid = agent.child.pid ?? null;
  const floorAgent = FLOOR ? await startChildRelay(source.port) : null;
  const floorCoord = floorAgent ? relayServer(floorAgent.port) : null;
  if (floorCoord) await new Promise<void>((r) => floorCoord.listen(0, '127.0.0.1', r));
  const floorRoute = floorCoord ? direct((floorCoord.address() as net.AddressInfo).port) : null;
  try {
    const connectDirect = await setupTimes(straight, CONNECTS);
    const connectProxy = await setupTimes(viaProxy, CONNECTS);
    for (const streams of LEVELS) {
      const rounds: Array<{ d: Run; p: Run; f: Run | null }> = [];
      for (let r = 0; r < ROUNDS; r++) {
        const d = await measure(straight, streams, null);
        const p = await measure(viaProxy, streams, pid);
        const f = floorRoute && floorAgent ? await measure(floorRoute, streams, floorAgent.pid) : null;
        if (f) {
          console.log(
            `round ${r + 1} streams=${streams}: floor relay ${f.mibPerS.toFixed(0)} MiB/s (this process ${f.selfCpuUsPerMib.toFixed(0)} µs/MiB, child ${f.agentCpuUsPerMib.toFixed(0)} µs/MiB) ratio ${(f.mibPerS / d.mibPerS).toFixed(2)}`,
          );
        }
        console.log(
          `round ${r + 1} streams=${streams}: direct ${d.mibPerS.toFixed(0)} MiB/s (${d.selfCpuUsPerMib.toFixed(0)} µs CPU/MiB), proxy ${p.mibPerS.toFixed(0)} MiB/s (coordinator+client+target ${p.selfCpuUsPerMib.toFixed(0)} µs/MiB, agent ${p.agentCpuUsPerMib.toFixed(0)} µs/MiB) ratio ${(p.mibPerS / d.mibPerS).toFixed(2)}`,
        );
        rounds.push({ d, p, f });
      }
      rounds.sort((a, b) => a.p.mibPerS / a.d.mibPerS - b.p.mibPerS / b.d.mibPerS);
      const median = rounds[Math.floor(rounds.length / 2)];
      if (!median) continue;
      const { p: proxy, d: straightRun, f: floor } = median;
      const added = p50(connectProxy) - p50(connectDirect);
      console.log(
        `RESULT proxy streams=${streams} mib_per_s=${proxy.mibPerS.toFixed(1)} direct_mib_per_s=${straightRun.mibPerS.toFixed(1)} ratio_direct=${(proxy.mibPerS / straightRun.mibPerS).toFixed(2)} connect_p50_ms=${p50(connectProxy).toFixed(2)} connect_added_p50_ms=${added.toFixed(2)} coord_cpu_us_per_mib=${proxy.selfCpuUsPerMib.toFixed(0)} agent_cpu_us_per_mib=${proxy.agentCpuUsPerMib.toFixed(0)} direct_cpu_us_per_mib=${straightRun.selfCpuUsPerMib.toFixed(0)}`,
      );
      if (floor) {
        console.log(
          `RESULT proxy-floor streams=${streams} mib_per_s=${floor.mibPerS.toFixed(1)} direct_mib_per_s=${straightRun.mibPerS.toFixed(1)} ratio_direct=${(floor.mibPerS / straightRun.mibPerS).toFixed(2)} coord_cpu_us_per_mib=${floor.selfCpuUsPerMib.toFixed(0)} agent_cpu_us_per_mib=${floor.agentCpuUsPerMib.toFixed(0)}`,
        );
      }
    }
  } finally {
    floorAgent?.stop();
    if (floorCoord) await new Promise<void>((r) => floorCoord.close(() => r()));
    agent.child.kill('SIGTERM');
    await agent.exited;
    await coord.shutdown();
    await source.close();
  }
}

await main();
