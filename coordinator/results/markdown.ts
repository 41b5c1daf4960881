// Content forms of an HTML page: the main content as clean markdown (links kept and absolute) and
// the reader text. Readability picks the main content where it finds an article; otherwise the
// whole body is used with page furniture (nav, header, footer, forms) and script/style removed.
// pageForms makes the same forms with the content chosen otherwise (the whole body, chosen or cut
// elements), with the page's links, images and metadata, for the Firecrawl-compatible API.
import zlib from 'node:zlib';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
/** Never content: removed before Readability and before the whole-body fallback. */
const JUNK = 'script, style, noscript, template, iframe, object, embed, svg, canvas, link, meta';
/** Page furniture, dropped only in the whole-body fallback (Readability already skips it). */
const FURNITURE =
  'nav, header, footer, aside, form, button, dialog, [role="navigation"], [aria-hidden="true"]';

/** Minimal element shape used here; linkedom's types are not exported in a usable form. */
interface El {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  remove(): void;
  readonly outerHTML: string;
  readonly textContent: string | null;
}
interface Doc {
  querySelectorAll(selector: string): ArrayLike<El>;
  body: { innerHTML: string; textContent: string | null } | null;
  documentElement: El | null;
}

export function isHtmlType(contentType: string): boolean {
  return HTML_TYPES.has((contentType.split(';')[0] ?? '').trim().toLowerCase());
}

/** The charset parameter of a content type, or UTF-8 (the web's default). */
function charsetOf(contentType: string): string {
  const m = /;\s*charset="?([^";\s]+)/i.exec(contentType);
  return m?.[1] ?? 'utf-8';
}

/** Body bytes as received (maybe compressed, maybe not UTF-8) → text, or null when undecodable. */
export function decodeBody(
  body: Buffer,
  contentType: string,
  contentEncoding: string,
  maxBytes: number,
): string | null {
  const enc = contentEncoding.trim().toLowerCase();
  const options = { maxOutputLength: maxBytes };
  let raw: Buffer;
  try {
    if (enc === '' || enc === 'identity') raw = body;
    else if (enc === 'gzip' || enc === 'x-gzip') raw = zlib.gunzipSync(body, options);
    else if (enc === 'br') raw = zlib.brotliDecompressSync(body, options);
    else if (enc === 'deflate') {
      try {
        raw = zlib.inflateSync(body, options);
      } catch {
        raw = zlib.inflateRawSync(body, options);
      }
    } else return null;
  } catch {
    return null;
  }
  try {
    return new TextDecoder(charsetOf(contentType)).decode(raw);
  } catch {
    return new TextDecoder('utf-8').decode(raw);
  }
}

function absolutise(doc: Doc, baseUrl: string): void {
  for (const [selector, attr] of [
    ['a[href]', 'href'],
    ['img[src]', 'src'],
  ] as const) {
    const list = doc.querySelectorAll(selector);
    for (let i = 0; i < list.length; i++) {
      const el = list[i];
      const value = el?.getAttribute(attr);
      if (!el || value === null || value === undefined) continue;
      try {
        el.setAttribute(attr, new URL(value, baseUrl).href);
      } catch {
        // Not resolvable (e.g. "http://["): left as written.
      }
    }
  }
}

function removeAll(doc: Doc, selector: string): void {
  const list = doc.querySelectorAll(selector);
  for (let i = list.length - 1; i >= 0; i--) list[i]?.remove();
}

function setDocumentUrl(document: object, url: string): void {
  try {
    Object.defineProperty(document, 'baseURI', { value: url, configurable: true });
    Object.defineProperty(document, 'documentURI', { value: url, configurable: true });
  } catch {
    // Links are made absolute by absolutise() anyway.
  }
}

/**
 * What is taken out of a page before its content is chosen (pageForms, Firecrawl's excludeTags and
 * removeBase64Images): elements matching `exclude`, and images inlined as data: URLs.
 */
export interface ContentCuts {
  exclude?: readonly string[];
  removeDataImages?: boolean;
}

