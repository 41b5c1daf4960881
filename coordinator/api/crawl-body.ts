// The bodies of POST /crawl/v1/crawl/new and POST /crawl/v1/map, parsed into a crawl's options
// (site-crawl/crawl-spec.ts) with the contract's messages. The session and the key's robots
// permission are checked in the handler (they need the store and the key).
import {
  CRAWL_METHODS,
  CRAWL_SCOPES,
  CRAWL_SITEMAP_MODES,
  DOWNLOAD_FORMATS,
  MAX_CRAWL_DEPTH,
  MAX_CRAWL_PAGES,
  MAX_PATH_PATTERN_CHARS,
  MAX_PATH_PATTERNS,
  MAX_START_URLS,
} from '../../contract/index.js';
import { invalid } from '../errors.js';
import type { CrawlSpec } from '../site-crawl/crawl-spec.js';
import { normaliseUrl } from '../site-crawl/url-normalise.js';
import type { StorageType } from '../storage/types.js';
import { asObject, isUuid, type Json, optionalInt, parsePlacement } from './validate.js';
import { parseWebhookField, type WebhookField } from './webhook-field.js';

/** The spec but what the handler adds (session's device, storage). */
export type CrawlFields = Omit<CrawlSpec, 'sessionDeviceId' | 'storageType'>;

function oneOf<T extends string>(obj: Json, field: string, values: readonly T[], def: T): T {
  const v = obj[field];
  if (v === undefined || v === null) return def;
  const found = values.find((x) => x === v);
  if (found === undefined) throw invalid(`${field} must be one of ${values.join(', ')}`);
  return found;
}

function optionalBool(obj: Json, field: string, def: boolean): boolean {
  const v = obj[field];
  if (v === undefined || v === null) return def;
  if (typeof v !== 'boolean') throw invalid(`${field} must be true or false`);
  return v;
}

function startUrl(v: unknown, field: string): string {
  if (typeof v !== 'string' || v === '') throw invalid(`${field} must be an absolute http or https URL`);
  const u = normaliseUrl(v, false);
  if (!u) throw invalid(`${field} must be an absolute http or https URL of at most 2048 characters`);
  return u.href;
}

function patterns(obj: Json, field: string): string[] {
  const v = obj[field];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > MAX_PATH_PATTERNS) {
    throw invalid(`${field} must be a list of at most ${MAX_PATH_PATTERNS} patterns`);
  }
  return v.map((p, i) => {
    if (typeof p !== 'string' || p === '' || p.length > MAX_PATH_PATTERN_CHARS) {
      throw invalid(`${field}[${i}] must be a pattern of 1 to ${MAX_PATH_PATTERN_CHARS} characters`);
    }
    return p;
  });
}

function positiveNumber(obj: Json, field: string): number | null {
  const v = obj[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0)
    throw invalid(`politeness.${field} must be a number above 0`);
  return v;
}

/** A crawl's body: its options and the webhook its end is sent to. */
export interface CrawlRequest {
  fields: CrawlFields;
  webhook: WebhookField | null;
}

export function parseCrawlBody(raw: unknown): CrawlRequest {
  const body = asObject(raw);
  return { fields: parseCrawlFields(body), webhook: parseWebhookField(body) };
}

function parseCrawlFields(body: Json): CrawlFields {
  const urls: string[] = [];
  if (body.url !== undefined && body.url !== null) urls.push(startUrl(body.url, 'url'));
  if (body.urls !== undefined && body.urls !== null) {
    if (!Array.isArray(body.urls) || body.urls.length === 0 || body.urls.length > MAX_START_URLS) {
      throw invalid(`urls must be a list of 1 to ${MAX_START_URLS} URLs`);
    }
    body.urls.forEach((u, i) => {
      urls.push(startUrl(u, `urls[${i}]`));
    });
  }
  if (urls.length === 0) throw invalid('url is required');
  if (urls.length > MAX_START_URLS) throw invalid(`at most ${MAX_START_URLS} start URLs`);
  const maxPages = optionalInt(body, 'max_pages', 1, MAX_CRAWL_PAGES, 100);
  const formats = body.formats;
  if (formats !== undefined && formats !== null) {
    if (
      !Array.isArray(formats) ||
      formats.some((f) => !(DOWNLOAD_FORMATS as readonly unknown[]).includes(f))
    ) {
      throw invalid(`formats must be a list of ${DOWNLOAD_FORMATS.join(', ')}`);
    }
  }
  const politeness =
    body.politeness === undefined || body.politeness === null ? {} : asObject(body.politeness, 'politeness');
  let concurrency: number | null = null;
  if (politeness.concurrency !== undefined && politeness.concurrency !== null) {
    const c = politeness.concurrency;
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 1)
      throw invalid('politeness.concurrency must be an integer of at least 1');
    concurrency = c;
  }
  const sessionId = body.session_id;
  if (sessionId !== undefined && sessionId !== null && !isUuid(sessionId))
    throw invalid('session_id must be a UUID');
  return {
    mode: 'crawl',
    startUrls: [...new Set(urls)],
    maxPages,
    maxDepth: optionalInt(body, 'max_depth', 0, MAX_CRAWL_DEPTH, 5),
    maxFetches: maxPages,
    include: patterns(body, 'include_paths'),
    exclude: patterns(body, 'exclude_paths'),
    scope: oneOf(body, 'scope', CRAWL_SCOPES, 'same-host'),
    sitemap: oneOf(body, 'sitemap', CRAWL_SITEMAP_MODES, 'include'),
    ignoreQuery: optionalBool(body, 'ignore_query', false),
    method: oneOf(body, 'method', CRAWL_METHODS, 'GET'),
    timeoutSec: optionalInt(body, 'timeout_sec', 1, 120, 30),
    placement: parsePlacement(body.placement),
    sessionId: typeof sessionId === 'string' ? sessionId.toLowerCase() : null,
    formats: Array.isArray(formats) ? [...new Set(formats as string[])] : ['markdown'],
    robots: optionalBool(body, 'robots', true),
    requestsPerSecond: positiveNumber(politeness, 'requests_per_second'),
    concurrency,
  };
}

export interface MapFields {
  fields: CrawlFields;
  waitSec: number;
}

export function parseMapBody(raw: unknown): MapFields {
  const body = asObject(raw);
  const url = startUrl(body.url, 'url');
  const limit = optionalInt(body, 'limit', 1, MAX_CRAWL_PAGES, 5000);
  return {
    waitSec: optionalInt(body, 'wait_sec', 0, 60, 20),
    fields: {
      mode: 'map',
      startUrls: [url],
      maxPages: limit,
      // The shallow walk: the start page and the pages it links to are read for links.
      maxDepth: 1,
      maxFetches: optionalInt(body, 'max_fetches', 1, 1000, 50),
      include: [],
      exclude: [],
      scope: oneOf(body, 'scope', CRAWL_SCOPES, 'same-host'),
      sitemap: oneOf(body, 'sitemap', CRAWL_SITEMAP_MODES, 'include'),
      ignoreQuery: optionalBool(body, 'ignore_query', true),
      method: 'GET',
      timeoutSec: 30,
      placement: parsePlacement(body.placement),
      sessionId: null,
      formats: [],
      robots: true,
      requestsPerSecond: null,
      concurrency: null,
    },
  };
}

/** Whether the crawl may go as asked: robots.txt off needs the key's admin setting. */
export function checkRobotsAllowed(fields: CrawlFields, robotsOptional: boolean): void {
  if (!fields.robots && !robotsOptional) {
    throw invalid('robots may be false only for a key an admin allowed to crawl without robots.txt');
  }
}

export type { StorageType };
