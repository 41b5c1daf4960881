// The Firecrawl-compatible API (docs/compat.md, "Firecrawl"): Firecrawl's v2 and v1 endpoints on
// this coordinator, so Firecrawl's SDKs, its MCP server and the tools built on them work with the
// base URL changed and an API key of this network as the Bearer token. Its routes live in scopes
// of their own: Firecrawl's error shape, the key checked first, and each request counted against
// the key's requests per minute as any keyed route's; the jobs a request makes are charged by the
// operation. No unit is given back when a scrape's answer is an error (the native routes give
// units back on a failed request): its job was made and ran, its failure is the page's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { submitBodySchema } from '../../api/jobs.js';
import type { limitHooks } from '../../api/limits-hook.js';
import type { SchemaValidator } from '../../api/schema-validator.js';
import type { Services } from '../../services.js';
import type { FirecrawlDeps } from './deps.js';
import { DocumentMaker } from './documents.js';
import { firecrawlErrorHandler } from './errors.js';
import { JobWaiter } from './job-waiter.js';
import { FirecrawlResources } from './resources.js';
import { registerFirecrawlV1 } from './routes-v1.js';
import { registerFirecrawlV2 } from './routes-v2.js';

export interface FirecrawlHooks {
  /** The keyed routes' first hook (api/auth.ts). */
  auth: (req: FastifyRequest) => Promise<void>;
  limits: ReturnType<typeof limitHooks>;
  validator: SchemaValidator;
}

export async function registerFirecrawlApi(
  app: FastifyInstance,
  services: Services,
  hooks: FirecrawlHooks,
): Promise<void> {
  const storage = () => {
    const s = services.storage(services.config.defaultStorageType);
    if (!s) throw new Error(`the default storage ${services.config.defaultStorageType} is not configured`);
    return s;
  };
  const deps: FirecrawlDeps = {
    services,
    checkJob: hooks.validator.check(submitBodySchema(services)),
    charge: hooks.limits.charge,
    docs: new DocumentMaker(services),
    waiter: new JobWaiter(services),
    resources: new FirecrawlResources(storage, services.log.child({ component: 'firecrawl' })),
  };
  const scope = (register: (s: FastifyInstance) => void) => async (s: FastifyInstance) => {
    s.setErrorHandler(firecrawlErrorHandler);
    s.addHook('preValidation', hooks.auth);
    s.addHook('preValidation', hooks.limits.preValidation);
    s.addHook('onSend', hooks.limits.onSend);
    register(s);
  };
  await app.register(
    scope((s) => registerFirecrawlV2(s, deps)),
    { prefix: '/v2' },
  );
  await app.register(scope((s) => registerFirecrawlV1(s, deps)));
}
