// POST /v1/scrape and /v2/scrape: one job, made as POST /crawl/v1/new makes it (the same body
// check, quota charge and askedJob), waited for, and answered as Firecrawl's document. The wait
// ends at Firecrawl's `timeout` (408, and the job is cancelled); a job that failed, or a page that
// did not answer, is Firecrawl's error (500) with this network's failure type and message.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { queueFull } from '../../errors.js';
import { askedJob } from '../../jobs/new-job.js';
import { newResourceId } from '../../resource-id.js';
import type { JobRecord } from '../../store/records.js';
import { incomingTrace } from '../../tracing/job-tracing.js';
import type { FirecrawlDeps } from './deps.js';
import type { FirecrawlDocument } from './documents.js';
import { FirecrawlError } from './errors.js';
import type { ScrapeRequest } from './request-bodies.js';

/** Time past Firecrawl's timeout a result may still take to arrive from its device, ms. */
const REPORT_GRACE_MS = 3_000;

/** Why a job gave no document, in Firecrawl's terms; null when it has one. */
export function jobFailure(job: JobRecord): FirecrawlError | null {
  if (job.status === 'failed') {
    const type = job.failureType ?? 'failed';
    const message = `${type}: ${job.errorMessage ?? 'the job failed'}`;
    return new FirecrawlError(type === 'no_device' ? 'NO_DEVICE' : 'SCRAPE_FAILED', message);
  }
  const r = job.result;
  if (!r) return new FirecrawlError('SCRAPE_FAILED', 'the job has no result');
  if (r.success) return null;
  const message = `${r.errorType || 'failed'}: ${r.errorMessage}`;
  return new FirecrawlError(r.errorType === 'timeout' ? 'SCRAPE_TIMEOUT' : 'SCRAPE_FAILED', message);
}

export async function scrape(
  deps: FirecrawlDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  asked: ScrapeRequest,
): Promise<{ success: true; data: FirecrawlDocument }> {
  const { services } = deps;
  const ownerId = req.apiKey.ownerId;
  const checked = deps.checkJob({ url: asked.url, ...asked.mapping.job });
  if ('error' in checked) throw checked.error;
  if (!services.jobs.canAccept(ownerId)) throw queueFull();
  await deps.charge(req, reply, { jobs: 1, sweeps: 0 });
  const startedMs = Date.now();
  const id = newResourceId(startedMs);
  const submitted = await services.jobs.submit(
    askedJob(checked.value, { id, ownerId, sessionPlacement: null }),
    null,
    { trace: incomingTrace(req.headers) },
  );
  // The caller gone (its connection closed before the answer): nobody reads the page.
  const gone = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) gone.abort();
  };
  reply.raw.once('close', onClose);
  let outcome: Awaited<ReturnType<typeof deps.waiter.wait>>;
  try {
    outcome = await deps.waiter.wait(
      ownerId,
      id,
      startedMs + asked.mapping.timeoutMs + REPORT_GRACE_MS,
      gone.signal,
    );
  } finally {
    reply.raw.off('close', onClose);
  }
  if (outcome !== 'ended') {
    // Nobody will read the page: its device stops. (Not a reason to fail the answer itself.)
    await services.jobs
      .cancel(submitted, 'the scrape was not answered within its timeout')
      .catch((err: unknown) =>
        req.log.warn({ err, jobId: id }, 'could not cancel a scrape past its timeout'),
      );
    throw new FirecrawlError(
      'SCRAPE_TIMEOUT',
      outcome === 'deadline'
        ? `the page was not scraped within the timeout of ${asked.mapping.timeoutMs} ms`
        : 'the request ended before the page was scraped',
    );
  }
  const job = await services.store.getJob(id);
  if (!job) throw new FirecrawlError('SCRAPE_FAILED', 'the job is gone');
  const failure = jobFailure(job);
  if (failure) throw failure;
  const { doc } = await deps.docs.document(job, asked.mapping.shape);
  return { success: true, data: doc };
}
