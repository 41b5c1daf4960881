// The crawl store (crawl-types.ts) written once for both stores: every statement is SQL that
// SQLite and PostgreSQL both accept (upserts with ON CONFLICT … WHERE, RETURNING, CASE for max),
// run through a small runner each store provides (sql-runner.ts: `?` placeholders; PostgreSQL's
// runner numbers them). Each change is one conditional statement, so coordinators sharing a
// database never both take a frontier row or a politeness slot. A crawl is a group of jobs
// (store/group-types.ts): its row is written and ended with its group's, and the lease on the
// coordinator driving it is the group's (sql-group-store.ts).
import type {
  CrawlCounts,
  CrawlHostRecord,
  CrawlPageKind,
  CrawlPageRecord,
  CrawlPageState,
  CrawlRecord,
  CrawlStatus,
  CrawlStore,
  NewCrawlPage,
} from './crawl-types.js';
import { marks, type SqlRunner, type SqlStatement } from './sql-runner.js';

interface CrawlRow {
  id: string;
  owner_id: string;
  status: string;
  spec: string;
  created_at: string;
  finished_at: string | null;
  error: string | null;
  pages_found: number | string;
}

interface PageRow {
  crawl_id: string;
  url_hash: string;
  url: string;
  kind: string;
  host: string;
  depth: number;
  parent: string | null;
  seq: number | string;
  priority: number;
  state: string;
  job_id: string | null;
  status_code: number | null;
  error: string | null;
  tries: number;
}

interface HostRow {
  crawl_id: string;
  host: string;
  state: string;
  robots_txt: string | null;
  disallow_all: number | boolean;
  fetched_at_ms: number | string;
}

const crawlOf = (r: CrawlRow): CrawlRecord => ({
  id: r.id,
  ownerId: r.owner_id,
  status: r.status as CrawlStatus,
  spec: JSON.parse(r.spec),
  createdAt: r.created_at,
  finishedAt: r.finished_at,
  error: r.error,
  pagesFound: Number(r.pages_found),
});

const pageOf = (r: PageRow): CrawlPageRecord => ({
  crawlId: r.crawl_id,
  urlHash: r.url_hash,
  url: r.url,
  kind: r.kind as CrawlPageKind,
  host: r.host,
  depth: r.depth,
  parent: r.parent,
  seq: Number(r.seq),
  priority: r.priority,
  state: r.state as CrawlPageState,
  jobId: r.job_id,
  statusCode: r.status_code,
  error: r.error,
  tries: r.tries,
});

/** Rows per multi-row INSERT: 14 values each, well under SQLite's 32,766 and PostgreSQL's 65,535. */
const INSERT_CHUNK = 500;

const PAGE_COLUMNS = '(crawl_id, url_hash, url, kind, host, depth, parent, seq, priority, state)';

function pushPageValues(values: unknown[], crawlId: string, p: NewCrawlPage, seq: number): void {
  values.push(crawlId, p.urlHash, p.url, p.kind, p.host, p.depth, p.parent, seq, p.priority, p.state);
}

/**
 * A new crawl's row, for the group store, which writes it with the crawl's group and its first
 * frontier rows (firstPagesStatements) in one transaction (store/sql-group-store.ts).
 */
export function newCrawlStatement(c: CrawlRecord, pages: readonly NewCrawlPage[]): SqlStatement {
  return {
    sql: 'INSERT INTO crawls (id, owner_id, status, spec, created_at, finished_at, error, pages_found, next_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    params: [
      c.id,
      c.ownerId,
      c.status,
      JSON.stringify(c.spec),
      c.createdAt,
      c.finishedAt,
      c.error,
      pages.filter((p) => p.kind === 'page').length,
      pages.length,
    ],
  };
}

/**
 * A new crawl's first frontier rows, seq 0, 1, …: distinct by url hash, their page rows within
 * max_pages (the crawl's pages_found is their count: newCrawlStatement).
 */
export function firstPagesStatements(crawlId: string, pages: readonly NewCrawlPage[]): SqlStatement[] {
  const statements: SqlStatement[] = [];
  for (let at = 0; at < pages.length; at += INSERT_CHUNK) {
    const chunk = pages.slice(at, at + INSERT_CHUNK);
    const values: unknown[] = [];
    for (const [k, p] of chunk.entries()) pushPageValues(values, crawlId, p, at + k);
    statements.push({
      sql: `INSERT INTO crawl_pages ${PAGE_COLUMNS} VALUES ${chunk.map(() => `(${marks(10)})`).join(', ')}`,
      params: values,
    });
  }
  return statements;
}

/** A running crawl's end (its group's end is written beside it: store/sql-group-store.ts). */
export function finishCrawlStatement(
  id: string,
  status: Exclude<CrawlStatus, 'running'>,
  error: string | null,
  at: string,
): SqlStatement {
  return {
    sql: "UPDATE crawls SET status = ?, error = ?, finished_at = ? WHERE id = ? AND status = 'running'",
    params: [status, error, at, id],
  };
}

export class SqlCrawlStore implements CrawlStore {
  constructor(private readonly db: SqlRunner) {}

