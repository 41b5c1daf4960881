// Builds the executors this device can run: HTTP and Solana always, the browser when one works.
import type { Logger } from 'pino';
import type { AgentConfig } from '../config.js';
import { createNetworkPolicy, type NetworkPolicy } from '../policy/index.js';
import { withOwnerDomains } from '../policy/owner-domains.js';
import { HttpExecutor } from './http.js';
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
  const executors: Executor[] = [
    new HttpExecutor({ policy, maxBodyBytes: config.maxBodyBytes, ca, localAddress }),
    new SolanaExecutor({ policy, maxBodyBytes: config.maxBodyBytes, ca, localAddress }),
  ];
  if (config.browser === 'none') return { executors };
  return { executors, ...(await addBrowser(config, policy, ca, log, executors)) };
}

async function addBrowser(
  config: Readonly<AgentConfig>,
  policy: NetworkPolicy,
  ca: Buffer[] | undefined,
  log: Logger,
  executors: Executor[],
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
