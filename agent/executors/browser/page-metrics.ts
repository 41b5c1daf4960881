// Web performance metrics of the main document, read in the page. Observers for LCP, layout shifts
// and long tasks are installed before any page script runs (buffered, so nothing before them is
// missed), and read with takeRecords() at the end so entries not yet delivered still count.
// The in-page code is plain JavaScript in strings: functions passed to page.evaluate would be
// serialised after TypeScript compilation, which may add helpers the page does not have.
import type { PerformanceMetrics } from '../../../proto/index.js';

const KEY = '__crawlPerf';

/** Runs in every new document (top frame only) before its scripts. */
export const OBSERVER_SCRIPT = `(() => {
  if (window !== window.top || window.${KEY}) return;
  const state = { lcp: 0, cls: 0, tasks: [], observers: [] };
  const observe = (type, onEntries) => {
    try {
      const observer = new PerformanceObserver((list) => onEntries(list.getEntries()));
      observer.observe({ type, buffered: true });
      state.observers.push([observer, onEntries]);
    } catch (e) {}
  };
  observe('largest-contentful-paint', (entries) => {
    for (const e of entries) state.lcp = Math.max(state.lcp, e.startTime);
  });
  observe('layout-shift', (entries) => {
    for (const e of entries) if (!e.hadRecentInput) state.cls += e.value;
  });
  observe('longtask', (entries) => {
    for (const e of entries) state.tasks.push([e.startTime, e.duration]);
  });
  Object.defineProperty(window, '${KEY}', { value: state, enumerable: false });
})();`;

/** Raw values read in the page; computed into PerformanceMetrics by `toMetrics`. */
export interface PageReadings {
  hasNavigation: boolean;
  ttfb: number;
  domContentLoaded: number;
  loadEventEnd: number;
  now: number;
  firstPaint: number;
  firstContentfulPaint: number;
  lcp: number;
  cls: number;
  tasks: Array<[number, number]>;
  dnsTimeMs: number;
  tcpTimeMs: number;
  tlsTimeMs: number;
  transferSize: number;
  encodedBodySize: number;
  decodedBodySize: number;
  protocol: string;
  viewportWidth: number;
  viewportHeight: number;
  devicePixelRatio: number;
  /** Document height, CSS px (for the full-page screenshot). */
  scrollHeight: number;
  connectionType: string;
  effectiveType: string;
}

/** Evaluated once when the page is done (or given up on); returns PageReadings. */
export const READ_SCRIPT = `(() => {
  const state = window.${KEY};
  if (state) for (const [observer, onEntries] of state.observers) onEntries(observer.takeRecords());
  const nav = performance.getEntriesByType('navigation')[0];
  const paint = (name) => performance.getEntriesByName(name, 'paint')[0]?.startTime ?? 0;
  const conn = navigator.connection;
  const secure = nav && nav.secureConnectionStart > 0;
  return {
    hasNavigation: !!nav,
    ttfb: nav ? nav.responseStart : 0,
    domContentLoaded: nav ? nav.domContentLoadedEventEnd : 0,
    loadEventEnd: nav ? nav.loadEventEnd : 0,
    now: performance.now(),
    firstPaint: paint('first-paint'),
    firstContentfulPaint: paint('first-contentful-paint'),
    lcp: state ? state.lcp : 0,
    cls: state ? state.cls : 0,
    tasks: state ? state.tasks : [],
    dnsTimeMs: nav ? nav.domainLookupEnd - nav.domainLookupStart : 0,
    tcpTimeMs: nav ? (secure ? nav.secureConnectionStart : nav.connectEnd) - nav.connectStart : 0,
    tlsTimeMs: secure ? nav.connectEnd - nav.secureConnectionStart : 0,
    transferSize: nav ? nav.transferSize : 0,
    encodedBodySize: nav ? nav.encodedBodySize : 0,
    decodedBodySize: nav ? nav.decodedBodySize : 0,
    protocol: nav ? nav.nextHopProtocol : '',
    viewportWidth: window.innerWidth,
    viewportHeight: window.innerHeight,
    devicePixelRatio: window.devicePixelRatio,
    scrollHeight: Math.max(document.documentElement ? document.documentElement.scrollHeight : 0,
      document.body ? document.body.scrollHeight : 0),
    connectionType: conn && conn.type ? String(conn.type) : '',
    effectiveType: conn && conn.effectiveType ? String(conn.effectiveType) : '',
  };
})()`;

/**
 * How long the read waits for a first contentful paint the load event came before. 250 ms was too
 * short on a busy device: a paint due 120 ms after the load event came later than that with two
 * browser suites running on two cores, and the page reported fcp 0. Only a page that never paints
 * anything contentful pays the whole wait.
 */
export const PAINT_WAIT_MS = 1_000;

