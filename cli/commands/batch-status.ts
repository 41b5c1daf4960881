// `crawl batch status BATCH_ID [--jobs]`: a batch as `GET /crawl/v1/batch/{id}` answers it, every
// page of its job ids read; `--jobs` adds one row per job with its outcome class (cli/outcome.ts).
// `crawl status ID` shows a batch the same way when ID is a batch's (jobs.ts).
import type { Command } from 'commander';
import type { BatchStatus, CrawlClient, Job } from '../../client/index.js';
import type { CommandContext } from '../context.js';
import { type OutcomeClass, readOutcome } from '../outcome.js';
import { table } from '../progress.js';

const PAGE = 1000;

/** The batch with every job id (its pages read to the end). */
export async function readWholeBatch(
  client: CrawlClient,
  id: string,
  signal?: AbortSignal,
): Promise<BatchStatus> {
  const first = await client.getBatch(id, { limit: PAGE, signal });
  const jobIds = [...first.job_ids];
  for (let cursor = first.next_cursor; cursor !== null; ) {
    const page = await client.getBatch(id, { cursor, limit: PAGE, signal });
    jobIds.push(...page.job_ids);
    cursor = page.next_cursor;
  }
  return { ...first, job_ids: jobIds, next_cursor: null };
}

export function batchLine(b: BatchStatus): string {
  const c = b.counts;
  const state = b.completed ? `completed${b.completed_at ? ` at ${b.completed_at}` : ''}` : 'in progress';
  return (
    `batch ${b.batch_id}: ${state}, ${b.requested_count} requested, ${b.accepted_count} accepted: ` +
    `${c.pending} pending, ${c.running} running, ${c.completed} completed, ${c.failed} failed`
  );
}

/** A job of the batch and how it ended (the fields of an index entry, docs/client.md). */
interface BatchJobRow {
  job_id: string;
  status: Job['status'];
  method: Job['method'];
  url: string;
  /** Null while the job has not ended. */
  outcome: OutcomeClass | null;
  error_type: string | null;
  error_message: string | null;
}

/** Each job of the batch with its class, in the batch's order. */
async function jobsOf(client: CrawlClient, b: BatchStatus, signal?: AbortSignal): Promise<BatchJobRow[]> {
  const out: BatchJobRow[] = [];
  for (let at = 0; at < b.job_ids.length; at += PAGE) {
    const ids = b.job_ids.slice(at, at + PAGE);
    const status = await client.batchStatus(ids, { signal });
    for (const id of ids) {
      const entry = status.results[id];
      if (!entry || !('job' in entry)) continue;
      const job = entry.job;
      const ended = job.status === 'completed' || job.status === 'failed';
      const outcome = ended
        ? await readOutcome(client, job, signal)
        : { outcome: null, error_type: null, error_message: null };
      out.push({ job_id: job.job_id, status: job.status, method: job.method, url: job.url, ...outcome });
    }
  }
  return out;
}

/** Prints the batch (and with `jobs` each job); answers nothing, exits 0: it reports, not judges. */
export async function showBatch(
  ctx: CommandContext,
  client: CrawlClient,
  id: string,
  o: { jobs?: boolean; json: boolean },
): Promise<void> {
  const signal = ctx.io.interrupt;
  const b = await readWholeBatch(client, id, signal);
  const jobs = o.jobs ? await jobsOf(client, b, signal) : null;
  if (o.json) {
    ctx.printJson(jobs ? { ...b, jobs } : b, true);
    return;
  }
  ctx.out(batchLine(b));
  if (jobs) {
    const rows = jobs.map((j) => [
      j.job_id,
      j.status,
      j.outcome ?? '-',
      j.method,
      j.url,
      j.error_type ? `${j.error_type}: ${j.error_message ?? ''}` : '',
    ]);
    if (rows.length > 0) ctx.out(table(rows));
  }
}

export function registerBatchStatus(batch: Command, ctx: CommandContext): void {
  batch
    .command('status')
    .description('show a batch: its counts by status; --jobs adds each job and how it ended')
    .argument('<batch-id>', 'the batch (as `crawl batch` or POST /crawl/v1/batch/new made it)')
    .option('--jobs', 'one row per job: id, status, outcome, method, URL, error')
    .action(async (id: string, o: { jobs?: boolean }, c: Command) => {
      const client = await ctx.client(c);
      await showBatch(ctx, client, id, { jobs: o.jobs, json: Boolean(ctx.globals(c).json) });
    });
}
