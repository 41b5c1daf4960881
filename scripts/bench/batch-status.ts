// Batch status bench: a real coordinator on SQLite holding 1,000 completed jobs (among --extra
// others), asked for the status of all 1,000 in one `POST /crawl/v1/jobs/batch/status` (the batch
// form docs/api.md defines; there is no GET form), one request at a time. Also times the store's
// getJobs for the same ids in this process, to tell the query from the rest of the request.
//   npx tsx scripts/bench/batch-status.ts [--requests 200] [--extra 20000]
// Last line: RESULT batch_status ids=1000 p50_ms=<n> p99_ms=<n>   (target p50 ≤ 15 ms)
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { parseFlags } from '../../coordinator/config.js';
import { openStore } from '../../coordinator/store/open.js';
import type { JobRecord, ResultRecord } from '../../coordinator/store/types.js';
import { freePort, pct, waitHealthy } from './lib/fleet-stream.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const flags = parseFlags(process.argv.slice(2));
const IDS = 1000;
const REQUESTS = Number(flags.requests ?? 200);
const EXTRA = Number(flags.extra ?? 20_000);
const log = (line: string) => process.stdout.write(`${line}\n`);

function job(ownerId: string, i: number): JobRecord {
  const now = Date.now() - 60_000 + i;
  return {
    id: randomUUID(),
    ownerId,
    url: `https://example.com/page/${i}`,
    method: i % 5 === 0 ? 'CRAWL_FULL_PAGE' : 'GET',
    status: 'pending',
    submittedAt: new Date(now).toISOString(),
    submittedAtMs: now,
    timeoutSec: 30,
    placement: i % 3 === 0 ? { country: 'DE' } : {},
    sessionId: null,
    sweepId: null,
    storageType: 'local',
    request: { headers: [{ name: 'accept', value: 'text/html' }], bodyBase64: '', cookies: [] },
    attempt: 1,
    deviceId: `sim-${i % 100}`,
    queueDeadlineMs: now + 60_000,
    completedAt: null,
    failureType: null,
    errorMessage: null,
    archivedAt: null,
    result: null,
  };
}

function result(j: JobRecord): ResultRecord {
  return {
    id: randomUUID(),
    createdAt: new Date().toISOString(),
    attempt: 1,
    deviceId: j.deviceId ?? '',
    success: true,
    statusCode: 200,
    sizeBytes: 48_213,
    timeUs: 182_000,
    startedAtMs: j.submittedAtMs + 5,
    tlsVersion: 'TLSv1.3',
    tlsCipher: 'TLS_AES_256_GCM_SHA384',
    errorType: '',
    errorMessage: '',
    finalUrl: j.url,
    contentType: 'text/html; charset=utf-8',
    requestHeaders: [{ name: 'user-agent', value: 'Mozilla/5.0' }],
    responseHeaders: Array.from({ length: 12 }, (_, k) => ({ name: `x-header-${k}`, value: `value ${k}` })),
    requestCookies: [],
    responseCookies: [],
    parts: {},
    performance: null,
    requestResults: {},
    metadata: { placement_reason: 'matched method=GET; deciding factor: least loaded' },
  };
}

// ---------------------------------------------------------------- data: 1,000 completed jobs
const dataDir = mkdtempSync(path.join(tmpdir(), 'crawl-batch-'));
const dbUrl = `sqlite:${path.join(dataDir, 'crawl.db')}`;
const store = await openStore(dbUrl);
const { key, record } = await createApiKey(store, { name: 'bench' });
const other = randomUUID();
const ids: string[] = [];
for (let i = 0; i < IDS + EXTRA; i++) {
  const mine = i % Math.max(1, Math.floor((IDS + EXTRA) / IDS)) === 0 && ids.length < IDS;
  const j = job(mine ? record.ownerId : other, i);
  await store.insertJob(j);
  if (mine || i % 2 === 0) {
    await store.completeJob(j.id, result(j), new Date().toISOString());
    if (mine) ids.push(j.id);
  }
}
// The store's own cost for the same ids, in this process.
const storeMs: number[] = [];
for (let i = 0; i < 50; i++) {
  const t0 = performance.now();
  const got = await store.getJobs(ids);
  storeMs.push(performance.now() - t0);
  if (got.length !== IDS) throw new Error(`getJobs found ${got.length} of ${IDS}`);
}
storeMs.sort((a, b) => a - b);
await store.close();

// ---------------------------------------------------------------- the coordinator, asked over HTTP
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const coordinator = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(ROOT, 'coordinator/main.ts'),
    ...['--host', '127.0.0.1', '--port', String(port), '--data-dir', dataDir, '--log-level', 'warn'],
  ],
  { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
);
try {
  await waitHealthy(url);
  const body = JSON.stringify({ job_ids: ids });
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const once = async (): Promise<{ ms: number; bytes: number }> => {
    const t0 = performance.now();
    const res = await request(`${url}/crawl/v1/jobs/batch/status`, { method: 'POST', headers, body });
    const text = await res.body.text();
    const ms = performance.now() - t0;
    if (res.statusCode !== 200)
      throw new Error(`batch status answered ${res.statusCode}: ${text.slice(0, 200)}`);
    const parsed = JSON.parse(text) as { found_count: number };
    if (parsed.found_count !== IDS) throw new Error(`found ${parsed.found_count} of ${IDS}`);
    return { ms, bytes: text.length };
  };
  for (let i = 0; i < 20; i++) await once(); // warm up (JIT, page cache)
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const r = await once();
    ms.push(r.ms);
    bytes = r.bytes;
  }
  ms.sort((a, b) => a - b);
  log(
    `batch status of ${IDS} completed jobs (${EXTRA} other jobs in the table), ${REQUESTS} requests one at a time`,
  );
  log(
    `response ${(bytes / 1024).toFixed(0)} KiB; round trip p50 ${pct(ms, 50).toFixed(2)} ms p90 ${pct(ms, 90).toFixed(2)} ms p99 ${pct(ms, 99).toFixed(2)} ms`,
  );
  log(
    `store getJobs(1000) alone: p50 ${pct(storeMs, 50).toFixed(2)} ms p99 ${pct(storeMs, 99).toFixed(2)} ms`,
  );
  log(`RESULT batch_status ids=${IDS} p50_ms=${pct(ms, 50).toFixed(2)} p99_ms=${pct(ms, 99).toFixed(2)}`);
} finally {
  coordinator.kill('SIGTERM');
  await new Promise((r) => coordinator.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