/** Removes what `cuts` names; a selector that does not parse is named in `warnings` and skipped. */
function cut(doc: Doc, cuts: ContentCuts, warnings: string[]): void {
  for (const selector of cuts.exclude ?? []) {
    try {
      removeAll(doc, selector);
    } catch {
      warnings.push(`excludeTags: ${JSON.stringify(selector)} is not a CSS selector`);
    }
  }
  if (cuts.removeDataImages) removeAll(doc, 'img[src^="data:"]');
}

/** The main content of `html` as HTML with absolute links, and its plain text. */
export function mainContent(
  html: string,
  pageUrl: string,
  cuts: ContentCuts = {},
  warnings: string[] = [],
): { html: string; text: string; title: string } {
  const { document } = parseHTML(html);
  const doc = document as unknown as Doc;
  removeAll(doc, JUNK);
  cut(doc, cuts, warnings);
  removeAll(doc, FURNITURE);
  absolutise(doc, pageUrl);
  setDocumentUrl(document, pageUrl);
  let article: { content?: string | null; textContent?: string | null; title?: string | null } | null = null;
  try {
    article = new Readability(document as unknown as Document).parse();
  } catch {
    article = null;
  }
  if (article?.content && (article.textContent ?? '').trim() !== '') {
    return { html: article.content, text: (article.textContent ?? '').trim(), title: article.title ?? '' };
  }
  // Readability mutated the document it read: the fallback starts from a fresh parse.
  const fallbackSource = parseHTML(html).document as unknown as Doc;
  removeAll(fallbackSource, JUNK);
  cut(fallbackSource, cuts, []);
  removeAll(fallbackSource, FURNITURE);
  absolutise(fallbackSource, pageUrl);
  return {
    html: fallbackSource.body?.innerHTML ?? '',
    text: (fallbackSource.body?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    title: '',
  };
}

let turndown: TurndownService | null = null;

function converter(): TurndownService {
  if (turndown) return turndown;
  turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  turndown.remove(['script', 'style', 'noscript', 'template', 'iframe']);
  // "- item" rather than turndown's "-   item": the common form, and what markdown readers expect.
  turndown.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as { nodeName?: string; children?: ArrayLike<unknown> } | null;
      const items = parent?.children ? Array.from(parent.children) : [];
      const marker = parent?.nodeName === 'OL' ? `${items.indexOf(node) + 1}.` : '-';
      const body = content.trim().replace(/\n(?=.)/g, '\n  ');
      return `${marker} ${body}\n`;
    },
  });
  return turndown;
}

/** Markdown of chosen content HTML; `title` (Readability's) heads it when the content has none. */
function toMarkdown(contentHtml: string, title: string): string {
  const md = converter().turndown(contentHtml).trim();
  const t = title.trim();
  // Readability lifts the title out of the content; put it back as the heading a reader expects.
  if (t && !md.startsWith('# ')) return `# ${t}\n\n${md}`;
  return md;
}

/** Clean markdown of the page's main content, links and images absolute. */
export function htmlToMarkdown(html: string, pageUrl: string): string {
  const main = mainContent(html, pageUrl);
  return toMarkdown(main.html, main.title);
}

/**
 * Which part of a page pageForms turns into content, and which forms it makes: the options of
 * Firecrawl's scrape (docs/compat.md) — `onlyMainContent`, `includeTags`, `excludeTags`,
 * `removeBase64Images` — over this module's own main-content reading.
 */
export interface PageFormsOptions {
  /** Readability's main content (as htmlToMarkdown reads it); false: the whole body. */
  mainOnly: boolean;
  /** CSS selectors: only the elements they match are the content (empty: not narrowed). */
  includeTags: readonly string[];
  /** CSS selectors removed before the content is chosen. */
  excludeTags: readonly string[];
  /** Images inlined as data: URLs are left out of the content. */
  removeDataImages: boolean;
  markdown: boolean;
  /** The chosen content as HTML (links and images absolute). */
  html: boolean;
  links: boolean;
  images: boolean;
}

/** What pageForms made: the forms asked for, the page's metadata, and notes on selectors that did not parse. */
export interface PageForms {
  markdown?: string;
  html?: string;
  /** Every http(s) link of the whole page, absolute, first occurrence order. */
  links?: string[];
  images?: string[];
  /** title, description, language, keywords, robots, og* and favicon, where the page has them. */
  metadata: Record<string, string>;
  warnings: string[];
}

