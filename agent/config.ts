// One schema for every agent setting: flags and env (CRAWL_AGENT_*), validated once, frozen.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { ConfigReader, type ConfigSource, type LogLevel } from '../common/config-reader.js';
import { readTracingConfig, type TracingConfig } from '../common/tracing/tracing-config.js';
import { isReleaseVersion, RELEASE_PUBLIC_KEY_BYTES } from '../proto/index.js';
import { normaliseDomain, type OwnerControlsConfig, parseHourWindows } from './owner/controls.js';

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
  /**
   * Local address every outgoing connection is bound to (the link, HTTP, Solana and browser
   * traffic): an IPv4 or IPv6 literal of this host, for multi-homed devices. Default '' (the
   * operating system chooses).
   */
  localAddress: string;
  /** Extra CA certificates to trust (lab targets with private CAs). */
  ca: Buffer[];
  /** fatal | error | warn | info | debug | trace | silent. Default info. */
  logLevel: LogLevel;
  /** Reconnect backoff bounds. */
  reconnectMinMs: number;
  reconnectMaxMs: number;
  /** Re-send an unacknowledged result after this long while connected. Default 30 s. */
  resendAfterMs: number;
  /** What the device's owner allows (rate, bytes, hours, domains). Default: no limits. */
  owner: OwnerControlsConfig;
  /** What the local URL log records per job: the host, the full URL, or nothing. Default host. */
  urlLog: 'host' | 'url' | 'off';
  /** Size of one URL log file before it rotates. Default 1 MiB. */
  urlLogMaxBytes: number;
  /** URL log files kept (the current one and rotated ones). Default 5. */
  urlLogFiles: number;
  /** OpenTelemetry traces of job executions (docs/operations.md, Tracing). Default off. */
  tracing: TracingConfig;
  /** Destination ports proxy streams may reach (docs/proxy.md); empty: no proxying. Default 80,443. */
  proxyPorts: number[];
  /** Proxy streams open at once. Default 64. */
  proxyMaxStreams: number;
  /**
   * Release keys (docs/operations.md, releases): Ed25519 public keys, each the base64 of its 32 raw
   * bytes, set at install time. A release must be signed by one of them. Default none: the agent
   * never upgrades.
   */
  releaseKeys: Buffer[];
  /**
   * Where releases are unpacked (versions/<v>/, the `current` link): given by the launcher
   * (scripts/agent-launcher.mjs), which starts the agent. Default '': not run by the launcher, no
   * upgrades.
   */
  releaseRoot: string;
  /** The release this process runs, as the launcher started it. Default '': the installed code. */
  releaseVersion: string;
  /** The device owner's pin: take no release but this version. Default '': follow the rollout. */
  upgradePin: string;
  /** Largest release bundle downloaded. Default 512 MiB. */
  upgradeMaxBytes: number;
}

