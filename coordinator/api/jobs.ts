// Job endpoints: submit, batch status, status, detail, download, cancel. Errors answer as bare JSON
// strings.
import type { FastifyInstance } from 'fastify';
import {
  BatchBody,
  BatchResponse,
  Detail,
  DetailQuery,
  DOWNLOAD_FORMATS,
  type DownloadFormat,
  DownloadQuery,
  DownloadResponse,
  Job,
  jobErrors,
  MAX_BATCH_IDS,
  SubmitBody,
} from '../../contract/index.js';
import { archived, internal, invalid, jobEnded, jobNotFound, notCompleted, queueFull } from '../errors.js';
import { askedJob } from '../jobs/new-job.js';
import { buildDetail } from '../results/content.js';
import { jobView } from '../results/views.js';
import type { Services } from '../services.js';
import type { JobRecord, JobViewRecord } from '../store/records.js';
import { incomingTrace } from '../tracing/job-tracing.js';
import { detailBody, sendDownload } from './download-forms.js';
import { JobIdParams } from './id-params.js';
import { hashBodyAsSent, idempotent } from './idempotency.js';
import type { ChargeJobs } from './limits-hook.js';
import { type Parsed, parsedBy } from './schema-validator.js';
import type { ContractTypes } from './type-provider.js';
import { asObject, isUuid, parseFlag, parseSubmitBody, type SubmitInput } from './validate.js';
import { checkWebhookTarget } from './webhook-field.js';

const jobsTag = ['jobs'];

/**
 * The body schema of POST /crawl/v1/new with its parser: the one check of a job's body, for /new
 * and for every item of a batch (api/batches.ts), so both answer a body with the same words.
 */
export function submitBodySchema(services: Services): Parsed<typeof SubmitBody, SubmitInput> {
  return parsedBy(SubmitBody, (raw) =>
    parseSubmitBody(raw, {
      defaultStorageType: services.config.defaultStorageType,
      hasStorage: (type) => services.storage(type) !== null,
      maxRequestBodyBytes: services.config.maxRequestBodyBytes,
    }),
  );
}

/** `id` is a path id as its schema hands it over: a UUID in lower case. */
async function ownedJob(services: Services, ownerId: string, id: string): Promise<JobRecord> {
  const job = await services.store.getJob(id);
  if (!job || job.ownerId !== ownerId) throw jobNotFound();
  return job;
}

