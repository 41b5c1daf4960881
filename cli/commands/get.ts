// `crawl get URL`: submit a job, wait with a progress line, write its content.
import { type Command, Option } from 'commander';
import type { Job, JobDetail } from '../../client/index.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../io.js';
import { OUTCOME_EXIT, type OutcomeClass, outcomeOf } from '../outcome.js';
import { ProgressLine } from '../progress.js';
import { collect, type GetFlags, jobRequestFrom } from '../request-flags.js';
import { emitContent, fetchContent, parseFormat, type WrittenContent } from './content.js';

interface GetOptions extends GetFlags {
  format?: string;
  output?: string;
  screenshot?: string;
  wait: boolean;
}

export function addPlacementOptions(cmd: Command): Command {
  return cmd
    .option('--region <region>', 'NA, EU, APAC, LATAM or MEA')
    .option('--country <code>', 'ISO 3166-1 alpha-2 country code')
    .option('--city <city>', 'city of the device')
    .option('--device-type <type>', 'mobile, desktop or server')
    .option('--network-type <type>', 'wifi, cellular or ethernet')
    .option('--device-id <id>', 'one device')
    .option('--asn <number>', "the device's egress network (autonomous system number)");
}

function describe(job: Job, device: string): string {
  const where = device ? ` on ${device}` : '';
  return `job ${job.job_id}: ${job.status}${job.status === 'running' ? where : ''}`;
}

const targetWords = (c: OutcomeClass) => (c === 'unreachable' ? 'could not be reached' : 'gave no answer');

function doneLine(job: Job, detail: JobDetail, device: string): string {
  const r = detail.result;
  if (!r) return `job ${job.job_id}: completed`;
  const on = device ? ` on ${device}` : '';
  if (!r.success) {
    return `job ${job.job_id}: done${on}, the target ${targetWords(outcomeOf(job, r).outcome)} (${r.error_type}: ${r.error_message})`;
  }
  return `job ${job.job_id}: done${on}, HTTP ${r.status_code}, ${r.size_bytes} bytes in ${r.time_ms} ms`;
}

async function runGet(ctx: CommandContext, url: string, o: GetOptions, cmd: Command): Promise<void> {
  const { io } = ctx;
  const json = Boolean(ctx.globals(cmd).json);
  const request = await jobRequestFrom(url, o, io);
  const format = parseFormat(o.format);
  const client = await ctx.client(cmd);
  const progress = new ProgressLine(io.stderr, Boolean(io.stderr.isTTY) && !json);
  const submitted = await client.submitJob(request, { signal: io.interrupt });
  const id = submitted.job_id;
  if (!o.wait) {
    if (json) ctx.printJson(submitted, true);
    else ctx.out(id);
    return;
  }
  // The Job object names the device of its latest try once one took it (docs/api.md).
  const show = (j: Job) => progress.update(describe(j, j.device_id ?? ''));
  show(submitted);
  let job: Job;
  try {
    job = await client.waitForJob(id, {
      signal: io.interrupt,
      minIntervalMs: 100,
      maxIntervalMs: 1_000,
      onUpdate: show,
    });
  } catch (err) {
    if (!io.interrupt.aborted) throw err;
    progress.clear();
    ctx.note(`crawl: interrupted; job ${id} keeps running. Check it with: crawl status ${id}`);
    if (json) ctx.printJson({ job_id: id, status: 'interrupted' }, true);
    else ctx.out(id);
    ctx.exitCode = EXIT.interrupted;
    return;
  }
  if (job.status === 'failed') {
    progress.done(`job ${id}: failed`);
    ctx.note(`crawl: job ${id} failed: ${job.error_type}: ${job.error_message}`);
    if (json) ctx.printJson(job, true);
    ctx.exitCode = OUTCOME_EXIT[outcomeOf(job, null).outcome];
    return;
  }
  const detail = await client.getJobDetail(id, { signal: io.interrupt });
  const content = await fetchContent(ctx, client, id, format, json);
  const ranOn = content.download?.metadata.device_id ?? job.device_id ?? '';
  // The final line goes before the content: content without a trailing newline would otherwise
  // share the terminal line the progress display rewrites.
  progress.done(doneLine(job, detail, ranOn));
  const written: WrittenContent = await emitContent(ctx, content, o.output);
  let screenshot: string | null = null;
  if (o.screenshot) {
    await io.writeFile(o.screenshot, await client.screenshot(id, { signal: io.interrupt }));
    screenshot = o.screenshot;
  }
  // The HAR and the PDF go to the files their flags name (docs/actions.md).
  for (const [file, form] of [
    [o.har, 'har'],
    [o.pdf, 'pdf'],
  ] as const) {
    if (file && detail.result?.success) {
      await io.writeFile(file, (await client.downloadAs(id, form, { signal: io.interrupt })).bytes);
    }
  }
  if (o.output) {
    const summary = { job, result: detail.result, output: written.file, bytes: written.bytes, screenshot };
    if (json) ctx.printJson(summary, true);
  }
  const outcome = outcomeOf(job, detail.result);
  if (outcome.outcome !== 'answered' && !progress.enabled) {
    ctx.note(
      `crawl: the target ${targetWords(outcome.outcome)}: ${outcome.error_type ?? ''}: ${outcome.error_message ?? ''}`,
    );
  }
  ctx.exitCode = OUTCOME_EXIT[outcome.outcome];
}

export function registerGet(program: Command, ctx: CommandContext): void {
  const cmd = program
    .command('get')
    .description('run one crawl job and print its content')
    .argument('<url>', 'the target URL')
    .option(
      '-X, --request <method>',
      'GET, POST, PUT, DELETE, HEAD, OPTIONS, SOLANA_JSON_RPC, CRAWL_FULL_PAGE',
    )
    .option('-H, --header <line>', '"Name: value" request header (repeatable)', collect, [])
    .option('-d, --data <data>', 'request body text, or @FILE (implies POST without -X)')
    .option('--data-binary <data>', 'request body bytes, or @FILE')
    .option('-b, --cookie <cookies>', '"name=value; name2=value2" (repeatable)', collect, [])
    .option('--full-page', 'render the page in Chromium (CRAWL_FULL_PAGE)')
    .option('--session <id>', 'run in this session (same device, shared cookies)')
    .option('--timeout <seconds>', 'job timeout, 1..300 (coordinator default 30)')
    .addOption(
      new Option(
        '--format <format>',
        'json, raw, html, markdown, text, extract, har, pdf or lighthouse',
      ).default('json'),
    )
    .option('-o, --output <file>', 'write the content to FILE instead of stdout')
    .option('--screenshot <file>', 'save the screenshot PNG (full-page jobs)')
    .option('--no-wait', 'print the job id and exit without waiting')
    // Driving and reading the page (docs/actions.md).
    .option('--actions <file>', 'JSON file: the actions to run in the page (with --full-page)')
    .option('--extract <file>', 'JSON file: an extraction schema (format extract prints the result)')
    .option('--har <file>', 'record a HAR of the page and save it to FILE (with --full-page)')
    .option('--pdf <file>', 'print the page to PDF and save it to FILE (with --full-page)')
    .option('--pdf-format <format>', 'A4, Letter, Legal, A3 or Tabloid (default A4)')
    .option('--audit', 'run Lighthouse on the page (with --full-page)');
  addPlacementOptions(cmd).action((url: string, o: GetOptions, c: Command) => runGet(ctx, url, o, c));
}
