// What per-key limits and metrics cost a request, through app.inject() (no sockets) on SQLite and,
// when reachable, a fresh PostgreSQL database: GET /crawl/v1/status for a key without limits and
// for one with a per-minute limit (one counter upsert), a submission with every limit set (minute,
// jobs per day, unfinished jobs), and one /metrics scrape. Bounded in count.
// Run: npx tsx scripts/bench/limits.ts [--count 2000]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApiKey, setKeyLimits } from '../../coordinator/auth/admin-ops.js';
import { loadCoordinatorConfig } from '../../coordinator/config.js';
import { startCoordinator } from '../../coordinator/runtime.js';
import { freshPostgresUrl, postgresAvailable } from '../../test/helpers/postgres.js';

const countFlag = process.argv.indexOf('--count');
const COUNT = Math.min(20_000, Number(countFlag > 0 ? process.argv[countFlag + 1] : 2000));

/** Runs `fn` n times; prints and returns the mean ms per call. */
async function time(label: string, n: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn(i);
  const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
  process.stdout.write(`${label.padEnd(52)} ${n} × ${(totalMs / n).toFixed(3)} ms\n`);
  return totalMs / n;
}

/** One RESULT line per store, printed together at the end. */
const summaries: string[] = [];

async function run(name: string, store: string | null): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-limits-'));
  const flags = ['--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir];
  if (store) flags.push('--store', store);
  const c = await startCoordinator(loadCoordinatorConfig(flags, {}), pino({ level: 'silent' }));
  try {
    const free = (await createApiKey(c.store)).key;
    const limited = await createApiKey(c.store);
    await setKeyLimits(c.store, limited.record.id, { 'requests-per-minute': '100000000' });
    const all = await createApiKey(c.store);
    await setKeyLimits(c.store, all.record.id, {
      'requests-per-minute': '100000000',
      'jobs-per-day': '100000000',
      'concurrent-jobs': '100000000',
    });
    const admin = (await createApiKey(c.store, { admin: true })).key;
    const get = (key: string) => () =>
      c.app.inject({
        method: 'GET',
        url: `/crawl/v1/status/${randomUUID()}`,
        headers: { authorization: `Bearer ${key}` },
      });
    const submit = (key: string) => () =>
      c.app.inject({
        method: 'POST',
        url: '/crawl/v1/new',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: { url: 'https://example.com/', timeout_sec: 300 },
      });
    process.stdout.write(`-- ${name}\n`);
    const status = await time('status, key without limits', COUNT, get(free));
    const statusLimited = await time('status, key with a per-minute limit', COUNT, get(limited.key));
    const submitFree = await time('submit, key without limits (jobs counted)', COUNT / 4, submit(free));
    const submitAll = await time('submit, minute + jobs/day + unfinished limits', COUNT / 4, submit(all.key));
    const scrape = await time('/metrics scrape', 50, () =>
      c.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${admin}` } }),
    );
    summaries.push(
      `RESULT limits store=${name} status_ms=${status.toFixed(3)} status_limited_ms=${statusLimited.toFixed(3)} ratio_status=${(statusLimited / status).toFixed(2)} submit_ms=${submitFree.toFixed(3)} submit_limited_ms=${submitAll.toFixed(3)} ratio_submit=${(submitAll / submitFree).toFixed(2)} scrape_ms=${scrape.toFixed(2)}`,
    );
  } finally {
    await c.shutdown();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await run('sqlite', null);
if (await postgresAvailable()) {
  const pg = await freshPostgresUrl();
  try {
    await run('postgres', pg.url);
  } finally {
    await pg.drop();
  }
}
process.stdout.write(`${summaries.join('\n')}\n`);
