// The main-frame navigations a page makes while actions run (a clicked link, a submitted form, a
// script's location change). Every one goes through the job's policy proxy like the page itself;
// this only lets an action wait for the navigation it caused and name a refused one.
import type { HTTPRequest, Page } from 'puppeteer-core';
import type { PolicyProxy } from '../policy-proxy.js';
import { ActionError } from './action-error.js';
import { NAVIGATION_START_MS } from './bounds.js';

/** The action's bounds (its guard and end), as action-context.ts gives them. */
interface ActionBounds {
  guard<T>(work: Promise<T>, atMs?: number): Promise<T>;
  endMs: number;
}

export class NavigationWatch {
  readonly #page: Page;
  readonly #proxy: PolicyProxy;
  #urls: string[] = [];
  readonly #onRequest = (req: HTTPRequest) => {
    if (req.isNavigationRequest() && req.frame() === this.#page.mainFrame()) this.#urls.push(req.url());
  };

  constructor(page: Page, proxy: PolicyProxy) {
    this.#page = page;
    this.#proxy = proxy;
    page.on('request', this.#onRequest);
  }

  /** Starts a new action's record. */
  reset(): void {
    this.#urls = [];
  }

  /**
   * After an action that may navigate: when a main-frame navigation starts within a moment, waits
   * for its load (within the action's time), then fails the action if the policy refused any
   * document it went to.
   */
  async settle(ctx: ActionBounds, loading: Promise<unknown>): Promise<void> {
    const startBy = Math.min(performance.now() + NAVIGATION_START_MS, ctx.endMs);
    if (this.#urls.length === 0) {
      await ctx
        .guard(new Promise((r) => setTimeout(r, Math.max(0, startBy - performance.now()))))
        .catch(() => undefined);
    }
    if (this.#urls.length > 0) {
      try {
        await ctx.guard(loading, ctx.endMs);
      } catch (err) {
        this.check();
        throw new ActionError(
          'timed_out',
          `the navigation it caused did not load in time (${(err as Error).message})`,
        );
      }
    }
    this.check();
  }

  /** A navigation of this action that the network policy refused fails it. */
  check(): void {
    for (const url of this.#urls) {
      const refused = this.#proxy.failureFor(url);
      if (refused) throw new ActionError('blocked', `navigation refused: ${refused.message}`);
    }
  }

  dispose(): void {
    this.#page.off('request', this.#onRequest);
  }
}
