// What a Firecrawl crawl or batch scrape keeps beyond the crawl or batch itself: the document shape
// its pages are answered in (formats, onlyMainContent, tags, …), a batch's cancel, and the owner's
// list of crawls for /crawl/active. Kept in the coordinator's content storage (the default
// backend, shared by every coordinator that shares it) beside the job content, as small JSON
// objects under compat/firecrawl/<owner>/; a short in-process cache spares the polls a read.
import type { Logger } from 'pino';
import type { ContentStorage } from '../../storage/types.js';
import type { DocShape } from './scrape-options.js';

export interface FirecrawlResource {
  kind: 'crawl' | 'batch';
  shape: DocShape;
  /** ISO 8601. */
  createdAt: string;
  /** Cancelled through Firecrawl's DELETE: a batch's status then reads cancelled. */
  cancelled?: boolean;
}

/** One crawl of the owner's list for /crawl/active. */
export interface ActiveCrawl {
  id: string;
  url: string;
  createdAt: string;
  options: Record<string, unknown>;
}

/** Crawls listed per owner at most: the oldest leave the list first. */
export const MAX_ACTIVE_LISTED = 100;
/** How long a resource read is trusted here, ms (another coordinator may cancel a batch). */
const CACHE_MS = 5_000;
const CACHE_ENTRIES = 1_000;

const keyOf = (ownerId: string, name: string) => `compat/firecrawl/${ownerId}/${name}.json`;

export class FirecrawlResources {
  private readonly cache = new Map<string, { atMs: number; value: FirecrawlResource }>();
  /** Updates of one owner's list, in order on this coordinator. */
  private readonly listUpdates = new Map<string, Promise<unknown>>();

  constructor(
    private readonly storage: () => ContentStorage,
    private readonly log: Logger,
  ) {}

  async put(ownerId: string, id: string, resource: FirecrawlResource): Promise<void> {
    await this.storage().put(
      keyOf(ownerId, id),
      Buffer.from(JSON.stringify(resource), 'utf8'),
      'application/json; charset=utf-8',
    );
    this.remember(`${ownerId}/${id}`, resource);
  }

  /** The resource of `id`, or null when Firecrawl's API did not make it (a native crawl or batch). */
  async get(ownerId: string, id: string): Promise<FirecrawlResource | null> {
    const key = `${ownerId}/${id}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.atMs < CACHE_MS) return hit.value;
    const data = await this.storage().get(keyOf(ownerId, id));
    if (!data) return null;
    let value: FirecrawlResource;
    try {
      value = JSON.parse(data.toString('utf8')) as FirecrawlResource;
    } catch (err) {
      this.log.warn({ err, id }, 'a Firecrawl resource record is not JSON');
      return null;
    }
    this.remember(key, value);
    return value;
  }

  private remember(key: string, value: FirecrawlResource): void {
    this.cache.delete(key);
    if (this.cache.size >= CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, { atMs: Date.now(), value });
  }

  /** Adds a crawl to the owner's list (serialised per owner on this coordinator). */
  addActive(ownerId: string, crawl: ActiveCrawl): Promise<void> {
    return this.updateList(ownerId, (list) => [...list, crawl].slice(-MAX_ACTIVE_LISTED));
  }

  /** The owner's listed crawls still running (`running` tells); the others leave the list. */
  async active(ownerId: string, running: (id: string) => Promise<boolean>): Promise<ActiveCrawl[]> {
    let kept: ActiveCrawl[] = [];
    await this.updateList(ownerId, async (list) => {
      kept = [];
      for (const c of list) if (await running(c.id)) kept.push(c);
      return kept.length === list.length ? null : kept;
    });
    return kept;
  }

  /** Read, change (null: unchanged) and write the owner's list, one update after another. */
  private updateList(
    ownerId: string,
    change: (list: ActiveCrawl[]) => ActiveCrawl[] | null | Promise<ActiveCrawl[] | null>,
  ): Promise<void> {
    const before = this.listUpdates.get(ownerId) ?? Promise.resolve();
    const next = before.then(async () => {
      const key = keyOf(ownerId, 'active-crawls');
      const data = await this.storage().get(key);
      let list: ActiveCrawl[] = [];
      if (data) {
        try {
          const parsed = JSON.parse(data.toString('utf8')) as unknown;
          if (Array.isArray(parsed)) list = parsed as ActiveCrawl[];
        } catch {
          // A list that does not read is started again.
        }
      }
      const changed = await change(list);
      if (changed !== null) {
        await this.storage().put(
          key,
          Buffer.from(JSON.stringify(changed), 'utf8'),
          'application/json; charset=utf-8',
        );
      }
    });
    const settled = next.catch(() => undefined);
    this.listUpdates.set(ownerId, settled);
    void settled.then(() => {
      if (this.listUpdates.get(ownerId) === settled) this.listUpdates.delete(ownerId);
    });
    return next;
  }
}
