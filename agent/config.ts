// One schema for every agent setting: flags and env (CRAWL_AGENT_*), validated once, frozen.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface AgentConfig {
  /** Coordinator base URLs (http(s) or ws(s)); the agent fails over between them in order. */
  coordinators: string[];
  deviceId: string;
  /** Device token from `admin device create`. Never logged. */
  token: string;
  /** Spool and browser profile live here. Default /var/lib/crawl-agent, or ./data/agent when run by hand. */
  stateDir: string;
  country: string;
  region: string;
  city: string;
  deviceType: 'mobile' | 'desktop' | 'server';
  networkType: 'wifi' | 'cellular' | 'ethernet';
  /** Jobs at once. Default 4. */
  maxConcurrent: number;
  /** Lab setting: ranges reachable despite the network policy, e.g. 127.0.0.0/8. Default none. */
  allowCidrs: string[];
  /** Ports never reached. Default 25. */
  deniedPorts: number[];
  /** host:port of the loopback status port; `off` disables it. Default 127.0.0.1:9477. */
  statusAddr: string;
  /** Allow the status port on a non-loopback address. Default false. */
  statusForce: boolean;
  /** Chromium path, '' to search the usual places, or 'none' to run without a browser. */
  browser: string;
  /** Browser pages open at once. Default 2. */
  browserPages: number;
  /** Relaunch the browser when its processes use more than this many bytes; 0 disables. Default 1.5 GiB. */
  browserMemoryLimitBytes: number;
  /** Largest response body kept. Default 10 MiB. */
  maxBodyBytes: number;
  /** Spool cap; when full the agent stops taking jobs. Default 512 MiB. */
  spoolMaxBytes: number;
  /** SIGTERM: how long running jobs may take to finish. Default 60 s. */
  drainTimeoutMs: number;
  /** Extra CA certificates to trust (lab targets with private CAs). */
  ca: Buffer[];
  logLevel: string;
  /** Reconnect backoff bounds. */
  reconnectMinMs: number;
  reconnectMaxMs: number;
  /** Re-send an unacknowledged result after this long while connected. Default 30 s. */
  resendAfterMs: number;
}

export class AgentConfigError extends Error {
  readonly code = 'AGENT_CONFIG_INVALID';
  constructor(readonly problems: string[]) {
    super(`invalid agent configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'AgentConfigError';
  }
}

type Source = Record<string, string | undefined>;

function parseFlags(argv: readonly string[]): Source {
  const out: Source = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    if (eq > 0) out[arg.slice(2, eq)] = arg.slice(eq + 1);
    else if (i + 1 < argv.length && !(argv[i + 1] ?? '').startsWith('--')) out[arg.slice(2)] = argv[++i];
    else out[arg.slice(2)] = 'true';
  }
  return out;
}

const list = (v: string | undefined): string[] =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function loadAgentConfig(argv: readonly string[], env: Source): Readonly<AgentConfig> {
  const flags = parseFlags(argv);
  const problems: string[] = [];
  const raw = (flag: string): string | undefined => {
    const v = flags[flag] ?? env[`CRAWL_AGENT_${flag.toUpperCase().replaceAll('-', '_')}`];
    return v === '' ? undefined : v;
  };
  const int = (flag: string, def: number, min: number, max: number): number => {
    const v = raw(flag);
    if (v === undefined) return def;
    const n = Number(v.replaceAll('_', ''));
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${flag}: expected an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
      return def;
    }
    return n;
  };
  const oneOf = <T extends string>(flag: string, def: T, allowed: readonly T[]): T => {
    const v = raw(flag) ?? def;
    if (!(allowed as readonly string[]).includes(v)) {
      problems.push(`${flag}: expected one of ${allowed.join(', ')}, got ${JSON.stringify(v)}`);
      return def;
    }
    return v as T;
  };
  const coordinators = list(raw('coordinators') ?? raw('coordinator'));
  if (coordinators.length === 0) problems.push('coordinators: at least one coordinator URL is required');
  for (const c of coordinators) {
    try {
      const u = new URL(c);
      if (!['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol)) throw new Error('scheme');
    } catch {
      problems.push(`coordinators: not an http(s) or ws(s) URL: ${JSON.stringify(c)}`);
    }
  }
  const deviceId = raw('device-id') ?? '';
  if (!deviceId) problems.push('device-id: required');
  const token = raw('token') ?? '';
  if (!token) problems.push('token: required (from `npm run admin -- device create`)');
  const country = (raw('country') ?? '').toUpperCase();
  if (country && !/^[A-Z]{2}$/.test(country)) problems.push('country: expected an ISO 3166-1 alpha-2 code');
  const ca: Buffer[] = [];
  const caFile = raw('ca-file');
  if (caFile) {
    try {
      ca.push(readFileSync(caFile));
    } catch {
      problems.push(`ca-file: cannot read ${caFile}`);
    }
  }
  const deniedPorts = list(raw('denied-ports') ?? '25').map(Number);
  if (deniedPorts.some((p) => !Number.isInteger(p) || p < 1 || p > 65_535))
    problems.push('denied-ports: expected ports');
  const config: AgentConfig = {
    coordinators,
    deviceId,
    token,
    stateDir: path.resolve(raw('state-dir') ?? '/var/lib/crawl-agent'),
    country,
    region: (raw('region') ?? '').toUpperCase(),
    city: raw('city') ?? '',
    deviceType: oneOf('device-type', 'server', ['mobile', 'desktop', 'server'] as const),
    networkType: oneOf('network-type', 'ethernet', ['wifi', 'cellular', 'ethernet'] as const),
    maxConcurrent: int('max-concurrent', 4, 1, 256),
    allowCidrs: list(raw('allow-cidrs')),
    deniedPorts,
    statusAddr: raw('status-addr') === 'off' ? '' : (raw('status-addr') ?? '127.0.0.1:9477'),
    statusForce: raw('status-force') === 'true',
    browser: raw('browser') ?? '',
    browserPages: int('browser-pages', 2, 1, 64),
    browserMemoryLimitBytes: int(
      'browser-memory-limit-bytes',
      1536 * 1024 * 1024,
      0,
      64 * 1024 * 1024 * 1024,
    ),
    maxBodyBytes: int('max-body-bytes', 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    spoolMaxBytes: int('spool-max-bytes', 512 * 1024 * 1024, 1024 * 1024, 64 * 1024 * 1024 * 1024),
    drainTimeoutMs: int('drain-timeout-ms', 60_000, 0, 3_600_000),
    ca,
    logLevel: raw('log-level') ?? 'info',
    reconnectMinMs: int('reconnect-min-ms', 500, 10, 600_000),
    reconnectMaxMs: int('reconnect-max-ms', 30_000, 10, 3_600_000),
    resendAfterMs: int('resend-after-ms', 30_000, 100, 3_600_000),
  };
  if (problems.length > 0) throw new AgentConfigError(problems);
  return Object.freeze(config);
}
