// Lighthouse on the device's own Chromium (docs/actions.md "audits"): a new tab in the job's
// context, so its navigation goes through the job's policy proxy like the page itself, and the
// scores are those of the device's location and network. Storage is not reset (a session keeps
// its cookies). The job's deadline bounds it; the tab is closed whatever happens.
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { BrowserContext } from 'puppeteer-core';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The audits reported beside the scores (the report part has all of them). */
const KEY_AUDITS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'interactive',
  'server-response-time',
];

export interface LighthouseOutcome {
  /** Category scores (0-1, null when not scored) and key audits, as JSON. */
  summaryJson: string;
  /** The full Lighthouse report (JSON). */
  report: Buffer;
}

export async function runLighthouse(
  context: BrowserContext,
  url: string,
  deviceType: string,
  guard: <T>(work: Promise<T>) => Promise<T>,
  maxWaitForLoadMs: number,
): Promise<LighthouseOutcome> {
  const page = await guard(context.newPage());
  try {
    const config = deviceType === 'mobile' ? undefined : desktopConfig;
    const result = await guard(
      lighthouse(
        url,
        {
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          disableStorageReset: true,
          maxWaitForLoad: Math.max(1000, maxWaitForLoadMs),
        },
        config,
        // Lighthouse drives this tab through its own puppeteer-core (the same major version).
        page as unknown as Parameters<typeof lighthouse>[3],
      ),
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr;
    const scores: Record<string, number | null> = {};
    for (const id of CATEGORIES) scores[id] = lhr.categories[id]?.score ?? null;
    const audits: Record<string, unknown> = {};
    for (const id of KEY_AUDITS) {
      const a = lhr.audits[id];
      if (a)
        audits[id] = {
          score: a.score,
          numericValue: a.numericValue ?? null,
          displayValue: a.displayValue ?? '',
        };
    }
    const summary: Record<string, unknown> = { scores, audits, lighthouseVersion: lhr.lighthouseVersion };
    if (lhr.runtimeError) summary.runtimeError = lhr.runtimeError.message;
    const report = typeof result.report === 'string' ? result.report : JSON.stringify(result.report);
    return { summaryJson: JSON.stringify(summary), report: Buffer.from(report, 'utf8') };
  } finally {
    await page.close().catch(() => undefined);
  }
}
