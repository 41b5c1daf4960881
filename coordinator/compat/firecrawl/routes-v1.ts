// Firecrawl's v1 API (what its v1 SDK client, LangChain's FireCrawlLoader and older integrations
// call), under /v1 beside the Globalping facade's /v1/measurements: scrape, crawl, map and batch
// scrape with their status, cancel and errors. The v1 SDK reads a crawl's and a batch's errors with
// DELETE, and polls a batch at /v1/crawl/{id}: both are answered. Refused endpoints say why.
import type { FastifyInstance } from 'fastify';
import type { ContractTypes } from '../../api/type-provider.js';
import type { FirecrawlDeps } from './deps.js';
import { handlers, schemas } from './handlers.js';
import { V1_REFUSALS } from './refusals.js';

export function registerFirecrawlV1(base: FastifyInstance, deps: FirecrawlDeps): void {
  const app = base.withTypeProvider<ContractTypes>();
  const s = schemas('v1');
  const h = handlers(deps, 'v1');
  app.post('/v1/scrape', { schema: s.scrape }, h.scrape);
  app.post('/v1/crawl', { schema: s.crawl }, h.startCrawl);
  app.get('/v1/crawl/active', { schema: s.none }, h.active);
  app.get('/v1/crawl/ongoing', { schema: s.none }, h.active);
  app.get('/v1/crawl/:id', { schema: s.crawlStatus }, h.status('crawl'));
  app.delete('/v1/crawl/:id', { schema: s.crawlId }, h.cancel('crawl'));
  app.get('/v1/crawl/:id/errors', { schema: s.crawlId }, h.errors('crawl'));
  app.delete('/v1/crawl/:id/errors', { schema: s.crawlId }, h.errors('crawl'));
  app.post('/v1/map', { schema: s.map }, h.map);
  app.post('/v1/batch/scrape', { schema: s.batch }, h.startBatch);
  app.get('/v1/batch/scrape/:id', { schema: s.batchStatus }, h.status('batch'));
  app.delete('/v1/batch/scrape/:id', { schema: s.batchId }, h.cancel('batch'));
  app.get('/v1/batch/scrape/:id/errors', { schema: s.batchId }, h.errors('batch'));
  app.delete('/v1/batch/scrape/:id/errors', { schema: s.batchId }, h.errors('batch'));
  for (const r of V1_REFUSALS) {
    app.route({ method: r.method, url: `/v1${r.path}`, schema: s.none, handler: h.refuse(r) });
  }
}
