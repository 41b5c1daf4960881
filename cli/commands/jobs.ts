// `crawl status ID…` (a batch's id shows the batch), `crawl detail ID`, `crawl download ID`.
import type { Command } from 'commander';
import { CrawlNotFoundError, type Job, type JobDetail } from '../../client/index.js';
import type { CommandContext } from '../context.js';
import { EXIT, UsageError } from '../io.js';
import { table } from '../progress.js';
import { batchLine, readWholeBatch } from './batch-status.js';
import { emitContent, fetchContent, parseFormat } from './content.js';

function jobRow(job: Job): string[] {
  const error = job.status === 'failed' ? `${job.error_type}: ${job.error_message}` : '';
  return [job.job_id, job.status, job.method, job.url, error];
}

async function runStatus(ctx: CommandContext, ids: string[], cmd: Command): Promise<void> {
  const json = Boolean(ctx.globals(cmd).json);
  const client = await ctx.client(cmd);
  if (ids.length === 1) {
    const id = ids[0] as string;
    let job: Job;
    try {
      job = await client.getJob(id, { signal: ctx.io.interrupt });
    } catch (err) {
      if (!(err instanceof CrawlNotFoundError)) throw err;
      // A batch's id is no job's: show the batch rather than a bare 404 (the job's 404 if neither).
      const batch = await readWholeBatch(client, id, ctx.io.interrupt).catch((batchErr: unknown) => {
        throw batchErr instanceof CrawlNotFoundError ? err : batchErr;
      });
      ctx.note(`crawl: ${id} is a batch, not a job; shown as \`crawl batch status ${id}\` shows it`);
      if (json) ctx.printJson(batch, true);
      else ctx.out(batchLine(batch));
      return;
    }
    if (json) ctx.printJson(job, true);
    else ctx.out(table([jobRow(job)]));
    return;
  }
  if (ids.length > 1000) throw new UsageError('at most 1000 job ids at once');
  const batch = await client.batchStatus(ids, { signal: ctx.io.interrupt });
  const rows: string[][] = [];
  let missing = 0;
  for (const id of ids) {
    const entry = batch.results[id];
    if (entry && 'job' in entry) rows.push(jobRow(entry.job));
    else {
      missing++;
      rows.push([id, entry?.error.code ?? 'not_found', '', '', entry?.error.message ?? '']);
    }
  }
  if (json) ctx.printJson(batch, true);
  else ctx.out(table(rows));
  if (missing > 0) ctx.exitCode = EXIT.apiError;
}

function detailLines(d: JobDetail): string {
  const r = d.result;
  const rows: string[][] = [
    ['job', d.job.job_id],
    ['status', d.job.status],
    ['method', d.job.method],
    ['url', d.job.url],
    ['download', d.download_url],
  ];
  if (r) {
    rows.push(['success', String(r.success)], ['status code', String(r.status_code)]);
    rows.push(['size', `${r.size_bytes} bytes`], ['time', `${r.time_ms} ms`]);
    if (r.tls_version) rows.push(['tls', `${r.tls_version} ${r.tls_cipher_suite}`]);
    if (!r.success) rows.push(['error', `${r.error_type}: ${r.error_message}`]);
  } else if (d.job.status === 'failed') {
    rows.push(['error', `${d.job.error_type}: ${d.job.error_message}`]);
  }
  for (const h of d.response_headers) rows.push([`< ${h.name}`, h.value]);
  return table(rows);
}

export function registerJobCommands(program: Command, ctx: CommandContext): void {
  program
    .command('status')
    .description('show the status of one or more jobs (given a batch id: the batch)')
    .argument('<ids...>', 'job ids, or one batch id')
    .action((ids: string[], _o: unknown, c: Command) => runStatus(ctx, ids, c));

  program
    .command('detail')
    .description('show a job with its result, headers and cookies')
    .argument('<id>', 'job id')
    .option('--parse-cookies', 'add cookies parsed from Cookie and Set-Cookie headers')
    .option('--include-body', "include the target's body (field body)")
    .action(async (id: string, o: { parseCookies?: boolean; includeBody?: boolean }, c: Command) => {
      const client = await ctx.client(c);
      const detail = await client.getJobDetail(id, { ...o, signal: ctx.io.interrupt });
      if (ctx.globals(c).json) ctx.printJson(detail, true);
      else ctx.out(detailLines(detail));
    });

  program
    .command('download')
    .description("write a completed job's content")
    .argument('<id>', 'job id')
    .option('--format <format>', 'json, raw, html, markdown or text', 'json')
    .option('-o, --output <file>', 'write to FILE instead of stdout')
    .action(async (id: string, o: { format?: string; output?: string }, c: Command) => {
      const format = parseFormat(o.format);
      const client = await ctx.client(c);
      const json = Boolean(ctx.globals(c).json);
      const written = await emitContent(ctx, await fetchContent(ctx, client, id, format, json), o.output);
      if (o.output && json) {
        ctx.printJson(
          { job_id: id, output: written.file, bytes: written.bytes, content_type: written.contentType },
          true,
        );
      }
    });
}
