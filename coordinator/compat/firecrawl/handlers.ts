// The handlers both versions' routes share, by operation; each version's routes file says which
// path takes which (routes-v1.ts, routes-v2.ts). Parts are read by the route schemas' parsers
// (request-bodies.ts), so a handler gets the mapping and only runs the operation.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ownedBatch } from '../../api/batches.js';
import { CrawlIdParams, JobIdParams } from '../../api/id-params.js';
import { parsedBy } from '../../api/schema-validator.js';
import { ApiError, crawlNotFound, jobNotFound } from '../../errors.js';
import { batchErrors, batchStatusAnswer, cancelBatch, startBatch } from './batch-ops.js';
import {
  activeCrawls,
  cancelCrawl,
  crawlErrors,
  crawlStatus,
  ownedCrawlOrNull,
  startCrawl,
} from './crawl-ops.js';
import type { FirecrawlDeps } from './deps.js';
import { unsupportedEndpoint } from './errors.js';
import { siteMap } from './map-op.js';
import type { Refusal } from './refusals.js';
import {
  type BatchRequest,
  type CrawlRequest,
  parseBatchRequest,
  parseCrawlRequest,
  parseMapRequest,
  parseScrapeRequest,
  parseStatusQuery,
  type ScrapeRequest,
  type StatusQuery,
} from './request-bodies.js';
import { scrape } from './scrape-op.js';
import type { ApiVersion } from './scrape-options.js';
import type { Resolved } from './status-answer.js';

/** Firecrawl's bodies are read by this layer's own parsers (their messages name Firecrawl's fields). */
const ANY = Type.Unknown();

export const schemas = (version: ApiVersion) => ({
  scrape: { hide: true, body: parsedBy(ANY, parseScrapeRequest(version)) },
  crawl: { hide: true, body: parsedBy(ANY, parseCrawlRequest(version)) },
  map: { hide: true, body: parsedBy(ANY, parseMapRequest) },
  batch: { hide: true, body: parsedBy(ANY, parseBatchRequest(version)) },
  // A Firecrawl id may name a crawl or a batch; an id that is not a UUID is the route's own 404.
  crawlStatus: { hide: true, params: CrawlIdParams, querystring: parsedBy(ANY, parseStatusQuery) },
  batchStatus: { hide: true, params: JobIdParams, querystring: parsedBy(ANY, parseStatusQuery) },
  crawlId: { hide: true, params: CrawlIdParams },
  batchId: { hide: true, params: JobIdParams },
  none: { hide: true },
});

type WithBody<B> = FastifyRequest<{ Body: B }>;
type WithId = FastifyRequest<{ Params: { id: string } }>;
type WithStatus = FastifyRequest<{ Params: { id: string }; Querystring: StatusQuery }>;

/** A crawl or a batch of the caller's: a Firecrawl id may name either. */
async function resolve(
  deps: FirecrawlDeps,
  ownerId: string,
  id: string,
  first: 'crawl' | 'batch',
): Promise<Resolved> {
  const crawl = await ownedCrawlOrNull(deps, ownerId, id);
  if (crawl) return { kind: 'crawl', crawl };
  try {
    return { kind: 'batch', batch: await ownedBatch(deps.services, ownerId, id) };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'JOB_NOT_FOUND')
      throw first === 'crawl' ? crawlNotFound() : jobNotFound();
    throw err;
  }
}

export function handlers(deps: FirecrawlDeps, version: ApiVersion) {
  return {
    scrape: (req: WithBody<ScrapeRequest>, reply: FastifyReply) => scrape(deps, req, reply, req.body),
    startCrawl: (req: WithBody<CrawlRequest>) => startCrawl(deps, req, version, req.body),
    map: (req: WithBody<ReturnType<typeof parseMapRequest>>) => siteMap(deps, req, version, req.body),
    startBatch: (req: WithBody<BatchRequest>, reply: FastifyReply) =>
      startBatch(deps, req, reply, version, req.body),
    active: (req: FastifyRequest) => activeCrawls(deps, req.apiKey.ownerId),
    status: (first: 'crawl' | 'batch') => async (req: WithStatus) => {
      const r = await resolve(deps, req.apiKey.ownerId, req.params.id, first);
      return r.kind === 'crawl'
        ? crawlStatus(deps, version, r.crawl, req.query)
        : batchStatusAnswer(deps, version, r.batch, req.query);
    },
    cancel: (first: 'crawl' | 'batch') => async (req: WithId) => {
      const r = await resolve(deps, req.apiKey.ownerId, req.params.id, first);
      const status = r.kind === 'crawl' ? await cancelCrawl(deps, r.crawl) : await cancelBatch(deps, r.batch);
      return { success: true, status };
    },
    errors: (first: 'crawl' | 'batch') => async (req: WithId) => {
      const r = await resolve(deps, req.apiKey.ownerId, req.params.id, first);
      return r.kind === 'crawl' ? crawlErrors(deps, r.crawl) : batchErrors(deps, r.batch);
    },
    refuse: (refusal: Refusal) => async () => {
      throw unsupportedEndpoint(
        `${refusal.method} /${version}${refusal.path} (${refusal.what})`,
        refusal.why,
      );
    },
  };
}
