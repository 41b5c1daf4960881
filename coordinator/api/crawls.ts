// Site crawl and map endpoints (docs/crawl.md): start, read, cancel a crawl; map a site. Errors
// answer as bare JSON strings, like the job endpoints.
import type { FastifyInstance } from 'fastify';
import {
  CRAWL_PAGE_STATUSES,
  Crawl,
  CrawlBody,
  CrawlQuery,
  jobErrors,
  MapBody,
  SiteMap,
} from '../../contract/index.js';
import { invalid, queueFull } from '../errors.js';
import { newResourceId } from '../resource-id.js';
import type { Services } from '../services.js';
import type { CrawlSpec } from '../site-crawl/crawl-spec.js';
import type { CrawlPageState, CrawlRecord } from '../store/crawl-types.js';
import type { ApiKeyRecord } from '../store/records.js';
import { type CrawlFields, checkRobotsAllowed, parseCrawlBody, parseMapBody } from './crawl-body.js';
import { CrawlIdParams } from './id-params.js';
import { parsedBy } from './schema-validator.js';
import type { ContractTypes } from './type-provider.js';
import { asObject } from './validate.js';
import { checkWebhookTarget } from './webhook-field.js';

const tags = ['crawls'];
/** URLs a map answers in one response; more are read page by page from GET /crawl/v1/map/{id}. */
const MAP_PAGE = 5000;

interface ListQuery {
  after: number;
  limit: number;
  status?: CrawlPageState;
}

function parseListQuery(raw: unknown): ListQuery {
  const q = asObject(raw ?? {}, 'querystring') as Record<string, unknown>;
  const num = (field: string, max: number, def: number) => {
    const v = q[field];
    if (v === undefined) return def;
    if (typeof v !== 'string' || !/^\d{1,15}$/.test(v) || Number(v) > max) {
      throw invalid(`${field} must be a whole number up to ${max}`);
    }
    return Number(v);
  };
  const limit = num('limit', 1000, 100);
  if (limit < 1) throw invalid('limit must be a whole number from 1 to 1000');
  const status = q.status;
  if (status !== undefined && !(CRAWL_PAGE_STATUSES as readonly unknown[]).includes(status)) {
    throw invalid(`status must be one of ${CRAWL_PAGE_STATUSES.join(', ')}`);
  }
  return {
    after: num('after', Number.MAX_SAFE_INTEGER, -1),
    limit,
    ...(status ? { status: status as CrawlPageState } : {}),
  };
}

/**
 * The crawl's full options: the session checked and its device, the storage, robots allowed. Every
 * way a crawl or map is asked for (this API, the Firecrawl-compatible one) completes it here.
 */
export async function completeCrawlSpec(
  services: Pick<Services, 'store' | 'config'>,
  key: ApiKeyRecord,
  fields: CrawlFields,
): Promise<CrawlSpec> {
  checkRobotsAllowed(fields, key.limits?.crawlRobotsOptional === true);
  let sessionDeviceId: string | null = null;
  let placement = fields.placement;
  if (fields.sessionId !== null) {
    const session = await services.store.getSession(fields.sessionId);
    if (!session || session.ownerId !== key.ownerId) throw invalid('session does not exist');
    if (session.status !== 'active' || session.expiresAtMs <= Date.now())
      throw invalid('session is not active');
    sessionDeviceId = session.deviceId;
    placement = { ...(session.placement ?? {}), ...placement };
  }
  return {
    ...fields,
    placement,
    sessionDeviceId,
    storageType: services.config.defaultStorageType,
    keyId: key.id,
  };
}

