// `crawl schedule new|list|get|pause|resume|delete`: recurring sweeps (docs/sweeps.md "Schedules").
import type { Command } from 'commander';
import type { NewScheduleRequest, Region, Schedule, ScheduleDetail } from '../../client/index.js';
import type { CommandContext } from '../context.js';
import { UsageError } from '../io.js';
import { table } from '../progress.js';
import { parseIntFlag } from '../request-flags.js';

interface NewOptions {
  cron?: string;
  timezone?: string;
  regions?: string;
  tries?: string;
  timeout?: string;
  deviceType?: string;
  paused?: boolean;
}

function scheduleLines(s: Schedule): string {
  return table([
    ['schedule', s.schedule_id],
    ['cron', `${s.cron} (${s.timezone})`],
    ['paused', String(s.paused)],
    ['next run', s.next_run_at ?? '-'],
    ['url', s.sweep.url],
    ['regions', `${s.sweep.regions.join(',')} × ${s.sweep.tries_per_region} tries, ${s.sweep.device_type}`],
  ]);
}

/** One row per run: when, outcome, sweep, and which regions changed since the run before. */
function runTable(d: ScheduleDetail): string {
  const rows = [['SCHEDULED FOR', 'STATUS', 'SWEEP', 'CHANGED REGIONS', 'REPORT / REASON']];
  for (const r of d.runs) {
    const changed = r.changes ? r.changes.changed_regions.join(',') || 'none' : '-';
    const status = r.sweep_status ? `${r.status}/${r.sweep_status}` : r.status;
    rows.push([r.scheduled_for, status, r.sweep_id ?? '-', changed, r.report_url ?? r.reason]);
  }
  return table(rows);
}

export function registerSchedule(program: Command, ctx: CommandContext): void {
  const schedule = program.command('schedule').description('recurring sweeps on a cron line');

  schedule
    .command('new')
    .description('make a recurring sweep of a URL and print its id')
    .argument('<url>', 'the page to load')
    .option('--cron <expression>', 'when: 5 fields (minute hour day month weekday) or 6, e.g. "0 */6 * * *"')
    .option('--timezone <zone>', 'IANA zone the cron line is read in (default UTC)')
    .option('--regions <list>', 'comma-separated regions (coordinator default NA,EU,APAC)')
    .option('--tries <n>', 'tries per region, 1..10 (default 3)')
    .option('--timeout <seconds>', 'timeout of each try, 1..120 (default 60)')
    .option('--device-type <type>', 'mobile or desktop (default mobile)')
    .option('--paused', 'make it paused')
    .action(async (url: string, o: NewOptions, c: Command) => {
      if (!o.cron) throw new UsageError('--cron is required, e.g. --cron "0 */6 * * *"');
      const request: NewScheduleRequest = { url, cron: o.cron };
      if (o.timezone) request.timezone = o.timezone;
      if (o.regions) request.regions = o.regions.split(',').map((r) => r.trim().toUpperCase()) as Region[];
      const tries = parseIntFlag('--tries', o.tries, 1, 10);
      if (tries !== undefined) request.tries_per_region = tries;
      const timeout = parseIntFlag('--timeout', o.timeout, 1, 120);
      if (timeout !== undefined) request.timeout_sec = timeout;
      if (o.deviceType) request.device_type = o.deviceType as NewScheduleRequest['device_type'];
      if (o.paused) request.paused = true;
      const s = await (await ctx.client(c)).createSchedule(request, { signal: ctx.io.interrupt });
      if (ctx.globals(c).json) ctx.printJson(s, true);
      else {
        ctx.out(s.schedule_id);
        ctx.note(s.paused ? `schedule ${s.schedule_id} is paused` : `next run: ${s.next_run_at ?? 'never'}`);
      }
    });

  schedule
    .command('list')
    .description("list the key owner's schedules")
    .action(async (_o: unknown, c: Command) => {
      const list = await (await ctx.client(c)).listSchedules({ signal: ctx.io.interrupt });
      if (ctx.globals(c).json) {
        ctx.printJson({ schedules: list }, true);
        return;
      }
      const rows = [['SCHEDULE', 'CRON', 'TIMEZONE', 'PAUSED', 'NEXT RUN', 'URL']];
      for (const s of list) {
        rows.push([s.schedule_id, s.cron, s.timezone, String(s.paused), s.next_run_at ?? '-', s.sweep.url]);
      }
      ctx.out(table(rows));
    });

  schedule
    .command('get')
    .description('show a schedule and its newest runs, with the regions that changed')
    .argument('<id>', 'schedule id')
    .option('--runs <n>', 'how many runs, 0..50 (default 10)')
    .action(async (id: string, o: { runs?: string }, c: Command) => {
      const runs = parseIntFlag('--runs', o.runs, 0, 50);
      const d = await (await ctx.client(c)).getSchedule(id, { runs, signal: ctx.io.interrupt });
      if (ctx.globals(c).json) ctx.printJson(d, true);
      else ctx.out(`${scheduleLines(d)}\n${runTable(d)}`);
    });

  for (const action of ['pause', 'resume'] as const) {
    schedule
      .command(action)
      .description(action === 'pause' ? 'stop firing until resumed' : 'fire again from the next time on')
      .argument('<id>', 'schedule id')
      .action(async (id: string, _o: unknown, c: Command) => {
        const s = await (await ctx.client(c)).setSchedulePaused(id, action === 'pause', {
          signal: ctx.io.interrupt,
        });
        if (ctx.globals(c).json) ctx.printJson(s, true);
        else ctx.out(scheduleLines(s));
      });
  }

  schedule
    .command('delete')
    .description('delete a schedule (its past sweeps stay)')
    .argument('<id>', 'schedule id')
    .action(async (id: string, _o: unknown, c: Command) => {
      await (await ctx.client(c)).deleteSchedule(id, { signal: ctx.io.interrupt });
      if (ctx.globals(c).json) ctx.printJson({ schedule_id: id, deleted: true }, true);
      else ctx.note(`schedule ${id} deleted`);
    });
}