/**
 * Resolves once the page has a first contentful paint, or after PAINT_WAIT_MS. Chromium paints the
 * first frame after the load event of a small page; on a busy machine the metrics were read before
 * it, and a page that did paint reported fcp and lcp 0. A page with nothing contentful to paint
 * costs the wait once.
 */
export const PAINT_WAIT_SCRIPT = `new Promise((resolve) => {
  if (performance.getEntriesByName('first-contentful-paint', 'paint').length > 0) return resolve(true);
  const timer = setTimeout(() => resolve(false), ${PAINT_WAIT_MS});
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(true);
    }).observe({ type: 'paint', buffered: true });
  } catch (e) {}
})`;

/**
 * READ_SCRIPT and the serialized document in one round trip: `{ readings, html }`. The document is
 * serialized like puppeteer's page.content(): each top-level node (doctype, comments, <html>).
 */
export const READ_WITH_DOM_SCRIPT = `(() => {
  const readings = ${READ_SCRIPT};
  let html = '';
  for (const node of document.childNodes) {
    html += node === document.documentElement ? node.outerHTML : new XMLSerializer().serializeToString(node);
  }
  return { readings, html };
})()`;

/** Blocking part of a long task: what exceeds 50 ms (the RAIL budget). */
const BLOCKING_THRESHOLD_MS = 50;

export interface MetricsInputs {
  readings: PageReadings | null;
  /** The load event did not fire in time, or the page or browser crashed. */
  crashOrTimeout: boolean;
  /** Upstream DNS/policy and TCP connect times measured by the proxy for the main document. */
  upstream?: { dnsMs: number; connectMs: number };
  /** Used when navigator.connection gives no type / effective type. */
  networkType: string;
  effectiveConnectionType: string;
  viewport: { width: number; height: number; deviceScaleFactor: number };
}

/** Every PerformanceMetrics field, in ms (CLS unitless, sizes in bytes). */
export function toMetrics(input: MetricsInputs): PerformanceMetrics {
  const r = input.readings;
  const fcp = r?.firstContentfulPaint ?? 0;
  let longTaskCount = 0;
  let maxLongTask = 0;
  let totalBlockingTime = 0;
  for (const [start, duration] of r?.tasks ?? []) {
    longTaskCount++;
    maxLongTask = Math.max(maxLongTask, duration);
    // TBT counts only what blocks after FCP; a task straddling FCP counts from FCP on. Without a
    // paint (fcp 0) every task counts.
    const end = start + duration;
    const counted = end - Math.max(start, fcp);
    if (counted > BLOCKING_THRESHOLD_MS) totalBlockingTime += counted - BLOCKING_THRESHOLD_MS;
  }
  // Chromium sees only the loopback proxy: with a proxy the browser's DNS time is 0 and its connect
  // time is the tunnel set-up. The proxy's own upstream figures are the target's real ones.
  const dnsTimeMs = input.upstream ? input.upstream.dnsMs : (r?.dnsTimeMs ?? 0);
  const tcpTimeMs = input.upstream ? input.upstream.connectMs : (r?.tcpTimeMs ?? 0);
  return {
    crashOrTimeoutFlag: input.crashOrTimeout,
    effectiveConnectionType: r?.effectiveType || input.effectiveConnectionType,
    networkType: r?.connectionType || input.networkType,
    protocol: r?.protocol ?? '',
    cumulativeLayoutShift: round(r?.cls ?? 0, 4),
    decodedBodySize: r?.decodedBodySize ?? 0,
    devicePixelRatio: r?.devicePixelRatio ?? input.viewport.deviceScaleFactor,
    dnsTimeMs: round(dnsTimeMs, 1),
    domContentLoaded: round(r?.domContentLoaded ?? 0, 1),
    encodedBodySize: r?.encodedBodySize ?? 0,
    firstContentfulPaint: round(fcp, 1),
    firstPaint: round(r?.firstPaint ?? 0, 1),
    // LCP is never before FCP; Chromium reports it from the first contentful element on.
    largestContentfulPaint: round(Math.max(r?.lcp ?? 0, r?.lcp ? fcp : 0), 1),
    longTaskCount,
    maxLongTask: round(maxLongTask, 1),
    tcpTimeMs: round(tcpTimeMs, 1),
    timeToFirstByte: round(r?.ttfb ?? 0, 1),
    tlsTimeMs: round(r?.tlsTimeMs ?? 0, 1),
    totalBlockingTime: round(totalBlockingTime, 1),
    // Unfinished load: the time at which we stopped waiting.
    totalLoadTime: round(r ? (r.loadEventEnd > 0 ? r.loadEventEnd : r.now) : 0, 1),
    transferSize: r?.transferSize ?? 0,
    viewportHeight: r?.viewportHeight ?? input.viewport.height,
    viewportWidth: r?.viewportWidth ?? input.viewport.width,
  };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
