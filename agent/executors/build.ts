// Builds the executors this device can run: HTTP and Solana always, the network measurements the
// device's tools allow, the browser when one works. HTTP and the browser share one offload pool
// (worker threads for reader text and extraction); it closes when the last of them closes.
import type { Logger } from 'pino';
import type { AgentConfig } from '../config.js';
import { createNetworkPolicy, type NetworkPolicy } from '../policy/index.js';
import { withOwnerDomains } from '../policy/owner-domains.js';
import { HttpExecutor } from './http.js';
import { MeasureExecutor } from './measure/executor.js';
import { measureTools } from './measure/probe.js';
import { OffloadPool } from './offload/index.js';
import { SolanaExecutor } from './solana.js';
import type { Executor } from './types.js';

export interface BuiltExecutors {
  executors: Executor[];
  browserVersion?: string;
  /** The browser's state for the status port: ready (running or launched on demand) or crashed. */
  browserState?: () => 'ready' | 'crashed';
}

export async function buildExecutors(config: Readonly<AgentConfig>, log: Logger): Promise<BuiltExecutors> {
  // The owner's domain lists sit in front of the network policy, so every executor checks them
  // before each connection (redirect hops and browser subresources included).
  const policy = withOwnerDomains(
    createNetworkPolicy({ allowCidrs: config.allowCidrs, deniedPorts: config.deniedPorts }),
    config.owner,
  );
  const ca = config.ca.length > 0 ? config.ca : undefined;
  const localAddress = config.localAddress || undefined;
  // Up to one kept-alive connection per running job to the same origin, so jobs never queue for one.
  const keepAlive = { maxConnectionsPerPool: config.maxConcurrent };
  const offload = new OffloadPool({ log: log.child({ component: 'offload' }) });
  const executors: Executor[] = [
    new HttpExecutor({ policy, maxBodyBytes: config.maxBodyBytes, ca, localAddress, keepAlive, offload }),
    new SolanaExecutor({ policy, maxBodyBytes: config.maxBodyBytes, ca, localAddress, keepAlive }),
    await measureExecutor(policy, ca, localAddress, log),
  ];
  if (config.browser === 'none') return { executors };
  return { executors, ...(await addBrowser(config, policy, ca, log, executors, offload)) };
}

/** Network measurements: what the probe found working on this device (docs/measure.md). */
async function measureExecutor(
  policy: NetworkPolicy,
  ca: Buffer[] | undefined,
  localAddress: string | undefined,
  log: Logger,
): Promise<MeasureExecutor> {
  const tools = await measureTools();
  const missing = Object.entries(tools.missing);
  if (missing.length > 0)
    log.info({ missing: Object.fromEntries(missing) }, 'some measurements are not offered');
  return new MeasureExecutor({ policy, tools, localAddress, ca });
}

async function addBrowser(
  config: Readonly<AgentConfig>,
  policy: NetworkPolicy,
  ca: Buffer[] | undefined,
  log: Logger,
  executors: Executor[],
  offload: OffloadPool,
): Promise<Omit<BuiltExecutors, 'executors'>> {
  const { findBrowser, BrowserExecutor } = await import('./browser/index.js');
  const found = await findBrowser(config.browser || undefined);
  if (!found) {
    log.warn('no working Chromium found: CRAWL_FULL_PAGE is not offered');
    return {};
  }
  const browser = new BrowserExecutor({
    executablePath: found.path,
    policy,
    localAddress: config.localAddress || undefined,
    maxBodyBytes: config.maxBodyBytes,
    maxPages: config.browserPages,
    memoryLimitBytes: config.browserMemoryLimitBytes || undefined,
    networkType: config.networkType,
    ca,
    // Page audits from desktop and server devices: a phone's own CPU would be what Lighthouse scores.
    lighthouse: config.deviceType !== 'mobile',
    offload,
    log: log.child({ component: 'browser' }),
  });
  executors.push(browser);
  return {
    browserVersion: found.version,
    // Not running and it crashed last time: say so; a browser not yet launched starts on demand.
    browserState: () => {
      const s = browser.stats();
      return s.pid === null && s.crashes > 0 ? 'crashed' : 'ready';
    },
  };
}
