// Result memory bench: one large result (64 MiB by default) through a real agent process and link
// into local storage and into S3 (s3rver in this process), sampling the bytes of result content the
// coordinator holds (its result memory budget) every few ms. Prints the peak held beside the result
// size (the baseline: what assembling the result in memory holds), wall time and this process's CPU.
//   npx tsx scripts/bench/result-stream.ts [--mib 64] [--storages local,s3]
import { parseFlags } from '../../coordinator/config.js';
import { ApiClient } from '../../test/helpers/client.js';
import { removeDir, spawnAgent, startTestCoordinator } from '../../test/helpers/cluster.js';
import { S3RVER_CREDENTIALS, startS3rver } from '../../test/helpers/s3rver.js';
import { startTargetServer } from '../../test/helpers/target-server.js';

const flags = parseFlags(process.argv.slice(2));
const MiB = 1024 * 1024;
const bytes = Number(flags.mib ?? 64) * MiB;
const storages = String(flags.storages ?? 'local,s3').split(',');

const target = await startTargetServer();
const s3 = await startS3rver();
const c = await startTestCoordinator({
  flags: [
    '--s3-endpoint',
    s3.endpoint,
    '--s3-bucket',
    'bench',
    '--s3-access-key-id',
    S3RVER_CREDENTIALS.accessKeyId,
    '--s3-secret-access-key',
    S3RVER_CREDENTIALS.secretAccessKey,
    '--max-result-bytes',
    String(bytes + MiB),
  ],
});
const agent = spawnAgent({
  deviceId: 'bench-agent',
  token: await c.newDevice('bench-agent'),
  coordinators: [c.url],
  extra: ['--max-body-bytes', String(bytes + MiB)],
  logLevel: 'info',
});
await agent.waitForLog((l) => l.msg === 'linked to coordinator');
const api = new ApiClient(c.url, c.apiKey);

for (const storage of storages) {
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, c.coordinator.link.budgetState.heldBytes);
  }, 2);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { job } = await api.run(
    { url: `${target.httpUrl}/big?bytes=${bytes}`, storage_type: storage, timeout_sec: 120 },
    180_000,
  );
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  if (job.status !== 'completed') throw new Error(`job ${job.status}: ${JSON.stringify(job)}`);
  console.log(
    `RESULT result_stream storage=${storage} result_mib=${bytes / MiB} peak_held_mib=${(peak / MiB).toFixed(2)} ` +
      `held_ratio=${(peak / bytes).toFixed(3)} wall_ms=${Math.round(wallMs)} ` +
      `coordinator_cpu_ms=${Math.round((used.user + used.system) / 1000)}`,
  );
}

agent.child.kill('SIGKILL');
await agent.exited;
await c.stop();
await s3.stop();
await target.close();
removeDir(c.dataDir);
