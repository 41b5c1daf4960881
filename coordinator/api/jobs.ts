// Job endpoints: submit, batch status, status, detail, download. Errors answer as bare JSON strings.
import type { FastifyInstance } from 'fastify';
import {
  BatchBody,
  BatchResponse,
  Detail,
  DetailQuery,
  DOWNLOAD_FORMATS,
  DownloadQuery,
  DownloadResponse,
  IdParams,
  Job,
  jobErrors,
  SubmitBody,
} from '../../contract/index.js';
import { archived, internal, invalid, jobNotFound, notCompleted, queueFull } from '../errors.js';
import { buildDetail } from '../results/content.js';
import { jobView } from '../results/views.js';
import type { Services } from '../services.js';
import type { JobRecord, JobViewRecord } from '../store/types.js';
import { incomingTrace } from '../tracing/job-tracing.js';
import { authenticate } from './auth.js';
import { detailBody, sendDownload } from './download-forms.js';
import { idempotent } from './idempotency.js';
import { validateJsonRpcBody } from './json-rpc.js';
import type { SchemaValidator } from './schema-validator.js';
import type { ContractTypes } from './type-provider.js';
import {
  asObject,
  checkFlag,
  checkJobRequest,
  isUuid,
  optionalInt,
  optionalString,
  parseBody,
  parseCookies,
  parseHeaders,
  parseMethod,
  parsePlacement,
  parseUrl,
} from './validate.js';
import { checkWebhookTarget, parseWebhookField } from './webhook-field.js';

export const MAX_BATCH_IDS = 1000;

const jobsTag = ['jobs'];

async function ownedJob(services: Services, ownerId: string, id: string): Promise<JobRecord> {
  if (!isUuid(id)) throw jobNotFound();
  const job = await services.store.getJob(id.toLowerCase());
  if (!job || job.ownerId !== ownerId) throw jobNotFound();
  return job;
}

