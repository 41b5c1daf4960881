// The links of an HTML document, found in its DOM (linkedom): <a href>, <area href>,
// <link rel=next|prev|canonical>, resolved against the page's URL (or its <base href>), fragments
// dropped, http(s) only, each once, in document order. Unbounded: page-links.ts bounds them. Parsing
// is CPU work a target controls (a deeply nested megabyte takes seconds), so this runs in an offload
// worker (offload/tasks.ts) and imports nothing from proto/ (the worker would load all of it).
import { parseHTML } from 'linkedom';

const LINK_RELS = new Set(['next', 'prev', 'canonical']);

interface Linkish {
  getAttribute(name: string): string | null;
}

/** The document's followable links, unique, in order; [] when the page's URL is not one. */
export function linksInHtml(html: string, pageUrl: string): string[] {
  const { document } = parseHTML(html);
  let base: URL;
  try {
    base = new URL(pageUrl);
    const declared = (document.querySelector('base[href]') as Linkish | null)?.getAttribute('href');
    if (declared) base = new URL(declared, base);
  } catch {
    return [];
  }
  const found = new Set<string>();
  const add = (href: string | null) => {
    if (!href) return;
    try {
      const u = new URL(href.trim(), base);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') return;
      u.hash = '';
      found.add(u.href);
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
  return [...found];
}
