// Firecrawl's v2 API (what @mendable/firecrawl-js 4's default client calls), under /v2: scrape,
// crawl (start, status with `next` pages, cancel, errors, active), map, batch scrape (start,
// status, cancel, errors); the endpoints it cannot serve are refused with why (refusals.ts), and
// any other path under /v2 answers in Firecrawl's shape too.
import type { FastifyInstance } from 'fastify';
import type { ContractTypes } from '../../api/type-provider.js';
import type { FirecrawlDeps } from './deps.js';
import { sendFirecrawlError, unsupportedEndpoint } from './errors.js';
import { handlers, schemas } from './handlers.js';
import { V2_REFUSALS, v2FamilyRefusal } from './refusals.js';

/** Registers on a scope prefixed /v2 (index.ts). */
export function registerFirecrawlV2(base: FastifyInstance, deps: FirecrawlDeps): void {
  const app = base.withTypeProvider<ContractTypes>();
  const s = schemas('v2');
  const h = handlers(deps, 'v2');
  app.post('/scrape', { schema: s.scrape }, h.scrape);
  app.post('/crawl', { schema: s.crawl }, h.startCrawl);
  app.get('/crawl/active', { schema: s.none }, h.active);
  app.get('/crawl/ongoing', { schema: s.none }, h.active);
  app.get('/crawl/:id', { schema: s.crawlStatus }, h.status('crawl'));
  app.delete('/crawl/:id', { schema: s.crawlId }, h.cancel('crawl'));
  app.get('/crawl/:id/errors', { schema: s.crawlId }, h.errors('crawl'));
  app.post('/map', { schema: s.map }, h.map);
  app.post('/batch/scrape', { schema: s.batch }, h.startBatch);
  app.get('/batch/scrape/:id', { schema: s.batchStatus }, h.status('batch'));
  app.delete('/batch/scrape/:id', { schema: s.batchId }, h.cancel('batch'));
  app.get('/batch/scrape/:id/errors', { schema: s.batchId }, h.errors('batch'));
  for (const r of V2_REFUSALS)
    app.route({ method: r.method, url: r.path, schema: s.none, handler: h.refuse(r) });
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const family = v2FamilyRefusal(path);
    if (family) throw unsupportedEndpoint(`${req.method} ${path} (${family.what})`, family.why);
    return sendFirecrawlError(
      reply,
      404,
      `${req.method} ${path} is not an endpoint of the Firecrawl-compatible API (docs/compat.md)`,
      'NOT_FOUND',
    );
  });
}
