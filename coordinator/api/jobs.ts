// Job endpoints: submit, batch status, status, detail, download. Errors answer as bare JSON strings.
import type { FastifyInstance } from 'fastify';
import { archived, internal, invalid, jobNotFound, notCompleted, queueFull } from '../errors.js';
import { buildDetail, buildDownload } from '../results/content.js';
import { jobView } from '../results/views.js';
import type { Services } from '../services.js';
import type { JobRecord } from '../store/types.js';
import { authenticate } from './auth.js';
import { validateJsonRpcBody } from './json-rpc.js';
import {
  asObject,
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

export const MAX_BATCH_IDS = 1000;

async function ownedJob(services: Services, ownerId: string, id: string): Promise<JobRecord> {
  if (!isUuid(id)) throw jobNotFound();
  const job = await services.store.getJob(id.toLowerCase());
  if (!job || job.ownerId !== ownerId) throw jobNotFound();
  return job;
}

export function registerJobRoutes(app: FastifyInstance, services: Services): void {
  app.post('/crawl/v1/new', async (req, reply) => {
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
    let sessionId: string | null = null;
    let sessionDevice: string | null = null;
    let sessionPlacement = {};
    if (sessionIdRaw !== undefined && sessionIdRaw !== null) {
      if (!isUuid(sessionIdRaw)) throw invalid('session_id must be a UUID');
      const session = await services.store.getSession(sessionIdRaw.toLowerCase());
      if (!session || session.ownerId !== key.ownerId) throw invalid('session does not exist');
      if (session.status === 'closed') throw invalid('session is closed');
      if (session.status === 'expired' || session.expiresAtMs <= Date.now())
        throw invalid('session has expired');
      sessionId = session.id;
      sessionDevice = session.deviceId;
      sessionPlacement = session.placement ?? {};
    }
    if (!services.dispatcher.canAccept(key.ownerId)) throw queueFull();
    const job = await services.jobs.submit(
      {
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
    );
    const view = jobView(job);
    view.placement = placement;
    reply.code(201);
    return view;
  });

  app.post('/crawl/v1/jobs/batch/status', async (req) => {
    const key = await authenticate(services, req);
    const body = asObject(req.body);
    const ids = body.job_ids;
    if (!Array.isArray(ids)) throw invalid('job_ids must be an array of job id strings');
    if (ids.length > MAX_BATCH_IDS) throw invalid(`job_ids must have at most ${MAX_BATCH_IDS} entries`);
    const valid = ids.filter(isUuid).map((id) => id.toLowerCase());
    const found = new Map(
      (await services.store.getJobs([...new Set(valid)]))
        .filter((j) => j.ownerId === key.ownerId)
        .map((j) => [j.id, j]),
    );
    const results: Record<string, unknown> = {};
    let foundCount = 0;
    for (const id of ids) {
      const keyName = typeof id === 'string' ? id : JSON.stringify(id);
      if (!isUuid(id)) {
        results[keyName] = { error: { code: 'invalid_uuid', message: 'job id is not a valid UUID' } };
        continue;
      }
      const job = found.get(id.toLowerCase());
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

  app.get<{ Params: { id: string } }>('/crawl/v1/status/:id', async (req) => {
    const key = await authenticate(services, req);
    return jobView(await ownedJob(services, key.ownerId, req.params.id));
  });

  app.get<{ Params: { id: string }; Querystring: { parse_cookies?: string } }>(
    '/crawl/v1/jobs/:id/detail',
    async (req) => {
      const key = await authenticate(services, req);
      const job = await ownedJob(services, key.ownerId, req.params.id);
      const pc = req.query.parse_cookies;
      if (pc !== undefined && !['true', 'false', '1', '0', ''].includes(pc)) {
        throw invalid('parse_cookies must be true or false');
      }
      const downloadUrl = `${services.edgeUrl()}/crawl/v1/jobs/${job.id}/download`;
      return buildDetail(job, jobView(job), downloadUrl, pc === 'true' || pc === '1');
    },
  );

  app.get<{ Params: { id: string } }>('/crawl/v1/jobs/:id/download', async (req) => {
    const key = await authenticate(services, req);
    const job = await ownedJob(services, key.ownerId, req.params.id);
    if (job.status !== 'completed' || !job.result) throw notCompleted();
    if (job.archivedAt) throw archived();
    const storage = services.storage(job.storageType);
    if (!storage) throw internal(new Error(`storage ${job.storageType} not configured`));
    return buildDownload(job, storage);
  });
}
