// The report's chart: an inline SVG comparing regions by the median TTFB, FCP and LCP of their
// completed tries. No script and no external asset, so it renders under a strict CSP.
import { esc, formatMs, median } from './html.js';
import type { SweepRegionView } from './sweep-view.js';

export const SERIES = [
  { key: 'ttfb', label: 'TTFB', color: '#4e79a7' },
  { key: 'fcp', label: 'FCP', color: '#f28e2b' },
  { key: 'lcp', label: 'LCP', color: '#59a14f' },
] as const;

type SeriesKey = (typeof SERIES)[number]['key'];

const WIDTH = 760;
const LABEL_W = 90;
const VALUE_W = 80;
const BAR_H = 14;
const BAR_GAP = 3;
const GROUP_GAP = 16;
const LEGEND_H = 28;

/** Medians per region and series, over completed tries only (null: no completed try). */
export function regionMedians(region: SweepRegionView): Record<SeriesKey, number | null> {
  const done = region.jobs.filter((j) => j.status === 'completed');
  return {
    ttfb: median(done.map((j) => j.metrics.ttfb)),
    fcp: median(done.map((j) => j.metrics.fcp)),
    lcp: median(done.map((j) => j.metrics.lcp)),
  };
}

/** A round axis maximum at or above `v` (1, 2 or 5 × a power of ten). */
function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

export function renderChart(regions: readonly SweepRegionView[]): string {
  const medians = regions.map((r) => ({ region: r.region, m: regionMedians(r) }));
  const max = niceMax(Math.max(0, ...medians.flatMap(({ m }) => SERIES.map((s) => m[s.key] ?? 0))));
  const groupH = SERIES.length * (BAR_H + BAR_GAP) - BAR_GAP;
  const height = LEGEND_H + regions.length * (groupH + GROUP_GAP) + 20;
  const plotW = WIDTH - LABEL_W - VALUE_W;
  const parts: string[] = [];
  SERIES.forEach((s, i) => {
    const x = LABEL_W + i * 90;
    parts.push(
      `<rect x="${x}" y="6" width="12" height="12" fill="${s.color}"/><text x="${x + 16}" y="16" class="legend">${s.label}</text>`,
    );
  });
  medians.forEach(({ region, m }, gi) => {
    const y0 = LEGEND_H + gi * (groupH + GROUP_GAP);
    const rows: string[] = [
      `<text x="${LABEL_W - 8}" y="${y0 + groupH / 2 + 4}" text-anchor="end" class="region-label">${esc(region)}</text>`,
    ];
    SERIES.forEach((s, si) => {
      const v = m[s.key];
      const y = y0 + si * (BAR_H + BAR_GAP);
      const w = v === null ? 0 : Math.max(1, (v / max) * plotW);
      rows.push(
        `<rect x="${LABEL_W}" y="${y}" width="${w.toFixed(1)}" height="${BAR_H}" fill="${s.color}" data-series="${s.key}"><title>${esc(`${region} ${s.label}: ${formatMs(v)}`)}</title></rect>`,
        `<text x="${LABEL_W + w + 4}" y="${y + BAR_H - 3}" class="value">${v === null ? 'no data' : esc(formatMs(v))}</text>`,
      );
    });
    parts.push(`<g class="region-bars" data-region="${esc(region)}">${rows.join('')}</g>`);
  });
  const axisY = height - 8;
  parts.push(
    `<text x="${LABEL_W}" y="${axisY}" class="axis">0</text>`,
    `<text x="${LABEL_W + plotW}" y="${axisY}" text-anchor="end" class="axis">${esc(formatMs(max))}</text>`,
  );
  const summary = medians
    .map(({ region, m }) => `${region}: ${SERIES.map((s) => `${s.label} ${formatMs(m[s.key])}`).join(', ')}`)
    .join('; ');
  return `<svg id="region-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="${esc(`Median TTFB, FCP and LCP by region. ${summary}`)}">${parts.join('')}</svg>`;
}
