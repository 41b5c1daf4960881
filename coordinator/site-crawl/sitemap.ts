// Sitemaps (sitemaps.org): a urlset's <loc> entries are pages, a sitemapindex's are more sitemaps.
// Gzip is recognised by its magic bytes (a .xml.gz served as application/octet-stream, or a
// sitemap the server compressed without saying). Bounded: the decompressed size and the entries
// read, whatever the file claims.
import { gunzipSync } from 'node:zlib';

/** Largest sitemap read, decompressed (the protocol's own limit is 50 MB). */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
/** Entries read from one sitemap at most (the protocol's limit). */
export const MAX_SITEMAP_ENTRIES = 50_000;

export interface SitemapEntries {
  kind: 'urlset' | 'index' | 'unknown';
  urls: string[];
}

const LOC = /<(?:[\w-]+:)?loc>\s*([^<\s][^<]*?)\s*<\/(?:[\w-]+:)?loc>/g;

function decodeXmlText(s: string): string {
  return s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

export function parseSitemap(data: Buffer): SitemapEntries {
  let bytes = data;
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: MAX_SITEMAP_BYTES });
    } catch {
      return { kind: 'unknown', urls: [] };
    }
  }
  const text = bytes.toString('utf8', 0, Math.min(bytes.length, MAX_SITEMAP_BYTES));
  const kind = /<(?:[\w-]+:)?sitemapindex[\s>]/.test(text)
    ? 'index'
    : /<(?:[\w-]+:)?urlset[\s>]/.test(text)
      ? 'urlset'
      : 'unknown';
  const urls: string[] = [];
  if (kind === 'unknown') return { kind, urls };
  for (const m of text.matchAll(LOC)) {
    if (urls.length >= MAX_SITEMAP_ENTRIES) break;
    urls.push(decodeXmlText(m[1] as string));
  }
  return { kind, urls };
}
