// Site crawls, their frontier, the hosts' robots.txt and the shared politeness slots
// (store/crawl-types.ts).

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
