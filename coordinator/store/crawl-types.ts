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

export interface CrawlStore {
  insertCrawl(c: CrawlRecord): Promise<void>;
  getCrawl(id: string): Promise<CrawlRecord | null>;
  /**
   * Site crawls (not maps) that ended since `sinceIso` and have no `crawl.completed` event yet
   * (push_events keyed `crawl:<id>`): what a coordinator that died between the two writes left.
   */
  listEndedWithoutEvent(sinceIso: string, limit: number): Promise<string[]>;
  /** Sets the status when the crawl is still running; false when it was not. */
  finishCrawl(id: string, status: Exclude<CrawlStatus, 'running'>, error: string | null): Promise<boolean>;
  /**
   * Running crawls whose lease is free (expired, or already `owner`'s), now leased to `owner` until
   * `untilMs`. Atomic against other coordinators: a crawl is driven by one coordinator at a time.
   */
  claimCrawls(owner: string, nowMs: number, untilMs: number, limit: number): Promise<CrawlRecord[]>;
  /** Extends the lease of `owner`'s crawls; returns the ids still leased to it. */
  renewCrawls(owner: string, ids: readonly string[], untilMs: number): Promise<string[]>;
  /** Gives a crawl's lease up (the coordinator closes). */
  releaseCrawls(owner: string): Promise<void>;
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

/** Migration 15, the same text for SQLite and PostgreSQL. */
export const CRAWL_TABLES_SQL = `
  CREATE TABLE crawls (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    status TEXT NOT NULL,
    spec TEXT NOT NULL,
    created_at TEXT NOT NULL,
    finished_at TEXT,
    error TEXT,
    pages_found INTEGER NOT NULL DEFAULT 0,
    next_seq BIGINT NOT NULL DEFAULT 0,
    lease_owner TEXT,
    lease_until_ms BIGINT NOT NULL DEFAULT 0
  );
  CREATE INDEX crawls_running ON crawls (status, lease_until_ms);
  CREATE TABLE crawl_pages (
    crawl_id TEXT NOT NULL,
    url_hash TEXT NOT NULL,
    url TEXT NOT NULL,
    kind TEXT NOT NULL,
    host TEXT NOT NULL,
    depth INTEGER NOT NULL,
    parent TEXT,
    seq BIGINT NOT NULL,
    priority INTEGER NOT NULL,
    state TEXT NOT NULL,
    job_id TEXT,
    status_code INTEGER,
    error TEXT,
    tries INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (crawl_id, url_hash)
  );
  CREATE INDEX crawl_pages_frontier ON crawl_pages (crawl_id, state, priority, seq);
  CREATE INDEX crawl_pages_list ON crawl_pages (crawl_id, kind, seq);
  CREATE INDEX crawl_pages_host ON crawl_pages (host, state);
  CREATE TABLE crawl_hosts (
    crawl_id TEXT NOT NULL,
    host TEXT NOT NULL,
    state TEXT NOT NULL,
    robots_txt TEXT,
    disallow_all INTEGER NOT NULL DEFAULT 0,
    fetched_at_ms BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (crawl_id, host)
  );
  CREATE TABLE host_politeness (
    key TEXT PRIMARY KEY,
    next_us BIGINT NOT NULL,
    backoff_until_us BIGINT NOT NULL DEFAULT 0
  );
`;
