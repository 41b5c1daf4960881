// `crawl-agent status`: asks the local agent's status port and prints the answer for a person.
// Usage: tsx agent/status/cli.ts [--addr 127.0.0.1:9477] [--json]
// The wrapper script maps CRAWL_AGENT_STATUS_ADDR to --addr, so this file reads no environment.
import { parseArgs } from 'node:util';
import { DEFAULT_STATUS_ADDR, hostUrl, parseStatusAddr } from './address.js';
import { formatStatus } from './format.js';
import type { AgentStatus } from './types.js';

const USAGE = 'usage: crawl-agent status [--addr HOST:PORT] [--json]\n';

async function main(argv: string[]): Promise<number> {
  let values: { addr?: string; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        addr: { type: 'string', default: DEFAULT_STATUS_ADDR },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  let url: string;
  try {
    const { host, port } = parseStatusAddr(values.addr ?? DEFAULT_STATUS_ADDR);
    url = `${hostUrl(host, port)}/status`;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 2;
  }
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    process.stderr.write(
      `cannot reach the agent's status port at ${url} (${cause}): is crawl-agent running?\n`,
    );
    return 1;
  }
  if (!res.ok) {
    process.stderr.write(`status port answered ${res.status}: ${(await res.text()).trim()}\n`);
    return 1;
  }
  const status = (await res.json()) as AgentStatus;
  process.stdout.write(
    values.json ? `${JSON.stringify(status, null, 2)}\n` : formatStatus(status, Date.now()),
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
