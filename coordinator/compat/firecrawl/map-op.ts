// Firecrawl's map as a site map of this network (docs/crawl.md): its sitemaps and a shallow link
// walk, made through the crawl service with the options POST /crawl/v1/map reads, waited for up to
// Firecrawl's `timeout` (at most 60 s), and answered with the links found — all of them when the
// map finished, those found so far (with a `warning`) when it had not. Firecrawl's `search` keeps
// the links that contain it (case-insensitive): a filter, not a search engine's ranking.
import type { FastifyRequest } from 'fastify';
import { parseMapBody } from '../../api/crawl-body.js';
import { completeCrawlSpec } from '../../api/crawls.js';
import { queueFull } from '../../errors.js';
import type { MapMapping } from './crawl-options.js';
import type { FirecrawlDeps } from './deps.js';
import type { ApiVersion } from './scrape-options.js';

/** URLs read from the map at a time (its own page size). */
const MAP_PAGE = 5_000;

export async function siteMap(
  deps: FirecrawlDeps,
  req: FastifyRequest,
  version: ApiVersion,
  asked: MapMapping,
): Promise<{ success: true; links: Array<string | { url: string }>; warning?: string }> {
  const { services } = deps;
  const key = req.apiKey;
  const { fields, waitSec } = parseMapBody(asked.map);
  if (!services.jobs.canAccept(key.ownerId)) throw queueFull();
  const spec = await completeCrawlSpec(services, key, fields);
  const service = services.crawls.service;
  const made = await service.create(key.ownerId, spec);
  const crawl = await service.settled(made, waitSec * 1000);
  const links: string[] = [];
  for (let after = -1; links.length < asked.limit; ) {
    const page = await service.mapLinks(crawl, after, MAP_PAGE);
    for (const url of page.links) {
      if (asked.search === null || url.toLowerCase().includes(asked.search)) links.push(url);
    }
    if (page.next === null) break;
    after = page.next;
  }
  const shown = links.slice(0, asked.limit);
  return {
    success: true,
    links: version === 'v1' ? shown : shown.map((url) => ({ url })),
    ...(crawl.status === 'running'
      ? { warning: `the map was still running after ${waitSec} s: these are the links found so far` }
      : {}),
  };
}
