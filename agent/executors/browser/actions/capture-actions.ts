// Taking things out of the page mid-script: a named screenshot (viewport, full page or one element)
// and an evaluate's JSON value, each bounded in size.
import { PAGE_RESULT_LIMITS, type PageAction } from '../../../../proto/index.js';
import { isStopped } from '../job-deadline.js';
import { captureScreenshot } from '../screenshot.js';
import type { ActionContext, ActionReport } from './action-context.js';
import { ActionError } from './action-error.js';
import { element } from './element-actions.js';

type Of<T extends PageAction['type']> = Extract<PageAction, { type: T }>;

export async function screenshot(ctx: ActionContext, a: Of<'screenshot'>): Promise<ActionReport> {
  if (a.selector !== undefined) {
    const el = await element(ctx, a.selector);
    const png = await ctx.guard(el.screenshot({ type: 'png', optimizeForSpeed: true }), ctx.endMs);
    return { png: Buffer.from(png) };
  }
  if (!a.full_page) {
    const png = await ctx.guard(ctx.page.screenshot({ type: 'png', optimizeForSpeed: true }), ctx.endMs);
    return { png: Buffer.from(png) };
  }
  const shot = await ctx.guard(
    captureScreenshot(ctx.page, {
      maxBytes: PAGE_RESULT_LIMITS.maxActionScreenshotsBytes,
      maxHeight: ctx.maxScreenshotHeight,
      viewport: ctx.viewport,
    }),
    ctx.endMs,
  );
  // A full capture makes the viewport as tall as the page: later actions see the device's again.
  await ctx.guard(ctx.page.setViewport(ctx.viewport), ctx.endMs);
  if (!shot.png) throw new ActionError('failed', shot.note ?? 'no screenshot');
  return { png: shot.png };
}

/**
 * `script` is the body of an async function run in the page; what it returns is the result, as
 * JSON. A value that is not JSON (a DOM node, a function) comes back as null.
 */
export async function evaluate(ctx: ActionContext, a: Of<'evaluate'>): Promise<ActionReport> {
  const expression = `(async () => {\n${a.script}\n})().then((v) => { try { return JSON.stringify(v === undefined ? null : v); } catch (e) { return 'null'; } })`;
  let json: unknown;
  try {
    json = await ctx.guard(ctx.page.evaluate(expression), ctx.endMs);
  } catch (err) {
    if (err instanceof ActionError || isStopped(err)) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new ActionError('failed', `the script threw: ${message.split('\n')[0]?.slice(0, 300)}`);
  }
  const text = typeof json === 'string' ? json : 'null';
  if (Buffer.byteLength(text) > PAGE_RESULT_LIMITS.maxEvaluateJsonBytes) {
    throw new ActionError(
      'failed',
      `the result is over ${PAGE_RESULT_LIMITS.maxEvaluateJsonBytes} bytes of JSON`,
    );
  }
  return { resultJson: text };
}
