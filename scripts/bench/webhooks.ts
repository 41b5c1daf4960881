// Webhook throughput and latency through the real path on a SQLite-backed coordinator: a job
// fails through the lifecycle → the event and its delivery are written to the outbox → the
// delivery worker signs and POSTs it to a loopback receiver. Latency is from the event's
// timestamp to its arrival. Bounded in count.
// Run: npx tsx scripts/bench/webhooks.ts [--count 2000]
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApiKey, setDefaultWebhook } from '../../coordinator/auth/admin-ops.js';
import { loadCoordinatorConfig } from '../../coordinator/config.js';
import { startCoordinator } from '../../coordinator/runtime.js';
import type { JobRecord } from '../../coordinator/store/records.js';

const countFlag = process.argv.indexOf('--count');
const COUNT = Math.min(20_000, Number(countFlag > 0 ? process.argv[countFlag + 1] : 2000));
const DEADLINE_MS = 120_000;
const PACED = 200;
const PACED_PER_S = 50;
let target = COUNT;

const latencies: number[] = [];
let done: () => void = () => {};
const allIn = new Promise<void>((r) => {
  done = r;
});
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string };
    latencies.push(Date.now() - Date.parse(body.timestamp));
    res.writeHead(204).end();
    if (latencies.length >= target) done();
  });
});
receiver.listen(0, '127.0.0.1');
await once(receiver, 'listening');
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-hooks-'));
const config = loadCoordinatorConfig(
  [
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    '--data-dir',
    dataDir,
    '--webhook-allow-cidrs',
    '127.0.0.0/8',
    '--max-queued-jobs',
    String(COUNT + 10),
  ],
  {},
);
const c = await startCoordinator(config, pino({ level: 'silent' }));
try {
  const { record } = await createApiKey(c.store);
  await setDefaultWebhook(c.store, record.ownerId, { url: hookUrl });
  const jobs: JobRecord[] = [];
  const paced: JobRecord[] = [];
  for (let i = 0; i < COUNT + PACED; i++) {
    (i < COUNT ? jobs : paced).push(
      await c.services.jobs.submit(
        {
          ownerId: record.ownerId,
          url: `https://bench.test/${i}`,
          method: 'GET',
          timeoutSec: 300,
          // No device matches: the job waits until the bench fails it.
          placement: { country: 'AQ' },
          sessionId: null,
          sweepId: null,
          storageType: 'local',
          request: { headers: [], bodyBase64: '', cookies: [] },
        },
        null,
      ),
    );
  }
  const started = performance.now();
  for (const job of jobs) await c.jobs.fail(job, 'no_device', 'bench');
  const timer = setTimeout(() => done(), DEADLINE_MS);
  await allIn;
  clearTimeout(timer);
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  process.stdout.write(`burst: delivered ${latencies.length}/${COUNT} in ${elapsedS.toFixed(2)} s\n`);
  const burst = { p50: pct(50), p99: pct(99), perS: Math.round(latencies.length / elapsedS) };
  process.stdout.write(`burst latency (queueing included): p50 ${burst.p50} ms, p99 ${burst.p99} ms\n`);
  // Latency when the outbox is not saturated: the same path paced at PACED_PER_S.
  latencies.length = 0;
  target = PACED;
  const pacedIn = new Promise<void>((r) => {
    done = r;
  });
  for (const job of paced) {
    await c.jobs.fail(job, 'no_device', 'bench');
    await new Promise((r) => setTimeout(r, 1000 / PACED_PER_S));
  }
  const pacedTimer = setTimeout(() => done(), DEADLINE_MS);
  await pacedIn;
  clearTimeout(pacedTimer);
  latencies.sort((a, b) => a - b);
  process.stdout.write(`paced ${PACED_PER_S}/s latency: p50 ${pct(50)} ms, p99 ${pct(99)} ms\n`);
  process.stdout.write(
    // Throughput of the burst; latency of the paced run (the burst's is mostly queueing).
    `RESULT webhooks events_per_s=${burst.perS} p50_ms=${pct(50)} p99_ms=${pct(99)}\n`,
  );
} finally {
  await c.shutdown();
  receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
}
