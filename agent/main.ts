// Agent entry point: read config, build the executors, run the agent as a service (agent/service.ts:
// start, status port, systemd, signals). Nothing else.
import { AgentConfigError, loadAgentConfig } from './config.js';
import { buildExecutors } from './executors/build.js';
import { createAgentLogger } from './logger.js';
import { runAgentService } from './service.js';

let config: ReturnType<typeof loadAgentConfig>;
try {
  config = loadAgentConfig(process.argv.slice(2), process.env);
} catch (err) {
  process.stderr.write(`${err instanceof AgentConfigError ? err.message : String(err)}\n`);
  process.exit(2);
}
const log = createAgentLogger(config.logLevel, config.deviceId);
await runAgentService(config, await buildExecutors(config, log), log);
