// Memory under slow clients: many concurrent streams pulling large bodies through one real agent
// process while the clients at first read nothing and then read slowly. Credit-based flow control
// must hold each side to a bounded buffer per stream, so coordinator and agent RSS growth stays
// under 64 MiB. The figure is 200 streams × 50 MiB, which `npm run bench:proxy-memory`
// runs (10 GiB through the proxy: minutes on a shared machine); the suite runs 200 × 2 MiB (the
// same concurrency, stall and reading, 1/25 of the bytes, so it ends in seconds; the buffers that
// matter fill in the stall whatever the body size). `npm run bench:proxy` carries the throughput.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { spawnAgent, startTestCoordinator, type TestCoordinator, tempDir } from '../helpers/cluster.js';
import { connectThrough, startByteSource } from '../helpers/proxy-fleet.js';
import { runSlowClients } from '../helpers/proxy-memory.js';

const STREAMS = 200;
const BODY = 2 * 1024 * 1024;
const LIMIT = 64 * 1024 * 1024;

describe('egress proxy: memory under slow clients', () => {
  let coord: TestCoordinator;
  let source: Awaited<ReturnType<typeof startByteSource>>;
  let agent: ReturnType<typeof spawnAgent>;
  let auth: string;
  before(async () => {
    source = await startByteSource();
    coord = await startTestCoordinator({
      flags: ['--proxy-addr', '127.0.0.1:0', '--proxy-max-streams-per-key', '1000'],
    });
    const { key, record } = await createApiKey(coord.coordinator.store, { name: 'mem' });
    auth = `${record.id}:${key}`;
    const stateDir = tempDir('proxy-mem');
    writeFileSync(
      path.join(stateDir, 'owner.json'),
      JSON.stringify({ paused: false, day: '', bytesToday: 0, proxy: true }),
    );
    agent = spawnAgent({
      deviceId: 'mem-exit',
      token: await coord.newDevice('mem-exit'),
      coordinators: [coord.url],
      stateDir,
      logLevel: 'warn',
      extra: ['--proxy-ports', String(source.port), '--proxy-max-streams', '256'],
    });
    const proxyAddr = coord.coordinator.proxyAddr ?? '';
    for (let i = 0; ; i++) {
      try {
        (await connectThrough(proxyAddr, auth, source.port)).destroy();
        break;
      } catch (err) {
        if (i > 300) throw err;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });
  after(async () => {
    agent.child.kill('SIGTERM');
    await agent.exited;
    await coord.stop();
    await source.close();
  });

  it(`${STREAMS} streams × ${BODY / 1024 / 1024} MiB with stalled, then slow, clients stay under 64 MiB of RSS growth`, async () => {
    const run = await runSlowClients({
      proxyAddr: coord.coordinator.proxyAddr ?? '',
      auth,
      sourcePort: source.port,
      agentPid: agent.child.pid ?? 0,
      streams: STREAMS,
      bodyBytes: BODY,
      stallMs: 1_500,
      readDelayMs: 5,
    });
    assert.deepEqual(new Set(run.got), new Set([BODY]), 'every body arrived whole');
    const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
    assert.ok(
      run.coordGrowth < LIMIT,
      `coordinator (with the clients and the source) grew ${mib(run.coordGrowth)} MiB`,
    );
    assert.ok(run.agentGrowth < LIMIT, `agent grew ${mib(run.agentGrowth)} MiB`);
    console.log(`# rss growth: coordinator ${mib(run.coordGrowth)} MiB, agent ${mib(run.agentGrowth)} MiB`);
  });
});
