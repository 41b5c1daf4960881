// What a finished fetch means for its crawl. A page: done or failed, and its links (reported by the
// device, untrusted) normalised, filtered by the crawl's rules and depth, deduplicated by the
// frontier, capped at max_pages. robots.txt: stored for the host (4xx allows all, 5xx or
// unreachable disallows all), its Sitemap: lines queued. A sitemap: its entries queued as pages,
// an index's as sitemaps. A 429 or 503: the host backs off and the URL goes back in the queue.
import type { Logger } from 'pino';
import { readPart } from '../results/content.js';
import type { ContentStorage, StorageType } from '../storage/types.js';
import type { CrawlPageRecord, CrawlRecord, CrawlStore, NewCrawlPage } from '../store/crawl-types.js';
import type { JobRecord } from '../store/records.js';
import type { CrawlSpec } from './crawl-spec.js';
import type { LinkRules } from './link-rules.js';
import { type PolitenessGate, retryAfterMs } from './politeness.js';
import { MAX_ROBOTS_BYTES, parseRobots, type RobotsCache } from './robots-cache.js';
import { pageRow, robotsRow, sitemapRow } from './rows.js';
import { parseSitemap } from './sitemap.js';
import { normaliseUrl } from './url-normalise.js';

/** Tries of one URL that met a 429/503 before it counts as failed. */
export const MAX_TRIES = 3;
/** Sitemap indexes followed below the first sitemap. */
const MAX_SITEMAP_DEPTH = 2;
/** Sitemaps one index or robots.txt adds at most. */
const MAX_SITEMAPS_PER_FILE = 100;

/**
 * What the outcomes of one crawl share: a map's fetch budget, and the order rows are added in
 * (one addPages at a time per crawl, so max_pages is counted exactly while pages end in parallel).
 */
export interface CrawlTally {
  fetches: number;
  serial<T>(run: () => Promise<T>): Promise<T>;
}

export interface PageOutcomeDeps {
  store: CrawlStore;
  storage: (type: StorageType) => ContentStorage | null;
  gate: PolitenessGate;
  /** The crawl driver's robots.txt rules, so a row is checked the same way it is at the frontier. */
  robots: RobotsCache;
  log: Logger;
}

export class PageOutcome {
  constructor(private readonly deps: PageOutcomeDeps) {}

  /** Records the row's end; `budget.fetches` (maps) shrinks by the pages queued for fetching. */
  async record(
    crawl: CrawlRecord,
    spec: CrawlSpec,
    rules: LinkRules,
    page: CrawlPageRecord,
    job: JobRecord,
    budget: CrawlTally,
  ): Promise<void> {
    const store = this.deps.store;
    const jobId = job.id;
    const r = job.status === 'completed' ? job.result : null;
    if (r && (r.statusCode === 429 || r.statusCode === 503)) {
      await this.deps.gate.backoff(page.host, retryAfterMs(r.responseHeaders, page.tries, Date.now()));
      const again = page.tries < MAX_TRIES;
      await store.endPage(crawl.id, page.urlHash, jobId, {
        state: again ? 'queued' : 'failed',
        statusCode: r.statusCode,
        error: again ? null : `the site answered ${r.statusCode} ${MAX_TRIES} times`,
      });
      return;
    }
    // A redirect the device stopped following (a loop, too many hops) is no page.
    const ok = r?.success === true && r.statusCode >= 200 && r.statusCode < 300;
    const end = {
      state: ok ? ('done' as const) : ('failed' as const),
      statusCode: r?.statusCode || null,
      error: ok ? null : r ? r.errorMessage || `the site answered ${r.statusCode}` : job.errorMessage,
    };
    // What the page found is queued before its row ends: a crash in between leaves the row running
    // with its job, and the crawl's next holder records it again from the job's stored result (new
    // rows are deduplicated by URL), so no link is lost and the page is not fetched again.
    try {
      if (page.kind === 'robots')
        await this.robots(crawl, spec, page, job, r !== null ? r.statusCode : 0, ok, budget);
      else if (page.kind === 'sitemap' && ok) await this.sitemap(crawl, spec, rules, page, job, budget);
      else if (page.kind === 'page' && ok) await this.links(crawl, spec, rules, page, job, budget);
    } catch (err) {
      this.deps.log.warn({ err, crawlId: crawl.id, url: page.url }, 'crawl page outcome not recorded');
    }
    await store.endPage(crawl.id, page.urlHash, jobId, end);
  }

  private async body(job: JobRecord, maxBytes: number): Promise<Buffer | null> {
    const r = job.result;
    const storage = this.deps.storage(job.storageType);
    if (!r || !storage) return null;
    const data = await readPart(storage, job, r, 'body');
    return data ? data.subarray(0, maxBytes) : null;
  }

