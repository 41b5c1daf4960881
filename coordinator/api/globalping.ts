// The Globalping-compatible facade (docs/measure.md, "Globalping compatibility"; docs/compat.md):
// what Globalping's official client and CLI call, in its shapes, so they work against this network
// by changing the base URL (and sending an API key):
// - POST /v1/measurements: Globalping's request; 202 {id, probesCount} and a Location; the tests it
//   runs charged to the key's jobs per day, told in X-RateLimit-*, X-Request-Cost (X-Credits-* on a
//   refusal);
// - GET /v1/measurements/{id}: its MeasurementResponse, with an ETag (If-None-Match answers 304);
// - GET /v1/probes: the devices online here as its probes (ETag too);
// - GET /v1/limits: the key's allowance of tests.
// Errors answer in Globalping's shape, `{error: {type, message}}`. Left out of the OpenAPI
// document: Globalping's own specification describes these routes.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GlobalpingRequest, MAX_MEASURE_DEVICES } from '../../contract/index.js';
import { ApiError, jobNotFound } from '../errors.js';
import {
  globalpingError,
  globalpingView,
  measurementUpdatedAt,
  parseGlobalpingRequest,
} from '../measure/globalping.js';
import { createHttpMeasurement, httpView, isHttpMeasurement } from '../measure/globalping-http.js';
import { limitsBody, NO_CREDITS, rateLimitHeaders, testAllowance } from '../measure/globalping-limits.js';
import { resolveGlobalpingLocations } from '../measure/globalping-locations.js';
import { onlineProbes } from '../measure/globalping-probes.js';
import { createMeasurement, methodOf, noMeasureDevice, planLocations } from '../measure/measure-service.js';
import { loadMeasurementJobs, measurementView } from '../measure/measure-view.js';
import type { Services } from '../services.js';
import { incomingTrace } from '../tracing/job-tracing.js';
import { toApiError } from './error-handler.js';
import { JobIdParams } from './id-params.js';
import type { ChargeJobs } from './limits-hook.js';
import { parsedBy } from './schema-validator.js';
import type { ContractTypes } from './type-provider.js';

export function globalpingErrorHandler(error: Error, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const apiErr = toApiError(error);
  if (apiErr.statusCode >= 500) req.log.error({ err: error }, 'request failed');
  const { status, body } = globalpingError(apiErr);
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** A weak entity tag of the answer's bytes. */
function entityTag(json: string): string {
  return `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
}

/** Whether If-None-Match names `tag` (weak comparison, as for GET; `*` names any). */
function noneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || opaque(t) === opaque(tag));
}

/** Sends `body` as JSON with its ETag, or 304 with no body when the client holds it already. */
function sendTagged(req: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  const json = JSON.stringify(body);
  const tag = entityTag(json);
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  if (noneMatch(req.headers['if-none-match'], tag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

export function registerGlobalpingRoutes(
  base: FastifyInstance,
  services: Services,
  charge: ChargeJobs,
): void {
  const app = base.withTypeProvider<ContractTypes>();

  /** Charges `tests` jobs; a refusal carries Globalping's headers of the allowance left. */
  async function chargeTests(req: FastifyRequest, reply: FastifyReply, tests: number): Promise<void> {
    reply.header('x-request-cost', String(tests));
    try {
      await charge(req, reply, { jobs: tests, sweeps: 0 });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'RATE_LIMITED') {
        reply.headers({
          ...rateLimitHeaders(await testAllowance(services.store, req.apiKey), 0),
          ...NO_CREDITS,
        });
      }
      throw err;
    }
  }

  // Globalping's request shape, read once; its locations resolved against the fleet here.
  const createSchema = { hide: true, body: parsedBy(GlobalpingRequest, parseGlobalpingRequest) };
  app.post('/v1/measurements', { schema: createSchema }, async (req, reply) => {
    const key = req.apiKey;
    const ask = req.body;
    const method = ask.type === 'http' ? ask.http.method : methodOf(ask.measure);
    const locations = await resolveGlobalpingLocations(services, key.ownerId, ask.locations, method);
    // The tests it will run, counted once: what is charged, what the answer says, what is made.
    const plan = planLocations(services, locations, method);
    if (plan.total === 0) throw noMeasureDevice();
    await chargeTests(req, reply, plan.total);
    const made =
      ask.type === 'http'
        ? await createHttpMeasurement(services, key.ownerId, ask.http, locations, plan)
        : await createMeasurement(
            services,
            key.ownerId,
            { ...ask.measure, locations },
            { plan, trace: incomingTrace(req.headers) },
          ).then((m) => ({ id: m.measurement.id, jobs: m.jobs }));
    reply
      .code(202)
      .headers(rateLimitHeaders(await testAllowance(services.store, key), plan.total))
      .header('location', `${services.edgeUrl()}/v1/measurements/${made.id}`)
      .type('application/json; charset=utf-8');
    return JSON.stringify({ id: made.id, probesCount: made.jobs.length });
  });

  app.get('/v1/measurements/:id', { schema: { hide: true, params: JobIdParams } }, async (req, reply) => {
    const ownerId = req.apiKey.ownerId;
    const id = req.params.id.toLowerCase();
    const m = await services.store.measurements.getMeasurement(id);
    if (m && m.ownerId === ownerId) {
      const jobs = await loadMeasurementJobs(services, m);
      const view = globalpingView(
        await measurementView(services, m, jobs, services.addressAsn),
        measurementUpdatedAt(m.createdAt, jobs.values()),
      );
      if (!view) throw jobNotFound();
      return sendTagged(req, reply, view);
    }
    // An http measurement is a batch of one request (globalping-http.ts).
    const batch = await services.store.batches.getBatch(id);
    if (!batch || batch.ownerId !== ownerId) throw jobNotFound();
    const refs = await services.store.batches.listBatchJobs(id, -1, MAX_MEASURE_DEVICES + 1);
    if (refs.length > MAX_MEASURE_DEVICES) throw jobNotFound();
    const byId = new Map((await services.store.getJobs(refs.map((r) => r.jobId))).map((j) => [j.id, j]));
    const jobs = refs.flatMap((r) => byId.get(r.jobId) ?? []);
    if (!isHttpMeasurement(jobs)) throw jobNotFound();
    return sendTagged(req, reply, await httpView(services, batch, jobs));
  });

  app.get('/v1/probes', { schema: { hide: true } }, async (req, reply) =>
    sendTagged(req, reply, onlineProbes(services)),
  );

  app.get('/v1/limits', { schema: { hide: true } }, async (req, reply) => {
    const body = limitsBody(await testAllowance(services.store, req.apiKey));
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
}