export class AgentConfigError extends Error {
  readonly code = 'AGENT_CONFIG_INVALID';
  constructor(readonly problems: string[]) {
    super(`invalid agent configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'AgentConfigError';
  }
}

export function loadAgentConfig(argv: readonly string[], env: ConfigSource): Readonly<AgentConfig> {
  const r = new ConfigReader(argv, env, { envPrefix: 'CRAWL_AGENT_' });
  const coordinators = r.list('coordinators', r.raw('coordinator') ?? '');
  if (coordinators.length === 0) r.problem('coordinators: at least one coordinator URL is required');
  for (const c of coordinators) {
    try {
      const u = new URL(c);
      if (!['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol)) throw new Error('scheme');
    } catch {
      r.problem(`coordinators: not an http(s) or ws(s) URL: ${JSON.stringify(c)}`);
    }
  }
  const deviceId = r.str('device-id', '');
  if (!deviceId) r.problem('device-id: required');
  const token = r.str('token', '');
  if (!token) r.problem('token: required (from `npm run admin -- device create`)');
  const country = r.str('country', '').toUpperCase();
  if (country && !/^[A-Z]{2}$/.test(country)) r.problem('country: expected an ISO 3166-1 alpha-2 code');
  const ca: Buffer[] = [];
  const caFile = r.raw('ca-file');
  if (caFile) {
    try {
      ca.push(readFileSync(caFile));
    } catch {
      r.problem(`ca-file: cannot read ${caFile}`);
    }
  }
  const deniedPorts = r.list('denied-ports', '25').map(Number);
  if (deniedPorts.some((p) => !Number.isInteger(p) || p < 1 || p > 65_535))
    r.problem('denied-ports: expected ports');
  const proxyPorts = r.list('proxy-ports', '80,443').map(Number);
  if (proxyPorts.some((p) => !Number.isInteger(p) || p < 1 || p > 65_535))
    r.problem('proxy-ports: expected ports');
  const localAddress = r.str('local-address', '');
  if (localAddress !== '' && isIP(localAddress) === 0)
    r.problem(`local-address: expected an IPv4 or IPv6 address, got ${JSON.stringify(localAddress)}`);
  const releaseKeys = readReleaseKeys(r);
  const releaseVersion = r.str('release-version', '');
  if (releaseVersion !== '' && !isReleaseVersion(releaseVersion))
    r.problem(`release-version: not a release version: ${JSON.stringify(releaseVersion)}`);
  const upgradePin = r.str('upgrade-pin', '');
  if (upgradePin !== '' && !isReleaseVersion(upgradePin))
    r.problem(`upgrade-pin: not a release version: ${JSON.stringify(upgradePin)}`);
  const releaseRoot = r.str('release-root', '');
  const config: AgentConfig = {
    coordinators,
    deviceId,
    token,
    stateDir: path.resolve(r.str('state-dir', '/var/lib/crawl-agent')),
    country,
    region: r.str('region', '').toUpperCase(),
    city: r.str('city', ''),
    deviceType: r.oneOf('device-type', 'server', ['mobile', 'desktop', 'server'] as const),
    networkType: r.oneOf('network-type', 'ethernet', ['wifi', 'cellular', 'ethernet'] as const),
    maxConcurrent: r.int('max-concurrent', 4, 1, 256),
    allowCidrs: r.list('allow-cidrs'),
    deniedPorts,
    statusAddr: r.raw('status-addr') === 'off' ? '' : r.str('status-addr', '127.0.0.1:9477'),
    statusForce: r.bool('status-force', false),
    browser: r.str('browser', ''),
    browserPages: r.int('browser-pages', 2, 1, 64),
    browserMemoryLimitBytes: r.int(
      'browser-memory-limit-bytes',
      1536 * 1024 * 1024,
      0,
      64 * 1024 * 1024 * 1024,
    ),
    maxBodyBytes: r.int('max-body-bytes', 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    spoolMaxBytes: r.int('spool-max-bytes', 512 * 1024 * 1024, 1024 * 1024, 64 * 1024 * 1024 * 1024),
    drainTimeoutMs: r.int('drain-timeout-ms', 60_000, 0, 3_600_000),
    localAddress,
    ca,
    logLevel: r.logLevel(),
    reconnectMinMs: r.int('reconnect-min-ms', 500, 10, 600_000),
    reconnectMaxMs: r.int('reconnect-max-ms', 30_000, 10, 3_600_000),
    resendAfterMs: r.int('resend-after-ms', 30_000, 100, 3_600_000),
    owner: readOwnerControls(r),
    urlLog: r.oneOf('url-log', 'host', ['host', 'url', 'off'] as const),
    urlLogMaxBytes: r.int('url-log-max-bytes', 1024 * 1024, 1024, 1024 * 1024 * 1024),
    urlLogFiles: r.int('url-log-files', 5, 1, 100),
    tracing: readTracingConfig(r, 'crawl-agent'),
    proxyPorts,
    proxyMaxStreams: r.int('proxy-max-streams', 64, 1, 4096),
    releaseKeys,
    releaseRoot: releaseRoot === '' ? '' : path.resolve(releaseRoot),
    releaseVersion,
    upgradePin,
    upgradeMaxBytes: r.int('upgrade-max-bytes', 512 * 1024 * 1024, 1024, 16 * 1024 * 1024 * 1024),
  };
  r.rejectUnknown();
  if (r.problems.length > 0) throw new AgentConfigError(r.problems);
  return Object.freeze(config);
}

/** `--release-key`: comma-separated base64 Ed25519 public keys (several while a key is rotated). */
function readReleaseKeys(r: ConfigReader): Buffer[] {
  const keys: Buffer[] = [];
  for (const k of r.list('release-key')) {
    const raw = Buffer.from(k, 'base64');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(k) || raw.length !== RELEASE_PUBLIC_KEY_BYTES) {
      r.problem(`release-key: not the base64 of a ${RELEASE_PUBLIC_KEY_BYTES}-byte Ed25519 public key`);
    } else keys.push(raw);
  }
  return keys;
}

function readOwnerControls(r: ConfigReader): OwnerControlsConfig {
  let allowedHours: OwnerControlsConfig['allowedHours'] = [];
  try {
    allowedHours = parseHourWindows(r.str('allowed-hours', ''));
  } catch (err) {
    r.problem(`allowed-hours: ${(err as Error).message}`);
  }
  const domains = (flag: string): string[] => {
    const list = r.list(flag).map(normaliseDomain);
    for (const d of list)
      if (!/^[a-z0-9.-]+$/.test(d)) r.problem(`${flag}: not a domain: ${JSON.stringify(d)}`);
    return list;
  };
  return Object.freeze({
    maxJobsPerMinute: r.int('max-jobs-per-minute', 0, 0, 1_000_000),
    maxBytesPerDay: r.int('max-bytes-per-day', 0, 0, Number.MAX_SAFE_INTEGER),
    allowedHours,
    allowDomains: domains('allow-domains'),
    denyDomains: domains('deny-domains'),
  });
}
