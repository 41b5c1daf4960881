// What a sweep try's summary costs the coordinator when the result is stored (page-summary.ts), and
// what the divergence report costs on every read of a sweep (divergence.ts), in CPU time.
//
// Baseline, measured in the same run: JSON.stringify + JSON.parse of the result record with the
// summary in it, which the store does for every result anyway. Then what ingest pays for making the
// main text in the coordinator's offload workers (results/format-work.ts, where --format-timeout
// stops a hostile page) instead of on its event loop: the wall time of one summary each way, and
// the event loop's own busy time per summary through the workers (decoding, the title, block
// markers, the structured clone).
//
//   npx tsx scripts/bench/try-summary.ts [--rounds 20]
//
// Last lines: RESULT try_summary page_kib=<n> cpu_ms_per_summary=<n> vs_record_json=<ratio>
//             RESULT try_summary_offload page_kib=<n> in_process_ms=<n> offload_ms=<n> ratio=<n> loop_busy_ms=<n>
//             RESULT divergence tries=50 cpu_us_per_report=<n>

import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { FormatWork } from '../../coordinator/results/format-work.js';
import { type DivergenceTry, divergenceOf } from '../../coordinator/sweeps/divergence.js';
import {
  summarizeTry,
  type TextFingerprint,
  textFingerprintOf,
} from '../../coordinator/sweeps/page-summary.js';
import type { TrySummary } from '../../coordinator/sweeps/try-summary.js';
import type { PartName } from '../../proto/index.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 20);

const WORDS =
  'tea cup saucer glaze kiln wheel river shop order return team question clay blue white fired'.split(' ');

/** An HTML page of about `bytes`: navigation, an article of paragraphs, a footer. */
function pageOf(bytes: number, seed: number): string {
  const parts = [
    '<!doctype html><html><head><title>Tea cups</title></head><body><nav>Home · Cups</nav><article>',
  ];
  let size = parts[0]?.length ?? 0;
  let n = seed;
  while (size < bytes) {
    let p = '<p>';
    for (let w = 0; w < 60; w++) {
      n = (n * 1103515245 + 12345) % 2147483648;
      p += `${WORDS[n % WORDS.length]} `;
    }
    p += '</p>\n';
    parts.push(p);
    size += p.length;
  }
  parts.push('</article><footer>© shop</footer></body></html>');
  return parts.join('');
}

function cpuMs(run: () => void, rounds: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < rounds; i++) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / rounds;
}

/** CPU time of the process per awaited run (one after another), ms. */
async function cpuMsAsync(run: () => Promise<unknown>, rounds: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < rounds; i++) await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / rounds;
}

/** Wall time per awaited run, and the event loop's busy time per run, ms. */
async function wallMs(run: () => Promise<unknown>, rounds: number): Promise<{ wall: number; busy: number }> {
  const elu = performance.eventLoopUtilization();
  const start = performance.now();
  for (let i = 0; i < rounds; i++) await run();
  const wall = (performance.now() - start) / rounds;
  return { wall, busy: performance.eventLoopUtilization(elu).active / rounds };
}

/** The fingerprint made on this thread, as the coordinator did before its format workers. */
const inProcess: TextFingerprint = async (html, url) => textFingerprintOf(html, url);

const fields = {
  finalUrl: 'https://shop.example/',
  statusCode: 200,
  sizeBytes: 0,
  contentType: 'text/html; charset=utf-8',
  contentEncoding: '',
  responseHeaders: [{ name: 'content-type', value: 'text/html; charset=utf-8' }],
};

for (const kib of [10, 100, 500]) {
  const html = Buffer.from(pageOf(kib * 1024, kib));
  const parts = new Map<PartName, Buffer>([
    ['body', html],
    ['full_page', html],
  ]);
  await summarizeTry(fields, parts, inProcess); // warm up
  const summaryMs = await cpuMsAsync(() => summarizeTry(fields, parts, inProcess), ROUNDS);
  const record = {
    ...fields,
    id: 'r',
    requestHeaders: [],
    requestCookies: [],
    responseCookies: [],
    parts: { body: html.length, full_page: html.length, screenshot: 80_000 },
    performance: { firstContentfulPaint: 100, largestContentfulPaint: 200 },
    metadata: { device_id: 'd', device_location: { country: 'DE', region: 'EU', city: 'Berlin' } },
    summary: await summarizeTry(fields, parts, inProcess),
  };
  const jsonMs = cpuMs(() => JSON.parse(JSON.stringify(record)), ROUNDS * 100);
  process.stdout.write(
    `RESULT try_summary page_kib=${kib} cpu_ms_per_summary=${summaryMs.toFixed(2)} vs_record_json=${(summaryMs / jsonMs).toFixed(0)}\n`,
  );
}

// Ingest's summary through the coordinator's format workers vs on this thread, one after another.
const formats = new FormatWork({ timeoutMs: 60_000, log: pino({ enabled: false }) });
try {
  for (const kib of [10, 100]) {
    const html = Buffer.from(pageOf(kib * 1024, kib));
    const parts = new Map<PartName, Buffer>([['body', html]]);
    let here: TrySummary | undefined;
    let there: TrySummary | undefined;
    // Warm up both: the first run through the pool starts its worker (and loads the libraries there).
    for (let i = 0; i < 5; i++) {
      here = await summarizeTry(fields, parts, inProcess);
      there = await summarizeTry(fields, parts, formats.textFingerprint);
    }
    if (here?.textFingerprint !== there?.textFingerprint) throw new Error('the two ways disagree');
    const local = await wallMs(() => summarizeTry(fields, parts, inProcess), ROUNDS * 5);
    const offload = await wallMs(() => summarizeTry(fields, parts, formats.textFingerprint), ROUNDS * 5);
    process.stdout.write(
      `RESULT try_summary_offload page_kib=${kib} in_process_ms=${local.wall.toFixed(2)} offload_ms=${offload.wall.toFixed(2)} ratio=${(offload.wall / local.wall).toFixed(2)} loop_busy_ms=${offload.busy.toFixed(2)}\n`,
    );
  }
} finally {
  await formats.close();
}

// The largest sweep: 5 regions × 10 tries, some differing.
const regions = ['NA', 'EU', 'APAC', 'LATAM', 'MEA'];
const tries: DivergenceTry[] = [];
for (const [r, region] of regions.entries()) {
  for (let i = 0; i < 10; i++) {
    const summary = await summarizeTry(
      { ...fields, statusCode: r === 1 && i < 5 ? 451 : 200 },
      new Map([['full_page', Buffer.from(pageOf(4096, r === 3 ? 99 : 7))]]),
      inProcess,
    );
    tries.push({
      jobId: `${region}-${i}`,
      region,
      network: null,
      status: 'completed',
      errorType: '',
      summary,
    });
  }
}
const reportUs = cpuMs(() => divergenceOf(tries, fields.finalUrl, regions), ROUNDS * 50) * 1000;
process.stdout.write(`RESULT divergence tries=${tries.length} cpu_us_per_report=${reportUs.toFixed(0)}\n`);
