// `crawl cancel ID`: cancels a job, a batch or a site crawl, whichever ID names (asked in that
// order: ids of jobs, batches and crawls never collide, so the first that is not a 404 is it). A
// job or a batch's unfinished jobs fail `cancelled`, stopped on their devices; a crawl fetches no
// new page and its pages in flight fail `cancelled` (docs/api.md, docs/client.md).
import type { Command } from 'commander';
import { type CrawlClient, CrawlConflictError, CrawlNotFoundError } from '../../client/index.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../io.js';
import { batchLine } from './batch-status.js';

/** What `cancel` printed for each kind of id. */
type Cancelled =
  | { kind: 'job'; value: Awaited<ReturnType<CrawlClient['cancelJob']>> }
  | { kind: 'batch'; value: Awaited<ReturnType<CrawlClient['cancelBatch']>> }
  | { kind: 'crawl'; value: Awaited<ReturnType<CrawlClient['cancelCrawl']>> };

/** The cancel of the first kind the id is found as; the job's 404 when it is none of them. */
async function cancelAny(client: CrawlClient, id: string, signal: AbortSignal): Promise<Cancelled> {
  const tries: Array<() => Promise<Cancelled>> = [
    async () => ({ kind: 'job', value: await client.cancelJob(id, { signal }) }),
    async () => ({ kind: 'batch', value: await client.cancelBatch(id, { signal }) }),
    async () => ({ kind: 'crawl', value: await client.cancelCrawl(id, { signal }) }),
  ];
  let first: unknown = null;
  for (const attempt of tries) {
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof CrawlNotFoundError)) throw err;
      first ??= err;
    }
  }
  throw first;
}

async function runCancel(ctx: CommandContext, id: string, cmd: Command): Promise<void> {
  const json = Boolean(ctx.globals(cmd).json);
  const client = await ctx.client(cmd);
  let done: Cancelled;
  try {
    done = await cancelAny(client, id, ctx.io.interrupt);
  } catch (err) {
    // Only a job answers 409 here: it had ended before the cancel (completed or failed).
    if (!(err instanceof CrawlConflictError)) throw err;
    if (json) {
      ctx.note(JSON.stringify({ error: { code: err.code, status: err.status, message: err.apiMessage } }));
    } else ctx.note(`crawl: job ${id} had already ended; nothing to cancel (HTTP 409: ${err.apiMessage})`);
    ctx.exitCode = EXIT.apiError;
    return;
  }
  if (done.kind === 'job') {
    const job = done.value;
    if (json) ctx.printJson(job, true);
    else ctx.out(`job ${job.job_id}: ${job.status} (${job.error_type}: ${job.error_message})`);
  } else if (done.kind === 'batch') {
    const batch = done.value;
    if (json) ctx.printJson(batch, true);
    else ctx.out(`${batchLine(batch)}; ${batch.cancelled_count} cancelled now`);
  } else {
    const crawl = done.value;
    if (json) ctx.printJson({ ...crawl, pages: undefined }, true);
    else
      ctx.out(
        `crawl ${crawl.crawl_id}: ${crawl.status}, ${crawl.counts.done} pages done, ${crawl.counts.queued} not fetched`,
      );
  }
}

export function registerCancel(program: Command, ctx: CommandContext): void {
  program
    .command('cancel')
    .description(
      'cancel a job, a batch or a site crawl: unfinished jobs fail `cancelled` and stop on their devices; a crawl fetches no new page',
    )
    .argument(
      '<id>',
      'a job, batch or crawl id (as `crawl get`, `crawl batch` or `crawl site --no-wait` printed it)',
    )
    .action((id: string, _o: unknown, c: Command) => runCancel(ctx, id, c));
}
