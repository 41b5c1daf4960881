// The coordinator's offload pool (common/offload/): the content forms of crawled pages (markdown,
// main text) are made in worker threads, never on the event loop that serves the whole API and every
// agent link, and each is stopped at --format-timeout. A page that cannot be converted in that time
// (or within a worker's heap) gets no markdown or text: a download asking for one is told so, a
// sweep try's summary goes without its text fingerprint. Owned by the app (app.ts), closed with it;
// its workers start on first use.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { OffloadError, OffloadPool, siblingModule } from '../../common/offload/index.js';
import type { FormatTasks } from './format-tasks.js';
import type { PageForms, PageFormsOptions } from './markdown.js';

/** The coordinator's task module, loaded by each worker (never on the main thread). */
const TASKS_URL = siblingModule(import.meta.url, 'format-tasks');

/** Workers at most: conversions of different requests run side by side, the rest wait in order. */
export const FORMAT_WORKERS = 2;
/**
 * Old-generation heap of each worker, MiB: a 2 MiB page (MAX_MARKDOWN_HTML_BYTES) of text or of
 * links converts within it; a document built to need more stops its conversion, not the coordinator.
 */
export const FORMAT_WORKER_HEAP_MB = 256;

/** What a task takes beyond the page itself (pageForms: its options). */
type TaskExtra<K extends keyof FormatTasks> = Omit<FormatTasks[K]['input'], 'html' | 'url'>;

/** Pages remembered as not convertible (their hash and the task), the oldest forgotten first. */
const STOPPED_KEPT = 1_000;
/** Stops that say the page itself is the cause: the same input would stop the same way again. */
const PAGE_CAUSED = new Set(['OFFLOAD_DEADLINE', 'OFFLOAD_MEMORY']);

export interface FormatWorkOptions {
  /** Time one conversion may take, waiting for a worker included, ms (--format-timeout). */
  timeoutMs: number;
  log: Logger;
}

export class FormatWork {
  /** Time one conversion may take, ms. */
  readonly timeoutMs: number;
  readonly #pool: OffloadPool<FormatTasks>;
  readonly #log: Logger;
  /**
   * Conversions stopped by the page itself (its time or memory), by task and page hash: asked
   * again, the same page is refused at once instead of holding a worker for the whole timeout
   * each time (one key's repeated downloads of one hostile page would keep both workers busy).
   */
  readonly #stopped = new Map<string, OffloadError>();

  constructor(options: FormatWorkOptions) {
    this.timeoutMs = options.timeoutMs;
    this.#log = options.log;
    this.#pool = new OffloadPool<FormatTasks>({
      tasks: TASKS_URL,
      owner: 'the coordinator',
      size: FORMAT_WORKERS,
      maxHeapMb: FORMAT_WORKER_HEAP_MB,
      log: options.log,
    });
  }

  /** The heap limit a conversion stopped for memory ran into, MiB. */
  get maxHeapMb(): number {
    return this.#pool.maxHeapMb;
  }

  /** The page's main content as markdown; rejects with an OffloadError when it cannot be made. */
  markdown(html: string, url: string): Promise<string> {
    return this.#remembered('markdown', html, url);
  }

  /** The page's main text; rejects with an OffloadError when it cannot be made. */
  mainText(html: string, url: string): Promise<string> {
    return this.#remembered('mainText', html, url);
  }

  /**
   * The forms `options` asks of the page (markdown.ts pageForms: Firecrawl's scrape options);
   * rejects with an OffloadError when they cannot be made.
   */
  pageForms(html: string, url: string, options: PageFormsOptions): Promise<PageForms> {
    return this.#remembered('pageForms', html, url, { options }, JSON.stringify(options));
  }

  /**
   * Runs the task, or refuses at once a page whose conversion the page itself stopped before.
   * `variant` tells apart runs of one task on one page with other options.
   */
  async #remembered<K extends 'markdown' | 'mainText' | 'pageForms'>(
    task: K,
    html: string,
    url: string,
    extra = {} as TaskExtra<K>,
    variant = '',
  ): Promise<FormatTasks[K]['output']> {
    const hash = createHash('sha256').update(url).update('\0').update(html).update('\0').update(variant);
    const key = `${task} ${hash.digest('base64url')}`;
    const known = this.#stopped.get(key);
    if (known) throw known;
    try {
      const input = { ...extra, html, url } as FormatTasks[K]['input'];
      return await this.#pool.run(task, input, { timeoutMs: this.timeoutMs });
    } catch (err) {
      // A conversion that never got a worker in time says nothing of the page.
      if (err instanceof OffloadError && PAGE_CAUSED.has(err.code) && !err.whileQueued) {
        if (this.#stopped.size >= STOPPED_KEPT) {
          const oldest = this.#stopped.keys().next().value;
          if (oldest !== undefined) this.#stopped.delete(oldest);
        }
        this.#stopped.set(key, err);
      }
      throw err;
    }
  }

  /**
   * A sweep try's text fingerprint (sweeps/page-summary.ts TextFingerprint): null when it could not
   * be made in time (or at all), and the try is compared without it.
   */
  textFingerprint = async (html: string, url: string): Promise<string | null> => {
    try {
      return await this.#pool.run('textFingerprint', { html, url }, { timeoutMs: this.timeoutMs });
    } catch (err) {
      if (!(err instanceof OffloadError)) throw err;
      this.#log.info({ reason: err.code }, `a sweep try's main text ${err.message}: no text fingerprint`);
      return null;
    }
  };

  /** Graceful: takes no new work, lets conversions in flight end (each bounded), stops the workers. */
  close(): Promise<void> {
    return this.#pool.close();
  }

  /** Now: conversions in flight are dropped (OFFLOAD_CLOSED), the workers terminated. */
  destroy(): Promise<void> {
    return this.#pool.destroy();
  }
}