export function registerCrawlRoutes(base: FastifyInstance, services: Services): void {
  const app = base.withTypeProvider<ContractTypes>();

  /** `id`: a path id as its schema hands it over (a UUID in lower case), or a crawl's own id. */
  const ownedCrawl = (key: ApiKeyRecord, id: string, mode: CrawlSpec['mode']): Promise<CrawlRecord> =>
    services.crawls.service.owned(key.ownerId, id, mode);

  app.post(
    '/crawl/v1/crawl/new',
    {
      schema: {
        tags,
        summary: 'Start a site crawl',
        body: parsedBy(CrawlBody, parseCrawlBody),
        response: { 201: Crawl, ...jobErrors(429) },
      },
    },
    async (req, reply) => {
      const key = req.apiKey;
      if (!services.jobs.canAccept(key.ownerId)) throw queueFull();
      const { fields, webhook } = req.body;
      if (webhook) await checkWebhookTarget(services, key.ownerId, webhook);
      const spec = await completeCrawlSpec(services, key, fields);
      const id = newResourceId();
      // Stored before the crawl exists, so its event always finds it.
      if (webhook)
        await services.store.push.setSubjectWebhook({ subjectId: id, ownerId: key.ownerId, ...webhook });
      const crawl = await services.crawls.service.create(key.ownerId, spec, id);
      reply.code(201);
      return services.crawls.service.view(crawl, { after: -1, limit: 100 });
    },
  );

  app.get(
    '/crawl/v1/crawl/:id',
    {
      schema: {
        tags,
        summary: 'A site crawl: status, counts and a page of its URLs',
        params: CrawlIdParams,
        querystring: parsedBy(CrawlQuery, parseListQuery),
        response: { 200: Crawl, ...jobErrors(404) },
      },
    },
    async (req) => {
      const crawl = await ownedCrawl(req.apiKey, req.params.id, 'crawl');
      return services.crawls.service.view(crawl, req.query);
    },
  );

  app.post(
    '/crawl/v1/crawl/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a site crawl: no new page is fetched, pages in flight are cancelled',
        description:
          'The crawl ends `cancelled`. Its page jobs still pending or running fail with error_type ' +
          '`cancelled` (running ones are told to stop on their devices); pages done so far stay readable.',
        params: CrawlIdParams,
        response: { 200: Crawl, ...jobErrors(404) },
      },
    },
    async (req) => {
      const crawl = await ownedCrawl(req.apiKey, req.params.id, 'crawl');
      await services.crawls.service.cancel(crawl);
      const now = await ownedCrawl(req.apiKey, crawl.id, 'crawl');
      return services.crawls.service.view(now, { after: -1, limit: 100 });
    },
  );

  const mapAnswer = async (crawl: CrawlRecord, after: number, limit: number) => {
    const { links, next, total } = await services.crawls.service.mapLinks(crawl, after, limit);
    return {
      map_id: crawl.id,
      status: crawl.status,
      url: (crawl.spec as CrawlSpec).startUrls[0] ?? '',
      total,
      links,
      next_cursor: next,
    };
  };

  app.post(
    '/crawl/v1/map',
    {
      schema: {
        tags,
        summary: "A site's URLs: its sitemaps and a shallow link walk",
        body: parsedBy(MapBody, parseMapBody),
        response: { 200: SiteMap, 202: SiteMap, ...jobErrors(429) },
      },
    },
    async (req, reply) => {
      const key = req.apiKey;
      if (!services.jobs.canAccept(key.ownerId)) throw queueFull();
      const spec = await completeCrawlSpec(services, key, req.body.fields);
      let crawl = await services.crawls.service.create(key.ownerId, spec);
      crawl = await services.crawls.service.settled(crawl, req.body.waitSec * 1000);
      // Small and done: the answer. Still running (or large): a resource to read page by page.
      if (crawl.status === 'running') reply.code(202);
      return mapAnswer(crawl, -1, MAP_PAGE);
    },
  );

  app.get(
    '/crawl/v1/map/:id',
    {
      schema: {
        tags,
        summary: "A site map's URLs, page by page",
        params: CrawlIdParams,
        querystring: parsedBy(CrawlQuery, parseListQuery),
        response: { 200: SiteMap, ...jobErrors(404) },
      },
    },
    async (req) => {
      const crawl = await ownedCrawl(req.apiKey, req.params.id, 'map');
      return mapAnswer(crawl, req.query.after, Math.max(req.query.limit, 1));
    },
  );
}
