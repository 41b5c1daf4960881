// Proxy memory bench: the figure in full, 200 concurrent streams each pulling 50 MiB through
// one real agent process (agent/main.ts) while the clients first stall and then read slowly
// (test/helpers/proxy-memory.ts, the scenario the suite runs with 2 MiB bodies). Prints the peak
// RSS growth of this process (coordinator, clients and the byte source) and of the agent over
// their RSS before the streams, against the 64 MiB bound.
//   npx tsx scripts/bench/proxy-memory.ts [--streams 200] [--mib 50] [--stall-ms 1500] [--read-delay-ms 5]
// Ends with `RESULT proxy-memory streams=<n> mib_per_stream=<n> coord_rss_growth_mib=<x>
// agent_rss_growth_mib=<x> seconds=<n> longest_wait_s=<x> mib_per_s=<n> under_64_mib=<yes|no>`
// (longest_wait_s: the longest a client went without a byte once reading began; the proxy's idle
// timeout, 5 min by default, closes a connection that waits that long).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import { loadCoordinatorConfig, parseFlags } from '../../coordinator/config.js';
import { startCoordinator } from '../../coordinator/runtime.js';
import { spawnAgent, tempDir } from '../../test/helpers/cluster.js';
import { connectThrough, startByteSource } from '../../test/helpers/proxy-fleet.js';
import { runSlowClients } from '../../test/helpers/proxy-memory.js';

const flags = parseFlags(process.argv.slice(2));
const STREAMS = Number(flags.streams ?? 200);
const MIB_PER_STREAM = Number(flags.mib ?? 50);
const STALL_MS = Number(flags['stall-ms'] ?? 1_500);
const READ_DELAY_MS = Number(flags['read-delay-ms'] ?? 5);
const MIB = 1024 * 1024;
const LIMIT = 64 * MIB;

async function main(): Promise<void> {
  const source = await startByteSource();
  const config = loadCoordinatorConfig(
    [
      '--port',
      '0',
      '--data-dir',
      tempDir('bench-proxy-mem'),
      '--proxy-addr',
      '127.0.0.1:0',
      '--proxy-max-streams-per-key',
      String(Math.max(256, STREAMS * 2)),
      '--canary-interval',
      '0s',
      '--verify-share',
      '0',
    ],
    {},
  );
  const coord = await startCoordinator(config, pino({ level: 'warn' }));
  const proxyAddr = coord.proxyAddr ?? '';
  const { key, record } = await createApiKey(coord.store, { name: 'bench-mem' });
  const device = await createDevice(coord.store, { id: 'bench-mem-exit' });
  const stateDir = tempDir('bench-proxy-mem-agent');
  // The owner's consent, as `crawl-agent proxy on` would have saved it.
  writeFileSync(
    path.join(stateDir, 'owner.json'),
    JSON.stringify({ paused: false, day: '', bytesToday: 0, proxy: true }),
  );
  const agent = spawnAgent({
    deviceId: 'bench-mem-exit',
    token: device.token,
    coordinators: [coord.url],
    stateDir,
    logLevel: 'warn',
    extra: ['--proxy-ports', String(source.port), '--proxy-max-streams', String(Math.max(256, STREAMS))],
  });
  const auth = `${record.id}:${key}`;
  try {
    for (let i = 0; ; i++) {
      try {
        (await connectThrough(proxyAddr, auth, source.port)).destroy();
        break;
      } catch (err) {
        if (i > 1200) throw err; // a minute: a loaded machine starts the agent slowly
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const run = await runSlowClients({
      proxyAddr,
      auth,
      sourcePort: source.port,
      agentPid: agent.child.pid ?? 0,
      streams: STREAMS,
      bodyBytes: MIB_PER_STREAM * MIB,
      stallMs: STALL_MS,
      readDelayMs: READ_DELAY_MS,
      stuckMs: 20_000,
    });
    const mib = (n: number) => (n / MIB).toFixed(1);
    const short = run.got.filter((n) => n !== MIB_PER_STREAM * MIB);
    if (short.length > 0) {
      throw new Error(
        `${short.length} of ${STREAMS} bodies arrived short (${short.map(mib).join(', ')} MiB), after ${run.seconds.toFixed(0)} s; longest wait for a byte ${(run.longestWaitMs / 1000).toFixed(1)} s`,
      );
    }
    const under = run.coordGrowth < LIMIT && run.agentGrowth < LIMIT;
    console.log(
      `RESULT proxy-memory streams=${STREAMS} mib_per_stream=${MIB_PER_STREAM} coord_rss_growth_mib=${mib(run.coordGrowth)} agent_rss_growth_mib=${mib(run.agentGrowth)} seconds=${run.seconds.toFixed(1)} longest_wait_s=${(run.longestWaitMs / 1000).toFixed(1)} mib_per_s=${((STREAMS * MIB_PER_STREAM) / run.seconds).toFixed(1)} under_64_mib=${under ? 'yes' : 'no'}`,
    );
    if (!under) process.exitCode = 1;
  } finally {
    agent.child.kill('SIGTERM');
    await agent.exited;
    await coord.shutdown();
    await source.close();
  }
}

await main();
