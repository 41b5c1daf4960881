// The public HTTP API: body parsing, validation from the contract's schemas, the two error shapes
// by encapsulation (session routes live in their own plugin with their own error handler), the
// OpenAPI document, and every route.
import type { FastifyInstance } from 'fastify';
import { registerFirecrawlApi } from '../compat/firecrawl/index.js';
import { Limiter } from '../limits/limiter.js';
import { registerMcpRoutes } from '../mcp/http-endpoint.js';
import type { Services } from '../services.js';
import { authHook, decorateApiKey } from './auth.js';
import { registerBatchRoutes } from './batches.js';
import { registerCanaryRoute } from './canary.js';
import { registerCrawlRoutes } from './crawls.js';
import { registerDashboardRoutes } from './dashboard.js';
import { registerDeviceRoutes } from './devices.js';
import { errorHandlerFor } from './error-handler.js';
import { registerEventRoutes } from './events.js';
import { globalpingErrorHandler, registerGlobalpingRoutes } from './globalping.js';
import { decorateIdempotency } from './idempotency.js';
import { registerJobRoutes } from './jobs.js';
import { registerJsonBodyParser } from './json-body.js';
import { limitHooks } from './limits-hook.js';
import { registerMeasureRoutes } from './measure.js';
import { registerMetricsRoute } from './metrics.js';
import { registerOpenApi } from './openapi.js';
import { registerReportRoutes } from './report-routes.js';
import { registerScheduleRoutes } from './schedules.js';
import { SchemaValidator } from './schema-validator.js';
import { registerSessionRoutes } from './sessions.js';
import { registerSweepRoutes } from './sweeps.js';
import { registerUsageRoutes } from './usage.js';
import { registerWebhookRoutes } from './webhooks.js';

export const API_VERSION = '1.0.0';

export async function registerApi(app: FastifyInstance, services: Services): Promise<void> {
  registerJsonBodyParser(app);
  decorateApiKey(app);
  decorateIdempotency(app);
  const authFirst = authHook(services);
  const validator = new SchemaValidator();
  app.setValidatorCompiler(validator.compiler);
  // Response schemas document and are checked in tests; they never filter what is sent.
  app.setSerializerCompiler(() => (data: unknown) => JSON.stringify(data));
  app.setErrorHandler(errorHandlerFor('string'));
  app.setNotFoundHandler((_req, reply) =>
    reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify('not found: no such endpoint')),
  );
  await registerOpenApi(app, API_VERSION);
  const limiter = new Limiter(services.store);
  limiter.start((err) => services.log.warn({ err }, 'could not prune limit counters'));
  app.addHook('onClose', async () => limiter.close());
  const limits = limitHooks(limiter);

  await app.register(async (keyed) => {
    keyed.addHook('preValidation', authFirst);
    keyed.addHook('preValidation', limits.preValidation);
    keyed.addHook('onSend', limits.onSend);
    keyed.addHook('onResponse', limits.onResponse);
    // Job-creating routes charge their jobs and sweeps once the request is valid and no replay.
    registerJobRoutes(keyed, services, limits.charge);
    registerSweepRoutes(keyed, services, limits.charge);
    registerScheduleRoutes(keyed, services);
    registerDeviceRoutes(keyed, services);
    registerUsageRoutes(keyed, services);
    registerEventRoutes(keyed, services);
    registerWebhookRoutes(keyed, services);
    // Network measurements.
    registerMeasureRoutes(keyed, services, limits.charge);
    // Batches: many jobs per request, each job limited as /new limits it and checked by its schema.
    registerBatchRoutes(keyed, services, limiter, validator);
    // Site crawls and maps.
    registerCrawlRoutes(keyed, services);
  });
  // The Globalping-compatible measurement facade, with Globalping's error shape.
  await app.register(async (gp) => {
    gp.setErrorHandler(globalpingErrorHandler);
    gp.addHook('preValidation', authFirst);
    gp.addHook('preValidation', limits.preValidation);
    gp.addHook('onSend', limits.onSend);
    gp.addHook('onResponse', limits.onResponse);
    registerGlobalpingRoutes(gp, services, limits.charge);
  });
  // The Firecrawl-compatible API under /v1 and /v2, with Firecrawl's error shape (docs/compat.md).
  await registerFirecrawlApi(app, services, { auth: authFirst, limits, validator });
  // MCP over streamable HTTP: the Bearer key is checked before the protocol sees the request.
  await app.register(async (mcp) => {
    mcp.addHook('preValidation', authFirst);
    registerMcpRoutes(mcp, app);
  });
  // The report page's unguessable token is its credential: no key, same bare-string errors.
  await app.register(async (open) => registerReportRoutes(open, services));
  registerCanaryRoute(app, services);
  await app.register(async (sessions) => {
    sessions.setErrorHandler(errorHandlerFor('object'));
    sessions.addHook('preValidation', authFirst);
    sessions.addHook('preValidation', limits.preValidation);
    sessions.addHook('onResponse', limits.onResponse);
    registerSessionRoutes(sessions, services);
  });
  registerMetricsRoute(app, services, authFirst);
  await registerDashboardRoutes(app, services);
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
}
