// A page made ready for a job before the job needs it: its own policy proxy, an incognito context
// routed through that proxy, a blank tab, a CDP session recording the network, and the metrics
// observers installed. Opening a tab costs ~200 ms (a renderer starts), so the executor keeps one
// spare ready while other jobs run and a new job starts straight at the navigation.
import type { BrowserContext, CDPSession, Page } from 'puppeteer-core';
import type { BrowserLease } from './chromium-host.js';
import { NetworkRecorder } from './network-recorder.js';
import { OBSERVER_SCRIPT } from './page-metrics.js';
import type { PolicyProxy } from './policy-proxy.js';

export interface PreparedPage {
  /** Browser generation the page belongs to; a page of an older browser is gone. */
  generation: number;
  proxy: PolicyProxy;
  context: BrowserContext;
  page: Page;
  session: CDPSession;
  recorder: NetworkRecorder;
  /** True when the context (and proxy) belong to a session and outlive the page. */
  shared: boolean;
}

/**
 * A tab with the network recorder and metrics observers in place. Without `context`, a fresh
 * incognito context routed through `proxy` (already listening) is made for it; with one (a
 * session's), the tab opens there and the context outlives it.
 */
export async function preparePage(
  lease: Pick<BrowserLease, 'browser' | 'generation'>,
  proxy: PolicyProxy,
  context?: BrowserContext,
): Promise<PreparedPage> {
  const own = context ?? (await newContext(lease, proxy));
  try {
    const page = await own.newPage();
    const session = await page.createCDPSession();
    const recorder = new NetworkRecorder(session);
    await Promise.all([recorder.start(), page.evaluateOnNewDocument(OBSERVER_SCRIPT)]);
    return {
      generation: lease.generation,
      proxy,
      context: own,
      page,
      session,
      recorder,
      shared: context !== undefined,
    };
  } catch (err) {
    if (!context) await own.close().catch(() => undefined);
    throw err;
  }
}

/**
 * Closes the page, and the context unless a session owns it; the proxy too when `withProxy` (a
 * session's proxy, or one kept for a new context, stays open).
 */
export async function closePrepared(prepared: PreparedPage, withProxy: boolean): Promise<void> {
  // Closing the context closes its pages.
  if (prepared.shared) await prepared.page.close().catch(() => undefined);
  else await prepared.context.close().catch(() => undefined);
  if (withProxy) await prepared.proxy.close();
}

export function newContext(
  lease: Pick<BrowserLease, 'browser'>,
  proxy: PolicyProxy,
): Promise<BrowserContext> {
  return lease.browser.createBrowserContext({
    proxyServer: proxy.url,
    // Chromium bypasses proxies for loopback by default; '<-loopback>' removes that exception so
    // even 127.0.0.1 goes through the policy.
    proxyBypassList: ['<-loopback>'],
    downloadBehavior: { policy: 'deny' },
  });
}
