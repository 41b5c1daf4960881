// Site crawls (coordinator/site-crawl/) as stored: the crawl, its frontier (one row per URL found,
// unique per crawl by the URL's hash, so a link found twice is queued once), the hosts' robots.txt,
// and the per-host politeness slots every coordinator on the store shares. One SQL text serves
// both stores (store/sql-crawl-store.ts); the DDL below is in SQL both dialects accept.

export type CrawlStatus = 'running' | 'completed' | 'cancelled' | 'failed';
export type CrawlPageState = 'queued' | 'running' | 'done' | 'failed' | 'skipped_robots' | 'found';
/** page: a page of the site; robots: a host's robots.txt; sitemap: a sitemap (or sitemap index). */
export type CrawlPageKind = 'page' | 'robots' | 'sitemap';

export interface CrawlRecord {
  id: string;
  ownerId: string;
  status: CrawlStatus;
  /** The crawl's options as validated (site-crawl/crawl-spec.ts), JSON in the store. */
  spec: unknown;
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
  /** Pages (kind page) found so far: every row ever queued, whatever became of it. */
  pagesFound: number;
}

export interface CrawlPageRecord {
  crawlId: string;
  urlHash: string;
  url: string;
  kind: CrawlPageKind;
  host: string;
  depth: number;
  /** The URL of the page it was found on; null for start URLs and sitemap entries. */
  parent: string | null;
  /** Order found in the crawl (unique per crawl); the page list's cursor. */
  seq: number;
  /** 0 for robots.txt and sitemaps (fetched first), 1 for pages. */
  priority: number;
  state: CrawlPageState;
  jobId: string | null;
  statusCode: number | null;
  error: string | null;
  /** Fetches begun for this URL (a 429/503 puts it back in the queue). */
  tries: number;
}

/** A new frontier row: what links, sitemaps and start URLs add. */
export type NewCrawlPage = Pick<
  CrawlPageRecord,
  'urlHash' | 'url' | 'kind' | 'host' | 'depth' | 'parent' | 'priority'
> & { state: 'queued' | 'skipped_robots' | 'found' };

export interface CrawlHostRecord {
  crawlId: string;
  host: string;
  /** fetching: its robots.txt is being fetched; ready: robotsTxt holds what applies. */
  state: 'fetching' | 'ready';
  /** '' allows everything; null while fetching. */
  robotsTxt: string | null;
  /** True when robots.txt could not be read (5xx, unreachable): the host is disallowed whole. */
  disallowAll: boolean;
  fetchedAtMs: number;
}

export interface CrawlCounts {
  found: number;
  queued: number;
  running: number;
  done: number;
  failed: number;
  skippedRobots: number;
}

/**
 * A crawl is made and ended as a group of jobs (GroupStore.insertGroup, finishGroup: its row with
 * its group's, in one transaction), and driven under its group's lease (claimGroups).
 */
export interface CrawlStore {
  getCrawl(id: string): Promise<CrawlRecord | null>;
  /**
   * Site crawls (not maps) that ended since `sinceIso` and have no `crawl.completed` event yet
   * (push_events keyed `crawl:<id>`): what a coordinator that died between the two writes left.
   */
  listEndedWithoutEvent(sinceIso: string, limit: number): Promise<string[]>;
  /**
   * Adds rows not yet in the crawl (by url hash), page rows only up to `maxPages` in all; returns
   * the rows added, each with its seq. The crawl's pagesFound grows by the page rows added.
   */
  addPages(crawlId: string, pages: readonly NewCrawlPage[], maxPages: number): Promise<CrawlPageRecord[]>;
  /** Up to `limit` queued rows, robots and sitemaps first, then in the order found. */
  frontier(crawlId: string, limit: number): Promise<CrawlPageRecord[]>;
  /**
   * queued or found → skipped_robots (its host's robots.txt disallows it); false when the row is in
   * neither state (taken for fetching, or ended).
   */
  skipQueued(crawlId: string, urlHash: string): Promise<boolean>;
  /** queued → running with its job; false when the row was no longer queued. */
  startPage(crawlId: string, urlHash: string, jobId: string): Promise<boolean>;
  /** running (with this job) → `state`; false when the row was not that. */
  endPage(
    crawlId: string,
    urlHash: string,
    jobId: string,
    end: {
      state: 'done' | 'failed' | 'queued' | 'skipped_robots';
      statusCode: number | null;
      error: string | null;
    },
  ): Promise<boolean>;
  /** The crawl's running rows (at most `limit`): what is in flight. */
  runningPages(crawlId: string, limit: number): Promise<CrawlPageRecord[]>;
  /** The crawl's page rows (kind page) by state. */
  counts(crawlId: string): Promise<CrawlCounts>;
  /** Page rows (kind page) after `afterSeq`, in the order found, at most `limit`. */
  listPages(
    crawlId: string,
    afterSeq: number,
    limit: number,
    states?: readonly CrawlPageState[],
  ): Promise<CrawlPageRecord[]>;
  getHost(crawlId: string, host: string): Promise<CrawlHostRecord | null>;
  /** Adds the host's row (fetching) if it has none; true when this call added it. */
  addHost(crawlId: string, host: string): Promise<boolean>;
  setHostRobots(
    crawlId: string,
    host: string,
    robotsTxt: string,
    disallowAll: boolean,
    nowMs: number,
  ): Promise<void>;
  /** In-flight page rows on `host` across every crawl on the store (the host's concurrency). */
  runningOnHost(host: string): Promise<number>;
  /**
   * Takes the next request slot of `key` (a host or a registrable domain) when it is free at
   * `nowUs` and no backoff holds it: the slot then moves `intervalUs` on. Atomic across
   * coordinators, so `key` sees at most one request per interval from the whole store.
   */
  takeSlot(key: string, nowUs: number, intervalUs: number, slackUs: number): Promise<boolean>;
  /** Holds `key`'s slots until `untilUs` (a 429/503, Retry-After). */
  backoff(key: string, untilUs: number): Promise<void>;
  /** When `key`'s next slot is free (µs), or 0 when it has no row. */
  slotFreeAtUs(key: string): Promise<number>;
}
