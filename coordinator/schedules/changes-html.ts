// The "Changes since the previous run" section of a scheduled run's report page. Everything printed
// is escaped; the previous run is named, not linked (its report token is its own credential).
import { esc } from '../sweeps/html.js';
import type { RunDiff } from './run-diff.js';

const LABEL: Record<string, string> = {
  status: 'Status',
  http_status: 'HTTP status',
  final_url: 'Final URL',
  size_bytes: 'Size (median, bytes)',
  error_type: 'Errors',
  block: 'Block page',
  title: 'Title',
  text_fingerprint: 'Text',
};

function show(v: unknown): string {
  if (v === null || v === undefined) return '–';
  if (Array.isArray(v)) return v.length === 0 ? '–' : v.map((x) => esc(String(x))).join(', ');
  return esc(String(v));
}

/** `diff` null: the schedule's first run. */
export function renderChanges(scheduleId: string, diff: RunDiff | null): string {
  const head = `<h2>Changes since the previous run</h2>`;
  const about = `<p class="medians">Scheduled run of schedule ${esc(scheduleId)}${diff ? `; previous run: sweep ${esc(diff.previous_sweep_id)}${diff.complete ? '' : ' (one of the runs is still running: so far)'}` : ''}</p>`;
  if (!diff)
    return `${head}<div class="card" id="changes">${about}<p>This is the schedule's first run.</p></div>`;
  const rows = Object.entries(diff.regions)
    .map(([region, r]) => {
      const cells = r.changed
        ? r.changes
            .map((c) =>
              c.similarity === undefined
                ? `<li data-field="${esc(c.field)}">${esc(LABEL[c.field] ?? c.field)}: ${show(c.before)} → ${show(c.after)}</li>`
                : `<li data-field="${esc(c.field)}">${esc(LABEL[c.field] ?? c.field)}: changed (${esc(Math.round(c.similarity * 100))} % similar to the previous run)</li>`,
            )
            .join('')
        : '<li>no change</li>';
      return `<tr class="region" data-region="${esc(region)}" data-changed="${r.changed}"><th class="region-name" scope="row">${esc(region)}</th><td><ul>${cells}</ul></td></tr>`;
    })
    .join('');
  return `${head}<div class="card" id="changes">${about}<table><tbody>${rows}</tbody></table></div>`;
}
