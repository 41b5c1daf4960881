// Renders a status snapshot for a person at a terminal: aligned key/value lines, then a table of
// running jobs. Pure, so the CLI stays a thin fetch-and-print.
import type { AgentStatus, UrlLogLine } from './types.js';

export function formatDuration(ms: number): string {
  let s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  s -= d * 86_400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  const parts = d
    ? [`${d}d`, `${h}h`, `${m}m`]
    : h
      ? [`${h}h`, `${m}m`, `${s}s`]
      : m
        ? [`${m}m`, `${s}s`]
        : [`${s}s`];
  return parts.join(' ');
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`;
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** `nowMs` places `link.since` in time ("3m ago"). */
export function formatStatus(status: AgentStatus, nowMs: number): string {
  const sinceMs = Date.parse(status.link.since);
  const linkAge = Number.isNaN(sinceMs) ? '' : ` for ${formatDuration(nowMs - sinceMs)}`;
  const loc = status.location;
  const counters = Object.entries(status.counters).map(
    ([method, outcomes]) =>
      `${method} ${Object.entries(outcomes)
        .map(([o, n]) => `${o}=${n}`)
        .join(' ')}`,
  );
  const pairs: Array<[string, string]> = [
    ['Device', status.deviceId],
    ['Version', status.version],
    ['Link', `${status.link.state}${linkAge} (since ${status.link.since})`],
    ['Coordinator', status.link.coordinatorUrl || '-'],
    ['Last link error', status.link.lastError ?? '-'],
    ...(status.standing?.quarantined
      ? [['Standing', `QUARANTINED by the coordinator: ${status.standing.reason}`] as [string, string]]
      : []),
    ...(status.link.rttMs != null
      ? [['Link round trip', `${status.link.rttMs} ms`] as [string, string]]
      : []),
    ['Uptime', `${formatDuration(status.uptimeMs)} (started ${status.startedAt})`],
    ['Location', [loc.country, loc.region, loc.city].map((p) => p || '?').join(' / ')],
    ['Device type', status.deviceType],
    ['Network type', status.networkType],
    ['Methods', status.capabilities.methods.join(', ') || '-'],
    ['Max concurrent', String(status.capabilities.maxConcurrent)],
    ['Browser', `${status.browser.state}${status.browser.version ? ` (${status.browser.version})` : ''}`],
    [
      'Spool',
      `${status.spool.depth} result(s), ${formatBytes(status.spool.bytes)} of ${formatBytes(status.spool.maxBytes)}`,
    ],
    ...ownerLines(status),
    ['Jobs done', counters.length ? (counters[0] ?? '') : 'none yet'],
    ...counters.slice(1).map((c): [string, string] => ['', c]),
  ];
  const keyWidth = Math.max(...pairs.map(([k]) => k.length)) + 1;
  const lines = pairs.map(([k, v]) => `${(k ? `${k}:` : '').padEnd(keyWidth)}  ${v}`);
  lines.push('', `Running jobs: ${status.runningJobs.length} of ${status.capabilities.maxConcurrent}`);
  if (status.runningJobs.length > 0) {
    const rows = status.runningJobs.map((j) => [
      j.jobId,
      String(j.attempt),
      j.method,
      formatDuration(j.ageMs),
      j.url,
    ]);
    lines.push(...table(['JOB', 'ATTEMPT', 'METHOD', 'AGE', 'URL'], rows).map((l) => `  ${l}`));
  }
  return `${lines.join('\n')}\n`;
}

function ownerLines(status: AgentStatus): Array<[string, string]> {
  const o = status.owner;
  if (!o) return [];
  const limit = (n: number, show: (n: number) => string) => (n > 0 ? show(n) : 'no limit');
  return [
    ['Taking jobs', o.accepting ? 'yes' : `no: ${o.reason}`],
    ['Jobs per minute', `${o.jobsLastMinute} of ${limit(o.maxJobsPerMinute, String)}`],
    ['Bytes today', `${formatBytes(o.bytesToday)} of ${limit(o.maxBytesPerDay, formatBytes)}`],
    ['Allowed hours', o.allowedHours.join(', ') || 'any time'],
    ['Allowed domains', o.allowDomains.join(', ') || 'any'],
    ['Denied domains', o.denyDomains.join(', ') || 'none'],
    ['URL log', o.urlLog],
    [
      'Proxy',
      o.proxy
        ? `on (${o.proxyStreams ?? 0} open)`
        : 'off (crawl-agent proxy on to let the device carry proxy traffic)',
    ],
  ];
}

/** The URL log as a table, oldest first. */
export function formatUrlLog(entries: UrlLogLine[]): string {
  if (entries.length === 0) return 'no jobs logged yet\n';
  const rows = entries.map((e) => [
    e.time,
    e.method,
    String(e.status || '-'),
    String(e.bytes),
    e.outcome,
    e.target,
  ]);
  return `${table(['TIME', 'METHOD', 'STATUS', 'BYTES', 'OUTCOME', 'TARGET'], rows).join('\n')}\n`;
}
