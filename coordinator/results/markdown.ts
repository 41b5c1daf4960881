// Content forms of an HTML page: the main content as clean markdown (links kept and absolute) and
// the reader text. Readability picks the main content where it finds an article; otherwise the
// whole body is used with page furniture (nav, header, footer, forms) and script/style removed.
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
}
interface Doc {
  querySelectorAll(selector: string): ArrayLike<El>;
  body: { innerHTML: string; textContent: string | null } | null;
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

/** The main content of `html` as HTML with absolute links, and its plain text. */
export function mainContent(html: string, pageUrl: string): { html: string; text: string; title: string } {
  const { document } = parseHTML(html);
  const doc = document as unknown as Doc;
  removeAll(doc, JUNK);
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

/** Clean markdown of the page's main content, links and images absolute. */
export function htmlToMarkdown(html: string, pageUrl: string): string {
  const main = mainContent(html, pageUrl);
  const md = converter().turndown(main.html).trim();
  const title = main.title.trim();
  // Readability lifts the title out of the content; put it back as the heading a reader expects.
  if (title && !md.startsWith('# ')) return `# ${title}\n\n${md}`;
  return md;
}