export function registerJobRoutes(
  base: FastifyInstance,
  services: Services,
  validator: SchemaValidator,
): void {
  // Request types follow from the route schemas (contract/).
  const app = base.withTypeProvider<ContractTypes>();
  validator.check('POST', '/crawl/v1/new', 'body', checkJobRequest);
  validator.check('POST', '/crawl/v1/jobs/batch/status', 'body', checkBatchRequest);
  validator.check('GET', '/crawl/v1/jobs/:id/detail', 'querystring', (q) => {
    checkFlag(q, 'parse_cookies');
    checkFlag(q, 'include_body');
  });
  validator.check('GET', '/crawl/v1/jobs/:id/download', 'querystring', checkFormat);

  const submitSchema = {
    tags: jobsTag,
    summary: 'Start a crawl job',
    body: SubmitBody,
    response: { 201: Job, ...jobErrors(409, 422, 429) },
  };
  app.post('/crawl/v1/new', { schema: submitSchema }, async (req, reply) => {
    const raw = req.body;
    const bodyKey = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).api_key : undefined;
    const key = await authenticate(services, req, bodyKey);
    const body = asObject(raw);
    const url = parseUrl(body);
    const method = parseMethod(body);
    const timeoutSec = optionalInt(body, 'timeout_sec', 1, 300, 30);
    const headers = parseHeaders(body);
    const bodyBase64 = parseBody(body);
    const cookies = parseCookies(body);
    const placement = parsePlacement(body.placement);
    const storageType = optionalString(body, 'storage_type') ?? services.config.defaultStorageType;
    if (storageType !== 'local' && storageType !== 's3') throw invalid('storage_type must be local or s3');
    if (!services.storage(storageType)) {
      throw invalid('storage_type s3 is not configured on this coordinator');
    }
    if (method === 'SOLANA_JSON_RPC') {
      const reason = validateJsonRpcBody(bodyBase64 || undefined);
      if (reason) throw invalid(reason);
    }
    if (bodyBase64 && Buffer.byteLength(bodyBase64) * 0.75 > services.config.maxRequestBodyBytes) {
      throw invalid('body is too large');
    }
    const sessionIdRaw = body.session_id;
    if (sessionIdRaw !== undefined && sessionIdRaw !== null && !isUuid(sessionIdRaw)) {
      throw invalid('session_id must be a UUID');
    }
    // The job's own placement is what the answer shows (a session's placement is merged below).
    const created = (job: JobRecord) => {
      const view = jobView(job);
      view.placement = placement;
      return { statusCode: 201, body: view };
    };
    const webhook = parseWebhookField(body);
    if (webhook) await checkWebhookTarget(services, key.ownerId, webhook);
    return idempotent(
      services,
      req,
      reply,
      key.ownerId,
      async (jobId) => {
        let sessionId: string | null = null;
        let sessionDevice: string | null = null;
        let sessionPlacement = {};
        if (typeof sessionIdRaw === 'string') {
          const session = await services.store.getSession(sessionIdRaw.toLowerCase());
          if (!session || session.ownerId !== key.ownerId) throw invalid('session does not exist');
          if (session.status === 'closed') throw invalid('session is closed');
          if (session.status === 'expired' || session.expiresAtMs <= Date.now())
            throw invalid('session has expired');
          sessionId = session.id;
          sessionDevice = session.deviceId;
          sessionPlacement = session.placement ?? {};
        }
        if (!services.jobs.canAccept(key.ownerId)) throw queueFull();
        // The webhook is stored before the job exists, so its final event always finds it.
        if (webhook) {
          await services.store.push.setSubjectWebhook({ subjectId: jobId, ownerId: key.ownerId, ...webhook });
        }
        const job = await services.jobs.submit(
          {
            id: jobId,
            ownerId: key.ownerId,
            url,
            method,
            timeoutSec,
            // A session's placement applies to its jobs; the job's own constraints narrow it further.
            placement: { ...sessionPlacement, ...placement },
            sessionId,
            sweepId: null,
            storageType,
            request: { headers, bodyBase64, cookies },
          },
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
    body: BatchBody,
    response: { 200: BatchResponse, ...jobErrors() },
  };
  app.post('/crawl/v1/jobs/batch/status', { schema: batchSchema }, async (req) => {
    const key = await authenticate(services, req);
    const ids = checkBatchRequest(req.body);
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
    params: IdParams,
    response: { 200: Job, ...jobErrors(404) },
  };
  app.get('/crawl/v1/status/:id', { schema: statusSchema }, async (req) => {
    const key = await authenticate(services, req);
    // The view's columns only, owner checked in the statement: a poll never reads or parses the
    // job's request or result JSON.
    const id = req.params.id;
    if (!isUuid(id)) throw jobNotFound();
    const [view] = await services.store.getJobViews(key.ownerId, [id.toLowerCase()]);
    if (!view) throw jobNotFound();
    return jobView(view);
  });

  const detailSchema = {
    tags: jobsTag,
    summary: 'Job detail: headers, cookies, result (any status)',
    params: IdParams,
    querystring: DetailQuery,
    response: { 200: Detail, ...jobErrors(404) },
  };
  app.get('/crawl/v1/jobs/:id/detail', { schema: detailSchema }, async (req) => {
    const key = await authenticate(services, req);
    const job = await ownedJob(services, key.ownerId, req.params.id);
    checkFlag(req.query, 'parse_cookies');
    checkFlag(req.query, 'include_body');
    const flag = (v: string | undefined) => v === 'true' || v === '1';
    const downloadUrl = `${services.edgeUrl()}/crawl/v1/jobs/${job.id}/download`;
    const detail = buildDetail(job, jobView(job), downloadUrl, flag(req.query.parse_cookies));
    if (flag(req.query.include_body) && job.result) {
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
    params: IdParams,
    querystring: DownloadQuery,
    response: { 200: DownloadResponse, ...jobErrors(404, 409, 410) },
  };
  app.get('/crawl/v1/jobs/:id/download', { schema: downloadSchema }, async (req, reply) => {
    const key = await authenticate(services, req);
    const job = await ownedJob(services, key.ownerId, req.params.id);
    checkFormat(req.query);
    if (job.status !== 'completed' || !job.result) throw notCompleted();
    if (job.archivedAt) throw archived();
    const storage = services.storage(job.storageType);
    if (!storage) throw internal(new Error(`storage ${job.storageType} not configured`));
    return sendDownload(reply, job, storage, req.query.format ?? 'json');
  });
}

function checkBatchRequest(raw: unknown): unknown[] {
  const body = asObject(raw);
  const ids = body.job_ids;
  if (!Array.isArray(ids)) throw invalid('job_ids must be an array of job id strings');
  if (ids.length > MAX_BATCH_IDS) throw invalid(`job_ids must have at most ${MAX_BATCH_IDS} entries`);
  return ids;
}

function checkFormat(query: unknown): void {
  const format = (query as Record<string, unknown> | undefined)?.format;
  if (format !== undefined && !(DOWNLOAD_FORMATS as readonly unknown[]).includes(format)) {
    throw invalid(`format must be one of ${DOWNLOAD_FORMATS.join(', ')}`);
  }
}
