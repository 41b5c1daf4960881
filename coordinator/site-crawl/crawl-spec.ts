// A crawl's options as validated (api/crawl-body.ts), stored with the crawl as JSON. A map is a
// crawl too: its sitemaps and a shallow walk, its pages found but only the first few fetched.
import type { StorageType } from '../storage/types.js';
import type { Placement } from '../store/records.js';

export type CrawlScope = 'same-host' | 'same-site' | 'subdomains';
export type SitemapMode = 'include' | 'only' | 'skip';

export interface CrawlSpec {
  mode: 'crawl' | 'map';
  startUrls: string[];
  /** Pages found at most (crawl), URLs answered at most (map). */
  maxPages: number;
  maxDepth: number;
  /** Map: pages fetched for their links at most; crawl: equal to maxPages. */
  maxFetches: number;
  include: string[];
  exclude: string[];
  scope: CrawlScope;
  sitemap: SitemapMode;
  ignoreQuery: boolean;
  method: 'GET' | 'CRAWL_FULL_PAGE';
  timeoutSec: number;
  placement: Placement;
  sessionId: string | null;
  /** Pinned device of the session at creation (jobs of a session follow it). */
  sessionDeviceId: string | null;
  formats: string[];
  /** False: robots.txt is not read (an admin allowed it for the key). */
  robots: boolean;
  /** The owner's own per-host limits (null: the coordinator's defaults). */
  requestsPerSecond: number | null;
  concurrency: number | null;
  storageType: StorageType;
  /** The API key that started it: its pages count against that key's job quotas (page-quota.ts). Absent on crawls stored before. */
  keyId?: string;
}
