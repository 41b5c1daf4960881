// Coordinator entry point: read config, build, listen, handle signals. Nothing else.
import { ConfigError, loadCoordinatorConfig } from './config.js';
import { createLogger } from './logger.js';
import { startCoordinator } from './runtime.js';

let config: ReturnType<typeof loadCoordinatorConfig>;
try {
  config = loadCoordinatorConfig(process.argv.slice(2), process.env);
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(2);
}
const log = createLogger(config.logLevel);
const coordinator = await startCoordinator(config, log);
log.info(
  { url: coordinator.url, metricsUrl: coordinator.metricsUrl, coordinatorId: config.coordinatorId },
  'coordinator listening',
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'shutting down');
    coordinator.shutdown().then(
      () => process.exit(0),
      (err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
