// Link batches bench: WebSocket messages per job on the agent link, and this process's CPU per job,
// for jobs submitted in batches through one real agent process (many slots) against a local
// target. Counts come from the coordinator's crawl_link_frames_total (messages: a batch counts
// once). Run it with link batches on and off (--link-batches off: the coordinator offers none) to
// see what they save; docs/architecture.md, "Link batches", has the figures.
//   npx tsx scripts/bench/link-frames.ts [--jobs 3000] [--batch 1000] [--slots 64] [--link-batches off]
import { randomUUID } from 'node:crypto';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { parseFlags } from '../../coordinator/config.js';
import { spawnAgent, startTestCoordinator } from '../../test/helpers/cluster.js';
import { startTargetServer } from '../../test/helpers/target-server.js';

const flags = parseFlags(process.argv.slice(2));
const JOBS = Number(flags.jobs ?? 3000);
const BATCH = Number(flags.batch ?? 1000);
const SLOTS = Number(flags.slots ?? 64);
const LINK_BATCHES = flags['link-batches'] !== 'off';

const target = await startTargetServer();
const c = await startTestCoordinator({
  flags: ['--log-level', 'warn'],
  overrides: { linkBatches: LINK_BATCHES },
});
const id = `frames-${randomUUID().slice(0, 8)}`;
const agent = spawnAgent({
  deviceId: id,
  token: await c.newDevice(id),
  coordinators: [c.url],
  maxConcurrent: SLOTS,
  logLevel: 'warn',
});
const auth = { authorization: `Bearer ${c.apiKey}`, 'content-type': 'application/json' };

const admin = { authorization: `Bearer ${(await createApiKey(c.coordinator.store, { admin: true })).key}` };

async function frames(): Promise<{ in: number; out: number }> {
  const text = await (await fetch(`${c.url}/metrics`, { headers: admin })).text();
  const read = (dir: string) =>
    Number(new RegExp(`crawl_link_frames_total\\{direction="${dir}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  return { in: read('in'), out: read('out') };
}

async function runBatch(n: number, tag: string): Promise<void> {
  const jobs = Array.from({ length: n }, (_, i) => ({ url: `${target.httpUrl}/echo?${tag}=${i}` }));
  const res = await fetch(`${c.url}/crawl/v1/batch/new`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ jobs }),
  });
  const batchId = ((await res.json()) as { batch_id: string }).batch_id;
  for (;;) {
    const status = (await (await fetch(`${c.url}/crawl/v1/batch/${batchId}`, { headers: auth })).json()) as {
      completed: boolean;
    };
    if (status.completed) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

await runBatch(Math.min(200, BATCH), 'warm');
const before = await frames();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let done = 0; done < JOBS; done += BATCH) await runBatch(Math.min(BATCH, JOBS - done), `b${done}`);
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const after = await frames();
const inPerJob = (after.in - before.in) / JOBS;
const outPerJob = (after.out - before.out) / JOBS;
process.stdout.write(
  `RESULT link_frames link_batches=${LINK_BATCHES ? 'on' : 'off'} jobs=${JOBS} batch=${BATCH} slots=${SLOTS} ` +
    `messages_in_per_job=${inPerJob.toFixed(3)} messages_out_per_job=${outPerJob.toFixed(3)} ` +
    `jobs_per_s=${(JOBS / seconds).toFixed(0)} coordinator_cpu_us_per_job=${((cpu.user + cpu.system) / JOBS).toFixed(0)}\n`,
);
agent.child.kill('SIGTERM');
await agent.exited;
await c.stop();
await target.close();
process.exit(0);
