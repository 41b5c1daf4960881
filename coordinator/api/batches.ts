// Batch submission: POST /crawl/v1/batch/new (up to 1,000 jobs, each the body of /crawl/v1/new,
// each checked and answered on its own), GET /crawl/v1/batch/{id} (counts by status, the job
// ids a page at a time) and POST /crawl/v1/batch/{id}/cancel (its unfinished jobs cancelled). An
// item is refused with exactly the message /crawl/v1/new would answer it with; the others are
// created, stored in one transaction and placed in one pass.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BATCH_DEFAULT_FIELDS,
  BatchCancelled,
  BatchCreated,
  BatchStatus,
  BatchStatusQuery,
  BatchSubmitBody,
  jobErrors,
  MAX_BATCH_JOBS,
  MAX_BATCH_PAGE,
} from '../../contract/index.js';
import { ApiError, invalid, jobNotFound, queueFull } from '../errors.js';
import { askedJob } from '../jobs/new-job.js';
import type { BatchSubmission } from '../jobs/reports.js';
import type { Limiter } from '../limits/limiter.js';
import { newResourceId } from '../resource-id.js';
import { jobView } from '../results/views.js';
import type { Services } from '../services.js';
import type { BatchItemError, BatchRecord } from '../store/batch-types.js';
import type { CounterCharge } from '../store/limit-types.js';
import type { JobRecord, JobViewRecord } from '../store/records.js';
import { incomingTrace } from '../tracing/job-tracing.js';
import { JobIdParams } from './id-params.js';
import { type Created, hashBodyAsSent, idempotent } from './idempotency.js';
import { submitBodySchema } from './jobs.js';
import { type PartResult, parsedBy, type SchemaValidator } from './schema-validator.js';
import type { ContractTypes } from './type-provider.js';
import { asObject, type Json, type SubmitInput } from './validate.js';
import { checkWebhookTarget, parseWebhookField, type WebhookField } from './webhook-field.js';

const tags = ['jobs'];

/** What the route's parser hands the handler: the items as given, each with the shared defaults. */
interface BatchInput {
  items: unknown[];
  /** The top-level webhook: every job's default, and the batch's own (batch.completed). */
  webhook: WebhookField | null;
}

/** One item's answer: the job as /new answers it, or its error. */
type ItemAnswer = { job: Record<string, unknown> } | { error: { code: string; message: string } };

/** The error code of an item refused with `err` (the error's own code, in lower case). */
function itemError(err: ApiError): { code: string; message: string } {
  return { code: err.code.toLowerCase(), message: err.message };
}

/** One item checked by /crawl/v1/new's own body schema and parser, so it is answered in its words. */
type ItemCheck = (raw: unknown) => PartResult<SubmitInput>;

/** Each item with the batch's shared defaults under it (an item's own non-null value wins). */
function withDefaults(item: unknown, defaults: Json): unknown {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
  const own = item as Json;
  let merged: Json | null = null;
  for (const field of BATCH_DEFAULT_FIELDS) {
    if (defaults[field] === undefined || (own[field] !== undefined && own[field] !== null)) continue;
    merged ??= { ...own };
    merged[field] = defaults[field];
  }
  return merged ?? item;
}

function parseBatchBody(raw: unknown, check: ItemCheck): BatchInput {
  const body = asObject(raw);
  const jobs = body.jobs;
  if (!Array.isArray(jobs)) throw invalid('jobs must be an array of job objects');
  if (jobs.length === 0) throw invalid('jobs must have at least 1 entry');
  if (jobs.length > MAX_BATCH_JOBS) throw invalid(`jobs must have at most ${MAX_BATCH_JOBS} entries`);
  const defaults: Json = {};
  for (const field of BATCH_DEFAULT_FIELDS) {
    if (body[field] !== undefined && body[field] !== null) defaults[field] = body[field];
  }
  // A bad default would refuse every item alike: the batch is refused once, naming the field.
  const probe = check({ url: 'http://batch.invalid/', ...defaults });
  if ('error' in probe) throw probe.error;
  return { items: jobs.map((item) => withDefaults(item, defaults)), webhook: parseWebhookField(defaults) };
}

/** `limit` (1 to MAX_BATCH_PAGE, default all) and `cursor` (the index after which the page starts). */
interface BatchPageQuery {
  limit: number;
  after: number;
}

