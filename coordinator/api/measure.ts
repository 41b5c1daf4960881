// Network measurement endpoints (docs/measure.md): create one (idempotent with an
// Idempotency-Key, as job and sweep submits are), read it back with per-device results as they
// arrive. Errors answer as bare JSON strings, like the job and sweep endpoints.
import type { FastifyInstance } from 'fastify';
import {
  EventStream,
  jobErrors,
  MeasureBody,
  Measurement,
  MeasurementCreated,
} from '../../contract/index.js';
import { measureJobCount, parseMeasureBody } from '../measure/measure-input.js';
import { createMeasurement, ownedMeasurement } from '../measure/measure-service.js';
import { loadMeasurementView } from '../measure/measure-view.js';
import { streamEvents } from '../push/sse-stream.js';
import type { Services } from '../services.js';
import type { MeasurementRecord } from '../store/measure-types.js';
import { incomingTrace } from '../tracing/job-tracing.js';
import { JobIdParams } from './id-params.js';
import { hashBodyAsSent, idempotent } from './idempotency.js';
import type { ChargeJobs } from './limits-hook.js';
import { parsedBy } from './schema-validator.js';
import type { ContractTypes } from './type-provider.js';
import { checkWebhookTarget } from './webhook-field.js';

const tags = ['measurements'];
const STREAM_POLL_MS = 1_000;

/** The 201 answer of a measurement made (contract MeasurementCreated). */
function created(m: MeasurementRecord) {
  return {
    statusCode: 201,
    body: { id: m.id, total_devices: m.jobs.length, job_ids: m.jobs.map((j) => j.jobId) },
  };
}

export function registerMeasureRoutes(base: FastifyInstance, services: Services, charge: ChargeJobs): void {
  const app = base.withTypeProvider<ContractTypes>();
  const createSchema = {
    tags,
    summary: 'Start a network measurement (DNS, ping, traceroute, mtr, TLS) from devices',
    body: parsedBy(MeasureBody, parseMeasureBody),
    response: { 201: MeasurementCreated, ...jobErrors(409, 422, 429) },
  };
  app.post(
    '/crawl/v1/measure/new',
    { schema: createSchema, preValidation: hashBodyAsSent },
    async (req, reply) => {
      const key = req.apiKey;
      const { measure, webhook } = req.body;
      if (webhook) await checkWebhookTarget(services, key.ownerId, webhook);
      return idempotent(
        services,
        req,
        reply,
        key.ownerId,
        async (id) => {
          // Charged here, past validation and the replay check: a replay creates nothing.
          await charge(req, reply, { jobs: measureJobCount(measure), sweeps: 0 });
          // The webhook is stored before the measurement exists, so its event always finds it.
          if (webhook)
            await services.store.push.setSubjectWebhook({ subjectId: id, ownerId: key.ownerId, ...webhook });
          const made = await createMeasurement(services, key.ownerId, measure, {
            id,
            trace: incomingTrace(req.headers),
          });
          return created(made.measurement);
        },
        async (id) => {
          const m = await services.store.measurements.getMeasurement(id);
          return m && m.ownerId === key.ownerId ? created(m) : null;
        },
      );
    },
  );

  const getSchema = {
    tags,
    summary: 'A measurement and its results per device',
    params: JobIdParams,
    response: { 200: Measurement, ...jobErrors(404) },
  };
  app.get('/crawl/v1/measure/:id', { schema: getSchema }, async (req) => {
    const key = req.apiKey;
    const m = await ownedMeasurement(services, key.ownerId, req.params.id);
    return loadMeasurementView(services, m, services.addressAsn);
  });

  const eventsSchema = {
    tags,
    summary: "One measurement's event (measurement.completed, text/event-stream); ends after it",
    params: JobIdParams,
    response: {
      200: { ...EventStream, content: { 'text/event-stream': { schema: EventStream } } },
      ...jobErrors(404),
    },
  };
  app.get('/crawl/v1/measure/:id/events', { schema: eventsSchema }, async (req, reply) => {
    const key = req.apiKey;
    const m = await ownedMeasurement(services, key.ownerId, req.params.id);
    const isFinal = (e: { type: string }) => e.type === 'measurement.completed';
    // A measurement's event carries its id as the event's group (push/event-log.ts).
    const filter = { ownerId: key.ownerId, sweepId: m.id };
    await streamEvents(req, reply, {
      store: services.store.push,
      onWake: (fn: () => void) => services.push.onWake(fn),
      heartbeatMs: services.config.sseHeartbeatMs,
      pollMs: STREAM_POLL_MS,
      signal: services.push.closing,
      filter,
      isFinal,
      finishedBefore: async (afterSeq) => {
        const page = await services.store.push.listEvents({ ...filter, afterSeq: 0, limit: 10 });
        const final = page.find(isFinal);
        return final !== undefined && final.seq <= afterSeq;
      },
    });
  });
}