  async getCrawl(id: string): Promise<CrawlRecord | null> {
    const [row] = await this.db.all<CrawlRow>('SELECT * FROM crawls WHERE id = ?', [id]);
    return row ? crawlOf(row) : null;
  }

  async listEndedWithoutEvent(sinceIso: string, limit: number): Promise<string[]> {
    // The spec is JSON.stringify of a CrawlSpec, whose first field is its mode: a map starts
    // {"mode":"map" and never gets the event.
    const rows = await this.db.all<{ id: string }>(
      `SELECT c.id FROM crawls c WHERE c.status <> 'running' AND c.finished_at >= ?
         AND c.spec LIKE '{"mode":"crawl"%'
         AND NOT EXISTS (SELECT 1 FROM push_events p WHERE p.dedupe_key = 'crawl:' || c.id)
       ORDER BY c.finished_at LIMIT ?`,
      [sinceIso, limit],
    );
    return rows.map((r) => r.id);
  }

  async addPages(
    crawlId: string,
    pages: readonly NewCrawlPage[],
    maxPages: number,
  ): Promise<CrawlPageRecord[]> {
    const added: CrawlPageRecord[] = [];
    const [crawl] = await this.db.all<{ pages_found: number | string }>(
      'SELECT pages_found FROM crawls WHERE id = ?',
      [crawlId],
    );
    if (!crawl) return added;
    let room = maxPages - Number(crawl.pages_found);
    let i = 0;
    while (i < pages.length) {
      // Page rows are inserted at most `room` at a time, so duplicates never push the count past
      // max_pages; robots and sitemap rows are not pages and are not counted.
      const chunk: NewCrawlPage[] = [];
      let pageRows = 0;
      while (i < pages.length && chunk.length < INSERT_CHUNK) {
        const p = pages[i] as NewCrawlPage;
        if (p.kind === 'page') {
          if (pageRows >= room) break;
          pageRows++;
        }
        chunk.push(p);
        i++;
      }
      if (chunk.length === 0) break;
      const [seqRow] = await this.db.writeAll<{ next_seq: number | string }>(
        'UPDATE crawls SET next_seq = next_seq + ? WHERE id = ? RETURNING next_seq',
        [chunk.length, crawlId],
      );
      const firstSeq = Number(seqRow?.next_seq ?? chunk.length) - chunk.length;
      const values: unknown[] = [];
      for (const [k, p] of chunk.entries()) pushPageValues(values, crawlId, p, firstSeq + k);
      const rows = await this.db.writeAll<PageRow>(
        `INSERT INTO crawl_pages ${PAGE_COLUMNS}
         VALUES ${chunk.map(() => `(${marks(10)})`).join(', ')}
         ON CONFLICT (crawl_id, url_hash) DO NOTHING RETURNING *`,
        values,
      );
      const newPages = rows.filter((r) => r.kind === 'page').length;
      if (newPages > 0) {
        await this.db.run('UPDATE crawls SET pages_found = pages_found + ? WHERE id = ?', [
          newPages,
          crawlId,
        ]);
      }
      room -= newPages;
      for (const r of rows) added.push(pageOf(r));
    }
    return added.sort((a, b) => a.seq - b.seq);
  }

  async frontier(crawlId: string, limit: number): Promise<CrawlPageRecord[]> {
    const rows = await this.db.all<PageRow>(
      "SELECT * FROM crawl_pages WHERE crawl_id = ? AND state = 'queued' ORDER BY priority, seq LIMIT ?",
      [crawlId, limit],
    );
    return rows.map(pageOf);
  }

  async skipQueued(crawlId: string, urlHash: string): Promise<boolean> {
    return (
      (await this.db.run(
        "UPDATE crawl_pages SET state = 'skipped_robots' WHERE crawl_id = ? AND url_hash = ? AND state IN ('queued', 'found')",
        [crawlId, urlHash],
      )) > 0
    );
  }

  async startPage(crawlId: string, urlHash: string, jobId: string): Promise<boolean> {
    return (
      (await this.db.run(
        "UPDATE crawl_pages SET state = 'running', job_id = ?, tries = tries + 1 WHERE crawl_id = ? AND url_hash = ? AND state = 'queued'",
        [jobId, crawlId, urlHash],
      )) > 0
    );
  }

  async endPage(
    crawlId: string,
    urlHash: string,
    jobId: string,
    end: {
      state: 'done' | 'failed' | 'queued' | 'skipped_robots';
      statusCode: number | null;
      error: string | null;
    },
  ): Promise<boolean> {
    return (
      (await this.db.run(
        "UPDATE crawl_pages SET state = ?, status_code = ?, error = ? WHERE crawl_id = ? AND url_hash = ? AND state = 'running' AND job_id = ?",
        [end.state, end.statusCode, end.error, crawlId, urlHash, jobId],
      )) > 0
    );
  }

  async runningPages(crawlId: string, limit: number): Promise<CrawlPageRecord[]> {
    const rows = await this.db.all<PageRow>(
      "SELECT * FROM crawl_pages WHERE crawl_id = ? AND state = 'running' ORDER BY seq LIMIT ?",
      [crawlId, limit],
    );
    return rows.map(pageOf);
  }

