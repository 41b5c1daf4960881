// Site crawls and site maps (docs/crawl.md): POST /crawl/v1/crawl/new, GET /crawl/v1/crawl/{id},
// POST /crawl/v1/crawl/{id}/cancel, POST /crawl/v1/map, GET /crawl/v1/map/{id}.
import { type Static, Type } from 'typebox';
import { literals, Nullable, Placement } from './common.js';
import { DOWNLOAD_FORMATS } from './jobs.js';
import { WebhookSpec } from './push.js';

export const CRAWL_SCOPES = ['same-host', 'same-site', 'subdomains'] as const;
export const CRAWL_SITEMAP_MODES = ['include', 'only', 'skip'] as const;
export const CRAWL_METHODS = ['GET', 'CRAWL_FULL_PAGE'] as const;
export const CRAWL_STATUSES = ['running', 'completed', 'cancelled', 'failed'] as const;
export const CRAWL_PAGE_STATUSES = ['queued', 'running', 'done', 'failed', 'skipped_robots'] as const;
/** Most start URLs one crawl takes. */
export const MAX_START_URLS = 100;
/** Most pages one crawl may find (max_pages) and URLs one map may answer (limit). */
export const MAX_CRAWL_PAGES = 100_000;
export const MAX_CRAWL_DEPTH = 100;
/** Most include or exclude patterns, and the longest one. */
export const MAX_PATH_PATTERNS = 50;
export const MAX_PATH_PATTERN_CHARS = 500;

const Url = Type.String({ minLength: 1, maxLength: 2048 });
const Patterns = Nullable(
  Type.Array(Type.String({ minLength: 1, maxLength: MAX_PATH_PATTERN_CHARS }), {
    maxItems: MAX_PATH_PATTERNS,
    description:
      'path patterns matched against the URL path and query from its start: `*` is any run of characters, every other character itself',
  }),
);

export const CrawlPoliteness = Type.Object(
  {
    requests_per_second: Nullable(
      Type.Number({ exclusiveMinimum: 0, description: 'per host; only lower than the coordinator default' }),
    ),
    concurrency: Nullable(
      Type.Integer({ minimum: 1, description: 'requests in flight per host; only lower than the default' }),
    ),
  },
  { description: "the crawl owner's own per-host limits, at most the coordinator's (docs/crawl.md)" },
);

export const CrawlBody = Type.Object({
  url: Type.Optional(Url),
  urls: Nullable(Type.Array(Url, { minItems: 1, maxItems: MAX_START_URLS })),
  max_pages: Nullable(Type.Integer({ minimum: 1, maximum: MAX_CRAWL_PAGES, default: 100 })),
  max_depth: Nullable(Type.Integer({ minimum: 0, maximum: MAX_CRAWL_DEPTH, default: 5 })),
  include_paths: Patterns,
  exclude_paths: Patterns,
  scope: Nullable(Type.Union(literals(CRAWL_SCOPES), { default: 'same-host' })),
  sitemap: Nullable(Type.Union(literals(CRAWL_SITEMAP_MODES), { default: 'include' })),
  ignore_query: Nullable(Type.Boolean({ default: false })),
  method: Nullable(Type.Union(literals(CRAWL_METHODS), { default: 'GET' })),
  timeout_sec: Nullable(Type.Integer({ minimum: 1, maximum: 120, default: 30 })),
  placement: Nullable(Placement),
  session_id: Nullable(Type.String({ format: 'uuid' })),
  formats: Nullable(
    Type.Array(Type.Union(literals(DOWNLOAD_FORMATS)), { maxItems: DOWNLOAD_FORMATS.length }),
  ),
  robots: Nullable(
    Type.Boolean({
      default: true,
      description: 'false ignores robots.txt: only for a key an admin allowed (crawl-robots optional)',
    }),
  ),
  politeness: Nullable(CrawlPoliteness),
  webhook: Nullable(WebhookSpec),
});

export type CrawlBody = Static<typeof CrawlBody>;

export const CrawlCounts = Type.Object({
  found: Type.Integer(),
  queued: Type.Integer(),
  running: Type.Integer(),
  done: Type.Integer(),
  failed: Type.Integer(),
  skipped_robots: Type.Integer(),
});

export const CrawlPage = Type.Object({
  url: Type.String(),
  depth: Type.Integer(),
  job_id: Nullable(Type.String()),
  status: Type.Union(literals(CRAWL_PAGE_STATUSES)),
  status_code: Nullable(Type.Integer()),
  parent: Nullable(
    Type.String({ description: 'the page the URL was found on; null for start URLs and sitemap entries' }),
  ),
  error: Nullable(Type.String()),
  seq: Type.Integer({ description: 'order found; the page list cursor' }),
});

export const Crawl = Type.Object({
  crawl_id: Type.String({ format: 'uuid' }),
  status: Type.Union(literals(CRAWL_STATUSES)),
  created_at: Type.String(),
  finished_at: Nullable(Type.String()),
  error: Nullable(Type.String()),
  start_urls: Type.Array(Type.String()),
  max_pages: Type.Integer(),
  max_depth: Type.Integer(),
  method: Type.String(),
  formats: Type.Array(Type.String()),
  counts: CrawlCounts,
  pages: Type.Array(CrawlPage),
  next_cursor: Nullable(
    Type.Integer({ description: 'pass as `after` for the next page of the list; null at the end' }),
  ),
});

export type Crawl = Static<typeof Crawl>;

export const CrawlQuery = Type.Object({
  after: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,15}$', description: 'the previous answer’s next_cursor' }),
  ),
  limit: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,4}$', description: 'pages listed, 1–1000; default 100' }),
  ),
  status: Type.Optional(Type.Union(literals(CRAWL_PAGE_STATUSES))),
});

export const MapBody = Type.Object({
  url: Url,
  limit: Nullable(Type.Integer({ minimum: 1, maximum: MAX_CRAWL_PAGES, default: 5000 })),
  sitemap: Nullable(Type.Union(literals(CRAWL_SITEMAP_MODES), { default: 'include' })),
  scope: Nullable(Type.Union(literals(CRAWL_SCOPES), { default: 'same-host' })),
  ignore_query: Nullable(Type.Boolean({ default: true })),
  max_fetches: Nullable(
    Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 50,
      description: 'pages fetched for their links (the shallow walk)',
    }),
  ),
  wait_sec: Nullable(
    Type.Integer({
      minimum: 0,
      maximum: 60,
      default: 20,
      description: 'how long the answer waits for the map before it answers 202 with its id',
    }),
  ),
  placement: Nullable(Placement),
});

export const SiteMap = Type.Object({
  map_id: Type.String({ format: 'uuid' }),
  status: Type.Union(literals(CRAWL_STATUSES)),
  url: Type.String(),
  total: Type.Integer({ description: 'URLs found so far' }),
  links: Type.Array(Type.String()),
  next_cursor: Nullable(Type.Integer()),
});

export type SiteMap = Static<typeof SiteMap>;
