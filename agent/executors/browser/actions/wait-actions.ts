// Waiting: a fixed time, or for a selector to become visible, hidden or attached.
import type { PageAction } from '../../../../proto/index.js';
import { type ActionContext, type ActionReport, remainingMs } from './action-context.js';
import { ActionError } from './action-error.js';

type Of<T extends PageAction['type']> = Extract<PageAction, { type: T }>;

export async function wait(ctx: ActionContext, a: Of<'wait'>): Promise<ActionReport> {
  // The job's deadline still bounds it (the parser keeps the waits within the job's time).
  await ctx.guard(new Promise((resolve) => setTimeout(resolve, a.ms)));
  return {};
}

export async function waitFor(ctx: ActionContext, a: Of<'wait_for'>): Promise<ActionReport> {
  const state = a.state ?? 'visible';
  try {
    await ctx.guard(
      ctx.page.waitForSelector(a.selector, {
        timeout: remainingMs(ctx),
        visible: state === 'visible',
        hidden: state === 'hidden',
      }),
      ctx.endMs,
    );
  } catch (err) {
    if (err instanceof Error && /is not a valid selector|SyntaxError/i.test(err.message)) {
      throw new ActionError('failed', `invalid selector ${JSON.stringify(a.selector)}`);
    }
    throw new ActionError(
      'timed_out',
      `selector ${JSON.stringify(a.selector)} not ${state} within the action's time`,
    );
  }
  return {};
}
