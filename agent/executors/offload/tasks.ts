// The work the agent hands to its offload workers (offload-pool.ts): everything a job's caller or
// target drives that JavaScript cannot interrupt once it runs. The caller's JSON Schema (ajv runs its
// `pattern`s, a regular expression that can backtrack for hours), CSS selectors over linkedom (a
// selector list can be quadratic in the document), Readability and the reader text over a document
// of up to max-body-bytes, a site crawl page's DOM for its links (html-links.ts). Inputs and outputs are structured-cloneable: strings, plain objects and
// Uint8Arrays (a Buffer arrives as a Uint8Array). This module is loaded by the worker only.
import type { OffloadTaskTable } from '../../../common/offload/index.js';
import type { ExtractSpec } from '../../../proto/index.js';
import {
  type Extraction,
  type ExtractLimits,
  extractFromHtml,
  finishExtraction,
} from '../extract/extract.js';
import { linksInHtml } from '../html-links.js';
import { extractReader, type ResponseInfo, readerFromResponse } from '../reader.js';

/** An extraction to finish: from `found` (the page ran the schema itself) or else from `html`. */
export interface ExtractInput {
  spec: ExtractSpec;
  baseUrl: string;
  /** PAGE_RESULT_LIMITS (the worker loads no proto/ values). */
  limits: ExtractLimits;
  /** What the schema found in the page (full-page jobs); its JSON Schema is still to be checked. */
  found?: Extraction;
  /** The document to run the schema on with linkedom (GET jobs, or a page that could not run it). */
  html?: string;
}

/** finishExtraction's answer: the value as the EXTRACT part (JSON), and the bounded errors. */
export interface ExtractOutput {
  part?: Uint8Array;
  errors: string[];
}

/** What each task takes and gives. */
export interface OffloadTasks {
  extract: { input: ExtractInput; output: ExtractOutput };
  /** A response body's reader text (reader.ts readerFromResponse): UTF-8, or null when it has none. */
  readerFromResponse: { input: { body: Uint8Array; info: ResponseInfo }; output: Uint8Array | null };
  /** A rendered page's reader text (reader.ts extractReader), or null when it has none. */
  readerFromHtml: { input: { html: string; url: string }; output: string | null };
  /** A page's links (html-links.ts linksInHtml) from its HTML as UTF-8 bytes; unbounded, unique. */
  pageLinks: { input: { html: Uint8Array; pageUrl: string }; output: string[] };
}

/** The tasks themselves, run in a worker on the message's input (common/offload/offload-worker.ts). */
export const OFFLOAD_TASKS: OffloadTaskTable<OffloadTasks> = {
  extract: ({ spec, baseUrl, limits, found, html }) => {
    const from =
      found ??
      (html !== undefined
        ? extractFromHtml(html, spec, baseUrl)
        : { value: null, errors: ['the page could not be read for extraction'] });
    return finishExtraction(spec, from, limits);
  },
  readerFromResponse: ({ body, info }) =>
    readerFromResponse(Buffer.from(body.buffer, body.byteOffset, body.byteLength), info) ?? null,
  readerFromHtml: ({ html, url }) => extractReader(html, url)?.text ?? null,
  pageLinks: ({ html, pageUrl }) =>
    linksInHtml(Buffer.from(html.buffer, html.byteOffset, html.byteLength).toString('utf8'), pageUrl),
};
