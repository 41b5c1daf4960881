// GET /metrics in the Prometheus text format, on the API port behind an admin API key (Prometheus:
// `authorization: { credentials: <admin key> }`). With --metrics-listen it is served on that
// address instead (coordinator/metrics/metrics-server.ts) and this route does not exist.
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../errors.js';
import type { Services } from '../services.js';
import { authenticate } from './auth.js';

export function registerMetricsRoute(app: FastifyInstance, services: Services): void {
  if (services.config.metricsListen) return;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const key = await authenticate(services, req);
    if (!key.admin) throw forbidden();
    const text = await services.metrics.scrape();
    return reply
      .type(services.metrics.contentType)
      .serializer((x: unknown) => String(x))
      .send(text);
  });
}
