// Site crawl bench: a generated local site (test/helpers/site-server.ts: pages linked as a tree, a
// sitemap index with a gzipped sitemap, robots.txt rules, slow and failing pages) crawled whole by
// a coordinator process with 4, 16 and 64 real agents (in this process, each its own link), and by
// Crawlee's CheerioCrawler on the same site in the same run. Reports pages per second for each,
// the ratio, the coordinator's RSS (its /proc status, before and at the end), CPU per page of this
// process and the coordinator, duplicate fetches and requests robots.txt forbade.
//   npx tsx scripts/bench/site-crawl.ts [--pages 2000] [--agents 4,16,64] [--per-agent 8] [--no-crawlee]
//                                       [--crawlee-concurrency N]   (pin Crawlee's pool; default: its autoscaling)
// Run once with --pages 10000 for the figures; the default is smaller for a shared machine.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import { openStore } from '../../coordinator/store/open.js';
import { ApiClient } from '../../test/helpers/client.js';
import { removeDir, spawnCoordinator, startTestAgent, tempDir } from '../../test/helpers/cluster.js';
import { type SiteServer, startSiteServer } from '../../test/helpers/site-server.js';

const { values: flags } = parseArgs({
  options: {
    pages: { type: 'string', default: '2000' },
    agents: { type: 'string', default: '4,16,64' },
    'per-agent': { type: 'string', default: '8' },
    'no-crawlee': { type: 'boolean', default: false },
    'timeout-s': { type: 'string', default: '600' },
    // Crawlee's pool scales itself down on a loaded machine; a number pins its concurrency instead.
    'crawlee-concurrency': { type: 'string', default: '' },
  },
});
const PAGES = Number(flags.pages);
const PER_AGENT = Number(flags['per-agent']);
const TIMEOUT_MS = Number(flags['timeout-s']) * 1000;
const FLEETS = (flags.agents ?? '')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

/** robots.txt forbids every page under /p/ ending in 7 (a tenth of the site) and /private. */
const ROBOTS = 'User-agent: *\nDisallow: /private\nDisallow: /p/*7$\n';
const forbidden = (path: string) => path.startsWith('/private') || /^\/p\/\d*7$/.test(path);

function siteOptions() {
  return {
    pages: PAGES,
    robots: ROBOTS,
    sitemap: true,
    chainLinks: true,
    extraLinks: ['/private/a', '/private/b'],
    slowEvery: 50,
    slowMs: 100,
    failEvery: 100,
    fillerBytes: 2000,
  };
}

/** The pages a polite crawler fetches: every /p/ page robots.txt allows. */
const expected = () => Array.from({ length: PAGES }, (_, i) => `/p/${i}`).filter((p) => !forbidden(p)).length;

function pageRequests(site: SiteServer): string[] {
  return site.requests.map((r) => r.path).filter((p) => p.startsWith('/p/') || p.startsWith('/private'));
}

function audit(site: SiteServer): { dup: number; violations: number } {
  const seen = new Map<string, number>();
  for (const p of pageRequests(site)) seen.set(p, (seen.get(p) ?? 0) + 1);
  let dup = 0;
  for (const n of seen.values()) if (n > 1) dup += n - 1;
  return { dup, violations: [...seen.keys()].filter(forbidden).length };
}

