// The Globalping-compatible facade (docs/measure.md, "Globalping compatibility"): POST
// /v1/measurements takes Globalping's request shape and GET /v1/measurements/{id} answers its
// result shape, so scripts written for Globalping work against this network by changing the base
// URL (and sending an API key). Errors answer in Globalping's shape, `{error: {type, message}}`.
// Left out of the OpenAPI document: Globalping's own specification describes these two routes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GlobalpingRequest } from '../../contract/index.js';
import { jobNotFound } from '../errors.js';
import { globalpingError, globalpingView, parseGlobalpingRequest } from '../measure/globalping.js';
import { measureJobCount } from '../measure/measure-input.js';
import { createMeasurement, ownedMeasurement } from '../measure/measure-service.js';
import { loadMeasurementView } from '../measure/measure-view.js';
import type { Services } from '../services.js';
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

export function registerGlobalpingRoutes(
  base: FastifyInstance,
  services: Services,
  charge: ChargeJobs,
): void {
  const app = base.withTypeProvider<ContractTypes>();
  // Globalping's request shape, read once into our MeasureInput; refusals in Globalping's shape.
  const createSchema = { hide: true, body: parsedBy(GlobalpingRequest, parseGlobalpingRequest) };
  app.post('/v1/measurements', { schema: createSchema }, async (req, reply) => {
    const key = req.apiKey;
    const input = req.body;
    await charge(req, reply, { jobs: measureJobCount(input), sweeps: 0 });
    const made = await createMeasurement(services, key.ownerId, input);
    // Globalping answers 202 with the id and the probes that will run it, and a Location.
    reply
      .code(202)
      .header('location', `${services.edgeUrl()}/v1/measurements/${made.measurement.id}`)
      .type('application/json; charset=utf-8');
    return JSON.stringify({ id: made.measurement.id, probesCount: made.jobs.length });
  });

  app.get('/v1/measurements/:id', { schema: { hide: true, params: JobIdParams } }, async (req, reply) => {
    const key = req.apiKey;
    const m = await ownedMeasurement(services, key.ownerId, req.params.id);
    const view = globalpingView(
      await loadMeasurementView(services, m, services.addressAsn),
      new Date().toISOString(),
    );
    if (!view) throw jobNotFound();
    reply.type('application/json; charset=utf-8');
    return JSON.stringify(view);
  });
}
