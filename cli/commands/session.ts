// `crawl session new|get|jobs|close`.
import type { Command } from 'commander';
import type { NewSessionRequest, Session } from '../../client/index.js';
import type { CommandContext } from '../context.js';
import { table } from '../progress.js';
import { type PlacementFlags, parseIntFlag, placementFrom } from '../request-flags.js';
import { addPlacementOptions } from './get.js';

function sessionLines(s: Session): string {
  return table([
    ['session', s.id],
    ['status', s.status],
    ['created', s.created_at],
    ['expires', s.expires_at],
    ['closed', s.closed_at ?? '-'],
    ['device', s.device_id ?? '-'],
    ['placement', s.placement ? JSON.stringify(s.placement) : '-'],
    ['jobs', String(s.job_ids.length)],
  ]);
}

export function registerSession(program: Command, ctx: CommandContext): void {
  const session = program
    .command('session')
    .description('sessions: jobs pinned to one device, sharing cookies');

  const create = session
    .command('new')
    .description('open a session and print its id')
    .option('--duration <seconds>', 'lifetime, 1..3600 (coordinator default 60)');
  addPlacementOptions(create).action(async (o: PlacementFlags & { duration?: string }, c: Command) => {
    const request: NewSessionRequest = {};
    const duration = parseIntFlag('--duration', o.duration, 1, 3600);
    if (duration !== undefined) request.duration_seconds = duration;
    const placement = placementFrom(o);
    if (placement) request.placement = placement;
    const client = await ctx.client(c);
    const s = await client.createSession(request, { signal: ctx.io.interrupt });
    if (ctx.globals(c).json) ctx.printJson(s, true);
    else {
      ctx.out(s.id);
      ctx.note(`session ${s.id} is active until ${s.expires_at}`);
    }
  });

  session
    .command('get')
    .description('show a session')
    .argument('<id>', 'session id')
    .action(async (id: string, _o: unknown, c: Command) => {
      const s = await (await ctx.client(c)).getSession(id, { signal: ctx.io.interrupt });
      if (ctx.globals(c).json) ctx.printJson(s, true);
      else ctx.out(sessionLines(s));
    });

  session
    .command('jobs')
    .description("list a session's jobs, oldest first")
    .argument('<id>', 'session id')
    .action(async (id: string, _o: unknown, c: Command) => {
      const l = await (await ctx.client(c)).getSessionJobs(id, { signal: ctx.io.interrupt });
      if (ctx.globals(c).json) {
        ctx.printJson(l, true);
        return;
      }
      const rows = [['JOB', 'STATUS', 'METHOD', 'URL', 'ERROR']];
      for (const j of l.jobs) rows.push([j.job_id, j.status, j.method, j.url, j.error_message]);
      ctx.out(table(rows));
      ctx.out(
        `${l.total_jobs} jobs: ${l.completed_count} completed, ${l.failed_count} failed, ${l.pending_count} waiting`,
      );
    });

  session
    .command('close')
    .description('close a session (waiting jobs fail session_closed)')
    .argument('<id>', 'session id')
    .action(async (id: string, _o: unknown, c: Command) => {
      await (await ctx.client(c)).closeSession(id, { signal: ctx.io.interrupt });
      if (ctx.globals(c).json) ctx.printJson({ session_id: id, status: 'closed' }, true);
      else ctx.note(`session ${id} closed`);
    });
}
