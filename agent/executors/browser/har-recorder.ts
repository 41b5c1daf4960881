// A HAR 1.2 of the page (docs/actions.md "har"): the DevTools protocol's Page and Network events of
// the job's CDP session, turned into a HAR by chrome-har. Recording starts before the navigation
// and covers the actions' requests too; it is bounded in events so a page making requests without
// end cannot hold the agent's memory.
import { harFromMessages } from 'chrome-har';
import type { CDPSession } from 'puppeteer-core';

const EVENTS = [
  'Page.frameStartedLoading',
  'Page.frameRequestedNavigation',
  'Page.navigatedWithinDocument',
  'Page.loadEventFired',
  'Page.domContentEventFired',
  'Page.frameAttached',
  'Network.requestWillBeSent',
  'Network.requestServedFromCache',
  'Network.requestWillBeSentExtraInfo',
  'Network.responseReceivedExtraInfo',
  'Network.responseReceived',
  'Network.dataReceived',
  'Network.loadingFinished',
  'Network.loadingFailed',
  'Network.resourceChangedPriority',
] as const;

/** Events kept; past this the HAR says it is cut (in its comment). */
const MAX_EVENTS = 20_000;

export class HarRecorder {
  readonly #session: CDPSession;
  readonly #messages: Array<{ method: string; params: unknown }> = [];
  readonly #listeners: Array<[string, (params: unknown) => void]> = [];
  #dropped = 0;

  constructor(session: CDPSession) {
    this.#session = session;
    for (const method of EVENTS) {
      const listener = (params: unknown) => {
        if (this.#messages.length < MAX_EVENTS) this.#messages.push({ method, params });
        else this.#dropped++;
      };
      this.#listeners.push([method, listener]);
      session.on(method, listener);
    }
  }

  /** The Page domain's events come on this session only once it is enabled here. */
  start(): Promise<unknown> {
    return this.#session.send('Page.enable');
  }

  /** The HAR as JSON; stops recording. */
  finish(): Buffer {
    this.stop();
    const har = harFromMessages(this.#messages, { includeResourcesFromDiskCache: true });
    const log = har.log as Record<string, unknown>;
    log.creator = { name: 'crawl-agent', version: '1' };
    if (this.#dropped > 0) log.comment = `recording cut after ${MAX_EVENTS} events (${this.#dropped} more)`;
    return Buffer.from(JSON.stringify(har), 'utf8');
  }

  stop(): void {
    for (const [method, listener] of this.#listeners) this.#session.off(method, listener);
    this.#listeners.length = 0;
  }
}
