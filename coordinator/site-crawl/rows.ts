// New frontier rows: a page found (start URL, link, sitemap entry), a host's robots.txt, a sitemap.
// robots.txt and sitemap rows are keyed apart from pages (a page may link to /robots.txt and is
// then a page like any other).
import type { NewCrawlPage } from '../store/crawl-types.js';
import { hostKey, urlHash } from './url-normalise.js';

export function pageRow(
  u: URL,
  depth: number,
  parent: string | null,
  state: NewCrawlPage['state'] = 'queued',
): NewCrawlPage {
  return {
    urlHash: urlHash(u.href),
    url: u.href,
    kind: 'page',
    host: hostKey(u),
    depth,
    parent,
    priority: 1,
    state,
  };
}

/** `host` is hostKey(): scheme://host[:port]. */
export function robotsRow(host: string): NewCrawlPage {
  const url = `${host}/robots.txt`;
  return {
    urlHash: urlHash(`robots ${url}`),
    url,
    kind: 'robots',
    host,
    depth: 0,
    parent: null,
    priority: 0,
    state: 'queued',
  };
}

/** `depth` counts sitemap indexes above it (bounded in page-outcome.ts). */
export function sitemapRow(u: URL, depth: number, parent: string | null): NewCrawlPage {
  return {
    urlHash: urlHash(`sitemap ${u.href}`),
    url: u.href,
    kind: 'sitemap',
    host: hostKey(u),
    depth,
    parent,
    priority: 0,
    state: 'queued',
  };
}
