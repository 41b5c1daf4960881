// The `crawl` command line: builds the commander program and runs it against an io, answering the
// exit code (docs/client.md). Never exits the process itself.
import { Command } from 'commander';
import { registerBatch } from './commands/batch.js';
import { registerCancel } from './commands/cancel.js';
import { registerCrawlSite } from './commands/crawl-site.js';
import { registerDevices } from './commands/devices.js';
import { registerGet } from './commands/get.js';
import { registerJobCommands } from './commands/jobs.js';
import { registerMcp } from './commands/mcp.js';
import { registerMeasure } from './commands/measure.js';
import { registerSchedule } from './commands/schedule.js';
import { registerSession } from './commands/session.js';
import { registerSweep } from './commands/sweep.js';
import { CommandContext } from './context.js';
import { type CliIo, EXIT } from './io.js';
import { reportError } from './report-error.js';

export const CLI_VERSION = '0.1.0';

export function buildProgram(ctx: CommandContext): Command {
  const program = new Command('crawl')
    .description('Run crawl jobs, sessions, sweeps and schedules on a crawl-network coordinator.')
    .version(CLI_VERSION)
    .option('--url <url>', 'coordinator URL (env CRAWL_URL)')
    .option('--key <key>', 'API key (env CRAWL_API_KEY)')
    .option('--profile <name>', 'profile of the profile file (env CRAWL_PROFILE)')
    .option('--config <file>', 'profile file (env CRAWL_CONFIG; default ~/.config/crawl/config.json)')
    .option('--json', 'machine-readable output: JSON on stdout, errors as JSON on stderr')
    .showHelpAfterError('(run crawl --help for usage)')
    .configureOutput({
      writeOut: (s) => ctx.io.stdout.write(s),
      // With --json, usage errors are reported once, as JSON, by reportError.
      writeErr: (s) => (ctx.jsonErrors ? undefined : ctx.io.stderr.write(s)),
    })
    .exitOverride();
  registerGet(program, ctx);
  registerJobCommands(program, ctx);
  registerSweep(program, ctx);
  registerSchedule(program, ctx);
  registerSession(program, ctx);
  registerDevices(program, ctx);
  registerMcp(program, ctx);
  // Network measurements: crawl dns|ping|traceroute|mtr|tls TARGET.
  registerMeasure(program, ctx);
  // Many jobs from a file, in batches.
  registerBatch(program, ctx);
  registerCrawlSite(program, ctx);
  registerCancel(program, ctx);
  // Subcommands inherit the output routing and the no-exit rule.
  for (const cmd of program.commands) {
    cmd.exitOverride().configureOutput(program.configureOutput());
    for (const sub of cmd.commands) sub.exitOverride().configureOutput(program.configureOutput());
  }
  return program;
}

/** Runs `crawl` with `args` (without node and script) and answers the exit code. */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  const ctx = new CommandContext(io);
  ctx.jsonErrors = args.includes('--json');
  const program = buildProgram(ctx);
  try {
    await program.parseAsync(args, { from: 'user' });
    return ctx.exitCode;
  } catch (err) {
    const json = args.includes('--json');
    if (io.interrupt.aborted) {
      // Ctrl-C outside a wait (while submitting, or while fetching a result): say so, exit 130.
      io.stderr.write(
        json
          ? `${JSON.stringify({ error: { code: 'interrupted', message: 'interrupted' } })}\n`
          : 'crawl: interrupted\n',
      );
      return EXIT.interrupted;
    }
    return reportError(err, io, json);
  }
}
