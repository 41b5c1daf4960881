// One machine, embedded default: a coordinator on SQLite + local files and one local agent. The
// agent runs in a child process (scripts/dev-agent.ts), so a job that keeps it busy cannot stop the
// API; its output comes out here, and it stops with this process. Prints the URL, a ready API key,
// a dashboard link (an admin key kept beside the database) and where the data goes.
//   npm start -- --help
// Without --country or --region the local agent takes the country of the machine's time zone, else
// region NA (scripts/dev-location.ts); it is a desktop unless --device-type says otherwise.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiKey, createDevice } from '../coordinator/auth/admin-ops.js';
import { hashSecret } from '../coordinator/auth/secrets.js';
import {
  ConfigError,
  type CoordinatorConfig,
  loadCoordinatorConfig,
  parseFlags,
} from '../coordinator/config.js';
import { createLogger } from '../coordinator/logger.js';
import { startCoordinator } from '../coordinator/runtime.js';
import type { DevAgentReady } from './dev-agent.js';
import { type LocalLocation, localLocation, readZoneTab } from './dev-location.js';

/** The local agent's flags, passed on to it (its own process checks them). */
const AGENT_FLAGS = [
  'allow-cidrs',
  'browser',
  'country',
  'region',
  'city',
  'device-type',
  'network-type',
  'max-concurrent',
];
const OWN_FLAGS = ['api-key', 'status-addr'];

const USAGE = `usage: npm start -- [flags]

Runs a coordinator on SQLite and local files (./data unless --data-dir or --store says otherwise)
and one local agent, and prints the URL, an API key, a dashboard link and where the data goes.

  --api-key KEY           the API key to print (created if new); default a new one each start
  --status-addr H:P       the local agent's status port; default 127.0.0.1 on a free port

The local agent:
  --country CC --region R --city C     where it says it is; default from the time zone
  --device-type T         default desktop
  --network-type T        --max-concurrent N
  --browser none|PATH     full-page crawls: none, or the Chromium to use
  --allow-cidrs LIST      lab targets it may reach (e.g. 127.0.0.0/8); default none

Every coordinator flag (docs/operations.md), for example:
  --port 8080 --host 127.0.0.1 --data-dir ./data --store sqlite:PATH|postgres://…
  --proxy-addr 127.0.0.1:8081 (the egress proxy, docs/proxy.md) --log-level info
`;

