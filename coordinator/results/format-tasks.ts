// The work the coordinator hands to its offload workers (format-work.ts): the content forms of a
// page a target served, which Readability, linkedom and turndown make in time that grows with how
// the page is built, not only its size (23 KB of nested <div>s takes them ten seconds). Loaded by
// the worker only (common/offload/offload-worker.ts); inputs and outputs are strings.
import type { OffloadTaskTable } from '../../common/offload/index.js';
import { textFingerprintOf } from '../sweeps/page-summary.js';
import { htmlToMarkdown, mainContent, type PageForms, type PageFormsOptions, pageForms } from './markdown.js';

/** A page: its HTML and the URL its links are made absolute against. */
export interface PageInput {
  html: string;
  url: string;
}

/** What each task takes and gives. */
export interface FormatTasks {
  /** The main content's plain text (markdown.ts mainContent): format=text. */
  mainText: { input: PageInput; output: string };
  /** A sweep try's text fingerprint (sweeps/page-summary.ts textFingerprintOf), made at ingest. */
  textFingerprint: { input: PageInput; output: string };
  /** The main content as markdown (markdown.ts htmlToMarkdown): format=markdown and the JSON's `markdown`. */
  markdown: { input: PageInput; output: string };
  /** The forms a Firecrawl-compatible document asks for (markdown.ts pageForms). */
  pageForms: { input: PageInput & { options: PageFormsOptions }; output: PageForms };
}

/** The tasks themselves, run in a worker on the message's input. */
export const OFFLOAD_TASKS: OffloadTaskTable<FormatTasks> = {
  mainText: ({ html, url }) => mainContent(html, url).text,
  markdown: ({ html, url }) => htmlToMarkdown(html, url),
  textFingerprint: ({ html, url }) => textFingerprintOf(html, url),
  pageForms: ({ html, url, options }) => pageForms(html, url, options),
};