const META_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['description', 'description'],
  ['keywords', 'keywords'],
  ['robots', 'robots'],
];
const META_PROPERTIES: ReadonlyArray<readonly [string, string]> = [
  ['og:title', 'ogTitle'],
  ['og:description', 'ogDescription'],
  ['og:url', 'ogUrl'],
  ['og:image', 'ogImage'],
  ['og:locale', 'ogLocale'],
  ['og:site_name', 'ogSiteName'],
];

function attrOf(doc: Doc, selector: string, attr: string): string | null {
  const el = doc.querySelectorAll(selector)[0];
  const v = el?.getAttribute(attr);
  return v === undefined || v === null || v.trim() === '' ? null : v.trim();
}

function metadataOf(doc: Doc, pageUrl: string): Record<string, string> {
  const out: Record<string, string> = {};
  const title = doc.querySelectorAll('title')[0]?.textContent?.replace(/\s+/g, ' ').trim();
  if (title) out.title = title;
  const lang = doc.documentElement?.getAttribute('lang')?.trim();
  if (lang) out.language = lang;
  for (const [name, key] of META_NAMES) {
    const v = attrOf(doc, `meta[name="${name}"]`, 'content');
    if (v !== null) out[key] = v;
  }
  for (const [property, key] of META_PROPERTIES) {
    const v = attrOf(doc, `meta[property="${property}"]`, 'content');
    if (v !== null) out[key] = v;
  }
  const icon = attrOf(doc, 'link[rel="icon"], link[rel="shortcut icon"]', 'href');
  if (icon !== null) {
    try {
      out.favicon = new URL(icon, pageUrl).href;
    } catch {
      // Not resolvable: no favicon.
    }
  }
  return out;
}

/** The http(s) URLs of `attr` of every `selector` match, absolute, each once. */
function urlsOf(doc: Doc, selector: string, attr: string, pageUrl: string): string[] {
  const seen = new Set<string>();
  const list = doc.querySelectorAll(selector);
  for (let i = 0; i < list.length; i++) {
    const v = list[i]?.getAttribute(attr);
    if (!v) continue;
    try {
      const u = new URL(v, pageUrl);
      if (u.protocol === 'http:' || u.protocol === 'https:') seen.add(u.href);
    } catch {
      // Not a URL: left out.
    }
  }
  return [...seen];
}

/** The content HTML `o` chooses: the included elements, the main content, or the whole body. */
function chosenContent(
  html: string,
  pageUrl: string,
  o: PageFormsOptions,
  warnings: string[],
): { html: string; title: string } {
  const cuts: ContentCuts = { exclude: o.excludeTags, removeDataImages: o.removeDataImages };
  if (o.includeTags.length === 0 && o.mainOnly) return mainContent(html, pageUrl, cuts, warnings);
  const doc = parseHTML(html).document as unknown as Doc;
  removeAll(doc, JUNK);
  cut(doc, cuts, warnings);
  absolutise(doc, pageUrl);
  if (o.includeTags.length === 0) return { html: doc.body?.innerHTML ?? '', title: '' };
  const parts: string[] = [];
  for (const selector of o.includeTags) {
    try {
      const list = doc.querySelectorAll(selector);
      for (let i = 0; i < list.length; i++) parts.push(list[i]?.outerHTML ?? '');
    } catch {
      warnings.push(`includeTags: ${JSON.stringify(selector)} is not a CSS selector`);
    }
  }
  return { html: parts.join('\n'), title: '' };
}

/** The forms of one page `o` asks for, in one pass of parsing per part read. */
export function pageForms(html: string, pageUrl: string, o: PageFormsOptions): PageForms {
  const original = parseHTML(html).document as unknown as Doc;
  const out: PageForms = { metadata: metadataOf(original, pageUrl), warnings: [] };
  if (o.links) out.links = urlsOf(original, 'a[href]', 'href', pageUrl);
  if (o.images) out.images = urlsOf(original, 'img[src]', 'src', pageUrl);
  if (!o.markdown && !o.html) return out;
  const content = chosenContent(html, pageUrl, o, out.warnings);
  if (o.html) out.html = content.html;
  if (o.markdown) out.markdown = toMarkdown(content.html, content.title);
  return out;
}
