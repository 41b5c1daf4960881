// Runs a job's actions in order after the page loaded (docs/actions.md). Each action gets until
// its own timeout (default 5 s) and never past the job's time (start + timeout_ms); its outcome is
// reported whatever happens. A failing action that is not `optional` ends the run: the job then
// fails with error_type `action` and the action's index, after the page as it stands is read. A
// crashed page or browser ends the run at once (the caller reports it as such).
import type { Logger } from 'pino';
import type { Page, Viewport } from 'puppeteer-core';
import type { ActionOutcome, PageAction } from '../../../../proto/index.js';
import { isStopped } from '../job-deadline.js';
import type { PolicyProxy } from '../policy-proxy.js';
import type { ActionContext, ActionReport } from './action-context.js';
import { ActionError, type ActionStatus } from './action-error.js';
import { DEFAULT_ACTION_TIMEOUT_MS } from './bounds.js';
import { evaluate, screenshot } from './capture-actions.js';
import { click, hover, press, select, typeText } from './element-actions.js';
import { NavigationWatch } from './navigation-watch.js';
import type { Redactor } from './redact.js';
import { scroll } from './scroll-action.js';
import { wait, waitFor } from './wait-actions.js';

export interface ActionRunInput {
  actions: PageAction[];
  page: Page;
  proxy: PolicyProxy;
  guard<T>(work: Promise<T>, atMs?: number): Promise<T>;
  /** The job's time for actions ends here (performance.now() ms). */
  endMs: number;
  viewport: Viewport;
  maxScreenshotHeight: number;
  /** Secret texts are added here as they are typed (redact.ts). */
  redactor: Redactor;
  log: Logger;
}

export interface ActionRun {
  outcomes: ActionOutcome[];
  /** Named screenshots, in order. */
  screenshots: Array<{ name: string; png: Buffer }>;
  /** The action that ended the run, when one did. */
  failed?: { index: number; type: string; status: ActionStatus; message: string };
}

const RUN: {
  [T in PageAction['type']]: (
    ctx: ActionContext,
    a: Extract<PageAction, { type: T }>,
  ) => Promise<ActionReport>;
} = {
  wait,
  wait_for: waitFor,
  click,
  type: typeText,
  press,
  scroll,
  select,
  hover,
  screenshot,
  evaluate,
};

function runOne(ctx: ActionContext, a: PageAction): Promise<ActionReport> {
  const fn = RUN[a.type] as (ctx: ActionContext, a: PageAction) => Promise<ActionReport>;
  return fn(ctx, a);
}

export async function runActions(input: ActionRunInput): Promise<ActionRun> {
  const run: ActionRun = { outcomes: [], screenshots: [] };
  const navigations = new NavigationWatch(input.page, input.proxy);
  try {
    for (const [index, a] of input.actions.entries()) {
      const startMs = performance.now();
      // A secret is known to the redactor before it reaches the page, whatever happens next.
      if (a.type === 'type' && a.secret) input.redactor.add(a.text);
      const outcome: ActionOutcome = { index, type: a.type, status: 'ok', optional: a.optional ?? false };
      if (startMs >= input.endMs) {
        outcome.status = 'skipped';
        outcome.error = 'the job ran out of time before this action';
        run.outcomes.push(outcome);
        if (!a.optional) {
          run.failed = { index, type: a.type, status: 'timed_out', message: outcome.error };
          break;
        }
        continue;
      }
      const ctx: ActionContext = {
        page: input.page,
        guard: input.guard,
        endMs: Math.min(input.endMs, startMs + (a.timeout_ms ?? DEFAULT_ACTION_TIMEOUT_MS)),
        navigations,
        viewport: input.viewport,
        maxScreenshotHeight: input.maxScreenshotHeight,
      };
      navigations.reset();
      try {
        const report = await runOne(ctx, a);
        if (report.count !== undefined) outcome.count = report.count;
        if (report.resultJson !== undefined) outcome.resultJson = report.resultJson;
        if (report.png && a.type === 'screenshot') {
          outcome.name = a.name;
          run.screenshots.push({ name: a.name, png: report.png });
        }
        navigations.check(); // a script's own navigation away, refused by the policy
      } catch (err) {
        // The page crashed or the browser went away: not this action's failure.
        if (isStopped(err) && !isStopped(err, 'deadline')) throw err;
        const status: ActionStatus =
          err instanceof ActionError ? err.status : isStopped(err, 'deadline') ? 'timed_out' : 'failed';
        const message =
          err instanceof ActionError
            ? err.message
            : isStopped(err, 'deadline')
              ? "did not finish within the action's time"
              : ((err instanceof Error ? err.message : String(err)).split('\n')[0]?.slice(0, 300) ?? '');
        outcome.status = status;
        outcome.error = message;
        if (!a.optional) run.failed = { index, type: a.type, status, message };
      }
      outcome.durationMs = Math.round(performance.now() - startMs);
      run.outcomes.push(outcome);
      // Never the action itself: a `type` action's text may be a secret.
      input.log.debug({ index, type: a.type, status: outcome.status, ms: outcome.durationMs }, 'page action');
      if (run.failed) break;
    }
  } finally {
    navigations.dispose();
  }
  return run;
}

/** The named screenshots as the part that carries them: a JSON object of name → base64 PNG. */
export function screenshotsPart(shots: ActionRun['screenshots'], maxBytes: number): Buffer | undefined {
  if (shots.length === 0) return undefined;
  const out: Record<string, string> = {};
  let bytes = 0;
  for (const s of shots) {
    const b64 = s.png.toString('base64');
    if (bytes + b64.length > maxBytes) break; // the rest would pass the part's bound
    out[s.name] = b64;
    bytes += b64.length;
  }
  return Buffer.from(JSON.stringify(out), 'utf8');
}
