// GET /crawl/v1/usage: the caller's key, its limits and what it used in the current windows.
import type { FastifyInstance } from 'fastify';
import { StringError, Usage } from '../../contract/index.js';
import { usageOf } from '../limits/usage.js';
import type { Services } from '../services.js';

export function registerUsageRoutes(app: FastifyInstance, services: Services): void {
  const schema = {
    tags: ['usage'],
    summary: "The caller's limits and current usage",
    response: { 200: Usage, 401: StringError, 429: StringError, 500: StringError },
  };
  app.get('/crawl/v1/usage', { schema }, async (req) => usageOf(services.store, req.apiKey));
}
