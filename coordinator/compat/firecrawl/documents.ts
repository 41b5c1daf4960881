// A job's page as Firecrawl's document: markdown, html, rawHtml, links, images, screenshot, json,
// actions and metadata, as its DocShape asks (scrape-options.ts). Read from the job's stored
// content (results/content.ts) and made in the coordinator's format workers (results/markdown.ts
// pageForms, stopped at --format-timeout), so a page costs no time on the event loop. A finished
// job's document never changes: the last ones made are kept (by bytes) for the polls that ask again.
import { createHash } from 'node:crypto';
import { OffloadError } from '../../../common/offload/index.js';
import { MAX_MARKDOWN_HTML_BYTES, pageSource } from '../../api/download-forms.js';
import { parseJson, readPart } from '../../results/content.js';
import type { Services } from '../../services.js';
import type { JobRecord, ResultRecord } from '../../store/records.js';
import type { ActionResult } from './actions.js';
import { reshapeExtracted } from './json-extract.js';
import { type DocShape, VIEWPORT_SHOT } from './scrape-options.js';

export interface FirecrawlDocument {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  images?: string[];
  screenshot?: string;
  json?: unknown;
  extract?: unknown;
  actions?: {
    screenshots: string[];
    scrapes: Array<{ url: string; html: string }>;
    javascriptReturns: Array<{ type: string; value: unknown }>;
    pdfs: string[];
  };
  metadata: Record<string, unknown>;
  warning?: string;
}

/** Documents kept for the next poll, bytes of JSON at most. */
const CACHE_BYTES = 64 * 1024 * 1024;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const dataUrl = (type: string, data: Buffer) => `data:${type};base64,${data.toString('base64')}`;

export class DocumentMaker {
  private readonly cache = new Map<string, { doc: FirecrawlDocument; bytes: number }>();
  private cachedBytes = 0;

  constructor(private readonly services: Services) {}

