// The request parts of the Firecrawl-compatible routes, read once by the route schema's parser
// (api/schema-validator.ts) into what the operations take: the mappings of scrape-options.ts and
// crawl-options.ts, and the status pages' query.
import { MAX_BATCH_JOBS } from '../../../contract/index.js';
import { asObject, type Json } from '../../api/validate.js';
import { invalid } from '../../errors.js';
import { type CrawlMapping, type MapMapping, mapCrawl, mapMap } from './crawl-options.js';
import { unsupportedOption } from './errors.js';
import { type ApiVersion, mapScrapeOptions, type ScrapeMapping } from './scrape-options.js';

/** Firecrawl takes a URL without a scheme as http://. */
function withScheme(u: string): string {
  const t = u.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(t) ? t : `http://${t}`;
}

export interface ScrapeRequest {
  url: string;
  mapping: ScrapeMapping;
}

export function parseScrapeRequest(version: ApiVersion) {
  return (raw: unknown): ScrapeRequest => {
    const body = asObject(raw);
    if (typeof body.url !== 'string' || body.url.trim() === '') throw invalid('url is required');
    return {
      url: withScheme(body.url),
      mapping: mapScrapeOptions(body, { version, context: 'scrape', own: ['url'] }),
    };
  };
}

export interface BatchRequest {
  urls: string[];
  mapping: ScrapeMapping;
  /** URLs refused by the job check are answered in invalidURLs (else the request is refused). */
  ignoreInvalidURLs: boolean;
  /** Firecrawl's options as given, kept with the batch. */
  options: Json;
}

const BATCH_REFUSED: Record<string, string> = {
  webhook:
    "this network's webhooks send their own event shape (batch.completed, docs/push.md); poll the batch's " +
    'status instead, or use the native API',
  appendToId: "a batch's URLs are all given when it starts here",
  maxConcurrency:
    "a batch's URLs run on as many devices as take them; bound them with the key's concurrent-jobs limit " +
    '(docs/api.md), or crawl a site for per-host politeness',
};

export function parseBatchRequest(version: ApiVersion) {
  return (raw: unknown): BatchRequest => {
    const body = asObject(raw);
    for (const [key, why] of Object.entries(BATCH_REFUSED)) {
      const v = body[key];
      if (v !== undefined && v !== null) throw unsupportedOption(key, why);
    }
    const urls = body.urls;
    if (!Array.isArray(urls) || urls.length === 0) throw invalid('urls must be a non-empty list of URLs');
    if (urls.length > MAX_BATCH_JOBS) throw invalid(`urls must have at most ${MAX_BATCH_JOBS} entries`);
    const ignore = body.ignoreInvalidURLs;
    if (ignore !== undefined && ignore !== null && typeof ignore !== 'boolean') {
      throw invalid('ignoreInvalidURLs must be true or false');
    }
    const { urls: _urls, ...options } = body;
    return {
      urls: urls.map((u) => (typeof u === 'string' ? withScheme(u) : String(u))),
      mapping: mapScrapeOptions(body, {
        version,
        context: 'batch',
        own: ['urls', 'ignoreInvalidURLs', ...Object.keys(BATCH_REFUSED)],
      }),
      // Firecrawl's defaults: v2 leaves invalid URLs out, v1 refuses the request.
      ignoreInvalidURLs: typeof ignore === 'boolean' ? ignore : version === 'v2',
      options,
    };
  };
}

export interface CrawlRequest {
  mapping: CrawlMapping;
  url: string;
  /** Firecrawl's options as given (for /crawl/active). */
  options: Json;
}

export function parseCrawlRequest(version: ApiVersion) {
  return (raw: unknown): CrawlRequest => {
    const body = asObject(raw);
    const mapping = mapCrawl(body, version);
    const { url: _url, ...options } = body;
    return { mapping, url: String(mapping.crawl.url), options };
  };
}

export function parseMapRequest(raw: unknown): MapMapping {
  return mapMap(asObject(raw));
}

/** Documents per status answer by default (Firecrawl's), and at most. */
export const DEFAULT_PAGE_DOCS = 100;
export const MAX_PAGE_DOCS = 1_000;

export interface StatusQuery {
  /** Documents to pass over from the first (Firecrawl's `skip`); ignored with a cursor. */
  skip: number;
  limit: number;
  /** Where the previous answer stopped (the `next` URL carries it); null from the start. */
  cursor: number | null;
  /** Whether `limit` was given (the `next` URL keeps it). */
  limitGiven: boolean;
}

export function parseStatusQuery(raw: unknown): StatusQuery {
  const q = (raw ?? {}) as Record<string, unknown>;
  const num = (key: string, max: number): number | undefined => {
    const v = q[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || !/^\d{1,15}$/.test(v) || Number(v) > max) {
      throw invalid(`${key} must be a whole number up to ${max}`);
    }
    return Number(v);
  };
  const limit = num('limit', MAX_PAGE_DOCS);
  if (limit === 0) throw invalid(`limit must be a whole number from 1 to ${MAX_PAGE_DOCS}`);
  return {
    skip: num('skip', Number.MAX_SAFE_INTEGER) ?? 0,
    limit: limit ?? DEFAULT_PAGE_DOCS,
    cursor: num('cursor', Number.MAX_SAFE_INTEGER) ?? null,
    limitGiven: limit !== undefined,
  };
}
