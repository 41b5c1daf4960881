// Agent entry point: read config, build, start, report to systemd, handle signals. Nothing else.
import { AgentConfigError, loadAgentConfig } from './config.js';
import { buildExecutors } from './executors/build.js';
import { createAgentLogger } from './logger.js';
import { CrawlAgent } from './runtime.js';
import { createSystemdNotifier, parseStatusAddr, startStatusServer } from './status/index.js';

let config: ReturnType<typeof loadAgentConfig>;
try {
  config = loadAgentConfig(process.argv.slice(2), process.env);
} catch (err) {
  process.stderr.write(`${err instanceof AgentConfigError ? err.message : String(err)}\n`);
  process.exit(2);
}
const log = createAgentLogger(config.logLevel, config.deviceId);
const { executors, browserVersion, browserState } = await buildExecutors(config, log);
const agent = new CrawlAgent({ config, executors, log, browserVersion, browserState });
await agent.start();
const status = config.statusAddr
  ? await startStatusServer({
      ...parseStatusAddr(config.statusAddr),
      force: config.statusForce,
      source: agent,
      log,
    })
  : null;
const systemd = createSystemdNotifier(process.env);
await systemd.ready().catch((err) => log.warn({ err }, 'systemd readiness not sent'));
const watchdog = systemd.watchdogIntervalMs
  ? setInterval(() => {
      if (agent.healthy()) void systemd.watchdog().catch(() => undefined);
    }, systemd.watchdogIntervalMs)
  : null;
agent.on('link', (state: string) => void systemd.status(`link ${state}`).catch(() => undefined));
log.info({ methods: agent.methods, status: status?.url, coordinators: config.coordinators }, 'agent started');

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'draining');
  await systemd.stopping().catch(() => undefined);
  const left = await agent.drain(config.drainTimeoutMs);
  if (watchdog) clearInterval(watchdog);
  await agent.close();
  await status?.close();
  log.info(left, 'stopped');
  process.exit(0);
}
// A second signal while draining: stop now.
process.on('SIGINT', () => {
  if (!stopping) return;
  agent.destroy();
  process.exit(1);
});
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
