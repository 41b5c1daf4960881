// What every command gets: the io, the global flags, a client built from the resolved connection,
// and a place to leave its exit code.
import type { Command } from 'commander';
import { CrawlClient } from '../client/index.js';
import { type ConnectionFlags, resolveConnection } from './config.js';
import type { CliIo } from './io.js';

export interface GlobalFlags extends ConnectionFlags {
  json?: boolean;
}

export class CommandContext {
  exitCode = 0;
  /** --json was given: errors go to stderr as JSON only. */
  jsonErrors = false;
  constructor(readonly io: CliIo) {}

  /** The global flags as seen from a subcommand. */
  globals(cmd: Command): GlobalFlags {
    return cmd.optsWithGlobals<GlobalFlags>();
  }

  async client(cmd: Command): Promise<CrawlClient> {
    const conn = await resolveConnection(this.globals(cmd), this.io);
    return new CrawlClient({
      baseUrl: conn.url,
      apiKey: conn.apiKey,
      headers: { 'user-agent': 'crawl-cli/0.1' },
    });
  }

  /** Writes one JSON document to stdout: pretty for people, compact with --json. */
  printJson(value: unknown, compact: boolean): void {
    this.io.stdout.write(`${JSON.stringify(value, null, compact ? undefined : 2)}\n`);
  }

  out(line: string): void {
    this.io.stdout.write(`${line}\n`);
  }

  note(line: string): void {
    this.io.stderr.write(`${line}\n`);
  }
}
