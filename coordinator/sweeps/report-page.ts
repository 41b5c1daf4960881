// The sweep report a person opens from report_url: per region a row of tries (status, TTFB, FCP,
// LCP, CLS, screenshot thumbnail), and a chart comparing regions. Server-rendered, self-contained
// (inline CSS and SVG, no script), every printed value escaped.

import type { Divergence } from './divergence.js';
import { esc, formatCls, formatMs, median, safeHref } from './html.js';
import { renderChart } from './report-chart.js';
import type { SweepJobEntry, SweepRegionView, SweepView } from './sweep-view.js';

/** While the sweep runs the page reloads itself this often. */
export const REFRESH_SECONDS = 5;

/** Sent with the page: nothing but same-origin images and the inline styles may load. */
export const REPORT_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STYLE = `
:root{color-scheme:light;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330}
body{margin:0;background:#f5f6f8}
header,main{max-width:1200px;margin:0 auto;padding:16px 24px}
header{background:#fff;border-bottom:1px solid #dde1e7;max-width:none}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 8px}
.url{word-break:break-all;margin:0 0 8px}.url a{color:#2457c5}
.summary{display:flex;flex-wrap:wrap;gap:4px 24px;margin:0}.summary div{display:flex;gap:6px}
.summary dt{color:#5b6472}.summary dd{margin:0;font-weight:600}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;background:#e3e6eb;color:#333}
.badge.completed{background:#dcf2e1;color:#17692e}.badge.partial{background:#fff1cc;color:#7a5600}
.badge.failed{background:#fbdcdc;color:#9b1c1c}.badge.running,.badge.pending{background:#dde8fb;color:#1f4fa3}
.card{background:#fff;border:1px solid #dde1e7;border-radius:8px;padding:12px 16px;overflow-x:auto}
svg text{font:12px system-ui,sans-serif;fill:#1d2330}svg .axis,svg .value{fill:#5b6472}
table{border-collapse:collapse;width:100%}
th.region-name{text-align:left;vertical-align:top;padding:12px 12px 12px 0;width:110px;font-size:16px}
tr.region{border-top:1px solid #dde1e7}tr.region:first-child{border-top:0}
td{padding:12px 0}
.tries{display:flex;flex-wrap:wrap;gap:12px}
.try{margin:0;width:176px;border:1px solid #dde1e7;border-radius:6px;background:#fafbfc;overflow:hidden}
.thumb,.noshot{display:block;width:176px;height:132px;object-fit:cover;object-position:top;background:#eceff3}
.noshot{display:flex;align-items:center;justify-content:center;color:#7a8291;font-size:12px}
figcaption{padding:6px 8px}
.metrics{display:grid;grid-template-columns:auto 1fr;gap:0 8px;margin:4px 0 0;font-variant-numeric:tabular-nums}
.metrics dt{color:#5b6472}.metrics dd{margin:0;text-align:right}
.error{color:#9b1c1c;font-size:12px;margin:4px 0 0;word-break:break-word}
.medians{color:#5b6472;font-size:12px;font-weight:400;margin-top:4px}
.divergence p{margin:0 0 8px}.differences{list-style:none;margin:0;padding:0}
.differences li{display:flex;gap:10px;align-items:baseline;padding:6px 0;border-top:1px solid #eef0f3;word-break:break-word}
.differences li:first-child{border-top:0}
.kind{flex:none;min-width:64px;text-align:center;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;background:#e3e6eb;color:#333}
.kind.status,.kind.failed,.kind.blocked{background:#fbdcdc;color:#9b1c1c}.kind.redirect{background:#dde8fb;color:#1f4fa3}
.kind.content,.kind.title{background:#fff1cc;color:#7a5600}
.divergence.agree .verdict{color:#17692e;font-weight:600}.divergence.differ .verdict,.divergence.no_majority .verdict{color:#9b1c1c;font-weight:600}
.answer{margin:2px 0 0;font-size:12px;color:#5b6472;word-break:break-word}.answer .blocked{color:#9b1c1c;font-weight:600}
footer{color:#7a8291;font-size:12px;padding:16px 24px;text-align:center}
`;

