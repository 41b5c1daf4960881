// Firecrawl's crawl and map requests as this network's site crawls and maps (docs/crawl.md): the
// body POST /crawl/v1/crawl/new and POST /crawl/v1/map take, built here and then read by their own
// parsers, so a crawl started through Firecrawl's shape is the same crawl in every respect.
//
// Firecrawl's path filters are regular expressions searched in the URL's path; this network's are
// globs matched from the start of path + query (site-crawl/link-rules.ts). A filter made of text,
// `.*`, a leading `^` and a trailing `$` converts (`blog/.*` → `*blog/*`; a trailing `$` is dropped,
// so the glob matches more); anything else (classes, groups, alternatives, other quantifiers) is
// refused naming the pattern. Without crawlEntireDomain, Firecrawl follows only URLs under the
// start URL's path: that is an include pattern here.
import { MAX_CRAWL_DEPTH, MAX_CRAWL_PAGES } from '../../../contract/index.js';
import { invalid } from '../../errors.js';
import { unsupportedOption } from './errors.js';
import { type ApiVersion, type DocShape, locationOf, mapScrapeOptions } from './scrape-options.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Firecrawl's default crawl limit. */
export const DEFAULT_CRAWL_LIMIT = 10_000;
/** Firecrawl's default and largest map limit. */
export const DEFAULT_MAP_LIMIT = 5_000;
/** The longest a map answer waits for the map to finish, s (POST /crawl/v1/map's wait_sec). */
const MAX_MAP_WAIT_SEC = 60;

export interface CrawlMapping {
  /** The body of POST /crawl/v1/crawl/new. */
  crawl: Json;
  shape: DocShape;
}

export interface MapMapping {
  /** The body of POST /crawl/v1/map. */
  map: Json;
  /** Firecrawl's `search`: only links containing it (case-insensitive) are answered. */
  search: string | null;
  limit: number;
}

const CRAWL_REFUSED: Record<string, string> = {
  prompt: 'turning a prompt into crawl options needs a language model',
  webhook:
    "this network's webhooks send their own event shape (crawl.completed, docs/push.md); poll the crawl's " +
    'status instead, or use the native API',
  robotsUserAgent: "robots.txt is read for the agent's own product token, crawl-agent",
  regexOnFullURL: 'path filters match the path and query here',
  allowExternalLinks: 'a crawl stays on its start hosts, their site or their sub-domains here',
  zeroDataRetention: 'page content is kept for the retention of the coordinator (docs/storage.md)',
  maxDepth:
    'Firecrawl v1 counts it in path segments, this network counts links followed: give maxDiscoveryDepth',
};

/** Firecrawl's `sitemap` (include, skip, only), with v1's `ignoreSitemap` meaning skip. */
function sitemapMode(body: Record<string, unknown>): 'include' | 'skip' | 'only' {
  let sitemap: 'include' | 'skip' | 'only' = 'include';
  if (body.sitemap !== undefined && body.sitemap !== null) {
    if (body.sitemap !== 'include' && body.sitemap !== 'skip' && body.sitemap !== 'only') {
      throw invalid('sitemap must be one of include, skip, only');
    }
    sitemap = body.sitemap;
  }
  if (bool(body, 'ignoreSitemap', false)) sitemap = 'skip';
  return sitemap;
}

/** Taken as given: labels, and what this network always does (URLs are deduplicated once normalised). */
const CRAWL_ACCEPTED = new Set(['origin', 'integration', 'deduplicateSimilarURLs']);
const CRAWL_KEYS = new Set([
  'url',
  'excludePaths',
  'includePaths',
  'maxDiscoveryDepth',
  'sitemap',
  'ignoreSitemap',
  'ignoreQueryParameters',
  'limit',
  'crawlEntireDomain',
  'allowBackwardLinks',
  'allowSubdomains',
  'ignoreRobotsTxt',
  'delay',
  'maxConcurrency',
  'scrapeOptions',
  ...CRAWL_ACCEPTED,
  ...Object.keys(CRAWL_REFUSED),
]);

