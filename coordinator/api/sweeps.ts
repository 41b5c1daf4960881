// Sweep endpoints: create, status, and a job's screenshot (the sweep entries link to it). Errors
// answer as bare JSON strings, like the job endpoints. The shareable report page is in
// api/report-routes.ts.
import type { FastifyInstance } from 'fastify';
import { jobErrors, Png, SWEEP_DEVICE_TYPES, Sweep, SweepBody, SweepCreated } from '../../contract/index.js';
import { invalid, jobNotFound } from '../errors.js';
import type { Services } from '../services.js';
import type { SweepRecord } from '../store/records.js';
import { screenshotStream, sendPng } from '../sweeps/screenshot.js';
import { loadSweepNetwork, parseSweepMeasures } from '../sweeps/sweep-network.js';
import {
  createSweep,
  loadSweepView,
  ownedSweep,
  type SweepInput,
  sweepJobCount,
} from '../sweeps/sweep-service.js';
import { reportUrl } from '../sweeps/sweep-view.js';
import { incomingTrace } from '../tracing/job-tracing.js';
import { JobIdParams } from './id-params.js';
import { hashBodyAsSent, idempotent } from './idempotency.js';
import type { ChargeJobs } from './limits-hook.js';
import { parsedBy } from './schema-validator.js';
import type { ContractTypes } from './type-provider.js';
import { asObject, type Json, optionalInt, optionalString, parseRegions, parseUrl } from './validate.js';
import { checkWebhookTarget, parseWebhookField, type WebhookField } from './webhook-field.js';

export const DEFAULT_SWEEP_REGIONS = ['NA', 'EU', 'APAC'] as const;

/** The sweep's own fields; decisions.md "Extra endpoints": every field but url is optional. */
export function parseSweepFields(body: Json): SweepInput {
  const url = parseUrl(body);
  const regions = parseRegions(body, 'regions', DEFAULT_SWEEP_REGIONS);
  const triesPerRegion = optionalInt(body, 'tries_per_region', 1, 10, 3);
  const timeoutSec = optionalInt(body, 'timeout_sec', 1, 120, 60);
  const deviceType = optionalString(body, 'device_type') ?? 'mobile';
  if (!(SWEEP_DEVICE_TYPES as readonly string[]).includes(deviceType)) {
    throw invalid(`device_type must be one of ${SWEEP_DEVICE_TYPES.join(', ')}`);
  }
  const measures = parseSweepMeasures(body, new URL(url).hostname, regions, triesPerRegion);
  const audits = parseSweepAudits(body);
  return {
    url,
    regions,
    triesPerRegion,
    timeoutSec,
    deviceType,
    ...(measures.length > 0 ? { measures } : {}),
    ...(audits ? { audits } : {}),
  };
}

/** `audits`: `["lighthouse"]` or nothing (an empty list is nothing). */
function parseSweepAudits(body: Json): Array<'lighthouse'> | undefined {
  const v = body.audits;
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.length > 1 || v.some((a) => a !== 'lighthouse')) {
    throw invalid('audits must be a list of lighthouse');
  }
  return v.length > 0 ? ['lighthouse'] : undefined;
}

/** What POST /crawl/v1/sweep/new hands its handler. */
export interface SweepRequest {
  sweep: SweepInput;
  webhook: WebhookField | null;
}

export function parseSweepBody(raw: unknown): SweepRequest {
  const body = asObject(raw);
  return { sweep: parseSweepFields(body), webhook: parseWebhookField(body) };
}

const tags = ['sweeps'];

export function registerSweepRoutes(base: FastifyInstance, services: Services, charge: ChargeJobs): void {
  // Request types follow from the route schemas (contract/) and their parsers.
  const app = base.withTypeProvider<ContractTypes>();
  const createSchema = {
    tags,
    summary: 'Start a sweep',
    body: parsedBy(SweepBody, parseSweepBody),
    response: { 201: SweepCreated, ...jobErrors(409, 422, 429) },
  };
  app.post(
    '/crawl/v1/sweep/new',
    { schema: createSchema, preValidation: hashBodyAsSent },
    async (req, reply) => {
      const key = req.apiKey;
      const { sweep: input, webhook } = req.body;
      if (webhook) await checkWebhookTarget(services, key.ownerId, webhook);
      // regions_without_devices only when known: at creation on a coordinator alone on its store.
      const created = (sweep: SweepRecord, unserved: string[] | null = null) => ({
        statusCode: 201,
        body: {
          sweep_id: sweep.id,
          total_jobs: sweep.jobs.length,
          job_ids: sweep.jobs.map((j) => j.jobId),
          report_url: reportUrl(services.edgeUrl(), sweep),
          ...(unserved ? { regions_without_devices: unserved } : {}),
        },
      });
      return idempotent(
        services,
        req,
        reply,
        key.ownerId,
        async (sweepId) => {
          // Charged here, past validation and the replay check: a replay creates nothing.
          await charge(req, reply, { jobs: sweepJobCount(input), sweeps: 1 });
          // The webhook is stored before the sweep exists, so its events always find it.
          if (webhook) {
            await services.store.push.setSubjectWebhook({
              subjectId: sweepId,
              ownerId: key.ownerId,
              ...webhook,
            });
          }
          const made = await createSweep(services, key.ownerId, {
            ...input,
            id: sweepId,
            trace: incomingTrace(req.headers),
          });
          return created(made.sweep, made.regionsWithoutDevices);
        },
        async (sweepId) => {
          const sweep = await services.store.getSweep(sweepId);
          return sweep && sweep.ownerId === key.ownerId ? created(sweep) : null;
        },
      );
    },
  );

  const statusSchema = {
    tags,
    summary: 'Sweep status by region',
    params: JobIdParams,
    response: { 200: Sweep, ...jobErrors(404) },
  };
  app.get('/crawl/v1/sweep/:id', { schema: statusSchema }, async (req) => {
    const key = req.apiKey;
    const sweep = await ownedSweep(services, key.ownerId, req.params.id);
    const [view, network] = await Promise.all([
      loadSweepView(services, sweep),
      loadSweepNetwork(services, sweep),
    ]);
    return network ? { ...view, network } : view;
  });

  const shotSchema = {
    tags: ['jobs'],
    summary: "The job's screenshot (PNG)",
    params: JobIdParams,
    response: { 200: Png, ...jobErrors(404) },
  };
  app.get('/crawl/v1/jobs/:id/screenshot', { schema: shotSchema }, async (req, reply) => {
    const key = req.apiKey;
    const job = await services.store.getJob(req.params.id);
    if (!job || job.ownerId !== key.ownerId) throw jobNotFound();
    return sendPng(reply, await screenshotStream(services, job));
  });
}
