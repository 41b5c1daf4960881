// `crawl-agent status|pause|resume|log`: talks to the local agent's status port and prints the
// answer for a person. Usage: tsx agent/status/cli.ts [status|pause|resume|log] [--addr H:P] [--json]
// [--limit N]. The wrapper script maps CRAWL_AGENT_STATUS_ADDR to --addr, so this file reads no
// environment.
import { parseArgs } from 'node:util';
import { DEFAULT_STATUS_ADDR, hostUrl, parseStatusAddr } from './address.js';
import { formatStatus, formatUrlLog } from './format.js';
import type { AgentStatus, UrlLogLine } from './types.js';

const USAGE = `usage: crawl-agent status [--addr HOST:PORT] [--json]
       crawl-agent pause|resume [--addr HOST:PORT]
       crawl-agent log [--addr HOST:PORT] [--limit N] [--json]
       crawl-agent proxy on|off [--addr HOST:PORT]
`;
const COMMANDS = ['status', 'pause', 'resume', 'log', 'proxy'] as const;
type Command = (typeof COMMANDS)[number];

interface Options {
  addr?: string;
  json?: boolean;
  limit?: string;
  help?: boolean;
}

async function main(argv: string[]): Promise<number> {
  let values: Options;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        addr: { type: 'string', default: DEFAULT_STATUS_ADDR },
        json: { type: 'boolean', default: false },
        limit: { type: 'string', default: '100' },
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
  const command = (positionals[0] ?? 'status') as Command;
  const proxySwitch = command === 'proxy' ? positionals[1] : undefined;
  const proxyOk =
    command === 'proxy' ? (proxySwitch === 'on' || proxySwitch === 'off') && positionals.length === 2 : true;
  if (!COMMANDS.includes(command) || !proxyOk || (command !== 'proxy' && positionals.length > 1)) {
    process.stderr.write(USAGE);
    return 2;
  }
  let base: string;
  try {
    const { host, port } = parseStatusAddr(values.addr ?? DEFAULT_STATUS_ADDR);
    base = hostUrl(host, port);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 2;
  }
  const path =
    command === 'status'
      ? '/status'
      : command === 'log'
        ? `/log?limit=${encodeURIComponent(values.limit ?? '100')}`
        : command === 'proxy'
          ? `/proxy/${proxySwitch}`
          : `/${command}`;
  const url = `${base}${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: command === 'pause' || command === 'resume' || command === 'proxy' ? 'POST' : 'GET',
      signal: AbortSignal.timeout(5_000),
    });
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
  const body: unknown = await res.json();
  if (values.json) {
    process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
  } else if (command === 'status') {
    process.stdout.write(formatStatus(body as AgentStatus, Date.now()));
  } else if (command === 'log') {
    process.stdout.write(formatUrlLog((body as { entries: UrlLogLine[] }).entries));
  } else if (command === 'proxy') {
    process.stdout.write(
      (body as { proxy: boolean }).proxy
        ? 'proxy on: the coordinator may open proxy streams through this device (kept across restarts)\n'
        : 'proxy off: the device carries no proxy streams\n',
    );
  } else {
    process.stdout.write(
      (body as { paused: boolean }).paused
        ? 'paused: the agent takes no new jobs until `crawl-agent resume` (kept across restarts)\n'
        : 'resumed: the agent takes jobs again\n',
    );
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
