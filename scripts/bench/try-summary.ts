// What a sweep try's summary costs the coordinator when the result is stored (page-summary.ts), and
// what the divergence report costs on every read of a sweep (divergence.ts), in CPU time.
//
// Baseline, measured in the same run: JSON.stringify + JSON.parse of the result record with the
// summary in it, which the store does for every result anyway.
//
//   npx tsx scripts/bench/try-summary.ts [--rounds 20]
//
// Last lines: RESULT try_summary page_kib=<n> cpu_ms_per_summary=<n> vs_record_json=<ratio>
//             RESULT divergence tries=50 cpu_us_per_report=<n>

import { type DivergenceTry, divergenceOf } from '../../coordinator/sweeps/divergence.js';
import { summarizeTry } from '../../coordinator/sweeps/page-summary.js';
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
  summarizeTry(fields, parts); // warm up
  const summaryMs = cpuMs(() => summarizeTry(fields, parts), ROUNDS);
  const record = {
    ...fields,
    id: 'r',
    requestHeaders: [],
    requestCookies: [],
    responseCookies: [],
    parts: { body: html.length, full_page: html.length, screenshot: 80_000 },
    performance: { firstContentfulPaint: 100, largestContentfulPaint: 200 },
    metadata: { device_id: 'd', device_location: { country: 'DE', region: 'EU', city: 'Berlin' } },
    summary: summarizeTry(fields, parts),
  };
  const jsonMs = cpuMs(() => JSON.parse(JSON.stringify(record)), ROUNDS * 100);
  process.stdout.write(
    `RESULT try_summary page_kib=${kib} cpu_ms_per_summary=${summaryMs.toFixed(2)} vs_record_json=${(summaryMs / jsonMs).toFixed(0)}\n`,
  );
}

// The largest sweep: 5 regions × 10 tries, some differing.
const regions = ['NA', 'EU', 'APAC', 'LATAM', 'MEA'];
const tries: DivergenceTry[] = [];
for (const [r, region] of regions.entries()) {
  for (let i = 0; i < 10; i++) {
    const summary = summarizeTry(
      { ...fields, statusCode: r === 1 && i < 5 ? 451 : 200 },
      new Map([['full_page', Buffer.from(pageOf(4096, r === 3 ? 99 : 7))]]),
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