export interface ReportLinks {
  /** URL of a try's screenshot that works without an API key (token-scoped). */
  thumbnail(jobId: string): string;
}

function tryCard(entry: SweepJobEntry, index: number, region: string, links: ReportLinks): string {
  const label = `Try ${index + 1}`;
  const where = entry.country || 'unknown country';
  const shot = entry.screenshot
    ? `<a href="${esc(links.thumbnail(entry.job_id))}"><img class="thumb" src="${esc(links.thumbnail(entry.job_id))}" alt="${esc(`Screenshot of ${label.toLowerCase()} in ${region} (${where})`)}"></a>`
    : `<div class="noshot">${entry.status === 'pending' || entry.status === 'running' ? 'waiting…' : 'no screenshot'}</div>`;
  const has = entry.status === 'completed';
  const m = entry.metrics;
  const error = entry.error_type
    ? `<p class="error">${esc(entry.error_type)}: ${esc(entry.error_message)}</p>`
    : entry.data_error
      ? `<p class="error">${esc(entry.data_error)}</p>`
      : '';
  const answer =
    entry.status === 'completed' && entry.status_code
      ? `<p class="answer" data-answer>HTTP ${esc(entry.status_code)}${entry.block ? ` · <span class="blocked">${esc(entry.block.kind)}: ${esc(entry.block.rule)}</span>` : ''}${entry.title ? ` · ${esc(entry.title)}` : ''}</p>`
      : '';
  return `<figure class="try" data-job-id="${esc(entry.job_id)}" data-status="${esc(entry.status)}">${shot}<figcaption><strong>${label}</strong> · <span class="country">${esc(where)}</span> <span class="badge ${esc(entry.status)}">${esc(entry.status)}</span>
<dl class="metrics"><dt>TTFB</dt><dd data-metric="ttfb">${formatMs(has ? m.ttfb : null)}</dd><dt>FCP</dt><dd data-metric="fcp">${formatMs(has ? m.fcp : null)}</dd><dt>LCP</dt><dd data-metric="lcp">${formatMs(has ? m.lcp : null)}</dd><dt>CLS</dt><dd data-metric="cls">${formatCls(has ? m.cls : null)}</dd></dl>${answer}${error}</figcaption></figure>`;
}

function regionRow(r: SweepRegionView, links: ReportLinks): string {
  const done = r.jobs.filter((j) => j.status === 'completed');
  const med = (pick: (j: SweepJobEntry) => number) => median(done.map(pick));
  const medians = `median TTFB ${formatMs(med((j) => j.metrics.ttfb))}, LCP ${formatMs(med((j) => j.metrics.lcp))}, CLS ${formatCls(med((j) => j.metrics.cls))}`;
  const cards = r.jobs.map((e, i) => tryCard(e, i, r.region, links)).join('');
  const lighthouse = r.lighthouse
    ? `<div class="lighthouse" data-lighthouse>Lighthouse ${esc(
        Object.entries(r.lighthouse)
          .map(([k, v]) => `${k} ${v === null ? '–' : Math.round(v * 100)}`)
          .join(', '),
      )}</div>`
    : '';
  return `<tr class="region" data-region="${esc(r.region)}" data-status="${esc(r.status)}"><th class="region-name" scope="row">${esc(r.region)}<br><span class="badge ${esc(r.status)}">${esc(r.status)}</span><div class="medians">${esc(medians)}</div>${lighthouse}</th><td><div class="tries">${cards}</div></td></tr>`;
}

const KIND_LABEL: Record<string, string> = {
  failed: 'failed',
  status: 'status',
  blocked: 'blocked',
  redirect: 'redirect',
  content: 'content',
  title: 'title',
  answer: 'answer',
};