  /**
   * The document of a completed job and the bytes of its JSON. The job's content must be readable
   * (not archived); what cannot be made of the page is left out with a `warning`.
   */
  async document(job: JobRecord, shape: DocShape): Promise<{ doc: FirecrawlDocument; bytes: number }> {
    const r = job.result as ResultRecord;
    const key = `${job.id}/${r.attempt}/${createHash('sha256').update(JSON.stringify(shape)).digest('base64url')}`;
    const hit = this.cache.get(key);
    if (hit) {
      // Most recently used last.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const doc = await this.make(job, r, shape);
    const made = { doc, bytes: Buffer.byteLength(JSON.stringify(doc)) };
    if (made.bytes <= CACHE_BYTES / 8) {
      this.cache.set(key, made);
      this.cachedBytes += made.bytes;
      for (const [k, v] of this.cache) {
        if (this.cachedBytes <= CACHE_BYTES) break;
        this.cache.delete(k);
        this.cachedBytes -= v.bytes;
      }
    }
    return made;
  }

  private async make(job: JobRecord, r: ResultRecord, shape: DocShape): Promise<FirecrawlDocument> {
    const metadata: Json = {
      sourceURL: job.url,
      url: r.finalUrl || job.url,
      statusCode: r.statusCode,
      contentType: r.contentType,
      scrapeId: job.id,
      proxyUsed: 'basic',
      cacheState: 'miss',
      creditsUsed: 1,
    };
    const doc: Partial<FirecrawlDocument> = {};
    const warnings: string[] = [];
    if (job.archivedAt) {
      return {
        metadata,
        warning: 'the content of this page was archived (past the retention of the coordinator)',
      };
    }
    const storage = this.services.storage(job.storageType);
    if (!storage) throw new Error(`storage ${job.storageType} not configured`);
    const page = await pageSource(job, storage);
    if (page.html !== null) {
      if (shape.rawHtml) doc.rawHtml = page.html;
      if (Buffer.byteLength(page.html) > MAX_MARKDOWN_HTML_BYTES) {
        warnings.push(
          `the page is over ${MAX_MARKDOWN_HTML_BYTES} bytes: no markdown, html, links or metadata`,
        );
      } else {
        try {
          const forms = await this.services.formats.pageForms(page.html, page.url, {
            mainOnly: shape.onlyMainContent,
            includeTags: shape.includeTags,
            excludeTags: shape.excludeTags,
            removeDataImages: shape.removeBase64Images,
            markdown: shape.markdown,
            html: shape.html,
            links: shape.links,
            images: shape.images,
          });
          Object.assign(metadata, forms.metadata);
          if (forms.markdown !== undefined) doc.markdown = forms.markdown;
          if (forms.html !== undefined) doc.html = forms.html;
          if (forms.links) doc.links = forms.links;
          if (forms.images) doc.images = forms.images;
          warnings.push(...forms.warnings);
        } catch (err) {
          if (!(err instanceof OffloadError)) throw err;
          warnings.push(`the page's markdown, html and links could not be made: ${err.message}`);
        }
      }
    } else if (page.text !== null) {
      // Not HTML (JSON, plain text): the text is the page in every textual form.
      if (shape.markdown) doc.markdown = page.text;
      if (shape.rawHtml) doc.rawHtml = page.text;
    }
    await this.extras(job, r, shape, doc, warnings);
    // Firecrawl writes metadata after the forms.
    return { ...doc, metadata, ...(warnings.length > 0 ? { warning: warnings.join('; ') } : {}) };
  }

  /** Screenshot, extracted JSON and action results. */
  private async extras(
    job: JobRecord,
    r: ResultRecord,
    shape: DocShape,
    doc: Partial<FirecrawlDocument>,
    warnings: string[],
  ): Promise<void> {
    const storage = this.services.storage(job.storageType);
    if (!storage) return;
    const shotsPart = await readPart(storage, job, r, 'action_screenshots');
    const shots = shotsPart ? parseJson(shotsPart) : null;
    const shot = (name: string): string | null => {
      const b64 = isObject(shots) ? shots[name] : undefined;
      return typeof b64 === 'string' ? `data:image/png;base64,${b64}` : null;
    };
    if (shape.screenshot === 'full') {
      const png = await readPart(storage, job, r, 'screenshot');
      if (png) doc.screenshot = dataUrl('image/png', png);
      else warnings.push('the device took no screenshot of this page');
    } else if (shape.screenshot === 'viewport') {
      const s = shot(VIEWPORT_SHOT);
      if (s) doc.screenshot = s;
      else warnings.push('the device took no screenshot of this page');
    }
    if (shape.json) {
      const part = await readPart(storage, job, r, 'extract');
      const value = part ? parseJson(part) : null;
      doc[shape.json.key] = reshapeExtracted(value, shape.json.unwrap);
      const errors = r.metadata.extract_errors;
      if (Array.isArray(errors) && errors.length > 0)
        warnings.push(`extraction: ${errors.map(String).join('; ')}`);
    }
    if (shape.actions) doc.actions = await this.actionResults(job, r, shape.actions, shot);
  }

  private async actionResults(
    job: JobRecord,
    r: ResultRecord,
    plan: readonly ActionResult[],
    shot: (name: string) => string | null,
  ): Promise<NonNullable<FirecrawlDocument['actions']>> {
    const out: NonNullable<FirecrawlDocument['actions']> = {
      screenshots: [],
      scrapes: [],
      javascriptReturns: [],
      pdfs: [],
    };
    const outcomes = Array.isArray(r.metadata.actions) ? (r.metadata.actions as unknown[]) : [];
    const resultAt = (index: number): unknown => {
      const o = outcomes.find((x) => isObject(x) && x.index === index);
      return isObject(o) ? o.result : undefined;
    };
    for (const step of plan) {
      switch (step.kind) {
        case 'screenshot':
          out.screenshots.push(shot(step.name) ?? '');
          break;
        case 'scrape': {
          const v = resultAt(step.index);
          out.scrapes.push({
            url: isObject(v) && typeof v.url === 'string' ? v.url : '',
            html: isObject(v) && typeof v.html === 'string' ? v.html : '',
          });
          break;
        }
        case 'javascript': {
          const value = resultAt(step.index) ?? null;
          out.javascriptReturns.push({ type: value === null ? 'null' : typeof value, value });
          break;
        }
        case 'pdf': {
          const storage = this.services.storage(job.storageType);
          const pdf = storage ? await readPart(storage, job, r, 'pdf') : null;
          out.pdfs.push(pdf ? dataUrl('application/pdf', pdf) : '');
          break;
        }
      }
    }
    return out;
  }
}
