// Firecrawl's crawl as a site crawl of this network (docs/crawl.md): started through the crawl
// service with the options POST /crawl/v1/crawl/new reads (crawl-options.ts), read back as
// Firecrawl's status with the documents of its done pages a page at a time, cancelled, its failed
// pages and robots.txt refusals listed, and the owner's running crawls listed.
import type { FastifyRequest } from 'fastify';
import { parseCrawlBody } from '../../api/crawl-body.js';
import { completeCrawlSpec } from '../../api/crawls.js';
import { ApiError, queueFull } from '../../errors.js';
import { newResourceId } from '../../resource-id.js';
import type { CrawlRecord } from '../../store/crawl-types.js';
import { DEFAULT_SHAPE, expiresAt, type FirecrawlDeps, resourceUrl } from './deps.js';
import type { FirecrawlDocument } from './documents.js';
import type { CrawlRequest, StatusQuery } from './request-bodies.js';
import type { ApiVersion } from './scrape-options.js';
import {
  type DocPage,
  type ErrorsAnswer,
  type FirecrawlStatus,
  nextUrl,
  PAGE_BUDGET_BYTES,
  type StatusAnswer,
} from './status-answer.js';

/** Page rows read at a time while documents are gathered. */
const ROWS_AT_ONCE = 20;
/** Rows read at a time while counting (skip) or listing (errors). */
const LIST_ROWS = 1_000;
/** Failed and robots-refused pages an errors answer lists at most, each. */
const MAX_ERRORS_LISTED = 10_000;

