// Turns any failure of a command into plain words on stderr (or a JSON object with --json) and the
// documented exit code.
import { CommanderError } from 'commander';
import { CrawlApiError, CrawlTransportError, CrawlWaitTimeoutError } from '../client/index.js';
import { type CliIo, EXIT, UsageError } from './io.js';

const PLAIN: Record<number, string> = {
  400: 'the coordinator refused the request as invalid',
  401: 'the API key was not accepted; check --key, CRAWL_API_KEY or your profile',
  403: 'this needs an admin API key',
  404: 'not found: it does not exist, or it belongs to another API key',
  409: 'the job has not completed yet; see `crawl status ID`',
  410: 'the job content was archived and is no longer available',
  429: 'the coordinator queue is full; try again later',
};

function plainWords(err: CrawlApiError): string {
  return PLAIN[err.status] ?? (err.status >= 500 ? 'the coordinator failed' : 'unexpected answer');
}

/** Writes the failure and answers the exit code. */
export function reportError(err: unknown, io: CliIo, json: boolean): number {
  if (err instanceof CommanderError) {
    // Without --json, commander has printed its message already (through configureOutput).
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return EXIT.ok;
    if (err.code === 'commander.help') return EXIT.ok;
    if (json) {
      const message = err.message.replace(/^error: /, '');
      io.stderr.write(`${JSON.stringify({ error: { code: 'usage', message } })}\n`);
    }
    return EXIT.usage;
  }
  let code: number = EXIT.apiError;
  let out: Record<string, unknown>;
  let line: string;
  if (err instanceof UsageError) {
    code = EXIT.usage;
    out = { code: 'usage', message: err.message };
    line = err.message;
  } else if (err instanceof CrawlApiError) {
    out = { code: err.code, status: err.status, message: err.apiMessage };
    line = `${plainWords(err)} (HTTP ${err.status}: ${err.apiMessage})`;
  } else if (err instanceof CrawlTransportError) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    out = { code: err.code, message: `${err.message}${cause}` };
    line = `${err.message}${cause}`;
  } else if (err instanceof CrawlWaitTimeoutError) {
    out = { code: err.code, message: err.message };
    line = err.message;
  } else {
    out = { code: 'internal', message: String((err as Error)?.message ?? err) };
    line = `unexpected failure: ${out.message}`;
  }
  io.stderr.write(json ? `${JSON.stringify({ error: out })}\n` : `crawl: ${line}\n`);
  return code;
}
