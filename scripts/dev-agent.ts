// `npm start`'s local agent, in a process of its own (scripts/dev-up.ts starts it): whatever a job
// does to this process, the coordinator's API in the parent keeps answering. Takes the agent's flags
// (its token in CRAWL_AGENT_TOKEN), links to the coordinator, opens the status port, and tells the
// parent over IPC what the banner shows. Stops (drain, then close) on SIGINT, SIGTERM, or when the
// parent goes away.
import { type AgentConfig, AgentConfigError, loadAgentConfig } from '../agent/config.js';
import { buildExecutors } from '../agent/executors/build.js';
import { createAgentLogger } from '../agent/logger.js';
import { CrawlAgent } from '../agent/runtime.js';
import { parseStatusAddr, type StatusServer, startStatusServer } from '../agent/status/index.js';

/** What the parent learns once the agent is linked. */
export interface DevAgentReady {
  type: 'ready';
  methods: string[];
  deviceType: string;
  /** http://127.0.0.1:PORT, or null with --status-addr off. */
  statusUrl: string | null;
}

/** The drain a stop gives running jobs, as dev-up gave them in-process, ms. */
const DRAIN_MS = 5_000;
/** Past the drain, the process exits whatever is still pending, ms. */
const EXIT_BACKSTOP_MS = 3_000;

let config: Readonly<AgentConfig>;
try {
  config = loadAgentConfig(process.argv.slice(2), process.env);
} catch (err) {
  process.stderr.write(
    `npm start: local agent: ${err instanceof AgentConfigError ? err.message : String(err)}\n`,
  );
  process.exit(2);
}
const log = createAgentLogger(config.logLevel, config.deviceId);
const { executors, browserVersion, browserState } = await buildExecutors(config, log);
const agent = new CrawlAgent({ config, executors, log, browserVersion, browserState });
let status: StatusServer | null = null;

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), DRAIN_MS + EXIT_BACKSTOP_MS).unref();
  await agent.drain(DRAIN_MS);
  await agent.close();
  await status?.close();
  process.exit(0);
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
// The parent gone (even killed): nobody would stop this agent otherwise.
process.once('disconnect', () => void stop());

await agent.start();
await agent.whenConnected();
// The local agent's status port (status, URL log, pause/resume), as crawl-agent run serves it.
status = config.statusAddr
  ? await startStatusServer({ ...parseStatusAddr(config.statusAddr), source: agent, log })
  : null;
const ready: DevAgentReady = {
  type: 'ready',
  methods: agent.methods,
  deviceType: config.deviceType,
  statusUrl: status?.url ?? null,
};
process.send?.(ready);
