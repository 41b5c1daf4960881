// `crawl sweep URL`: one URL from several regions; a live per-region table while it runs (polling
// until the coordinator pushes events), then a summary and the report link.
import type { Command } from 'commander';
import type { NewSweepRequest, Region, Sweep, SweepJobEntry } from '../../client/index.js';
import type { CommandContext } from '../context.js';
import { EXIT, UsageError } from '../io.js';
import { LiveBlock, table } from '../progress.js';
import { parseIntFlag } from '../request-flags.js';

interface SweepOptions {
  regions?: string;
  tries?: string;
  timeout?: string;
  deviceType?: string;
  wait: boolean;
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const ms = (v: number | null): string => (v === null ? '-' : `${Math.round(v)}`);

/** One row per region: tries by state, countries, median TTFB/FCP/LCP of completed tries. */
export function sweepTable(sweep: Sweep): string {
  const rows = [
    ['REGION', 'STATUS', 'DONE', 'FAILED', 'WAITING', 'COUNTRIES', 'TTFB ms', 'FCP ms', 'LCP ms'],
  ];
  for (const [name, region] of Object.entries(sweep.results)) {
    const jobs: SweepJobEntry[] = region.jobs;
    const ok = jobs.filter((j) => j.status === 'completed');
    const failed = jobs.filter((j) => j.status === 'failed').length;
    const countries = [...new Set(jobs.map((j) => j.country).filter(Boolean))].join(',') || '-';
    rows.push([
      name,
      region.status,
      `${ok.length}/${jobs.length}`,
      String(failed),
      String(jobs.length - ok.length - failed),
      countries,
      ms(median(ok.map((j) => j.metrics.ttfb))),
      ms(median(ok.map((j) => j.metrics.fcp))),
      ms(median(ok.map((j) => j.metrics.lcp))),
    ]);
  }
  return table(rows);
}

function errorsOf(sweep: Sweep): string[] {
  const out: string[] = [];
  for (const [name, region] of Object.entries(sweep.results)) {
    for (const j of region.jobs) {
      if (j.status === 'failed') out.push(`${name} ${j.job_id}: ${j.error_type}: ${j.error_message}`);
    }
  }
  return out;
}

async function runSweep(ctx: CommandContext, url: string, o: SweepOptions, cmd: Command): Promise<void> {
  const { io } = ctx;
  const json = Boolean(ctx.globals(cmd).json);
  const request: NewSweepRequest = { url };
  if (o.regions) {
    const regions = o.regions
      .split(',')
      .map((r) => r.trim().toUpperCase())
      .filter(Boolean);
    if (regions.length === 0) throw new UsageError('--regions wants a comma-separated list, e.g. NA,EU');
    request.regions = regions as Region[];
  }
  const tries = parseIntFlag('--tries', o.tries, 1, 10);
  if (tries !== undefined) request.tries_per_region = tries;
  const timeout = parseIntFlag('--timeout', o.timeout, 1, 120);
  if (timeout !== undefined) request.timeout_sec = timeout;
  if (o.deviceType) request.device_type = o.deviceType as NewSweepRequest['device_type'];
  const client = await ctx.client(cmd);
  const created = await client.createSweep(request, { signal: io.interrupt });
  const unserved = created.regions_without_devices ?? [];
  if (unserved.length > 0) {
    const type = request.device_type ?? 'mobile';
    ctx.note(
      `crawl: no connected device in ${unserved.join(', ')} runs full-page crawls as a ${type} device: ` +
        `${unserved.length === 1 ? 'its' : 'their'} tries failed at once (no_device)`,
    );
  }
  if (!o.wait) {
    if (json) ctx.printJson(created, true);
    else ctx.out(`${created.sweep_id}\n${created.report_url}`);
    return;
  }
  const live = new LiveBlock(io.stderr, Boolean(io.stderr.isTTY) && !json);
  live.draw(`sweep ${created.sweep_id}: ${created.total_jobs} tries submitted`);
  let sweep: Sweep;
  try {
    sweep = await client.waitForSweep(created.sweep_id, {
      signal: io.interrupt,
      minIntervalMs: 250,
      maxIntervalMs: 2_000,
      onUpdate: (s) => live.draw(`sweep ${s.sweep_id}: ${s.status}\n${sweepTable(s)}`),
    });
  } catch (err) {
    if (!io.interrupt.aborted) throw err;
    live.clear();
    ctx.note(`crawl: interrupted; sweep ${created.sweep_id} keeps running. Report: ${created.report_url}`);
    if (json) ctx.printJson({ sweep_id: created.sweep_id, status: 'interrupted' }, true);
    else ctx.out(created.sweep_id);
    ctx.exitCode = EXIT.interrupted;
    return;
  }
  live.clear();
  if (json) ctx.printJson(sweep, true);
  else {
    ctx.out(`sweep ${sweep.sweep_id} of ${sweep.url}: ${sweep.status}`);
    ctx.out(sweepTable(sweep));
    ctx.out(`${sweep.completed_jobs} of ${sweep.total_jobs} tries completed, ${sweep.failed_jobs} failed`);
    for (const line of errorsOf(sweep)) ctx.out(`  ${line}`);
    ctx.out(`report: ${sweep.report_url ?? created.report_url}`);
  }
  if (sweep.status !== 'completed') ctx.exitCode = EXIT.jobFailed;
}

export function registerSweep(program: Command, ctx: CommandContext): void {
  program
    .command('sweep')
    .description('load a URL from several regions and compare')
    .argument('<url>', 'the page to load')
    .option(
      '--regions <list>',
      'comma-separated regions: NA,EU,APAC,LATAM,MEA (coordinator default NA,EU,APAC)',
    )
    .option('--tries <n>', 'tries per region, 1..10 (default 3)')
    .option('--timeout <seconds>', 'timeout of each try, 1..120 (default 60)')
    .option('--device-type <type>', 'mobile or desktop (default mobile)')
    .option('--no-wait', 'print the sweep id and report link and exit')
    .action((url: string, o: SweepOptions, c: Command) => runSweep(ctx, url, o, c));
}
