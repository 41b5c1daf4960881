// The OpenAPI 3.1 document, generated from the route schemas (contract/), at
// GET /crawl/v1/openapi.json, and a readable page of it at /crawl/v1/docs (assets served from
// this process, no CDN). Both are public: they describe the API, they grant nothing.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export const OPENAPI_PATH = '/crawl/v1/openapi.json';
export const DOCS_PREFIX = '/crawl/v1/docs';

/** Registers the document generator; must run before any route is declared. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'crawl-network coordinator API',
        version,
        description:
          'Job, status and sweep endpoints answer errors as a bare JSON string; session endpoints as ' +
          '{"error": "<message>"}. See docs/api.md for every choice.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
      tags: [
        { name: 'jobs' },
        { name: 'sessions' },
        { name: 'sweeps' },
        { name: 'devices' },
        { name: 'measurements' },
      ],
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(app.swagger()),
  );
}