  private async robots(
    crawl: CrawlRecord,
    spec: CrawlSpec,
    page: CrawlPageRecord,
    job: JobRecord,
    statusCode: number,
    ok: boolean,
    budget: CrawlTally,
  ): Promise<void> {
    const store = this.deps.store;
    if (!ok) {
      // RFC 9309 2.3.1: unavailable (4xx) allows everything; unreachable (5xx, network) nothing.
      const unavailable = statusCode >= 400 && statusCode < 500;
      await store.setHostRobots(crawl.id, page.host, '', !unavailable, Date.now());
      return;
    }
    const text = ((await this.body(job, MAX_ROBOTS_BYTES)) ?? Buffer.alloc(0)).toString('utf8');
    await store.setHostRobots(crawl.id, page.host, text, false, Date.now());
    if (spec.sitemap === 'skip') return;
    const rows: NewCrawlPage[] = [];
    for (const loc of parseRobots(page.url, text).sitemaps.slice(0, MAX_SITEMAPS_PER_FILE)) {
      const u = normaliseUrl(loc, false);
      if (u && spec.startUrls.some((s) => new URL(s).hostname === u.hostname))
        rows.push(sitemapRow(u, 0, page.url));
    }
    if (rows.length > 0) await budget.serial(() => store.addPages(crawl.id, rows, spec.maxPages));
  }

  private async sitemap(
    crawl: CrawlRecord,
    spec: CrawlSpec,
    rules: LinkRules,
    page: CrawlPageRecord,
    job: JobRecord,
    budget: CrawlTally,
  ): Promise<void> {
    const data = await this.body(job, Number.MAX_SAFE_INTEGER);
    if (!data) return;
    const parsed = parseSitemap(data);
    const rows: NewCrawlPage[] = [];
    if (parsed.kind === 'index') {
      if (page.depth >= MAX_SITEMAP_DEPTH) return;
      for (const loc of parsed.urls.slice(0, MAX_SITEMAPS_PER_FILE)) {
        const u = normaliseUrl(loc, false);
        if (u && rules.inScope(u)) rows.push(sitemapRow(u, page.depth + 1, page.url));
      }
    } else {
      for (const loc of parsed.urls) {
        const u = normaliseUrl(loc, spec.ignoreQuery);
        if (!u || !rules.allows(u)) continue;
        // A map lists what a sitemap names without fetching it.
        rows.push(pageRow(u, 0, null, spec.mode === 'map' ? 'found' : 'queued'));
      }
    }
    if (rows.length > 0) await this.add(crawl, spec, rows, budget);
  }

  private async links(
    crawl: CrawlRecord,
    spec: CrawlSpec,
    rules: LinkRules,
    page: CrawlPageRecord,
    job: JobRecord,
    budget: CrawlTally,
  ): Promise<void> {
    const r = job.result;
    if (!r?.links || r.links.length === 0 || spec.sitemap === 'only') return;
    const depth = page.depth + 1;
    if (depth > spec.maxDepth && spec.mode === 'crawl') return;
    // Links resolve against where the page ended up; a redirect off the crawl's scope adds none.
    const base = r.finalUrl || page.url;
    const landed = normaliseUrl(base, spec.ignoreQuery);
    if (!landed || !rules.inScope(landed)) return;
    const rows: NewCrawlPage[] = [];
    const seen = new Set<string>();
    for (const link of r.links) {
      const u = normaliseUrl(link, spec.ignoreQuery, base);
      if (!u || seen.has(u.href) || !rules.allows(u)) continue;
      seen.add(u.href);
      const fetch = spec.mode === 'crawl' || depth <= spec.maxDepth;
      rows.push(pageRow(u, depth, page.url, fetch ? 'queued' : 'found'));
    }
    if (rows.length > 0) await this.add(crawl, spec, rows, budget);
  }

  /**
   * Adds the rows; a map queues pages for fetching only while its fetch budget lasts. Rows of a host
   * whose robots.txt is read are checked now, so a disallowed URL is neither listed nor counted
   * against the fetch budget; a map's URL of a host not read yet has the host's robots.txt queued
   * (a map's found URLs are never taken from the frontier, which is where the rest are checked).
   */
  private async add(
    crawl: CrawlRecord,
    spec: CrawlSpec,
    rows: NewCrawlPage[],
    budget: CrawlTally,
  ): Promise<void> {
    if (spec.robots) await this.screen(crawl.id, rows);
    if (spec.mode === 'map') {
      for (const row of rows) {
        if (row.kind !== 'page' || row.state !== 'queued') continue;
        if (budget.fetches > 0) budget.fetches--;
        else row.state = 'found';
      }
    }
    await budget.serial(() => this.deps.store.addPages(crawl.id, rows, spec.maxPages));
  }

  private async screen(crawlId: string, rows: NewCrawlPage[]): Promise<void> {
    const unread = new Set<string>();
    for (const row of rows) {
      if (row.kind !== 'page' || row.state === 'skipped_robots') continue;
      const verdict = await this.deps.robots.verdict(crawlId, row.host, row.url);
      if (verdict === 'disallowed') row.state = 'skipped_robots';
      else if (verdict === 'unknown') unread.add(row.host);
    }
    for (const host of unread) {
      if (await this.deps.store.addHost(crawlId, host)) rows.push(robotsRow(host));
    }
  }
}
