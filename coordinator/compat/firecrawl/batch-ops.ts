// Firecrawl's batch scrape as a batch of this network (docs/api.md, "Batches"): each URL's job is
// checked by POST /crawl/v1/new's own check and built by askedJob, and the batch is made by the
// batch endpoint's own createBatch (a group of jobs stored in one transaction). Unlike the native
// batch, the key's job quotas admit the whole batch or none of it (Firecrawl answers 402 or 429
// for the request, not per URL). Read back as Firecrawl's status with the documents of its
// successful jobs a page at a time, cancelled, and its failed URLs listed.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { batchStatus, cancelBatchJobs, createBatch } from '../../api/batches.js';
import type { SubmitInput } from '../../api/validate.js';
import { invalid, queueFull } from '../../errors.js';
import { newResourceId } from '../../resource-id.js';
import type { BatchRecord } from '../../store/batch-types.js';
import { DEFAULT_SHAPE, expiresAt, type FirecrawlDeps, resourceUrl } from './deps.js';
import type { FirecrawlDocument } from './documents.js';
import type { BatchRequest, StatusQuery } from './request-bodies.js';
import { jobFailure } from './scrape-op.js';
import type { ApiVersion } from './scrape-options.js';
import {
  type DocPage,
  type ErrorsAnswer,
  nextUrl,
  PAGE_BUDGET_BYTES,
  type StatusAnswer,
} from './status-answer.js';

/** Jobs read at a time while documents are gathered (the budget is checked between reads). */
const JOBS_AT_ONCE = 10;
/** Jobs read at a time while counting (skip) or listing (errors): the batch page's largest. */
const LIST_JOBS = 1_000;

export async function startBatch(
  deps: FirecrawlDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  version: ApiVersion,
  asked: BatchRequest,
): Promise<{ success: true; id: string; url: string; invalidURLs?: string[] }> {
  const { services } = deps;
  const ownerId = req.apiKey.ownerId;
  // The options alone first: a bad option would refuse every URL alike, so it refuses the request.
  const probe = deps.checkJob({ url: 'http://batch.invalid/', ...asked.mapping.job });
  if ('error' in probe) throw probe.error;
  const inputs: SubmitInput[] = [];
  const invalidURLs: string[] = [];
  for (const [i, url] of asked.urls.entries()) {
    const checked = deps.checkJob({ url, ...asked.mapping.job });
    if ('value' in checked) inputs.push(checked.value);
    else if (asked.ignoreInvalidURLs) invalidURLs.push(url);
    else throw invalid(`urls[${i}] ${JSON.stringify(url)} is refused (${checked.error.message})`);
  }
  if (inputs.length === 0) throw invalid(`urls has no valid URL (${invalidURLs.slice(0, 3).join(', ')})`);
  if (!services.jobs.canAccept(ownerId, inputs.length)) throw queueFull();
  await deps.charge(req, reply, { jobs: inputs.length, sweeps: 0 });
  const id = newResourceId();
  await deps.resources.put(ownerId, id, {
    kind: 'batch',
    shape: asked.mapping.shape,
    createdAt: new Date().toISOString(),
  });
  const accepted = inputs.map((_, i) => i);
  await createBatch(
    services,
    req,
    { items: inputs, webhook: null },
    id,
    accepted,
    inputs,
    new Map(),
    inputs.map(() => null),
  );
  return {
    success: true,
    id,
    url: resourceUrl(services, version, `batch/scrape/${id}`),
    ...(asked.ignoreInvalidURLs ? { invalidURLs } : {}),
  };
}

/** The batch's job ids from the index after `after`, `limit` at most, and the last index read. */
async function jobIdsAfter(
  deps: FirecrawlDeps,
  batch: BatchRecord,
  after: number,
  limit: number,
): Promise<{ ids: string[]; next: number | null }> {
  const page = await batchStatus(deps.services, batch, { limit, after });
  return { ids: page.job_ids, next: page.next_cursor === null ? null : Number(page.next_cursor) };
}

