// GET /metrics in the Prometheus text format, on the API port behind an admin API key (Prometheus:
// `authorization: { credentials: <admin key> }`). With --metrics-listen it is served on that
// address instead (coordinator/metrics/metrics-server.ts) and this route does not exist.
import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { forbidden } from '../errors.js';
import type { Services } from '../services.js';

/** `auth` is the API's key hook (auth.ts): the route is outside the keyed plugin. */
export function registerMetricsRoute(
  app: FastifyInstance,
  services: Services,
  auth: preValidationAsyncHookHandler,
): void {
  if (services.config.metricsListen) return;
  app.get('/metrics', { schema: { hide: true }, preValidation: auth }, async (req, reply) => {
    const key = req.apiKey;
    if (!key.admin) throw forbidden();
    const text = await services.metrics.scrape();
    return reply
      .type(services.metrics.contentType)
      .serializer((x: unknown) => String(x))
      .send(text);
  });
}