function rssMib(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function cpuMs(pid: number): number {
  // utime + stime in clock ticks (100 Hz on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface OursResult {
  pagesPerS: number;
  done: number;
  rssStartMib: number;
  rssEndMib: number;
  coordCpuMsPerPage: number;
  benchCpuMsPerPage: number;
  dup: number;
  violations: number;
}

async function ours(agents: number): Promise<OursResult> {
  const site = await startSiteServer(siteOptions());
  const dataDir = tempDir('bench-site');
  const coordinator = await spawnCoordinator([
    '--data-dir',
    dataDir,
    // The site is one loopback host: politeness is lifted so the bench measures the pipeline.
    '--crawl-host-rate',
    '1000000',
    '--crawl-domain-rate',
    '1000000',
    '--crawl-host-concurrency',
    '10000',
    '--crawl-max-inflight',
    String(agents * PER_AGENT),
  ]);
  const store = await openStore(`sqlite:${dataDir}/crawl.db`);
  const key = (await createApiKey(store, { name: 'bench' })).key;
  const stops: Array<() => Promise<void>> = [];
  for (let i = 0; i < agents; i++) {
    const id = `bench-agent-${i}`;
    const token = (await createDevice(store, { id })).token;
    const agent = await startTestAgent({
      deviceId: id,
      token,
      coordinators: [coordinator.url],
      maxConcurrent: PER_AGENT,
    });
    stops.push(agent.stop);
  }
  await store.close();
  const pid = coordinator.child.pid as number;
  const rssStartMib = rssMib(pid);
  const coordCpu0 = cpuMs(pid);
  const cpu0 = process.cpuUsage();
  const api = new ApiClient(coordinator.url, key);
  const start = performance.now();
  const res = await api.request('POST', '/crawl/v1/crawl/new', {
    url: `${site.url}/p/0`,
    max_pages: PAGES + 1000,
    max_depth: 100,
    sitemap: 'include',
  });
  if (res.status !== 201) throw new Error(`crawl not started: ${res.status} ${res.text}`);
  const id = (res.body as { crawl_id: string }).crawl_id;
  let rssPeak = rssStartMib;
  let done = 0;
  for (;;) {
    const view = (await api.request('GET', `/crawl/v1/crawl/${id}?limit=1`)).body as {
      status: string;
      counts: { done: number; failed: number };
    };
    rssPeak = Math.max(rssPeak, rssMib(pid));
    done = view.counts.done + view.counts.failed;
    if (view.status !== 'running') break;
    if (performance.now() - start > TIMEOUT_MS) throw new Error(`crawl not done in ${TIMEOUT_MS} ms`);
    process.stdout.write(`\r  ${agents} agents: ${done} pages`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - start) / 1000;
  process.stdout.write('\n');
  const cpu = process.cpuUsage(cpu0);
  const coordCpu = cpuMs(pid) - coordCpu0;
  const { dup, violations } = audit(site);
  for (const stop of stops) await stop();
  coordinator.child.kill('SIGTERM');
  await coordinator.exited;
  await site.close();
  removeDir(dataDir);
  return {
    pagesPerS: done / seconds,
    done,
    rssStartMib,
    rssEndMib: rssPeak,
    coordCpuMsPerPage: coordCpu / done,
    benchCpuMsPerPage: (cpu.user + cpu.system) / 1000 / done,
    dup,
    violations,
  };
}

async function crawlee(): Promise<{ pagesPerS: number; done: number; dup: number; violations: number }> {
  const { CheerioCrawler, Configuration, log } = await import('@crawlee/cheerio');
  log.setLevel(log.LEVELS.OFF);
  const site = await startSiteServer(siteOptions());
  let done = 0;
  const crawler = new CheerioCrawler(
    {
      maxRequestRetries: 0,
      maxRequestsPerCrawl: PAGES + 1000,
      ...(flags['crawlee-concurrency']
        ? {
            minConcurrency: Number(flags['crawlee-concurrency']),
            maxConcurrency: Number(flags['crawlee-concurrency']),
          }
        : {}),
      // Crawlee honours robots.txt only when asked (v3.10+): asked, like our default.
      respectRobotsTxtFile: true,
      async requestHandler({ enqueueLinks }) {
        done++;
        await enqueueLinks({ strategy: 'same-hostname' });
      },
      failedRequestHandler() {
        done++;
      },
    },
    new Configuration({ persistStorage: false, purgeOnStart: true }),
  );
  const start = performance.now();
  await crawler.run([`${site.url}/p/0`]);
  const seconds = (performance.now() - start) / 1000;
  const { dup, violations } = audit(site);
  await site.close();
  return { pagesPerS: done / seconds, done, dup, violations };
}

console.log(
  `site: ${PAGES} pages (${expected()} allowed by robots.txt), agents ${FLEETS.join(', ')} × ${PER_AGENT} slots`,
);
let base: { pagesPerS: number; done: number; dup: number; violations: number } | null = null;
if (!flags['no-crawlee']) {
  base = await crawlee();
  console.log(
    `crawlee CheerioCrawler: ${base.done} pages, ${base.pagesPerS.toFixed(1)} pages/s, dup ${base.dup}, robots violations ${base.violations}`,
  );
}
for (const agents of FLEETS) {
  const r = await ours(agents);
  const ratio = base ? r.pagesPerS / base.pagesPerS : 0;
  console.log(
    `ours, ${agents} agents: ${r.done} pages, ${r.pagesPerS.toFixed(1)} pages/s, coordinator RSS ${r.rssStartMib.toFixed(0)} → peak ${r.rssEndMib.toFixed(0)} MiB, CPU/page coordinator ${r.coordCpuMsPerPage.toFixed(2)} ms, agents+bench ${r.benchCpuMsPerPage.toFixed(2)} ms`,
  );
  console.log(
    `RESULT site_crawl pages=${PAGES} agents=${agents} pages_per_s=${r.pagesPerS.toFixed(1)} crawlee_pages_per_s=${(base?.pagesPerS ?? 0).toFixed(1)} ratio_crawlee=${ratio.toFixed(2)} coordinator_rss_mib=${r.rssEndMib.toFixed(0)} coordinator_rss_growth_mib=${(r.rssEndMib - r.rssStartMib).toFixed(0)} dup_fetches=${r.dup} robots_violations=${r.violations}`,
  );
}
process.exit(0);
