// One machine, embedded default: a coordinator on SQLite + local files and one local agent. The
// agent runs in a child process (scripts/dev-agent.ts), so a job that keeps it busy cannot stop the
// API; its output comes out here, and it stops with this process. Prints the URL and a ready API key.
//   npm start -- [--port 8080] [--data-dir ./data] [--api-key KEY] [--allow-cidrs 127.0.0.0/8]
//                [--browser none|/path/to/chromium] [--country DE] [--region EU] [--city Berlin]
//                [--device-type desktop]
// Without --country or --region the local agent takes the country of the machine's time zone, else
// region NA (scripts/dev-location.ts); it is a desktop unless --device-type says otherwise.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unknownFlagProblem } from '../common/config-reader.js';
import { createApiKey, createDevice } from '../coordinator/auth/admin-ops.js';
import { hashSecret } from '../coordinator/auth/secrets.js';
import { loadCoordinatorConfig, parseFlags } from '../coordinator/config.js';
import { createLogger } from '../coordinator/logger.js';
import { startCoordinator } from '../coordinator/runtime.js';
import type { DevAgentReady } from './dev-agent.js';
import { type LocalLocation, localLocation, readZoneTab } from './dev-location.js';

const COORDINATOR_FLAGS = ['port', 'host', 'data-dir', 'store', 'public-url', 'log-level'];
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

const args = process.argv.slice(2);
const flags = parseFlags(args);
// A mistyped flag must not start the defaults: name it and the nearest flag, and stop.
const knownFlags = [...COORDINATOR_FLAGS, ...AGENT_FLAGS, ...OWN_FLAGS];
const unknownFlags = Object.keys(flags).filter((f) => !knownFlags.includes(f));
if (unknownFlags.length > 0) {
  for (const f of unknownFlags) process.stderr.write(`npm start: ${unknownFlagProblem(f, knownFlags)}\n`);
  process.exit(2);
}
const coordFlags = COORDINATOR_FLAGS.flatMap((f) =>
  flags[f] !== undefined ? [`--${f}`, flags[f] as string] : [],
);
const config = loadCoordinatorConfig(coordFlags, process.env);
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