const args = process.argv.slice(2);
if (args.some((a) => a === '--help' || a === '-h' || a === 'help')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
// Flags only: a stray word (a flag without its dashes) must not start the defaults.
const stray = args.filter((a, i) => !a.startsWith('--') && !(args[i - 1] ?? '').startsWith('--'));
if (stray.length > 0) {
  process.stderr.write(`npm start: unexpected argument ${JSON.stringify(stray[0])} (npm start -- --help)\n`);
  process.exit(2);
}
const flags = parseFlags(args);
const agentOwn = new Set([...AGENT_FLAGS, ...OWN_FLAGS]);
// Every other flag is the coordinator's; a mistyped one is named with the nearest flag of all three
// kinds, and nothing starts.
const coordArgs = Object.entries(flags).flatMap(([f, v]) => (agentOwn.has(f) ? [] : [`--${f}`, v as string]));
let config: Readonly<CoordinatorConfig>;
try {
  config = loadCoordinatorConfig(coordArgs, process.env, { alsoKnown: [...agentOwn] });
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  for (const problem of err.problems) process.stderr.write(`npm start: ${problem}\n`);
  process.exit(2);
}
const log = createLogger(config.logLevel);
const coordinator = await startCoordinator(config, log);

// The API key: the one given (created if new), else a fresh one for this run.
let apiKey = flags['api-key'] ?? process.env.CRAWL_API_KEY;
if (apiKey) {
  if (!(await coordinator.store.findApiKeyByHash(hashSecret(apiKey)))) {
    await createApiKey(coordinator.store, { name: 'local', key: apiKey });
  }
} else {
  apiKey = (await createApiKey(coordinator.store, { name: 'local' })).key;
}

// An admin key for the dashboard, kept beside the database (like the agent's token) so its link
// stays the same across restarts; made again when it was revoked.
const adminKeyFile = path.join(config.dataDir, 'local-admin.key');
let adminKey = existsSync(adminKeyFile) ? readFileSync(adminKeyFile, 'utf8').trim() : '';
const adminRecord = adminKey ? await coordinator.store.findApiKeyByHash(hashSecret(adminKey)) : null;
if (!adminRecord?.admin || adminRecord.revokedAt) {
  adminKey = (await createApiKey(coordinator.store, { name: 'local-admin', admin: true })).key;
  writeFileSync(adminKeyFile, `${adminKey}\n`, { mode: 0o600 });
}

// The local agent's token is kept beside the database so restarts reuse the same device.
const tokenFile = path.join(config.dataDir, 'local-agent.token');
let deviceId = 'local-agent';
let token = existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '';
const known = token ? await coordinator.store.findDeviceByTokenHash(hashSecret(token)) : null;
if (known) deviceId = known.id;
else {
  const existing = new Set((await coordinator.store.listDevices()).map((d) => d.id));
  let n = 1;
  while (existing.has(deviceId)) deviceId = `local-agent-${++n}`;
  token = (await createDevice(coordinator.store, { id: deviceId })).token;
  writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
}

// Somewhere, so placements and sweeps by region reach it; the agent's own env names count as given.
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const location = localLocation(
  {
    country: flags.country ?? process.env.CRAWL_AGENT_COUNTRY,
    region: flags.region ?? process.env.CRAWL_AGENT_REGION,
  },
  timeZone,
  readZoneTab(process.env),
);
const CHANGE = '--country, --region, --device-type to change';
const WHERE_FROM: Record<LocalLocation['source'], string> = {
  flags: 'as given',
  'time zone': `from the time zone ${timeZone}; ${CHANGE}`,
  default: `the default: the time zone ${timeZone} names no country; ${CHANGE}`,
};
// The agent's flags; its own process reads and checks them (and says what is wrong, if anything).
const agentArgs = [
  '--coordinators',
  coordinator.url,
  '--device-id',
  deviceId,
  '--state-dir',
  path.join(config.dataDir, 'agent'),
  '--status-addr',
  flags['status-addr'] ?? '127.0.0.1:0',
  ...(location.country ? ['--country', location.country] : []),
  ...(location.region ? ['--region', location.region] : []),
  // A person's computer: a desktop, so desktop sweeps (--device-type desktop) can use it.
  '--device-type',
  flags['device-type'] || process.env.CRAWL_AGENT_DEVICE_TYPE || 'desktop',
  ...['allow-cidrs', 'browser', 'city', 'network-type', 'max-concurrent'].flatMap((f) =>
    flags[f] !== undefined ? [`--${f}`, flags[f] as string] : [],
  ),
  '--log-level',
  config.logLevel,
];
// Under tsx like this process: its loader given by its resolved address, so any working directory
// does. The token goes in the environment, not on a command line others can read.
const agentChild = spawn(
  process.execPath,
  [
    '--import',
    import.meta.resolve('tsx'),
    fileURLToPath(new URL('./dev-agent.ts', import.meta.url)),
    ...agentArgs,
  ],
  {
    env: { ...process.env, CRAWL_AGENT_TOKEN: token },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  },
);
const agentExited = once(agentChild, 'exit').then(([code]) => code as number | null);
const ready = await Promise.race([
  once(agentChild, 'message').then(([msg]) => msg as DevAgentReady),
  agentExited,
]);
if (typeof ready !== 'object' || ready === null || ready.type !== 'ready') {
  process.stderr.write(`npm start: the local agent stopped before it was ready (exit code ${ready})\n`);
  await coordinator.shutdown();
  process.exit(typeof ready === 'number' && ready !== 0 ? ready : 1);
}
let stopping = false;
void agentExited.then((code) => {
  if (!stopping)
    process.stderr.write(`npm start: the local agent exited (code ${code}); the coordinator keeps serving\n`);
});

process.stdout.write(
  [
    '',
    `  coordinator  ${coordinator.url}`,
    `  api key      ${apiKey}`,
    `  local agent  ${deviceId} (${ready.methods.join(', ')})`,
    `  location     ${[location.country, location.region].filter(Boolean).join(' ')}, ${ready.deviceType} (${WHERE_FROM[location.source]})`,
    `  agent status ${ready.statusUrl ? `${ready.statusUrl}/status` : 'off'}`,
    `  dashboard    ${coordinator.url}/dashboard?key=${encodeURIComponent(adminKey)}`,
    ...(coordinator.proxyAddr ? [`  proxy        ${coordinator.proxyAddr} (docs/proxy.md)`] : []),
    `  data         ${whereData(config)}`,
    '',
    `  curl -s -X POST ${coordinator.url}/crawl/v1/new -H "Authorization: Bearer ${apiKey}" \\`,
    `       -H 'content-type: application/json' -d '{"url":"https://example.com/"}'`,
    '',
  ].join('\n'),
);

/** The agent's own stop (a 5 s drain, then close) and what a loaded machine adds, ms. */
const AGENT_STOP_MS = 10_000;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    stopping = true;
    // The agent drains first, while the coordinator is still there to take its results. (Ctrl-C
    // reaches it too, as one of the terminal's processes; a second stop signal changes nothing.)
    if (agentChild.exitCode === null && agentChild.signalCode === null) agentChild.kill('SIGTERM');
    const timer = setTimeout(() => agentChild.kill('SIGKILL'), AGENT_STOP_MS);
    await agentExited;
    clearTimeout(timer);
    await coordinator.shutdown();
    process.exit(0);
  });
}

/** Where this run keeps its data: the data directory, and the store when it is elsewhere. */
function whereData(c: Readonly<CoordinatorConfig>): string {
  if (c.store.startsWith('sqlite:')) {
    const db = c.store.slice('sqlite:'.length);
    const dir = path.dirname(path.resolve(db)) === c.dataDir ? '' : `, database ${db}`;
    return `${c.dataDir} (SQLite database, job content, the local agent's state${dir})`;
  }
  // A PostgreSQL URL without its credentials.
  const url = new URL(c.store);
  return `${c.dataDir} (job content, the local agent's state); store ${url.protocol}//${url.host}${url.pathname}`;
}
