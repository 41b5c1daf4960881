// `crawl devices`: the fleet, for operators (admin API keys).
import { type Command, Option } from 'commander';
import type { CommandContext } from '../context.js';
import { table } from '../progress.js';

export function registerDevices(program: Command, ctx: CommandContext): void {
  program
    .command('devices')
    .description('list devices (admin API key)')
    .addOption(
      new Option('--connected <bool>', 'only connected (true) or disconnected (false)').choices([
        'true',
        'false',
      ]),
    )
    .action(async (o: { connected?: 'true' | 'false' }, c: Command) => {
      const client = await ctx.client(c);
      const list = await client.listDevices({
        connected: o.connected === undefined ? undefined : o.connected === 'true',
        signal: ctx.io.interrupt,
      });
      if (ctx.globals(c).json) {
        ctx.printJson(list, true);
        return;
      }
      const rows = [['DEVICE', 'CONNECTED', 'LOCATION', 'TYPE', 'LOAD', 'METHODS']];
      for (const d of list.devices) {
        const where = [d.location.country, d.location.region, d.location.city].filter(Boolean).join(' ');
        rows.push([
          d.device_id,
          d.connected ? 'yes' : 'no',
          where || '-',
          d.device_type || '-',
          `${d.load.running}/${d.load.max_concurrent}`,
          d.capabilities.methods.join(','),
        ]);
      }
      ctx.out(table(rows));
      ctx.out(
        `${list.total} devices, ${list.connected} connected, ${list.available} available, ${list.queued_jobs} jobs queued`,
      );
    });
}
