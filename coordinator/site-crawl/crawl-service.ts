// Site crawls and maps as the API sees them: made (the crawl record and its first frontier rows:
// start URLs, each start host's /sitemap.xml, stored with the crawl's group through the job owner),
// read back (counts and a page of the list), cancelled. The driver (crawl-driver.ts) does the
// fetching; this only writes what it starts from, and a cancel's end.
import { crawlNotFound } from '../errors.js';
import type { JobRequests } from '../jobs/reports.js';
import { newResourceId } from '../resource-id.js';
import type {
  CrawlCounts,
  CrawlPageRecord,
  CrawlPageState,
  CrawlRecord,
  NewCrawlPage,
} from '../store/crawl-types.js';
import type { Store } from '../store/types.js';
import type { CrawlSpec } from './crawl-spec.js';
import { LinkRules } from './link-rules.js';
import { RobotsCache } from './robots-cache.js';
import { pageRow, sitemapRow } from './rows.js';
import { normaliseUrl } from './url-normalise.js';

/** What the service tells the driver, and asks of it. */
export interface CrawlDriving {
  /** The lease a crawl made here is stored with: its driver here holds it from the start. */
  newLease(): { owner: string; untilMs: number };
  wake(): void;
  cancelled(crawlId: string): Promise<void>;
}

export interface CrawlPageView {
  url: string;
  depth: number;
  job_id: string | null;
  status: Exclude<CrawlPageState, 'found'>;
  status_code: number | null;
  parent: string | null;
  error: string | null;
  seq: number;
}

export interface CrawlView {
  crawl_id: string;
  status: CrawlRecord['status'];
  created_at: string;
  finished_at: string | null;
  error: string | null;
  start_urls: string[];
  max_pages: number;
  max_depth: number;
  method: string;
  formats: string[];
  counts: {
    found: number;
    queued: number;
    running: number;
    done: number;
    failed: number;
    skipped_robots: number;
  };
  pages: CrawlPageView[];
  next_cursor: number | null;
}

/** A crawl as its GET shows it, with `list` of its pages. */
/**
 * The rows a list may show: a URL not yet taken for fetching is shown once its host's robots.txt
 * has been read and allows it (the crawl checks it then; until then it waits unseen). The cursor
 * still moves past the rows left out.
 */
async function checkedRows(
  robots: RobotsCache | null,
  crawl: CrawlRecord,
  rows: CrawlPageRecord[],
): Promise<CrawlPageRecord[]> {
  if (!robots || !(crawl.spec as CrawlSpec).robots) return rows;
  const shown: CrawlPageRecord[] = [];
  for (const row of rows) {
    if (row.state !== 'queued' && row.state !== 'found') shown.push(row);
    else if ((await robots.verdict(crawl.id, row.host, row.url)) === 'allowed') shown.push(row);
  }
  return shown;
}

export async function crawlView(
  store: Store,
  crawl: CrawlRecord,
  list: { after: number; limit: number; status?: CrawlPageState },
  robots: RobotsCache | null = null,
): Promise<CrawlView> {
  const spec = crawl.spec as CrawlSpec;
  const [counts, rows] = await Promise.all([
    store.crawls.counts(crawl.id),
    list.limit > 0
      ? store.crawls.listPages(crawl.id, list.after, list.limit, list.status ? [list.status] : undefined)
      : Promise.resolve([]),
  ]);
  const pages = await checkedRows(robots, crawl, rows);
  return {
    crawl_id: crawl.id,
    status: crawl.status,
    created_at: crawl.createdAt,
    finished_at: crawl.finishedAt,
    error: crawl.error,
    start_urls: spec.startUrls,
    max_pages: spec.maxPages,
    max_depth: spec.maxDepth,
    method: spec.method,
    formats: spec.formats,
    counts: countsView(counts),
    pages: pages.map(pageView),
    next_cursor: list.limit > 0 && rows.length === list.limit ? (rows[rows.length - 1]?.seq ?? null) : null,
  };
}

export class CrawlService {
  private readonly robots: RobotsCache;

  /**
   * @param ended told once when a crawl (not a map) this coordinator ended has ended: its
   *   `crawl.completed` event (push/event-log.ts).
   */
  constructor(
    private readonly store: Store,
    private readonly jobs: Pick<JobRequests, 'submitGroup' | 'endGroup'>,
    private readonly driver: CrawlDriving,
    private readonly ended: (crawlId: string) => void = () => {},
  ) {
    this.robots = new RobotsCache(store.crawls);
  }