const asks = (v: unknown): boolean =>
  v !== undefined && v !== null && v !== false && v !== '' && !(Array.isArray(v) && v.length === 0);

function bool(o: Json, key: string, def: boolean): boolean {
  const v = o[key];
  if (v === undefined || v === null) return def;
  if (typeof v !== 'boolean') throw invalid(`${key} must be true or false`);
  return v;
}

function wholeNumber(o: Json, key: string, min: number): number | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) {
    throw invalid(`${key} must be an integer of at least ${min}`);
  }
  return v;
}

function urlOf(o: Json): string {
  const u = o.url;
  if (typeof u !== 'string' || u.trim() === '') throw invalid('url is required');
  // Firecrawl takes a URL without a scheme as http://.
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(u.trim()) ? u.trim() : `http://${u.trim()}`;
}

/** One of Firecrawl's path regexes as a glob of this network, or the refusal naming it. */
export function regexToGlob(pattern: string, at: string): string {
  let i = 0;
  let anchored = false;
  let out = '';
  if (pattern.startsWith('^')) {
    anchored = true;
    i = 1;
  }
  const refuse = (): never => {
    throw unsupportedOption(
      `${at} ${JSON.stringify(pattern)}`,
      "only text, .*, a leading ^ and a trailing $ convert to this network's path patterns (docs/crawl.md)",
    );
  };
  while (i < pattern.length) {
    const ch = pattern[i] as string;
    if (ch === '\\') {
      const next = pattern[i + 1];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) refuse();
      out += next;
      i += 2;
    } else if (ch === '.' && pattern[i + 1] === '*') {
      out += '*';
      i += 2;
    } else if (ch === '$' && i === pattern.length - 1) {
      i++;
    } else if ('()[]{}|+?*^$'.includes(ch)) {
      refuse();
    } else {
      // A lone `.` is taken as the dot it almost always means (`.html`).
      out += ch;
      i++;
    }
  }
  const glob = (anchored ? out : `*${out}`).replace(/\*+/g, '*');
  if (glob === '' || glob.length > 500) refuse();
  return glob;
}

function patterns(o: Json, key: string): string[] {
  const v = o[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.some((p) => typeof p !== 'string' || p === '')) {
    throw invalid(`${key} must be a list of patterns`);
  }
  return (v as string[]).map((p, i) => regexToGlob(p, `${key}[${i}]`));
}

/** Includes narrowed to the start URL's path (Firecrawl's default, without crawlEntireDomain). */
function underStartPath(includes: string[], startPath: string): string[] {
  if (startPath === '/' || startPath === '') return includes;
  if (includes.length === 0) return [startPath];
  const out: string[] = [];
  for (const g of includes) {
    if (g.startsWith('*')) out.push(`${startPath}${g}`);
    else if (g.startsWith(startPath)) out.push(g);
    else if (startPath.startsWith(g)) out.push(startPath);
  }
  if (out.length === 0) {
    throw unsupportedOption(
      'includePaths',
      `none of the patterns can match under the start URL's path ${startPath}; give crawlEntireDomain: true to crawl beyond it`,
    );
  }
  return [...new Set(out)];
}