export function registerJobRoutes(base: FastifyInstance, services: Services, charge: ChargeJobs): void {
  // Request types follow from the route schemas (contract/) and their parsers.
  const app = base.withTypeProvider<ContractTypes>();

  const submitSchema = {
    tags: jobsTag,
    summary: 'Start a crawl job',
    body: submitBodySchema(services),
    response: { 201: Job, ...jobErrors(409, 422, 429) },
  };
  app.post('/crawl/v1/new', { schema: submitSchema, preValidation: hashBodyAsSent }, async (req, reply) => {
    const key = req.apiKey;
    const { placement, webhook } = req.body;
    // The job's own placement is what the answer shows (a session's placement is merged below).
    const created = (job: JobRecord) => {
      const view = jobView(job);
      view.placement = placement;
      return { statusCode: 201, body: view };
    };
    if (webhook) await checkWebhookTarget(services, key.ownerId, webhook);
    return idempotent(
      services,
      req,
      reply,
      key.ownerId,
      async (jobId) => {
        // Charged here, past validation and the replay check: a replay creates nothing.
        await charge(req, reply, { jobs: 1, sweeps: 0 });
        let sessionDevice: string | null = null;
        let sessionPlacement = {};
        if (req.body.sessionId !== null) {
          const session = await services.store.getSession(req.body.sessionId);
          if (!session || session.ownerId !== key.ownerId) throw invalid('session does not exist');
          if (session.status === 'closed') throw invalid('session is closed');
          if (session.status === 'expired' || session.expiresAtMs <= Date.now())
            throw invalid('session has expired');
          sessionDevice = session.deviceId;
          sessionPlacement = session.placement ?? {};
        }
        if (!services.jobs.canAccept(key.ownerId)) throw queueFull();
        // The webhook is stored before the job exists, so its final event always finds it.
        if (webhook) {
          await services.store.push.setSubjectWebhook({ subjectId: jobId, ownerId: key.ownerId, ...webhook });
        }
        const job = await services.jobs.submit(
          askedJob(req.body, { id: jobId, ownerId: key.ownerId, sessionPlacement }),
          sessionDevice,
          { trace: incomingTrace(req.headers) },
        );
        return created(job);
      },
      async (jobId) => {
        const job = await services.store.getJob(jobId);
        return job && job.ownerId === key.ownerId ? created(job) : null;
      },
    );
  });

  const batchSchema = {
    tags: jobsTag,
    summary: 'Status of up to 1000 jobs',
    body: parsedBy(BatchBody, parseBatchBody),
    response: { 200: BatchResponse, ...jobErrors() },
  };
  app.post('/crawl/v1/jobs/batch/status', { schema: batchSchema }, async (req) => {
    const key = req.apiKey;
    const ids = req.body;
    // Each entry checked and lowercased once: the stored form, or null for an invalid entry.
    const lookup = ids.map((id) => (isUuid(id) ? id.toLowerCase() : null));
    const wanted = new Set<string>();
    for (const id of lookup) if (id !== null) wanted.add(id);
    const found = new Map<string, JobViewRecord>();
    for (const j of await services.store.getJobViews(key.ownerId, [...wanted])) found.set(j.id, j);
    // Null prototype: an id such as "__proto__" is an ordinary key here and keeps its entry.
    const results: Record<string, unknown> = Object.create(null);
    let foundCount = 0;
    for (const [i, id] of ids.entries()) {
      const keyName = typeof id === 'string' ? id : JSON.stringify(id);
      const stored = lookup[i] ?? null;
      if (stored === null) {
        results[keyName] = { error: { code: 'invalid_uuid', message: 'job id is not a valid UUID' } };
        continue;
      }
      const job = found.get(stored);
      if (job) {
        results[keyName] = { job: jobView(job) };
        foundCount++;
      } else {
        results[keyName] = {
          error: { code: 'not_found', message: 'job does not exist or you are not authorized to view it' },
        };
      }
    }
    return { requested_count: ids.length, found_count: foundCount, results };
  });

  const statusSchema = {
    tags: jobsTag,
    summary: 'The Job object alone (a cheap poll)',
    params: JobIdParams,
    response: { 200: Job, ...jobErrors(404) },
  };
  app.get('/crawl/v1/status/:id', { schema: statusSchema }, async (req) => {
    const key = req.apiKey;
    // The view's columns only, owner checked in the statement: a poll never reads or parses the
    // job's request or result JSON.
    const [view] = await services.store.getJobViews(key.ownerId, [req.params.id]);
    if (!view) throw jobNotFound();
    return jobView(view);
  });

  const detailSchema = {
    tags: jobsTag,
    summary: 'Job detail: headers, cookies, result (any status)',
    params: JobIdParams,
    querystring: parsedBy(DetailQuery, (q) => ({
      parseCookies: parseFlag(q, 'parse_cookies'),
      includeBody: parseFlag(q, 'include_body'),
    })),
    response: { 200: Detail, ...jobErrors(404) },
  };
  app.get('/crawl/v1/jobs/:id/detail', { schema: detailSchema }, async (req) => {
    const key = req.apiKey;
    const job = await ownedJob(services, key.ownerId, req.params.id);
    const downloadUrl = `${services.edgeUrl()}/crawl/v1/jobs/${job.id}/download`;
    const detail = buildDetail(job, jobView(job), downloadUrl, req.query.parseCookies);
    if (req.query.includeBody && job.result) {
      const storage = services.storage(job.storageType);
      if (!storage) throw internal(new Error(`storage ${job.storageType} not configured`));
      if (job.archivedAt) throw archived();
      Object.assign(detail, await detailBody(job, storage));
    }
    return detail;
  });

  const downloadSchema = {
    tags: jobsTag,
    summary: 'Job content: the download object (default) or one content form',
    description:
      'format=json (default) answers the download object; raw the body bytes with their content ' +
      'type; html the page (the rendered DOM for full-page jobs); markdown the main content as ' +
      'markdown; text the reader text.',
    params: JobIdParams,
    querystring: parsedBy(DownloadQuery, parseFormat),
    response: { 200: DownloadResponse, ...jobErrors(404, 409, 410) },
  };
  app.get('/crawl/v1/jobs/:id/download', { schema: downloadSchema }, async (req, reply) => {
    const key = req.apiKey;
    const job = await ownedJob(services, key.ownerId, req.params.id);
    if (job.status !== 'completed' || !job.result) throw notCompleted();
    if (job.archivedAt) throw archived();
    const storage = services.storage(job.storageType);
    if (!storage) throw internal(new Error(`storage ${job.storageType} not configured`));
    return sendDownload(reply, job, storage, req.query.format, services.formats);
  });

  const cancelSchema = {
    tags: jobsTag,
    summary: 'Cancel a job: it fails `cancelled`, and stops on its device if it runs',
    description:
      'A pending or running job fails at once with error_type `cancelled`; a running one is told ' +
      'to stop on its device, and a result that still arrives is not stored. A job that had ' +
      'already ended answers 409.',
    params: JobIdParams,
    response: { 200: Job, ...jobErrors(404, 409) },
  };
  app.post('/crawl/v1/jobs/:id/cancel', { schema: cancelSchema }, async (req) => {
    const key = req.apiKey;
    const job = await ownedJob(services, key.ownerId, req.params.id);
    // Ended before this read, or (another coordinator, a result) while the cancel was stored.
    if (job.status !== 'pending' && job.status !== 'running') throw jobEnded();
    if (!(await services.jobs.cancel(job))) throw jobEnded();
    const [view] = await services.store.getJobViews(key.ownerId, [job.id]);
    if (!view) throw jobNotFound();
    return jobView(view);
  });
}

/** The requested ids as given: each is checked (and answered invalid_uuid) on its own. */
function parseBatchBody(raw: unknown): unknown[] {
  const body = asObject(raw);
  const ids = body.job_ids;
  if (!Array.isArray(ids)) throw invalid('job_ids must be an array of job id strings');
  if (ids.length > MAX_BATCH_IDS) throw invalid(`job_ids must have at most ${MAX_BATCH_IDS} entries`);
  return ids;
}

function parseFormat(query: unknown): { format: DownloadFormat } {
  const given = (query as Record<string, unknown> | undefined)?.format;
  if (given === undefined) return { format: 'json' };
  const format = DOWNLOAD_FORMATS.find((f) => f === given);
  if (format === undefined) throw invalid(`format must be one of ${DOWNLOAD_FORMATS.join(', ')}`);
  return { format };
}