  async create(ownerId: string, spec: CrawlSpec, id: string = newResourceId()): Promise<CrawlRecord> {
    const record: CrawlRecord = {
      id,
      ownerId,
      status: 'running',
      spec,
      createdAt: new Date().toISOString(),
      finishedAt: null,
      error: null,
      pagesFound: 0,
    };
    const rules = new LinkRules(spec);
    const rows: NewCrawlPage[] = [];
    const origins = new Set<string>();
    for (const raw of spec.startUrls) {
      const u = normaliseUrl(raw, spec.ignoreQuery);
      if (!u) continue;
      origins.add(u.origin);
      // With sitemap `only` the start URL only says where the sitemaps are.
      if (spec.sitemap !== 'only' && rules.inScope(u)) rows.push(pageRow(u, 0, null));
    }
    if (spec.sitemap !== 'skip') {
      for (const origin of origins) rows.push(sitemapRow(new URL('/sitemap.xml', origin), 0, null));
    }
    const pages = firstRows(rows, spec.maxPages);
    record.pagesFound = pages.filter((p) => p.kind === 'page').length;
    // The crawl, its group and its first rows in one transaction: a crawl is never stored without
    // where it starts. Its pages join the group as the driver here submits them: it holds the
    // crawl's lease from the start, so no other coordinator races it to the first pages.
    await this.jobs.submitGroup({ kind: 'crawl', crawl: record, pages, lease: this.driver.newLease() }, []);
    this.driver.wake();
    return record;
  }

  /** The crawl when it exists and is `ownerId`'s (of the kind asked); otherwise the 404. */
  async owned(ownerId: string, id: string, mode: CrawlSpec['mode']): Promise<CrawlRecord> {
    const crawl = await this.store.crawls.getCrawl(id.toLowerCase());
    if (!crawl || crawl.ownerId !== ownerId || (crawl.spec as CrawlSpec).mode !== mode) throw crawlNotFound();
    return crawl;
  }

  view(
    crawl: CrawlRecord,
    list: { after: number; limit: number; status?: CrawlPageState },
  ): Promise<CrawlView> {
    return crawlView(this.store, crawl, list, this.robots);
  }

  /** The crawl once it is no longer running, or as it is after `waitMs`. */
  async settled(crawl: CrawlRecord, waitMs: number): Promise<CrawlRecord> {
    const until = Date.now() + waitMs;
    let now = crawl;
    // Polled: the crawl may be driven by another coordinator on the same database.
    while (now.status === 'running' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(100, Math.max(1, until - Date.now()))));
      now = (await this.store.crawls.getCrawl(crawl.id)) ?? now;
    }
    return now;
  }

  /**
   * Stops the crawl: no new fetch starts, and its page jobs in flight are cancelled by the driver
   * that holds it (here at once, on another coordinator within its poll); false when it had
   * already ended.
   */
  async cancel(crawl: CrawlRecord): Promise<boolean> {
    const stopped = await this.jobs.endGroup({
      kind: 'crawl',
      id: crawl.id,
      status: 'cancelled',
      error: null,
    });
    if (stopped) {
      await this.driver.cancelled(crawl.id);
      if ((crawl.spec as CrawlSpec).mode === 'crawl') this.ended(crawl.id);
    }
    return stopped;
  }

  /**
   * A map's URLs after `after`, at most `limit`: those its host's robots.txt allows (skipped ones,
   * and ones whose host is not read yet, left out).
   */
  async mapLinks(
    crawl: CrawlRecord,
    after: number,
    limit: number,
  ): Promise<{ links: string[]; next: number | null; total: number }> {
    const states: CrawlPageState[] = ['found', 'queued', 'running', 'done', 'failed'];
    const [rows, counts] = await Promise.all([
      this.store.crawls.listPages(crawl.id, after, limit, states),
      this.store.crawls.counts(crawl.id),
    ]);
    const shown = await checkedRows(this.robots, crawl, rows);
    return {
      links: shown.map((r) => r.url),
      next: rows.length === limit ? (rows[rows.length - 1]?.seq ?? null) : null,
      total: counts.found - counts.skippedRobots,
    };
  }
}

/** The first frontier rows as the frontier keeps them: once per url hash, page rows up to `maxPages`. */
function firstRows(rows: readonly NewCrawlPage[], maxPages: number): NewCrawlPage[] {
  const seen = new Set<string>();
  const out: NewCrawlPage[] = [];
  let pages = 0;
  for (const row of rows) {
    if (seen.has(row.urlHash) || (row.kind === 'page' && pages >= maxPages)) continue;
    seen.add(row.urlHash);
    if (row.kind === 'page') pages++;
    out.push(row);
  }
  return out;
}

function countsView(c: CrawlCounts): CrawlView['counts'] {
  return {
    found: c.found,
    queued: c.queued,
    running: c.running,
    done: c.done,
    failed: c.failed,
    skipped_robots: c.skippedRobots,
  };
}

function pageView(p: CrawlPageRecord): CrawlPageView {
  return {
    url: p.url,
    depth: p.depth,
    job_id: p.jobId,
    // A map's URL found but never fetched lists as queued.
    status: p.state === 'found' ? 'queued' : p.state,
    status_code: p.statusCode,
    parent: p.parent,
    error: p.error,
    seq: p.seq,
  };
}
