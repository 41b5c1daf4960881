// What every action runs with: the page, the guard that bounds each browser call by the action's
// end and the job's deadline, and the navigations the action caused (navigation-watch.ts).
import type { Page, Viewport } from 'puppeteer-core';
import type { NavigationWatch } from './navigation-watch.js';

export interface ActionContext {
  page: Page;
  /** Races `work` against the page's crash and the job's deadline, or the earlier `atMs`. */
  guard<T>(work: Promise<T>, atMs?: number): Promise<T>;
  /** When this action must be over (performance.now() ms). */
  endMs: number;
  navigations: NavigationWatch;
  viewport: Viewport;
  maxScreenshotHeight: number;
}

/** What an action reports besides its status. */
export interface ActionReport {
  count?: number;
  resultJson?: string;
  /** A named screenshot, PNG. */
  png?: Buffer;
}

export function remainingMs(ctx: ActionContext): number {
  return Math.max(1, Math.floor(ctx.endMs - performance.now()));
}
