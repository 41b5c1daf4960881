// The links of a fetched page, for a site crawl (JobRequest.collect_links): <a href>, <area href>,
// <link rel=next|prev|canonical>, resolved against the page's URL (or its <base href>). A full
// page's HTML is the rendered DOM (page-read.ts), so its script-made links are found too. Only
// http(s) links leave, bounded as proto/links.ts says; the coordinator trusts none of them.
import { parseHTML } from 'linkedom';
import { boundLinks } from '../../proto/index.js';

/** Content types read for links; anything else (images, PDFs, JSON) has none to give. */
const HTML_TYPE = /^\s*(text\/html|application\/xhtml\+xml)/i;
/** A page larger than this is read for links only up to here. */
const MAX_HTML_CHARS = 4 * 1024 * 1024;
const LINK_RELS = new Set(['next', 'prev', 'canonical']);

interface Linkish {
  getAttribute(name: string): string | null;
}

/** The page's links (absolute, fragments dropped, http(s) only), or [] when it is not HTML. */
export function pageLinks(html: Buffer | undefined, pageUrl: string, contentType: string): string[] {
  if (!html || html.byteLength === 0) return [];
  if (contentType && !HTML_TYPE.test(contentType)) return [];
  const text = html.toString('utf8', 0, Math.min(html.byteLength, MAX_HTML_CHARS));
  const { document } = parseHTML(text);
  let base: URL;
  try {
    base = new URL(pageUrl);
    const declared = (document.querySelector('base[href]') as Linkish | null)?.getAttribute('href');
    if (declared) base = new URL(declared, base);
  } catch {
    return [];
  }
  const found: string[] = [];
  const add = (href: string | null) => {
    if (!href) return;
    try {
      const u = new URL(href.trim(), base);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') return;
      u.hash = '';
      found.push(u.href);
    } catch {
      // Not a URL: nothing to follow.
    }
  };
  for (const a of document.querySelectorAll('a[href], area[href]') as unknown as Iterable<Linkish>) {
    add(a.getAttribute('href'));
  }
  for (const l of document.querySelectorAll('link[href][rel]') as unknown as Iterable<Linkish>) {
    const rels = (l.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (rels.some((r) => LINK_RELS.has(r))) add(l.getAttribute('href'));
  }
  return boundLinks(found);
}
