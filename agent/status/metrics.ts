// Prometheus text exposition (format 0.0.4) of a status snapshot. Hand-written: six series do not
// justify a client library, and the snapshot already holds every number.
import type { AgentStatus } from './types.js';

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

// Label values may hold any text; the format requires these three escapes.
const escapeLabel = (value: string): string =>
  value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');

function labels(pairs: Record<string, string>): string {
  const inner = Object.entries(pairs)
    .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
    .join(',');
  return inner ? `{${inner}}` : '';
}

export function renderMetrics(status: AgentStatus): string {
  const lines: string[] = [];
  const metric = (
    name: string,
    type: 'gauge' | 'counter',
    help: string,
    samples: Array<[string, number]>,
  ) => {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    for (const [labelText, value] of samples) lines.push(`${name}${labelText} ${value}`);
  };
  metric('crawl_agent_up', 'gauge', 'Whether the agent process is running.', [['', 1]]);
  metric('crawl_agent_info', 'gauge', 'Agent build and identity.', [
    [labels({ version: status.version, device_id: status.deviceId }), 1],
  ]);
  metric('crawl_agent_link_connected', 'gauge', 'Whether the link to the coordinator is connected.', [
    ['', status.link.state === 'connected' ? 1 : 0],
  ]);
  metric('crawl_agent_running_jobs', 'gauge', 'Jobs executing now.', [['', status.runningJobs.length]]);
  metric('crawl_agent_max_concurrent_jobs', 'gauge', 'Jobs the agent runs at once at most.', [
    ['', status.capabilities.maxConcurrent],
  ]);
  metric('crawl_agent_spool_depth', 'gauge', 'Results waiting to be delivered.', [['', status.spool.depth]]);
  metric('crawl_agent_spool_bytes', 'gauge', 'Bytes of results waiting to be delivered.', [
    ['', status.spool.bytes],
  ]);
  metric('crawl_agent_spool_max_bytes', 'gauge', 'Spool capacity in bytes.', [['', status.spool.maxBytes]]);
  const jobSamples: Array<[string, number]> = [];
  for (const [method, outcomes] of Object.entries(status.counters)) {
    for (const [outcome, count] of Object.entries(outcomes)) {
      jobSamples.push([labels({ method, outcome }), count]);
    }
  }
  metric(
    'crawl_agent_jobs_total',
    'counter',
    'Finished jobs by method and outcome (success or error type).',
    [...jobSamples],
  );
  const owner = status.owner;
  if (owner) {
    metric('crawl_agent_paused', 'gauge', 'Whether the device owner paused the agent.', [
      ['', owner.paused ? 1 : 0],
    ]);
    metric(
      'crawl_agent_accepting_jobs',
      'gauge',
      "Whether the agent takes jobs now (spool room, owner's controls).",
      [['', owner.accepting ? 1 : 0]],
    );
    metric('crawl_agent_bytes_today', 'gauge', 'Bytes fetched from targets in the current local day.', [
      ['', owner.bytesToday],
    ]);
  }
  metric('crawl_agent_uptime_seconds', 'gauge', 'Seconds since the agent started.', [
    ['', status.uptimeMs / 1000],
  ]);
  return `${lines.join('\n')}\n`;
}
