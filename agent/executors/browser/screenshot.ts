// The page as a PNG: the whole page up to a height limit, falling back to the viewport when the
// full image is over the byte limit, and left out (with a note) when even the viewport is.
//
// A full page is captured by making the viewport as tall as the capture, not with a clip beyond the
// viewport: Chromium does not paint cross-origin iframes that lie outside the viewport into a
// `captureBeyondViewport` capture (they come out blank), while everything inside a tall viewport is
// painted. The page is closed after the job, so the viewport is not put back after a full capture.
import type { Page, Viewport } from 'puppeteer-core';

export interface ScreenshotLimits {
  /** Largest PNG kept, bytes. */
  maxBytes: number;
  /** Tallest capture, CSS pixels from the top of the page. */
  maxHeight: number;
  viewport: Viewport;
  /** Document height in CSS px when already known (saves a round trip). */
  pageHeight?: number;
}

export interface Screenshot {
  png?: Buffer;
  /** Why the screenshot is partial or missing; goes to the outcome's errorMessage. */
  note?: string;
}

const PAGE_HEIGHT_SCRIPT =
  'Math.max(document.documentElement ? document.documentElement.scrollHeight : 0, document.body ? document.body.scrollHeight : 0)';

/**
 * Captures go through puppeteer's own session, which holds the device emulation (a capture from
 * another CDP session would ignore the device pixel ratio).
 */
export async function captureScreenshot(page: Page, limits: ScreenshotLimits): Promise<Screenshot> {
  const measured = limits.pageHeight ?? (await page.evaluate(PAGE_HEIGHT_SCRIPT));
  const pageHeight = Math.ceil(Number(measured) || 0);
  const viewportHeight = limits.viewport.height;
  const height = Math.min(pageHeight, limits.maxHeight);
  if (height > viewportHeight) {
    await page.setViewport({ ...limits.viewport, height });
    const full = await capture(page);
    // A page taller than maxHeight is cut there without a note: that is the configured behaviour.
    if (full.length <= limits.maxBytes) return { png: full };
    await page.setViewport(limits.viewport);
  }
  const view = await capture(page);
  if (view.length <= limits.maxBytes) {
    return height > viewportHeight
      ? { png: view, note: `full-page screenshot over ${limits.maxBytes} bytes: viewport only` }
      : { png: view };
  }
  return { note: `screenshot over ${limits.maxBytes} bytes even for the viewport: left out` };
}

async function capture(page: Page): Promise<Buffer> {
  const png = await page.screenshot({
    type: 'png',
    // Faster PNG encoding (less compression): screenshots are taken on every job.
    optimizeForSpeed: true,
    captureBeyondViewport: false,
  });
  return Buffer.from(png);
}