/** The cursor after `skip` jobs of the batch. */
async function cursorAfter(deps: FirecrawlDeps, batch: BatchRecord, skip: number): Promise<number> {
  let after = -1;
  for (let left = skip; left > 0; ) {
    const { ids, next } = await jobIdsAfter(deps, batch, after, Math.min(LIST_JOBS, left));
    if (next === null) return Number.MAX_SAFE_INTEGER;
    left -= ids.length;
    after = next;
  }
  return after;
}

async function batchDocs(deps: FirecrawlDeps, batch: BatchRecord, query: StatusQuery): Promise<DocPage> {
  const shape = (await deps.resources.get(batch.ownerId, batch.id))?.shape ?? DEFAULT_SHAPE;
  let after = query.cursor ?? (query.skip > 0 ? await cursorAfter(deps, batch, query.skip) : -1);
  const docs: FirecrawlDocument[] = [];
  let bytes = 0;
  let consumed = query.skip;
  let more = true;
  while (more && docs.length < query.limit && (docs.length === 0 || bytes <= PAGE_BUDGET_BYTES)) {
    const { ids, next } = await jobIdsAfter(
      deps,
      batch,
      after,
      Math.min(JOBS_AT_ONCE, query.limit - docs.length),
    );
    const jobs = new Map((await deps.services.store.getJobs(ids)).map((j) => [j.id, j]));
    for (const id of ids) {
      const job = jobs.get(id);
      if (!job || job.ownerId !== batch.ownerId || job.status !== 'completed' || jobFailure(job)) continue;
      const made = await deps.docs.document(job, shape);
      docs.push(made.doc);
      bytes += made.bytes;
    }
    consumed += ids.length;
    more = next !== null;
    if (next !== null) after = next;
  }
  return { docs, cursor: more ? after : null, consumed };
}

export async function batchStatusAnswer(
  deps: FirecrawlDeps,
  version: ApiVersion,
  batch: BatchRecord,
  query: StatusQuery,
): Promise<StatusAnswer> {
  const { services } = deps;
  const [head, resource] = await Promise.all([
    batchStatus(services, batch, { limit: 1, after: -1 }),
    deps.resources.get(batch.ownerId, batch.id),
  ]);
  const page = await batchDocs(deps, batch, query);
  const completed = head.counts.completed + head.counts.failed;
  const next = nextUrl(resourceUrl(services, version, `batch/scrape/${batch.id}`), query, page);
  return {
    success: true,
    status: resource?.cancelled ? 'cancelled' : head.completed ? 'completed' : 'scraping',
    completed,
    total: batch.acceptedCount,
    creditsUsed: completed,
    expiresAt: expiresAt(services, batch.createdAt),
    ...(next !== undefined ? { next } : {}),
    data: page.docs,
  };
}

/** Cancels the batch's unfinished jobs; its status reads cancelled when any were left. */
export async function cancelBatch(
  deps: FirecrawlDeps,
  batch: BatchRecord,
): Promise<'cancelled' | 'completed'> {
  const head = await batchStatus(deps.services, batch, { limit: 1, after: -1 });
  if (head.completed) return 'completed';
  await cancelBatchJobs(deps.services, batch);
  const resource = await deps.resources.get(batch.ownerId, batch.id);
  await deps.resources.put(batch.ownerId, batch.id, {
    kind: 'batch',
    shape: resource?.shape ?? DEFAULT_SHAPE,
    createdAt: resource?.createdAt ?? batch.createdAt,
    cancelled: true,
  });
  return 'cancelled';
}

export async function batchErrors(deps: FirecrawlDeps, batch: BatchRecord): Promise<ErrorsAnswer> {
  const errors: ErrorsAnswer['errors'] = [];
  for (let after = -1; ; ) {
    const { ids, next } = await jobIdsAfter(deps, batch, after, LIST_JOBS);
    for (const job of await deps.services.store.getJobs(ids)) {
      if (job.ownerId !== batch.ownerId || (job.status !== 'completed' && job.status !== 'failed')) continue;
      const failure = jobFailure(job);
      if (!failure) continue;
      errors.push({
        id: job.id,
        ...(job.completedAt ? { timestamp: job.completedAt } : {}),
        url: job.url,
        code: job.failureType ?? job.result?.errorType ?? failure.code,
        error: failure.message,
      });
    }
    if (next === null) break;
    after = next;
  }
  return { success: true, errors, robotsBlocked: [] };
}
