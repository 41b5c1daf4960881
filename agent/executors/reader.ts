// Reader view of an HTML page: the main article's title and plain text, through Mozilla's Readability
// on a linkedom document (no browser needed). Shared by the HTTP and browser executors, which run it
// in the offload pool (offload/tasks.ts): over a large or hostile page it is seconds of CPU.
import zlib from 'node:zlib';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** Elements that start a new paragraph in the text; everything else flows inline. */
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TD',
  'TH',
  'TR',
  'UL',
]);

/** Minimal DOM shape walked here; linkedom's node types are not exported in a usable form. */
interface TextNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<TextNode>;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/**
 * Extracts the readable article of `html`, or null when Readability finds none. `text` has runs of
 * whitespace collapsed and paragraphs separated by one blank line.
 */
export function extractReader(html: string, url: string): { title: string; text: string } | null {
  const { document } = parseHTML(html);
  // Readability resolves relative links against the document URL; linkedom leaves it unset.
  setDocumentUrl(document, url);
  // linkedom's Document is DOM-compatible enough for Readability but is not typed as the DOM one.
  const article = new Readability(document as unknown as Document).parse();
  if (!article?.content) return null;
  const { document: content } = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`);
  const text = toParagraphs(content.body as unknown as TextNode);
  if (text === '') return null;
  return { title: normalise(article.title ?? ''), text };
}

export interface ResponseInfo {
  contentType: string;
  /** Content-Encoding of the body as received ('' when none). */
  contentEncoding: string;
  url: string;
  /** Largest decompressed size read, so a small compressed body cannot expand without bound. */
  maxBytes: number;
}

/**
 * Reader text of an HTML response body as UTF-8, or undefined when the response is not HTML, has no
 * article, or cannot be decoded. The body is kept as received, so a compressed one is inflated here.
 */
export function readerFromResponse(body: Buffer, info: ResponseInfo): Buffer | undefined {
  if (!mayHaveReader(info.contentType, body.length)) return undefined;
  const [, ...params] = info.contentType.split(';').map((p) => p.trim());
  try {
    const raw = inflate(body, info.contentEncoding.trim().toLowerCase(), info.maxBytes);
    if (!raw) return undefined;
    const charset =
      params
        .find((p) => /^charset=/i.test(p))
        ?.slice(8)
        .replace(/"/g, '') ?? 'utf-8';
    const article = extractReader(decode(raw, charset), info.url);
    return article ? Buffer.from(article.text, 'utf8') : undefined;
  } catch {
    // A page Readability or the decoder chokes on simply has no reader view.
    return undefined;
  }
}

/**
 * Whether a response can have a reader view at all: an HTML type and a body. Cheap, so callers ask
 * before they hand a body to a worker for readerFromResponse.
 */
export function mayHaveReader(contentType: string, bodyBytes: number): boolean {
  const mime = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return HTML_TYPES.has(mime) && bodyBytes > 0;
}

function inflate(body: Buffer, encoding: string, maxBytes: number): Buffer | undefined {
  const options = { maxOutputLength: maxBytes };
  if (encoding === '' || encoding === 'identity') return body;
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.gunzipSync(body, options);
  if (encoding === 'deflate') {
    // Servers send both the zlib-wrapped form the RFC names and bare deflate data.
    try {
      return zlib.inflateSync(body, options);
    } catch {
      return zlib.inflateRawSync(body, options);
    }
  }
  if (encoding === 'br') return zlib.brotliDecompressSync(body, options);
  return undefined;
}

function decode(raw: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(raw);
  } catch {
    return new TextDecoder('utf-8').decode(raw); // unknown label: UTF-8 is the web's default
  }
}

function toParagraphs(root: TextNode): string {
  const paragraphs: string[] = [];
  let current = '';
  const flush = () => {
    const line = normalise(current);
    if (line !== '') paragraphs.push(line);
    current = '';
  };
  const walk = (node: TextNode) => {
    if (node.nodeType === TEXT_NODE) {
      current += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const block = BLOCKS.has(node.nodeName.toUpperCase());
    if (block) flush();
    for (let i = 0; i < node.childNodes.length; i++) {
      const child = node.childNodes[i];
      if (child) walk(child);
    }
    if (block) flush();
  };
  walk(root);
  flush();
  return paragraphs.join('\n\n');
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function setDocumentUrl(document: object, url: string): void {
  try {
    Object.defineProperty(document, 'baseURI', { value: url, configurable: true });
    Object.defineProperty(document, 'documentURI', { value: url, configurable: true });
  } catch {
    // A read-only property only costs absolute links in the reader HTML, which we do not keep.
  }
}