/** POST /crawl (v1 and v2) as a site crawl. */
export function mapCrawl(body: Json, version: ApiVersion): CrawlMapping {
  for (const key of Object.keys(body)) {
    if (!CRAWL_KEYS.has(key)) throw invalid(`${key} is not a known field`);
    const refused = CRAWL_REFUSED[key];
    if (refused !== undefined && asks(body[key])) throw unsupportedOption(key, refused);
  }
  const url = urlOf(body);
  let start: URL;
  try {
    start = new URL(url);
  } catch {
    throw invalid('url must be an absolute http or https URL');
  }
  const scrapeOptions = body.scrapeOptions ?? {};
  if (!isObject(scrapeOptions)) throw invalid('scrapeOptions must be an object');
  const page = mapScrapeOptions(scrapeOptions, { version, context: 'crawl', field: 'scrapeOptions.' });
  const entireDomain = bool(body, 'crawlEntireDomain', false) || bool(body, 'allowBackwardLinks', false);
  const includes = patterns(body, 'includePaths');
  const limit = Math.min(wholeNumber(body, 'limit', 1) ?? DEFAULT_CRAWL_LIMIT, MAX_CRAWL_PAGES);
  const depth = Math.min(wholeNumber(body, 'maxDiscoveryDepth', 0) ?? MAX_CRAWL_DEPTH, MAX_CRAWL_DEPTH);
  const sitemap = sitemapMode(body);
  const politeness: Json = {};
  const delay = body.delay;
  if (delay !== undefined && delay !== null) {
    if (typeof delay !== 'number' || !Number.isFinite(delay) || delay < 0) {
      throw invalid('delay must be a number of seconds of at least 0');
    }
    if (delay > 0) politeness.requests_per_second = 1 / delay;
  }
  const concurrency = wholeNumber(body, 'maxConcurrency', 1);
  if (concurrency !== undefined) politeness.concurrency = concurrency;
  const crawl: Json = {
    url,
    max_pages: limit,
    max_depth: depth,
    include_paths: entireDomain ? includes : underStartPath(includes, start.pathname),
    exclude_paths: patterns(body, 'excludePaths'),
    scope: bool(body, 'allowSubdomains', false) ? 'subdomains' : 'same-host',
    sitemap,
    ignore_query: bool(body, 'ignoreQueryParameters', false),
    method: page.job.method,
    timeout_sec: page.job.timeout_sec,
    placement: page.job.placement,
    robots: !bool(body, 'ignoreRobotsTxt', false),
    ...(Object.keys(politeness).length > 0 ? { politeness } : {}),
  };
  return { crawl, shape: page.shape };
}

const MAP_REFUSED: Record<string, string> = {
  threatProtection: 'pages are not scanned here',
};
const MAP_KEYS = new Set([
  'url',
  'search',
  'sitemap',
  'ignoreSitemap',
  'sitemapOnly',
  'includeSubdomains',
  'ignoreQueryParameters',
  'limit',
  'timeout',
  'location',
  'origin',
  'integration',
  'useIndex',
  'auditMetadata',
  ...Object.keys(MAP_REFUSED),
]);

/** POST /map (v1 and v2) as a site map. */
export function mapMap(body: Json): MapMapping {
  for (const key of Object.keys(body)) {
    if (!MAP_KEYS.has(key)) throw invalid(`${key} is not a known field`);
    const refused = MAP_REFUSED[key];
    if (refused !== undefined && asks(body[key])) throw unsupportedOption(key, refused);
  }
  const url = urlOf(body);
  const limit = Math.min(wholeNumber(body, 'limit', 1) ?? DEFAULT_MAP_LIMIT, MAX_CRAWL_PAGES);
  let sitemap = sitemapMode(body);
  if (bool(body, 'sitemapOnly', false)) sitemap = 'only';
  const timeoutMs = wholeNumber(body, 'timeout', 1);
  const search = body.search;
  if (search !== undefined && search !== null && typeof search !== 'string')
    throw invalid('search must be a string');
  const location = locationOf(body, '');
  if (location.languages.length > 0) {
    throw unsupportedOption(
      'location.languages',
      "a map's fetches are made without request headers of the caller's",
    );
  }
  return {
    map: {
      url,
      limit,
      sitemap,
      scope: bool(body, 'includeSubdomains', true) ? 'subdomains' : 'same-host',
      ignore_query: bool(body, 'ignoreQueryParameters', true),
      wait_sec: Math.min(MAX_MAP_WAIT_SEC, Math.ceil((timeoutMs ?? 20_000) / 1000)),
      placement: location.country ? { country: location.country } : {},
    },
    search: typeof search === 'string' && search.trim() !== '' ? search.trim().toLowerCase() : null,
    limit,
  };
}