function parseBatchPageQuery(raw: unknown): BatchPageQuery {
  const q = (raw ?? {}) as { limit?: unknown; cursor?: unknown };
  let limit = MAX_BATCH_PAGE;
  if (q.limit !== undefined) {
    limit = typeof q.limit === 'string' && /^[0-9]{1,4}$/.test(q.limit) ? Number(q.limit) : 0;
    if (limit < 1 || limit > MAX_BATCH_PAGE)
      throw invalid(`limit must be an integer from 1 to ${MAX_BATCH_PAGE}`);
  }
  // A cursor the schema refuses is answered in its generic words (it is only ever a next_cursor).
  const after = typeof q.cursor === 'string' && /^[0-9]{1,6}$/.test(q.cursor) ? Number(q.cursor) : -1;
  return { limit, after };
}

/** The most of `wanted` jobs the owner's queue share takes now (canAccept is monotone in count). */
function queueRoom(services: Services, ownerId: string, wanted: number): number {
  if (services.jobs.canAccept(ownerId, wanted)) return wanted;
  let lo = 0;
  let hi = wanted;
  while (lo + 1 < hi) {
    const mid = (lo + hi) >> 1;
    if (services.jobs.canAccept(ownerId, mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

export function registerBatchRoutes(
  base: FastifyInstance,
  services: Services,
  limiter: Limiter,
  validator: SchemaValidator,
): void {
  const app = base.withTypeProvider<ContractTypes>();
  const check: ItemCheck = validator.check(submitBodySchema(services));

  const submitSchema = {
    tags,
    summary: 'Start up to 1000 crawl jobs in one request',
    description:
      'Each of `jobs` is the body of POST /crawl/v1/new; the top-level method, timeout_sec, headers, ' +
      'placement, session_id, storage_type and webhook apply to every job that does not set its own. ' +
      'Each job is checked, limited and answered on its own: results[i] is {job} or {error: {code, message}} ' +
      'with the message /crawl/v1/new would answer.',
    body: parsedBy(BatchSubmitBody, (raw) => parseBatchBody(raw, check)),
    response: { 201: BatchCreated, ...jobErrors(409, 422, 429) },
  };
  app.post(
    '/crawl/v1/batch/new',
    { schema: submitSchema, preValidation: hashBodyAsSent },
    async (req, reply) => {
      const key = req.apiKey;
      const ownerId = key.ownerId;
      const requested = req.body.items.length;
      const results: Array<ItemAnswer | null> = new Array(requested).fill(null);
      const refuse = (i: number, err: ApiError) => {
        results[i] = { error: itemError(err) };
      };
      // A refused default target would refuse every item alike: the batch is refused once.
      if (req.body.webhook) await checkWebhookTarget(services, ownerId, req.body.webhook);
      const inputs: Array<SubmitInput | null> = req.body.items.map((item, i) => {
        const out = check(item);
        if ('value' in out) return out.value;
        refuse(i, out.error);
        return null;
      });
      await checkItemTargets(services, ownerId, inputs, refuse);
      const sessions = await sessionsOf(services, ownerId, inputs, refuse);

      return idempotent(
        services,
        req,
        reply,
        ownerId,
        async (batchId): Promise<Created<BatchAnswer>> => {
          let valid: number[] = [];
          for (const [i, input] of inputs.entries()) if (input && results[i] === null) valid.push(i);
          // The queue's room first (as /new asks it), then the key's job quotas, in request order.
          const room = queueRoom(services, ownerId, valid.length);
          for (const i of valid.slice(room)) refuse(i, queueFull());
          valid = valid.slice(0, room);
          const admitted = await limiter.admitJobs(key, valid.length);
          for (const i of valid.slice(admitted.admitted)) if (admitted.error) refuse(i, admitted.error);
          valid = valid.slice(0, admitted.admitted);
          try {
            return await createBatch(services, req, req.body, batchId, valid, inputs, sessions, results);
          } catch (err) {
            await refund(limiter, key.id, admitted.charged);
            throw err;
          }
        },
        (batchId) => replay(services, ownerId, batchId),
      );
    },
  );

  const statusSchema = {
    tags,
    summary: "A batch: its jobs' counts by status and their ids, a page at a time",
    params: JobIdParams,
    querystring: parsedBy(BatchStatusQuery, parseBatchPageQuery),
    response: { 200: BatchStatus, ...jobErrors(404) },
  };
  app.get('/crawl/v1/batch/:id', { schema: statusSchema }, async (req) => {
    const batch = await ownedBatch(services, req.apiKey.ownerId, req.params.id);
    return batchStatus(services, batch, req.query);
  });

  const cancelSchema = {
    tags,
    summary: 'Cancel a batch: its pending and running jobs fail `cancelled`',
    description:
      'Every job of the batch still pending or running fails at once with error_type `cancelled` ' +
      '(running ones are told to stop on their devices); jobs that had ended stay as they are. ' +
      'Answers the batch as GET /crawl/v1/batch/{id} does (its first page of ids), with ' +
      '`cancelled_count`: the jobs this request cancelled.',
    params: JobIdParams,
    response: { 200: BatchCancelled, ...jobErrors(404) },
  };
  app.post('/crawl/v1/batch/:id/cancel', { schema: cancelSchema }, async (req) => {
    const batch = await ownedBatch(services, req.apiKey.ownerId, req.params.id);
    const cancelled = await cancelBatchJobs(services, batch);
    // Read again: its last job's end may have completed it by now.
    const now = (await services.store.batches.getBatch(batch.id)) ?? batch;
    const status = await batchStatus(services, now, { limit: MAX_BATCH_PAGE, after: -1 });
    return { ...status, cancelled_count: cancelled };
  });
}

/** The batch as GET /crawl/v1/batch/{id} answers it: counts by status and a page of its job ids. */
export async function batchStatus(services: Services, batch: BatchRecord, { limit, after }: BatchPageQuery) {
  const [counts, page] = await Promise.all([
    services.store.batches.countBatchJobs(batch.id),
    services.store.batches.listBatchJobs(batch.id, after, limit + 1),
  ]);
  const more = page.length > limit;
  const shown = more ? page.slice(0, limit) : page;
  const last = shown[shown.length - 1];
  return {
    batch_id: batch.id,
    created_at: batch.createdAt,
    requested_count: batch.requestedCount,
    accepted_count: batch.acceptedCount,
    counts,
    completed: batch.completedAt !== null,
    completed_at: batch.completedAt,
    job_ids: shown.map((j) => j.jobId),
    next_cursor: more && last ? String(last.index) : null,
  };
}

/**
 * Every job of the batch still pending or running, cancelled through the owner of job state (each
 * one's store write is its own conditional update: a job that ends meanwhile keeps its end).
 * Returns how many this call cancelled.
 */
export async function cancelBatchJobs(services: Services, batch: BatchRecord): Promise<number> {
  const refs = await services.store.batches.listBatchJobs(batch.id, -1, MAX_BATCH_JOBS);
  const jobs = await services.store.getJobs(refs.map((r) => r.jobId));
  const live = jobs.filter((j) => j.status === 'pending' || j.status === 'running');
  const done = await Promise.all(live.map((j) => services.jobs.cancel(j)));
  return done.filter(Boolean).length;
}

/** `id` is a path id as its schema hands it over: a UUID in lower case. */
export async function ownedBatch(services: Services, ownerId: string, id: string): Promise<BatchRecord> {
  const batch = await services.store.batches.getBatch(id);
  if (!batch || batch.ownerId !== ownerId) throw jobNotFound();
  return batch;
}

/** Each distinct webhook target checked once; the items naming a refused one are refused. */
async function checkItemTargets(
  services: Services,
  ownerId: string,
  inputs: Array<SubmitInput | null>,
  refuse: (i: number, err: ApiError) => void,
): Promise<void> {
  const verdicts = new Map<string, Promise<ApiError | null>>();
  const verdict = (hook: WebhookField) => {
    let v = verdicts.get(hook.url);
    if (!v) {
      v = checkWebhookTarget(services, ownerId, hook).then(
        () => null,
        (err: unknown) => {
          if (err instanceof ApiError) return err;
          throw err;
        },
      );
      verdicts.set(hook.url, v);
    }
    return v;
  };
  for (const [i, input] of inputs.entries()) {
    if (!input?.webhook) continue;
    const err = await verdict(input.webhook);
    if (err) {
      refuse(i, err);
      inputs[i] = null;
    }
  }
}

interface SessionInfo {
  deviceId: string | null;
  placement: Record<string, unknown>;
}

/** Each distinct session read once and checked as /new checks it; its items refused when it fails. */
async function sessionsOf(
  services: Services,
  ownerId: string,
  inputs: Array<SubmitInput | null>,
  refuse: (i: number, err: ApiError) => void,
): Promise<Map<string, SessionInfo>> {
  const out = new Map<string, SessionInfo>();
  const refused = new Map<string, ApiError>();
  for (const [i, input] of inputs.entries()) {
    const id = input?.sessionId;
    if (!id) continue;
    if (!out.has(id) && !refused.has(id)) {
      const session = await services.store.getSession(id);
      if (!session || session.ownerId !== ownerId) refused.set(id, invalid('session does not exist'));
      else if (session.status === 'closed') refused.set(id, invalid('session is closed'));
      else if (session.status === 'expired' || session.expiresAtMs <= Date.now())
        refused.set(id, invalid('session has expired'));
      else out.set(id, { deviceId: session.deviceId, placement: { ...(session.placement ?? {}) } });
    }
    const err = refused.get(id);
    if (err) {
      refuse(i, err);
      inputs[i] = null;
    }
  }
  return out;
}

export async function createBatch(
  services: Services,
  req: FastifyRequest,
  body: BatchInput,
  batchId: string,
  accepted: readonly number[],
  inputs: ReadonlyArray<SubmitInput | null>,
  sessions: ReadonlyMap<string, SessionInfo>,
  results: Array<ItemAnswer | null>,
): Promise<Created<BatchAnswer>> {
  const ownerId = req.apiKey.ownerId;
  const requested = body.items.length;
  const submissions: BatchSubmission[] = [];
  const hooks: Array<Promise<void>> = [];
  for (const i of accepted) {
    const input = inputs[i];
    if (!input) continue;
    const id = newResourceId();
    const session = input.sessionId ? sessions.get(input.sessionId) : undefined;
    submissions.push({
      index: i,
      sessionDeviceId: session?.deviceId ?? null,
      input: askedJob(input, { id, ownerId, sessionPlacement: session?.placement ?? null, batchId }),
    });
    // The webhook is stored before the job exists, so its final event always finds it.
    if (input.webhook) {
      hooks.push(services.store.push.setSubjectWebhook({ subjectId: id, ownerId, ...input.webhook }));
    }
  }
  const shared = body.webhook;
  if (shared) hooks.push(services.store.push.setSubjectWebhook({ subjectId: batchId, ownerId, ...shared }));
  await Promise.all(hooks);
  const itemErrors: BatchItemError[] = [];
  for (const [index, r] of results.entries()) if (r && 'error' in r) itemErrors.push({ index, ...r.error });
  const createdAt = new Date().toISOString();
  const batch: BatchRecord = {
    id: batchId,
    ownerId,
    createdAt,
    requestedCount: requested,
    acceptedCount: submissions.length,
    finishedCount: 0,
    completedAt: submissions.length === 0 ? createdAt : null,
    itemErrors,
  };
  const jobs = await services.jobs.submitGroup({ kind: 'batch', batch }, submissions, {
    trace: incomingTrace(req.headers),
  });
  for (const [n, job] of jobs.entries()) {
    const s = submissions[n];
    if (!s) continue;
    results[s.index] = { job: createdView(job, inputs[s.index]?.placement) };
  }
  return { statusCode: 201, body: answerOf(batch, results) };
}

function createdView(job: JobRecord | JobViewRecord, placement: SubmitInput['placement'] | undefined) {
  const view = jobView(job);
  // The job's own placement is what the answer shows, as /new answers it.
  if (placement) view.placement = placement;
  return view;
}

/** The 201 body (contract BatchCreated; checked against it by the OpenAPI test). */
interface BatchAnswer {
  batch_id: string;
  requested_count: number;
  accepted_count: number;
  results: ItemAnswer[];
}

function answerOf(batch: BatchRecord, results: ReadonlyArray<ItemAnswer | null>): BatchAnswer {
  return {
    batch_id: batch.id,
    requested_count: batch.requestedCount,
    accepted_count: batch.acceptedCount,
    // Every item is answered by now; an unanswered one would be a defect, said as one.
    results: results.map((r) => r ?? { error: { code: 'internal', message: 'internal server error' } }),
  };
}

/** The answer again for a batch already made (a retry after its coordinator died mid-request). */
async function replay(
  services: Services,
  ownerId: string,
  batchId: string,
): Promise<Created<BatchAnswer> | null> {
  const batch = await services.store.batches.getBatch(batchId);
  if (!batch || batch.ownerId !== ownerId) return null;
  const refs = await services.store.batches.listBatchJobs(batchId, -1, MAX_BATCH_JOBS);
  const views = new Map(
    (
      await services.store.getJobViews(
        ownerId,
        refs.map((r) => r.jobId),
      )
    ).map((v) => [v.id, v]),
  );
  const results: Array<ItemAnswer | null> = new Array(batch.requestedCount).fill(null);
  for (const e of batch.itemErrors) results[e.index] = { error: { code: e.code, message: e.message } };
  for (const r of refs) {
    const v = views.get(r.jobId);
    if (v) results[r.index] = { job: jobView(v) };
  }
  return { statusCode: 201, body: answerOf(batch, results) };
}

async function refund(limiter: Limiter, keyId: string, charged: readonly CounterCharge[]): Promise<void> {
  if (charged.length > 0) await limiter.refund(keyId, charged).catch(() => undefined);
}