  async counts(crawlId: string): Promise<CrawlCounts> {
    const rows = await this.db.all<{ state: string; n: number | string }>(
      "SELECT state, COUNT(*) AS n FROM crawl_pages WHERE crawl_id = ? AND kind = 'page' GROUP BY state",
      [crawlId],
    );
    const by = new Map(rows.map((r) => [r.state, Number(r.n)]));
    const counts: CrawlCounts = {
      found: 0,
      queued: (by.get('queued') ?? 0) + (by.get('found') ?? 0),
      running: by.get('running') ?? 0,
      done: by.get('done') ?? 0,
      failed: by.get('failed') ?? 0,
      skippedRobots: by.get('skipped_robots') ?? 0,
    };
    counts.found = [...by.values()].reduce((a, b) => a + b, 0);
    return counts;
  }

  async listPages(
    crawlId: string,
    afterSeq: number,
    limit: number,
    states?: readonly CrawlPageState[],
  ): Promise<CrawlPageRecord[]> {
    const stateFilter = states && states.length > 0 ? ` AND state IN (${marks(states.length)})` : '';
    const rows = await this.db.all<PageRow>(
      `SELECT * FROM crawl_pages WHERE crawl_id = ? AND kind = 'page' AND seq > ?${stateFilter} ORDER BY seq LIMIT ?`,
      [crawlId, afterSeq, ...(states ?? []), limit],
    );
    return rows.map(pageOf);
  }

  async getHost(crawlId: string, host: string): Promise<CrawlHostRecord | null> {
    const [r] = await this.db.all<HostRow>('SELECT * FROM crawl_hosts WHERE crawl_id = ? AND host = ?', [
      crawlId,
      host,
    ]);
    if (!r) return null;
    return {
      crawlId: r.crawl_id,
      host: r.host,
      state: r.state === 'ready' ? 'ready' : 'fetching',
      robotsTxt: r.robots_txt,
      disallowAll: r.disallow_all === true || Number(r.disallow_all) === 1,
      fetchedAtMs: Number(r.fetched_at_ms),
    };
  }

  async addHost(crawlId: string, host: string): Promise<boolean> {
    return (
      (await this.db.run(
        "INSERT INTO crawl_hosts (crawl_id, host, state) VALUES (?, ?, 'fetching') ON CONFLICT (crawl_id, host) DO NOTHING",
        [crawlId, host],
      )) > 0
    );
  }

  async setHostRobots(
    crawlId: string,
    host: string,
    robotsTxt: string,
    disallowAll: boolean,
    nowMs: number,
  ): Promise<void> {
    await this.db.run(
      "UPDATE crawl_hosts SET state = 'ready', robots_txt = ?, disallow_all = ?, fetched_at_ms = ? WHERE crawl_id = ? AND host = ?",
      [robotsTxt, disallowAll ? 1 : 0, nowMs, crawlId, host],
    );
  }

  async runningOnHost(host: string): Promise<number> {
    const [row] = await this.db.all<{ n: number | string }>(
      "SELECT COUNT(*) AS n FROM crawl_pages WHERE host = ? AND state = 'running'",
      [host],
    );
    return Number(row?.n ?? 0);
  }

  async takeSlot(key: string, nowUs: number, intervalUs: number, slackUs: number): Promise<boolean> {
    // Free when next_us has passed and no backoff holds it; the next slot is an interval after the
    // later of the slot just taken and now (less a little slack, so sub-millisecond intervals
    // are not rounded up to the clock's millisecond).
    const rows = await this.db.writeAll<{ next_us: number | string }>(
      `INSERT INTO host_politeness (key, next_us, backoff_until_us) VALUES (?, ?, 0)
       ON CONFLICT (key) DO UPDATE SET next_us =
         (CASE WHEN host_politeness.next_us > ? THEN host_politeness.next_us ELSE ? END) + ?
       WHERE host_politeness.next_us <= ? AND host_politeness.backoff_until_us <= ?
       RETURNING next_us`,
      [key, nowUs + intervalUs, nowUs - slackUs, nowUs - slackUs, intervalUs, nowUs, nowUs],
    );
    return rows.length > 0;
  }

  async backoff(key: string, untilUs: number): Promise<void> {
    await this.db.run(
      `INSERT INTO host_politeness (key, next_us, backoff_until_us) VALUES (?, 0, ?)
       ON CONFLICT (key) DO UPDATE SET backoff_until_us =
         (CASE WHEN host_politeness.backoff_until_us > ? THEN host_politeness.backoff_until_us ELSE ? END)`,
      [key, untilUs, untilUs, untilUs],
    );
  }

  async slotFreeAtUs(key: string): Promise<number> {
    const [row] = await this.db.all<{ next_us: number | string; backoff_until_us: number | string }>(
      'SELECT next_us, backoff_until_us FROM host_politeness WHERE key = ?',
      [key],
    );
    return row ? Math.max(Number(row.next_us), Number(row.backoff_until_us)) : 0;
  }
}