const STATUS_OF: Record<CrawlRecord['status'], FirecrawlStatus> = {
  running: 'scraping',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

export async function startCrawl(
  deps: FirecrawlDeps,
  req: FastifyRequest,
  version: ApiVersion,
  asked: CrawlRequest,
): Promise<{ success: true; id: string; url: string }> {
  const { services } = deps;
  const key = req.apiKey;
  const { fields } = parseCrawlBody(asked.mapping.crawl);
  if (!services.jobs.canAccept(key.ownerId)) throw queueFull();
  const spec = await completeCrawlSpec(services, key, fields);
  const id = newResourceId();
  const createdAt = new Date().toISOString();
  // Stored before the crawl exists, so its first status read finds how to answer.
  await deps.resources.put(key.ownerId, id, { kind: 'crawl', shape: asked.mapping.shape, createdAt });
  await services.crawls.service.create(key.ownerId, spec, id);
  // The crawl runs whether or not the list takes it: a failure here is not the request's.
  await deps.resources
    .addActive(key.ownerId, { id, url: asked.url, createdAt, options: asked.options })
    .catch((err: unknown) =>
      req.log.warn({ err, crawlId: id }, 'could not list the crawl for /crawl/active'),
    );
  return { success: true, id, url: resourceUrl(services, version, `crawl/${id}`) };
}

/** The crawl's page seq after which `skip` done pages lie. */
async function seqAfter(deps: FirecrawlDeps, crawl: CrawlRecord, skip: number): Promise<number> {
  let after = -1;
  let left = skip;
  while (left > 0) {
    const view = await deps.services.crawls.service.view(crawl, {
      after,
      limit: Math.min(LIST_ROWS, left),
      status: 'done',
    });
    const last = view.pages[view.pages.length - 1];
    if (!last) break;
    after = last.seq;
    left -= view.pages.length;
  }
  return after;
}

/** One page of the crawl's documents: its done pages from the query's place, within the budget. */
async function crawlDocs(deps: FirecrawlDeps, crawl: CrawlRecord, query: StatusQuery): Promise<DocPage> {
  const { services } = deps;
  const shape = (await deps.resources.get(crawl.ownerId, crawl.id))?.shape ?? DEFAULT_SHAPE;
  let after = query.cursor ?? (query.skip > 0 ? await seqAfter(deps, crawl, query.skip) : -1);
  const docs: FirecrawlDocument[] = [];
  let bytes = 0;
  let more = false;
  rows: while (docs.length < query.limit) {
    const want = Math.min(ROWS_AT_ONCE, query.limit - docs.length);
    const view = await services.crawls.service.view(crawl, { after, limit: want, status: 'done' });
    const ids = view.pages.flatMap((p) => (p.job_id ? [p.job_id] : []));
    const jobs = new Map((await services.store.getJobs(ids)).map((j) => [j.id, j]));
    for (const p of view.pages) {
      const job = p.job_id ? jobs.get(p.job_id) : undefined;
      if (job && job.ownerId === crawl.ownerId && job.status === 'completed' && job.result) {
        const made = await deps.docs.document(job, shape);
        if (docs.length > 0 && bytes + made.bytes > PAGE_BUDGET_BYTES) {
          more = true;
          break rows;
        }
        docs.push(made.doc);
        bytes += made.bytes;
      }
      after = p.seq;
    }
    more = view.pages.length === want;
    if (!more) break;
  }
  return { docs, cursor: more ? after : null, consumed: query.skip + docs.length };
}

export async function crawlStatus(
  deps: FirecrawlDeps,
  version: ApiVersion,
  crawl: CrawlRecord,
  query: StatusQuery,
): Promise<StatusAnswer> {
  const { services } = deps;
  const { counts } = await services.crawls.service.view(crawl, { after: -1, limit: 0 });
  const page = await crawlDocs(deps, crawl, query);
  const completed = counts.done + counts.failed;
  const next = nextUrl(resourceUrl(services, version, `crawl/${crawl.id}`), query, page);
  return {
    success: true,
    status: STATUS_OF[crawl.status],
    completed,
    total: completed + counts.queued + counts.running,
    creditsUsed: completed,
    expiresAt: expiresAt(services, crawl.createdAt),
    ...(next !== undefined ? { next } : {}),
    data: page.docs,
    ...(crawl.error ? { error: crawl.error } : {}),
  };
}

/** Stops the crawl; Firecrawl's answer says `cancelled` when it was stopped now or before. */
export async function cancelCrawl(deps: FirecrawlDeps, crawl: CrawlRecord): Promise<FirecrawlStatus> {
  const service = deps.services.crawls.service;
  await service.cancel(crawl);
  const now = await service.owned(crawl.ownerId, crawl.id, 'crawl');
  return STATUS_OF[now.status];
}

export async function crawlErrors(deps: FirecrawlDeps, crawl: CrawlRecord): Promise<ErrorsAnswer> {
  const service = deps.services.crawls.service;
  const list = async (status: 'failed' | 'skipped_robots') => {
    const out = [];
    for (let after = -1; out.length < MAX_ERRORS_LISTED; ) {
      const view = await service.view(crawl, { after, limit: LIST_ROWS, status });
      out.push(...view.pages);
      const last = view.pages[view.pages.length - 1];
      if (!last || view.pages.length < LIST_ROWS) break;
      after = last.seq;
    }
    return out;
  };
  const [failed, robots] = await Promise.all([list('failed'), list('skipped_robots')]);
  return {
    success: true,
    errors: failed.map((p) => ({
      id: p.job_id ?? `${crawl.id}:${p.seq}`,
      url: p.url,
      ...(p.status_code !== null ? { code: String(p.status_code) } : {}),
      error:
        p.error ?? (p.status_code !== null ? `the page answered HTTP ${p.status_code}` : 'the page failed'),
    })),
    robotsBlocked: robots.map((p) => p.url),
  };
}

/** The crawl `id` of the owner, or null when there is none (it may be a batch). */
export async function ownedCrawlOrNull(
  deps: FirecrawlDeps,
  ownerId: string,
  id: string,
): Promise<CrawlRecord | null> {
  try {
    return await deps.services.crawls.service.owned(ownerId, id, 'crawl');
  } catch (err) {
    if (err instanceof ApiError && err.code === 'CRAWL_NOT_FOUND') return null;
    throw err;
  }
}

export async function activeCrawls(deps: FirecrawlDeps, ownerId: string) {
  const listed = await deps.resources.active(ownerId, async (id) => {
    const crawl = await ownedCrawlOrNull(deps, ownerId, id);
    return crawl?.status === 'running';
  });
  return {
    success: true as const,
    crawls: listed.map((c) => ({
      id: c.id,
      teamId: ownerId,
      url: c.url,
      created_at: c.createdAt,
      options: c.options,
    })),
  };
}