/** Which regions or networks got a different answer, one line each (divergence.ts). */
export function renderDivergence(d: Divergence): string {
  const majority = d.majority
    ? `<p>Most common answer: <strong id="majority-answer">${
        d.majority.failed
          ? `failed (${esc(d.majority.error_type || 'unknown error')})`
          : esc(d.majority.status_code) +
            (d.majority.block ? `, ${esc(d.majority.block.kind)} (${esc(d.majority.block.rule)})` : '')
      }</strong> on ${esc(d.majority.tries)} of ${esc(d.compared)} finished tries${d.waiting > 0 ? ` (${esc(d.waiting)} still running)` : ''}.</p>`
    : '';
  const items = d.differences
    .map(
      (e) =>
        `<li data-group="${esc(e.group)}" data-kind="${esc(e.kind)}"><span class="kind ${esc(e.kind)}">${esc(KIND_LABEL[e.kind] ?? e.kind)}</span><span class="message">${esc(e.message)}</span></li>`,
    )
    .join('');
  const verdict =
    d.state === 'pending'
      ? 'No try has finished yet.'
      : d.state === 'agree'
        ? 'Every region got the same answer.'
        : d.state === 'no_majority'
          ? 'No answer is the most common: each region’s answer is listed.'
          : `${d.differences.length === 1 ? 'One difference' : `${d.differences.length} differences`} from the most common answer.`;
  return `<div class="card divergence ${esc(d.state)}" id="divergence" data-state="${esc(d.state)}"><p class="verdict">${esc(verdict)}</p>${majority}${items ? `<ul class="differences">${items}</ul>` : ''}</div>`;
}

/**
 * `before`: HTML placed above the chart (a scheduled run's changes); `network`: the sweep's
 * measurements (sweep-network.ts), placed under the divergence; both already escaped.
 */
export function renderReport(view: SweepView, links: ReportLinks, before = '', network = ''): string {
  const regions = view.regions.map((name) => view.results[name]).filter((r): r is SweepRegionView => !!r);
  const refresh = view.status === 'running' ? `<meta http-equiv="refresh" content="${REFRESH_SECONDS}">` : '';
  const pending = view.total_jobs - view.completed_jobs - view.failed_jobs;
  const summary: Array<[string, string]> = [
    ['Status', `<span class="badge ${esc(view.status)}" id="sweep-status">${esc(view.status)}</span>`],
    ['Created', esc(view.created_at)],
    ['Device type', esc(view.device_type)],
    ['Tries per region', esc(view.tries_per_region)],
    [
      'Tries',
      `${esc(view.completed_jobs)} completed, ${esc(view.failed_jobs)} failed, ${esc(pending)} waiting, of ${esc(view.total_jobs)}`,
    ],
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">${refresh}
<title>${esc(`Sweep report: ${view.url}`)}</title><style>${STYLE}</style></head>
<body data-sweep-id="${esc(view.sweep_id)}" data-status="${esc(view.status)}">
<header><h1>Sweep report</h1><p class="url"><a href="${safeHref(view.url)}" rel="noreferrer noopener">${esc(view.url)}</a></p>
<dl class="summary">${summary.map(([k, v]) => `<div><dt>${k}</dt><dd>${v}</dd></div>`).join('')}</dl></header>
<main>${before}
<h2>How regions differ</h2>${renderDivergence(view.divergence)}${network}
<h2>Regions compared (median of completed tries)</h2><div class="card">${renderChart(regions)}</div>
<h2>Tries by region</h2><div class="card"><table id="tries"><tbody>${regions.map((r) => regionRow(r, links)).join('\n')}</tbody></table></div>
</main>
<footer>Sweep ${esc(view.sweep_id)}${view.status === 'running' ? ` · refreshes every ${REFRESH_SECONDS} s until every try has finished` : ''}</footer>
</body></html>`;
}
