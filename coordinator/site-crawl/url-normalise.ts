// One URL, one spelling: what a crawl deduplicates on. WHATWG parsing already lowercases the
// scheme and host, drops default ports and resolves dot segments; here the fragment goes, an
// empty query goes, and with ignore_query the whole query goes. Anything not http(s), with
// credentials, or longer than the link bound is no URL to crawl.
import { createHash } from 'node:crypto';
import { MAX_LINK_CHARS } from '../../proto/index.js';

export function normaliseUrl(raw: string, ignoreQuery: boolean, base?: string): URL | null {
  let u: URL;
  try {
    u = base === undefined ? new URL(raw) : new URL(raw, base);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (u.username || u.password) return null;
  u.hash = '';
  // An empty query ('/p?') is no query: setting it empty drops the '?'.
  if (ignoreQuery || u.search === '') u.search = '';
  if (u.hostname.endsWith('.')) u.hostname = u.hostname.slice(0, -1);
  if (u.href.length > MAX_LINK_CHARS) return null;
  return u;
}

/** The frontier's key for a normalised URL (unique per crawl). */
export function urlHash(url: string): string {
  return createHash('sha256').update(url).digest('hex').slice(0, 32);
}

/** host[:port] as politeness and robots.txt see it: a robots.txt is per scheme, host and port. */
export function hostKey(u: URL): string {
  return `${u.protocol}//${u.host}`;
}
