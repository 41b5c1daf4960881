// The agent as a long-running service: start it, open the status port, report to systemd, and stop
// on SIGTERM/SIGINT by draining, then closing, all within the drain deadline whatever the
// executors do. agent/main.ts builds the parts and hands them here.
import type { Logger } from 'pino';
import type { AgentConfig } from './config.js';
import type { BuiltExecutors } from './executors/build.js';
import { CrawlAgent } from './runtime.js';
import { createSystemdNotifier, parseStatusAddr, startStatusServer } from './status/index.js';

/**
 * This long past the drain deadline (by which close() is over), the process exits whatever is still
 * pending (the status port closing, systemd being told), ms.
 */
const EXIT_BACKSTOP_MS = 1_000;

export async function runAgentService(
  config: Readonly<AgentConfig>,
  built: BuiltExecutors,
  log: Logger,
): Promise<CrawlAgent> {
  const { executors, browserVersion, browserState } = built;
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
  log.info(
    { methods: agent.methods, status: status?.url, coordinators: config.coordinators },
    'agent started',
  );

  let stopping = false;
  async function stop(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    log.info({ signal, drainTimeoutMs: config.drainTimeoutMs }, 'draining');
    // The stop is bounded by close() itself; this only catches what comes after it.
    setTimeout(() => {
      log.error('stop not over by the drain deadline: exiting');
      process.exit(1);
    }, config.drainTimeoutMs + EXIT_BACKSTOP_MS).unref();
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
  // A new release is in place (agent/upgrade/): stop as for SIGTERM; the service manager starts the
  // launcher again, which starts the new version.
  agent.once('upgraded', () => void stop('upgrade'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return agent;
}
