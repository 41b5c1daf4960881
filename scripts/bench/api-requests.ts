// API request costs through app.inject() on a real SQLite-backed coordinator (no sockets): job
// submission (schema validation + store insert), rejection of hostile bodies (100,000-deep nesting,
// a body just under the size limit that is not JSON), and markdown of a page. Bounded in count.
// Run: npx tsx scripts/bench/api-requests.ts [--count 2000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { loadCoordinatorConfig } from '../../coordinator/config.js';
import { htmlToMarkdown } from '../../coordinator/results/markdown.js';
import { startCoordinator } from '../../coordinator/runtime.js';

const countFlag = process.argv.indexOf('--count');
const COUNT = Math.min(20_000, Number(countFlag > 0 ? process.argv[countFlag + 1] : 2000));

/** Runs `fn` n times; prints and returns the mean ms per call. */
async function time(
  label: string,
  n: number,
  fn: (i: number) => Promise<unknown> | unknown,
): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn(i);
  const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
  process.stdout.write(
    `${label.padEnd(46)} ${n} × ${(totalMs / n).toFixed(3)} ms  (${Math.round((n / totalMs) * 1000)}/s)\n`,
  );
  return totalMs / n;
}

const results: Record<string, number> = {};

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
const config = loadCoordinatorConfig(['--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir], {});
const c = await startCoordinator(config, pino({ level: 'silent' }));
try {
  const { key } = await createApiKey(c.store);
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const inject = (url: string, payload: string, method: 'GET' | 'POST' = 'POST') =>
    c.app.inject({ method, url, headers, payload: method === 'POST' ? payload : undefined });
  const job = JSON.stringify({
    url: 'https://example.test/a',
    method: 'POST',
    headers: { 'X-A': ['1', '2'], Accept: 'text/html' },
    body: Buffer.from('hello').toString('base64'),
    cookies: [{ name: 'sid', value: 'x', httponly: true }],
    placement: { region: 'EU', country: 'DE' },
  });
  results.submit_ms = await time('POST /crawl/v1/new (valid, stored)', COUNT, () =>
    inject('/crawl/v1/new', job),
  );
  const bad = JSON.stringify({ url: 'https://example.test/a', timeout_sec: '30' });
  results.refusal_ms = await time('POST /crawl/v1/new (schema refusal)', COUNT, () =>
    inject('/crawl/v1/new', bad),
  );
  const ids = JSON.stringify({ job_ids: Array.from({ length: 1000 }, (_, i) => `id-${i}`) });
  await time('POST batch/status (1000 invalid ids)', Math.ceil(COUNT / 20), () =>
    inject('/crawl/v1/jobs/batch/status', ids),
  );
  const deep = `{"job_ids":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
  results.deep_body_ms = await time('POST batch/status (100,000-deep body → 400)', 50, () =>
    inject('/crawl/v1/jobs/batch/status', deep),
  );
  const nearLimit = `{"url":"${'a'.repeat(config.maxRequestBodyBytes - 100)}`;
  results.broken_10mib_ms = await time('POST /crawl/v1/new (10 MiB broken JSON → 400)', 10, () =>
    inject('/crawl/v1/new', nearLimit),
  );
  await time('GET /crawl/v1/status/%zz (bad URL → 400)', COUNT, () =>
    inject('/crawl/v1/status/%zz', '', 'GET'),
  );
  const para = '<p>Tides and charts with <a href="/x">a link</a> and more words in every sentence here.</p>';
  const page = `<html><body><nav><a href="/">Home</a></nav><article><h1>T</h1>${para.repeat(400)}</article></body></html>`;
  results.markdown_ms = await time(`markdown of a ${Math.round(page.length / 1024)} KiB page`, 20, () =>
    htmlToMarkdown(page, 'https://example.test/'),
  );
} finally {
  await c.shutdown();
  rmSync(dataDir, { recursive: true, force: true });
}
// The refusal's cost as a share of a stored submit, measured in the same run (steadier than ms).
const fields = Object.entries(results).map(([k, v]) => `${k}=${v.toFixed(3)}`);
fields.push(`ratio_refusal=${((results.refusal_ms ?? 0) / (results.submit_ms ?? 1)).toFixed(3)}`);
process.stdout.write(`RESULT api_requests ${fields.join(' ')}\n`);
