// Scrolling: once by some pixels or to the bottom, or step by step to the bottom until a selector
// counts enough elements, no new content comes, or the step cap (infinite scroll). Each step waits
// for new content (the page grew, or more elements match) by polling in the page, not by sleeping
// a fixed time: a step ends as soon as the content arrived, or after `step_wait_ms` without any.
import type { PageAction } from '../../../../proto/index.js';
import type { ActionContext, ActionReport } from './action-context.js';
import { ActionError } from './action-error.js';
import { DEFAULT_SCROLL_STEP_WAIT_MS, DEFAULT_SCROLL_STEPS, POLL_MS } from './bounds.js';

type Of<T extends PageAction['type']> = Extract<PageAction, { type: T }>;

const HEIGHT =
  'Math.max(document.documentElement ? document.documentElement.scrollHeight : 0, document.body ? document.body.scrollHeight : 0)';
const countOf = (selector: string) => `document.querySelectorAll(${JSON.stringify(selector)}).length`;

export async function scroll(ctx: ActionContext, a: Of<'scroll'>): Promise<ActionReport> {
  const page = ctx.page;
  const stepping = a.until_selector !== undefined || a.max_steps !== undefined;
  const move = a.by_px !== undefined ? `window.scrollBy(0, ${a.by_px})` : `window.scrollTo(0, ${HEIGHT})`;
  if (!stepping) {
    await ctx.guard(page.evaluate(move));
    return { count: 1 };
  }
  const maxSteps = a.max_steps ?? DEFAULT_SCROLL_STEPS;
  const stepWaitMs = a.step_wait_ms ?? DEFAULT_SCROLL_STEP_WAIT_MS;
  const count = a.until_selector !== undefined ? countOf(a.until_selector) : '0';
  const read = async () => (await ctx.guard(page.evaluate(`[${HEIGHT}, ${count}]`))) as [number, number];
  let [height, found] = await read().catch((err: unknown) => {
    throw new ActionError(
      'failed',
      `cannot count ${JSON.stringify(a.until_selector)}: ${(err as Error).message}`,
    );
  });
  const enough = () => a.until_count !== undefined && found >= a.until_count;
  let steps = 0;
  while (!enough() && steps < maxSteps && performance.now() < ctx.endMs) {
    steps++;
    await ctx.guard(page.evaluate(move));
    const waitMs = Math.min(stepWaitMs, Math.max(1, ctx.endMs - performance.now()));
    const grew = await ctx
      .guard(
        page.waitForFunction(`${HEIGHT} > ${height} || ${count} > ${found}`, {
          timeout: waitMs,
          polling: POLL_MS,
        }),
        ctx.endMs,
      )
      .then(
        () => true,
        () => false,
      );
    [height, found] = await read();
    // No new content after a step: the end of the list (or of what the page will load).
    if (!grew && a.by_px === undefined) break;
  }
  if (a.until_count !== undefined && !enough()) {
    const why = performance.now() >= ctx.endMs ? 'timed_out' : 'failed';
    throw new ActionError(
      why,
      `found ${found} of ${a.until_count} ${JSON.stringify(a.until_selector)} after ${steps} steps`,
    );
  }
  return { count: steps };
}
