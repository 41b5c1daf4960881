// Actions on elements and keys: click (one or all), type, press, select, hover. Each waits for its
// selector to be in the page (within the action's time: `not_found` after it) and, for those that
// may navigate, for the navigation it caused (navigation-watch.ts).
import type { ElementHandle } from 'puppeteer-core';
import type { PageAction } from '../../../../proto/index.js';
import { type ActionContext, type ActionReport, remainingMs } from './action-context.js';
import { ActionError } from './action-error.js';

type Of<T extends PageAction['type']> = Extract<PageAction, { type: T }>;

/** The first element matching `selector`, waiting for it to be attached; `not_found` after the time. */
export async function element(ctx: ActionContext, selector: string): Promise<ElementHandle<Element>> {
  try {
    const el = await ctx.guard(ctx.page.waitForSelector(selector, { timeout: remainingMs(ctx) }), ctx.endMs);
    if (el) return el;
  } catch (err) {
    if (err instanceof Error && /is not a valid selector|SyntaxError/i.test(err.message)) {
      throw new ActionError('failed', `invalid selector ${JSON.stringify(selector)}`);
    }
  }
  throw new ActionError(
    'not_found',
    `selector ${JSON.stringify(selector)} not found within the action's time`,
  );
}

/** Runs `act`, then waits for a navigation it started (if any) to load. */
async function mayNavigate(ctx: ActionContext, act: () => Promise<unknown>): Promise<void> {
  ctx.navigations.reset();
  const loading = ctx.page.waitForNavigation({ waitUntil: 'load', timeout: remainingMs(ctx) });
  loading.catch(() => undefined); // no navigation: it times out unobserved
  await ctx.guard(act(), ctx.endMs);
  await ctx.navigations.settle(ctx, loading);
}

export async function click(ctx: ActionContext, a: Of<'click'>): Promise<ActionReport> {
  const first = await element(ctx, a.selector);
  if (!a.all) {
    await mayNavigate(ctx, () => first.click());
    return { count: 1 };
  }
  const all = await ctx.guard(ctx.page.$$(a.selector), ctx.endMs);
  let count = 0;
  await mayNavigate(ctx, async () => {
    for (const el of all) {
      // An element that left the page or cannot be clicked (hidden) is passed over.
      if (
        await el.click().then(
          () => true,
          () => false,
        )
      )
        count++;
    }
  });
  return { count };
}

export async function typeText(ctx: ActionContext, a: Of<'type'>): Promise<ActionReport> {
  const el = await element(ctx, a.selector);
  await ctx.guard(el.type(a.text), ctx.endMs);
  return {};
}

export async function press(ctx: ActionContext, a: Of<'press'>): Promise<ActionReport> {
  try {
    await mayNavigate(ctx, () =>
      ctx.page.keyboard.press(a.key as Parameters<typeof ctx.page.keyboard.press>[0]),
    );
  } catch (err) {
    if (err instanceof Error && /Unknown key/i.test(err.message)) {
      throw new ActionError('failed', `unknown key ${JSON.stringify(a.key)}`);
    }
    throw err;
  }
  return {};
}

export async function select(ctx: ActionContext, a: Of<'select'>): Promise<ActionReport> {
  const el = await element(ctx, a.selector);
  const chosen = await ctx.guard(el.select(...a.values), ctx.endMs).catch((err: unknown) => {
    throw new ActionError('failed', `cannot select: ${(err as Error).message}`);
  });
  return { count: chosen.length };
}

export async function hover(ctx: ActionContext, a: Of<'hover'>): Promise<ActionReport> {
  const el = await element(ctx, a.selector);
  await ctx.guard(el.hover(), ctx.endMs);
  return {};
}
