// What Firecrawl's crawl and batch scrape status answers are made of, for crawls (crawl-ops.ts)
// and batches (batch-ops.ts) alike: a Firecrawl id names either (Firecrawl's v1 SDK polls a batch
// at /v1/crawl/{id}), the status words, the `next` page URL, the errors list.
import type { BatchRecord } from '../../store/batch-types.js';
import type { CrawlRecord } from '../../store/crawl-types.js';
import type { FirecrawlDocument } from './documents.js';
import type { StatusQuery } from './request-bodies.js';

/** Bytes of documents one status answer carries at most (Firecrawl's 10 MiB); at least one document. */
export const PAGE_BUDGET_BYTES = 10 * 1024 * 1024;

export type FirecrawlStatus = 'scraping' | 'completed' | 'failed' | 'cancelled';

export interface StatusAnswer {
  success: true;
  status: FirecrawlStatus;
  completed: number;
  total: number;
  creditsUsed: number;
  expiresAt: string;
  /** The next page of documents; absent on the last (Firecrawl's v1 SDK reads its presence). */
  next?: string;
  data: FirecrawlDocument[];
  /** Why a crawl failed (this network's message), beside Firecrawl's fields. */
  error?: string;
}

export interface ErrorsAnswer {
  success: true;
  errors: Array<{ id: string; timestamp?: string; url: string; code?: string; error: string }>;
  robotsBlocked: string[];
}

/** A crawl or a batch, as a Firecrawl id names it. */
export type Resolved = { kind: 'crawl'; crawl: CrawlRecord } | { kind: 'batch'; batch: BatchRecord };

/** One page of documents, and where the next starts (null: none known yet). */
export interface DocPage {
  docs: FirecrawlDocument[];
  cursor: number | null;
  /** Documents before this page and in it (the next page's `skip`). */
  consumed: number;
}

/** The `next` URL of a page that has one: Firecrawl's `skip`, and the cursor that finds it at once. */
export function nextUrl(base: string, query: StatusQuery, page: DocPage): string | undefined {
  if (page.cursor === null) return undefined;
  const params = new URLSearchParams({ skip: String(page.consumed), cursor: String(page.cursor) });
  if (query.limitGiven) params.set('limit', String(query.limit));
  return `${base}?${params.toString()}`;
}
