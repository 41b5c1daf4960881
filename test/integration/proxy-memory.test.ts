// Memory under slow clients: many concurrent streams pulling large bodies through one real agent
// process while the clients at first read nothing and then read slowly. Credit-based flow control
// must hold each side to a bounded buffer per stream, so coordinator and agent RSS growth stays
// under 64 MiB. The figure is 200 streams × 50 MiB; the suite runs 200 × 2 MiB (the same
// concurrency and stall, 1/25 of the bytes, so it ends in seconds; the buffers that matter fill in
// the stall whatever the body size). `npm run bench:proxy` carries the throughput figures.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { spawnAgent, startTestCoordinator, type TestCoordinator, tempDir } from '../helpers/cluster.js';
import { connectThrough, startByteSource } from '../helpers/proxy-fleet.js';

const STREAMS = 200;
const BODY = 2 * 1024 * 1024;
const LIMIT = 64 * 1024 * 1024;

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) * 1024;
}

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
    const pid = agent.child.pid ?? 0;
    const proxyAddr = coord.coordinator.proxyAddr ?? '';
    global.gc?.();
    const base = { coord: process.memoryUsage().rss, agent: rssOf(pid) };
    const peak = { coord: 0, agent: 0 };
    const sample = () => {
      peak.coord = Math.max(peak.coord, process.memoryUsage().rss - base.coord);
      peak.agent = Math.max(peak.agent, rssOf(pid) - base.agent);
    };
    const sampler = setInterval(sample, 25);
    try {
      const sockets: net.Socket[] = [];
      for (let i = 0; i < STREAMS; i++) {
        const s = await connectThrough(proxyAddr, auth, source.port);
        s.write(`${BODY}\n`);
        sockets.push(s);
      }
      // Stalled: nobody reads; every buffer between the source and the clients fills.
      await new Promise((r) => setTimeout(r, 1_500));
      sample();
      // Slow: each client takes 64 KiB at a time, a few times a tick, until its body is all there.
      const got = await Promise.all(
        sockets.map(
          (s) =>
            new Promise<number>((resolve, reject) => {
              let n = 0;
              const take = () => {
                let chunk: Buffer | null = s.read() as Buffer | null;
                while (chunk !== null) {
                  n += chunk.byteLength;
                  chunk = s.read() as Buffer | null;
                }
              };
              s.on('readable', () => setTimeout(take, 5));
              s.once('end', () => resolve(n));
              s.once('error', reject);
            }),
        ),
      );
      for (const s of sockets) s.destroy();
      assert.deepEqual(new Set(got), new Set([BODY]), 'every body arrived whole');
    } finally {
      clearInterval(sampler);
    }
    sample();
    const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
    assert.ok(
      peak.coord < LIMIT,
      `coordinator (with the clients and the source) grew ${mib(peak.coord)} MiB`,
    );
    assert.ok(peak.agent < LIMIT, `agent grew ${mib(peak.agent)} MiB`);
    console.log(`# rss growth: coordinator ${mib(peak.coord)} MiB, agent ${mib(peak.agent)} MiB`);
  });
});
