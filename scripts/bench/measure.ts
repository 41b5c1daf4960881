// Measurement bench: what one device's result of a DNS measurement costs the coordinator, through
// the real path (POST /crawl/v1/measure/new → one job per device through the job owner → the link →
// a simulated device answering at once with a parsed DNS result → ingest → the measurement's view).
// Simulated devices speak the real link protocol over real WebSockets in this process and answer
// every Assign with a canned result, so their cost is one frame each. Baseline, in the same run:
// the same number of plain GET jobs (POST /crawl/v1/new, one per device) answered the same way.
// Latency is from the POST to the measurement's last device result (baseline: the batch's last).
// CPU is this process's (coordinator and stub devices), per device result.
//   npx tsx scripts/bench/measure.ts [--devices 20] [--rounds 30]
// Ends with `RESULT measure type=dns devices=<n> p50_ms=<n> coordinator_cpu_us_per_result=<n>`.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import WebSocket from 'ws';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import { loadCoordinatorConfig, parseFlags } from '../../coordinator/config.js';
import { startCoordinator } from '../../coordinator/runtime.js';
import {
  AGENT_LINK_PATH,
  decodeCoordinatorFrame,
  encodeAgentFrame,
  MeasureProtocol,
  MeasureType,
  PROTOCOL_VERSION,
} from '../../proto/index.js';

const flags = parseFlags(process.argv.slice(2));
const DEVICES = Math.min(200, Number(flags.devices ?? 20));
const ROUNDS = Math.min(500, Number(flags.rounds ?? 30));
const DEADLINE_MS = 120_000;

/** A device that answers every Assign at once: accept, then a final result (a DNS answer for measurements). */
async function simulatedDevice(url: string, deviceId: string, token: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}${AGENT_LINK_PATH}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await once(ws, 'open');
  ws.send(
    encodeAgentFrame({
      hello: {
        protocolVersion: PROTOCOL_VERSION,
        deviceId,
        agentVersion: 'bench',
        capabilities: { methods: ['GET', 'MEASURE_DNS_UDP'], maxConcurrent: 8 },
        location: { country: 'DE' },
        deviceType: 'server',
        networkType: 'ethernet',
      },
    }),
  );
  ws.on('message', (data: Buffer) => {
    const f = decodeCoordinatorFrame(data, 4_000_000);
    if (f.body === 'ping') ws.send(encodeAgentFrame({ pong: { nonce: f.ping?.nonce ?? 0 } }));
    if (f.body !== 'assign' || !f.assign) return;
    const { jobId, attempt } = f.assign;
    const measure = f.assign.request?.measure;
    ws.send(encodeAgentFrame({ accept: { jobId, attempt } }));
    ws.send(
      encodeAgentFrame({
        result: {
          jobId,
          attempt,
          success: true,
          statusCode: measure ? 0 : 200,
          timeUs: 1000,
          startedAtMs: Date.now(),
          ...(measure
            ? {
                finalUrl: `dns://${measure.target}`,
                measure: {
                  type: MeasureType.MEASURE_TYPE_DNS,
                  protocol: MeasureProtocol.MEASURE_PROTOCOL_UDP,
                  target: measure.target ?? '',
                  address: '192.0.2.53',
                  tool: 'dns-packet',
                  dns: {
                    resolver: 'system (192.0.2.53)',
                    recordType: 'A',
                    protocol: 'udp',
                    status: 'NOERROR',
                    timeMs: 3,
                    answers: [
                      { name: measure.target ?? '', type: 'A', ttl: 300, hasTtl: true, value: '192.0.2.1' },
                    ],
                  },
                },
              }
            : {}),
        },
      }),
    );
  });
  return ws;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crawl-bench-measure-'));
  const config = loadCoordinatorConfig(
    [
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      '--canary-interval',
      '0s',
      '--verify-share',
      '0',
    ],
    {},
  );
  const c = await startCoordinator(config, pino({ level: 'silent' }));
  const { key } = await createApiKey(c.store, { name: 'bench' });
  const sockets: WebSocket[] = [];
  for (let i = 0; i < DEVICES; i++) {
    const id = `bench-${i}`;
    sockets.push(await simulatedDevice(c.url, id, (await createDevice(c.store, { id })).token));
  }
  while (c.services.jobs.listDevices().length < DEVICES) await new Promise((r) => setTimeout(r, 20));

  // Each job's completion, by id, as the owner announces it.
  const completed = new Map<string, () => void>();
  c.services.jobs.addListener({
    onJobEvent: (e) => {
      if (e.transition === 'complete' || e.transition === 'fail') completed.get(e.job.id)?.();
    },
  });
  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${c.url}${p}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { job_ids?: string[]; job_id?: string };
  };
  /** Resolves when every one of `ids` is final (registered before the POST answers could race it). */
  const allDone = (ids: string[]) =>
    Promise.all(ids.map((id) => new Promise<void>((r) => completed.set(id, r))));

  async function phase(name: string, round: () => Promise<number>): Promise<{ p50: number; cpuUs: number }> {
    const latencies: number[] = [];
    let results = 0;
    const cpu0 = process.cpuUsage();
    const until = Date.now() + DEADLINE_MS;
    for (let r = 0; r < ROUNDS && Date.now() < until; r++) {
      const t0 = performance.now();
      results += await round();
      latencies.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpu0);
    latencies.sort((a, b) => a - b);
    const p50 = latencies[Math.floor(latencies.length / 2)] ?? 0;
    const cpuUs = (cpu.user + cpu.system) / Math.max(1, results);
    console.log(
      `${name}: ${latencies.length} rounds, ${results} results, p50 ${p50.toFixed(1)} ms, ${cpuUs.toFixed(0)} µs CPU per result`,
    );
    return { p50, cpuUs };
  }

  // Jobs complete as fast as the devices answer: the waiters are set as each id is known. A result
  // that beats its waiter is caught by reading the job once.
  const waitJobs = async (ids: string[]) => {
    const pending = allDone(ids);
    const done = await c.store.getJobs(ids);
    for (const j of done) if (j.status === 'completed' || j.status === 'failed') completed.get(j.id)?.();
    await pending;
  };
  const measureRound = async () => {
    const made = await post('/crawl/v1/measure/new', { type: 'dns', target: 'example.com', limit: DEVICES });
    await waitJobs(made.job_ids ?? []);
    return made.job_ids?.length ?? 0;
  };
  const baselineRound = async () => {
    const made = await Promise.all(
      Array.from({ length: DEVICES }, (_, i) => post('/crawl/v1/new', { url: `http://192.0.2.1/b${i}` })),
    );
    await waitJobs(made.map((m) => m.job_id ?? ''));
    return made.length;
  };
  // A warm-up of each, then alternating phases so both see the same machine.
  await measureRound();
  await baselineRound();
  const base = await phase('baseline GET jobs', baselineRound);
  const meas = await phase('dns measurement', measureRound);
  console.log(
    `ratio measurement/baseline: latency ${(meas.p50 / Math.max(0.001, base.p50)).toFixed(2)}, CPU per result ${(meas.cpuUs / Math.max(1, base.cpuUs)).toFixed(2)}`,
  );
  for (const ws of sockets) ws.close();
  await c.shutdown();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `RESULT measure type=dns devices=${DEVICES} p50_ms=${Math.round(meas.p50)} coordinator_cpu_us_per_result=${Math.round(meas.cpuUs)}`,
  );
}

await main();
