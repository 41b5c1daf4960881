// One schema for every coordinator setting: read from flags and env once, validated, frozen.

import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigReader, type ConfigSource, parseFlags, splitList } from '../common/config-reader.js';
import { formatIp, parseCidr, parseIp } from '../common/net-policy/cidr.js';
import { readTracingConfig, type TracingConfig } from '../common/tracing/tracing-config.js';
import { type CrashPoint, parseCrashAfter } from './crash-points.js';
import { parseListen } from './metrics/metrics-server.js';
import { type LocationConfig, readLocationConfig } from './trust/location/location-config.js';

export interface S3Config {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export interface ProxyConfig {
  /** `host:port` of the proxy listener (HTTP CONNECT, absolute-form HTTP, SOCKS5); null: off. */
  listen: { host: string; port: number } | null;
  /** Destination ports refused whatever the device allows (mail and the like). */
  denyPorts: number[];
  /** Destination hosts refused (suffix match on labels). */
  denyHosts: string[];
  /** Streams one API key may have open at once across this coordinator. Default 256. */
  maxStreamsPerKey: number;
  /** Initial per-stream credit window, bytes. Default 64 KiB (streams that keep up grow to 1 MiB). */
  windowBytes: number;
  /** A stream idle (no byte either way) this long is closed, ms. Default 5 min. */
  idleTimeoutMs: number;
  /** Canary streams through the exits (docs/proxy.md, "Canary streams"); null (default): none. */
  canary: ProxyCanaryConfig | null;
}

/** `--proxy-canary-addr` and the settings that go with it (coordinator/proxy/canary.ts). */
export interface ProxyCanaryConfig {
  /** Where the coordinator's canary echo endpoint listens (plain HTTP, raw bytes echoed). */
  listen: { host: string; port: number };
  /**
   * The plain-HTTP URL the exits dial (`--proxy-canary-url`); null: `http://<listen host>:<bound
   * port>/` (a wildcard host: 127.0.0.1). Its port must be one the exits offer (80 by default).
   */
  url: string | null;
  /** How often each exit gets a canary stream. Default 30m; exits held or quarantined 10× as often. */
  intervalMs: number;
  /** Share of user streams followed by a canary through the same exit. Default 0.001. */
  share: number;
}

export interface CoordinatorConfig {
  /** Listen address. Default 127.0.0.1 (one machine); set 0.0.0.0 behind a load balancer. */
  host: string;
  /** Listen port; 0 picks a free one. Default 8080. */
  port: number;
  /** Data directory for the SQLite file and local content. Default ./data. */
  dataDir: string;
  /** `sqlite:<path>` or `postgres://…`. Default sqlite:<dataDir>/crawl.db. */
  store: string;
  /** Public URL of this coordinator; default http://<host>:<port> once listening. */
  publicUrl: string | null;
  /** Base of download_url in job detail. Default: publicUrl. */
  edgeUrl: string | null;
  logLevel: string;
  coordinatorId: string;
  /** Largest HTTP request body. Default 10 MiB. */
  maxRequestBodyBytes: number;
  /** Largest content (all parts) one result may carry. Default 64 MiB. */
  maxResultBytes: number;
  /** Largest agent release bundle an admin may publish (docs/operations.md, releases). Default 512 MiB. */
  maxReleaseBytes: number;
  /**
   * Result content held in memory across all agent links before links pause between results.
   * Default 512 MiB.
   */
  maxBufferedResultBytes: number;
  /** Pending jobs held at once before submissions get 429. Default 100,000. */
  maxQueuedJobs: number;
  /** Attempts before a job whose devices keep vanishing fails `device_lost`. Default 3. */
  maxAttempts: number;
  heartbeatIntervalMs: number;
  helloTimeoutMs: number;
  /** Extra time past a job's timeout before a silent running attempt is taken back. */
  runningGraceMs: number;
  /**
   * Lease on a running job; renewed every third of it, and a dead coordinator's jobs are taken
   * back within about a lease and a third. Default 6 s.
   */
  leaseMs: number;
  /** How long a looked-up API key is trusted without asking the store again. Default 5 s. */
  keyCacheMs: number;
  /** Storage failures for one result before its job fails `internal`. Default 5. */
  maxStorageFailures: number;
  /**
   * Time the coordinator gives one page's markdown or main text (format=markdown|text downloads, a
   * sweep try's text fingerprint), made in its offload workers (results/format-work.ts), ms.
   * Default 10 s (an ordinary 2 MiB page takes a few seconds); 100 ms to 5 min.
   */
  formatTimeoutMs: number;
  /** Tests and labs only (crash-points.ts): kill the process after the n-th write of a kind. */
  crashAfter: ReadonlyMap<CrashPoint, number> | null;
  s3: S3Config | null;
  /** storage_type of jobs that name none. Default local; a fleet of coordinators wants s3. */
  defaultStorageType: 'local' | 's3';
  /** Content of completed jobs on local disk is archived (deleted, 410) after this. Default 30d. */
  retentionLocalMs: number;
  /** The same for content in S3. Default 90d. */
  retentionS3Ms: number;
  /** How often archival runs. Default 10m. */
  archiveIntervalMs: number;
  /**
   * `host:port` for /metrics on a listener of its own, without a key (for a scraper on a private
   * network). Default null: /metrics is on the API port and needs an admin API key.
   */
  metricsListen: { host: string; port: number } | null;
  /** Label crawl_jobs_submitted_total by owner (one series per owner). Default false. */
  metricsOwnerLabels: boolean;
  /** The egress proxy through devices (docs/proxy.md). Default off. */
  proxy: ProxyConfig;
  /**
   * Ranges webhook targets may reach despite the private-range refusals (a lab setting), e.g.
   * 127.0.0.0/8. Default: none.
   */
  webhookAllowCidrs: string[];
  /** How long a webhook delivery is retried before it is marked dead. Default 24h. */
  webhookRetryWindowMs: number;
  /** First retry delay; doubles per attempt (with jitter) up to an hour. Default 5 s. */
  webhookRetryBaseMs: number;
  /** Whole-request deadline of one webhook attempt. Default 10 s. */
  webhookTimeoutMs: number;
  /** Deliveries in flight at once per coordinator. Default 16. */
  webhookConcurrency: number;
  /**
   * How long events stay replayable (Last-Event-ID) and deliveries listed; never less than the
   * retry window plus an hour. Default 7d.
   */
  pushRetentionMs: number;
  /** Gap between SSE heartbeat comments. Default 15 s. */
  sseHeartbeatMs: number;
  /** Checking devices are honest (docs/security.md). */
  trust: TrustConfig;
  /** Location evidence for devices' claimed places (docs/security.md, "Location evidence"). */
  location: LocationConfig;
  /**
   * Where a device's egress network (ASN) is looked up, in order, the first holding the address
   * answering: CSV files (`start,end,asn,name`, see docs/operations.md) or `package` for the
   * bundled @ip-location-db/asn data. Default ['package']; [] turns the lookup off.
   */
  asnDb: string[];
  /** Files classifying ASNs (datacenter, residential, mobile) over the bundled list. Default: none. */
  networkKinds: string[];
  /** A sweep schedule may not fire more often than this (docs/sweeps.md). Default 1m. */
  scheduleMinIntervalMs: number;
  /** Sweep schedules one owner may have at once. Default 100. */
  maxSchedulesPerOwner: number;
  /** OpenTelemetry traces (docs/operations.md, Tracing). Default off (no --otlp-endpoint). */
  tracing: TracingConfig;
  /** Site crawls' politeness and pace (docs/crawl.md). */
  crawl: CrawlConfig;
}

export interface CrawlConfig {
  /** Requests per second to one target host from the whole network. Default 2. */
  hostRate: number;
  /** Requests in flight to one target host at once. Default 2. */
  hostConcurrency: number;
  /** Requests per second to one registrable domain, all its hosts together. Default 4. */
  domainRate: number;
  /** Jobs one crawl has in flight at most. Default 64. */
  maxInflight: number;
  /** A crawl's lease on the coordinator driving it. Default 10 s. */
  leaseMs: number;
}

export interface TrustConfig {
  /** How often each device gets a canary job (0: never). Default 30m; quarantined devices 10× as often. */
  canaryIntervalMs: number;
  /** Where canaries point; default this coordinator's own `/crawl/v1/canary` (behind --public-url). */
  canaryUrl: string | null;
  /** Key of the canary answers; set the same on every coordinator behind one canary URL. Default random. */
  canarySecret: string;
  /** Share of completed GET and HEAD jobs re-run on a second device in the same region and compared. Default 0.01. */
  verifyShare: number;
  /** A device whose score falls below this is quarantined (canaries only). Default 0.5. */
  quarantineBelow: number;
  /** Canaries passed in a row that release a quarantined device. Default 3. */
  releaseAfterCanaries: number;
  /**
   * DNS canaries for devices that measure (docs/measure.md, "Trust"): a name on a DNS server the
   * operator controls and the address it answers. Null (default): devices get page canaries only.
   */
  canaryDns: CanaryDnsConfig | null;
  /**
   * Ping and TCP ping canaries (docs/measure.md, "Trust"): targets the operator controls and the
   * lowest round trip any device can have to them. Null (default): none.
   */
  canaryRtt: CanaryRttConfig | null;
  /** Sampled cross-checks of measurements between devices of one network (docs/security.md). */
  measureVerify: MeasureVerifyConfig;
}

/** `--canary-ping-target`, `--canary-ping-silent`, `--canary-tcp-open`, `--canary-tcp-closed`, `--canary-rtt-floor-ms`. */
export interface CanaryRttConfig {
  /** An IP address that answers ICMP echo; null: no ICMP canary that must answer. */
  pingTarget: string | null;
  /** An IP address that never answers ICMP echo; null: none. */
  pingSilent: string | null;
  /** An IP address and port that accepts TCP connections; null: none. */
  tcpOpen: { address: string; port: number } | null;
  /** An IP address and port that refuses or drops every connection; null: none. */
  tcpClosed: { address: string; port: number } | null;
  /** No device can reach the answering targets in less (ms). Default 0 (no floor). */
  floorMs: number;
}

/** `--measure-verify-share`, `--measure-verify-rtt-factor`, `--measure-verify-rtt-margin-ms`. */
export interface MeasureVerifyConfig {
  /** Share of completed DNS and ping measurement jobs re-run on another device of the same network. Default 0.03. */
  share: number;
  /** Two minimum RTTs disagree when the larger exceeds the smaller × factor + margin. Default 2. */
  rttFactor: number;
  /** The margin of that rule, ms. Default 30. */
  rttMarginMs: number;
}

/** `--canary-dns-server host:port`, `--canary-dns-name`, `--canary-dns-answer`: all three or none. */
export interface CanaryDnsConfig {
  /** The DNS server's IP address. */
  server: string;
  port: number;
  name: string;
  /** The A or AAAA record the name has there. */
  answer: string;
}

export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Source = ConfigSource;

/**
 * CRAWL_ variables that are not the coordinator's: the agent's (CRAWL_AGENT_…), the CLI's
 * (cli/config.ts) and the bench probe's (scripts/bench/lib/coordinator-probe.ts). A shell that runs
 * both may export them; they are not typos.
 */
const CRAWL_VARIABLES_OF_OTHERS = [
  'CRAWL_AGENT_',
  'CRAWL_URL',
  'CRAWL_API_KEY',
  'CRAWL_CONFIG',
  'CRAWL_PROFILE',
  'CRAWL_PROBE_',
] as const;

export { parseFlags };

/** --asn-db: `package` by default, `off` for none, else the listed files (and `package` where named). */
function asnSources(raw: string | undefined): string[] {
  if (raw === undefined) return ['package'];
  const list = splitList(raw);
  if (list.length === 1 && list[0] === 'off') return [];
  return list.map((s) => (s === 'package' ? s : path.resolve(s)));
}

/**
 * The coordinator's settings from flags and CRAWL_ variables, every problem reported at once.
 * `alsoKnown`: flags of the same command line that are not the coordinator's (npm start's).
 */
export function loadCoordinatorConfig(
  argv: readonly string[],
  env: Source,
  options: { alsoKnown?: readonly string[] } = {},
): Readonly<CoordinatorConfig> {
  const r = new ConfigReader(argv, env, {
    envPrefix: 'CRAWL_',
    otherPrograms: CRAWL_VARIABLES_OF_OTHERS,
    alsoKnown: options.alsoKnown,
  });
  const dataDir = path.resolve(r.str('data-dir', './data'));
  const store = r.str('store', `sqlite:${path.join(dataDir, 'crawl.db')}`);
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(store)) {
    r.problems.push(`store: expected sqlite:<path> or postgres://…, got ${JSON.stringify(store)}`);
  }
  // Every S3 setting is read (and checked) whether or not a bucket is given, so each is a known name.
  const bucket = r.raw('s3-bucket');
  const s3Settings = {
    endpoint: r.url('s3-endpoint') ?? undefined,
    region: r.str('s3-region', 'us-east-1'),
    accessKeyId: r.raw('s3-access-key-id'),
    secretAccessKey: r.raw('s3-secret-access-key'),
    forcePathStyle: r.bool('s3-force-path-style', true),
  };
  const s3: S3Config | null = bucket ? { ...s3Settings, bucket } : null;
  const config: CoordinatorConfig = {
    host: r.str('host', '127.0.0.1'),
    port: r.int('port', 8080, 0, 65_535),
    dataDir,
    store,
    publicUrl: r.url('public-url'),
    edgeUrl: r.url('edge-url'),
    logLevel: r.logLevel(),
    coordinatorId: r.str('coordinator-id', randomUUID()),
    maxRequestBodyBytes: r.int('max-request-body-bytes', 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    maxResultBytes: r.int('max-result-bytes', 64 * 1024 * 1024, 1024, 2 * 1024 * 1024 * 1024),
    maxReleaseBytes: r.int('max-release-bytes', 512 * 1024 * 1024, 1024, 16 * 1024 * 1024 * 1024),
    maxBufferedResultBytes: r.int(
      'max-buffered-result-bytes',
      512 * 1024 * 1024,
      1024,
      64 * 1024 * 1024 * 1024,
    ),
    maxQueuedJobs: r.int('max-queued-jobs', 100_000, 1, 100_000_000),
    maxAttempts: r.int('max-attempts', 3, 1, 20),
    heartbeatIntervalMs: r.int('heartbeat-interval-ms', 15_000, 100, 600_000),
    helloTimeoutMs: r.int('hello-timeout-ms', 5_000, 100, 120_000),
    runningGraceMs: r.int('running-grace-ms', 30_000, 0, 3_600_000),
    leaseMs: r.int('lease-ms', 6_000, 300, 3_600_000),
    maxStorageFailures: r.int('max-storage-failures', 5, 1, 1000),
    formatTimeoutMs: formatTimeoutOf(r),
    crashAfter: crashAfterOf(r),
    keyCacheMs: r.int('key-cache-ms', 5_000, 0, 3_600_000),
    s3,
    defaultStorageType: r.str('default-storage-type', 'local') === 's3' ? 's3' : 'local',
    retentionLocalMs: r.duration('retention-local', '30d'),
    retentionS3Ms: r.duration('retention-s3', '90d'),
    archiveIntervalMs: r.duration('archive-interval', '10m'),
    trust: {
      canaryIntervalMs: r.duration('canary-interval', '30m'),
      canaryUrl: r.url('canary-url'),
      canarySecret: r.str('canary-secret', randomBytes(32).toString('base64url')),
      verifyShare: r.fraction('verify-share', 0.01),
      quarantineBelow: r.fraction('quarantine-below', 0.5),
      releaseAfterCanaries: r.int('release-after-canaries', 3, 1, 100),
      canaryDns: canaryDnsOf(r),
      canaryRtt: canaryRttOf(r),
      measureVerify: {
        share: r.fraction('measure-verify-share', 0.03),
        rttFactor: numberOf(r, 'measure-verify-rtt-factor', 2, 1, 100),
        rttMarginMs: numberOf(r, 'measure-verify-rtt-margin-ms', 30, 0, 60_000),
      },
    },
    metricsListen: null,
    metricsOwnerLabels: r.bool('metrics-owner-labels', false),
    webhookAllowCidrs: splitList(r.raw('webhook-allow-cidrs')),
    webhookRetryWindowMs: r.duration('webhook-retry-window', '24h'),
    webhookRetryBaseMs: r.int('webhook-retry-base-ms', 5_000, 10, 3_600_000),
    webhookTimeoutMs: r.int('webhook-timeout-ms', 10_000, 100, 120_000),
    webhookConcurrency: r.int('webhook-concurrency', 16, 1, 1024),
    sseHeartbeatMs: r.int('sse-heartbeat-ms', 15_000, 100, 600_000),
    pushRetentionMs: r.duration('push-retention', '7d'),
    location: readLocationConfig(r),
    asnDb: asnSources(r.raw('asn-db')),
    networkKinds: splitList(r.raw('network-kinds')).map((p) => path.resolve(p)),
    scheduleMinIntervalMs: r.duration('schedule-min-interval', '1m'),
    maxSchedulesPerOwner: r.int('max-schedules-per-owner', 100, 0, 100_000),
    tracing: readTracingConfig(r, 'crawl-coordinator'),
    proxy: {
      listen: null,
      denyPorts: splitList(r.raw('proxy-deny-ports') ?? '25,465,587,2525').map(Number),
      denyHosts: splitList(r.raw('proxy-deny-hosts')).map((h) => h.toLowerCase().replace(/^\.+|\.+$/g, '')),
      maxStreamsPerKey: r.int('proxy-max-streams-per-key', 256, 1, 100_000),
      windowBytes: r.int('proxy-window-bytes', 64 * 1024, 16 * 1024, 1024 * 1024),
      idleTimeoutMs: r.int('proxy-idle-timeout-ms', 300_000, 1_000, 86_400_000),
      canary: null,
    },
    crawl: {
      hostRate: r.int('crawl-host-rate', 2, 1, 1_000_000),
      hostConcurrency: r.int('crawl-host-concurrency', 2, 1, 10_000),
      domainRate: r.int('crawl-domain-rate', 4, 1, 1_000_000),
      maxInflight: r.int('crawl-max-inflight', 64, 1, 10_000),
      leaseMs: r.int('crawl-lease-ms', 10_000, 300, 3_600_000),
    },
  };
  const proxyAddr = r.raw('proxy-addr');
  if (proxyAddr && proxyAddr !== 'off') {
    config.proxy.listen = parseListen(proxyAddr);
    if (!config.proxy.listen)
      r.problems.push(`proxy-addr: expected host:port, got ${JSON.stringify(proxyAddr)}`);
  }
  if (config.proxy.denyPorts.some((p) => !Number.isInteger(p) || p < 1 || p > 65_535))
    r.problems.push('proxy-deny-ports: expected ports');
  config.proxy.canary = proxyCanaryOf(r);
  if (config.proxy.canary && !config.proxy.listen) r.problems.push('proxy-canary-addr: needs --proxy-addr');
  for (const p of [...config.asnDb.filter((s) => s !== 'package'), ...config.networkKinds]) {
    if (!existsSync(p)) r.problems.push(`asn-db / network-kinds: ${p} does not exist`);
  }
  const metricsListen = r.raw('metrics-listen');
  if (metricsListen) {
    config.metricsListen = parseListen(metricsListen);
    if (!config.metricsListen)
      r.problems.push(`metrics-listen: expected host:port, got ${JSON.stringify(metricsListen)}`);
  }
  for (const cidr of config.webhookAllowCidrs) {
    try {
      parseCidr(cidr);
    } catch {
      r.problems.push(`webhook-allow-cidrs: ${JSON.stringify(cidr)} is not a CIDR`);
    }
  }
  if (!['local', 's3'].includes(r.str('default-storage-type', 'local'))) {
    r.problems.push('default-storage-type: expected local or s3');
  }
  if (config.defaultStorageType === 's3' && !s3)
    r.problems.push('default-storage-type: s3 needs --s3-bucket');
  if (s3 && Boolean(s3.accessKeyId) !== Boolean(s3.secretAccessKey)) {
    r.problems.push('s3-access-key-id and s3-secret-access-key: give both or neither');
  }
  if (config.scheduleMinIntervalMs < 1000) r.problems.push('schedule-min-interval: at least 1s');
  r.rejectUnknown();
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return Object.freeze(config);
}

/** --format-timeout: a duration from 100 ms to 5 min. */
function formatTimeoutOf(r: ConfigReader): number {
  const problems = r.problems.length;
  const ms = r.duration('format-timeout', '10s');
  if (r.problems.length === problems && (ms < 100 || ms > 300_000)) {
    r.problems.push(
      `format-timeout: expected from 100ms to 5m, got ${JSON.stringify(r.raw('format-timeout'))}`,
    );
  }
  return ms;
}

/** --crash-after (crash-points.ts): unset in every real deployment; a bad value stops the start. */
function crashAfterOf(r: ConfigReader): ReadonlyMap<CrashPoint, number> | null {
  const text = r.str('crash-after', '');
  if (text === '') return null;
  const parsed = parseCrashAfter(text);
  if (typeof parsed === 'string') {
    r.problem(parsed);
    return null;
  }
  return parsed;
}

/** A decimal number in [min, max] (`0.25`), `def` when unset. */
function numberOf(r: ConfigReader, flag: string, def: number, min: number, max: number): number {
  const v = r.raw(flag);
  if (v === undefined) return def;
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
    r.problems.push(`${flag}: expected a number from ${min} to ${max}, got ${JSON.stringify(v)}`);
    return def;
  }
  return n;
}

/** `ip:port` or `[ipv6]:port` for a TCP canary target; null (and a problem) when malformed. */
function tcpTargetOf(r: ConfigReader, flag: string): { address: string; port: number } | null {
  const raw = r.raw(flag);
  if (raw === undefined) return null;
  const m = /^\[([^\]]+)\]:(\d{1,5})$/.exec(raw) ?? /^([^:]+):(\d{1,5})$/.exec(raw);
  const port = Number(m?.[2]);
  const ip = m ? parseIp(m[1] as string) : null;
  if (!ip || port < 1 || port > 65_535) {
    r.problems.push(
      `${flag}: expected an IP address and a port (ip:port, [ipv6]:port), got ${JSON.stringify(raw)}`,
    );
    return null;
  }
  return { address: formatIp(ip), port };
}

/** An IP address for an ICMP canary target; null when unset (or malformed, with a problem). */
function ipTargetOf(r: ConfigReader, flag: string): string | null {
  const raw = r.raw(flag);
  if (raw === undefined) return null;
  const ip = parseIp(raw);
  if (!ip) r.problems.push(`${flag}: expected an IP address, got ${JSON.stringify(raw)}`);
  return ip ? formatIp(ip) : null;
}

/** The ping and TCP ping canary settings: null when no target is named. */
function canaryRttOf(r: ConfigReader): CanaryRttConfig | null {
  const rtt: CanaryRttConfig = {
    pingTarget: ipTargetOf(r, 'canary-ping-target'),
    pingSilent: ipTargetOf(r, 'canary-ping-silent'),
    tcpOpen: tcpTargetOf(r, 'canary-tcp-open'),
    tcpClosed: tcpTargetOf(r, 'canary-tcp-closed'),
    floorMs: numberOf(r, 'canary-rtt-floor-ms', 0, 0, 60_000),
  };
  if (!rtt.pingTarget && !rtt.pingSilent && !rtt.tcpOpen && !rtt.tcpClosed) {
    if (r.raw('canary-rtt-floor-ms') !== undefined)
      r.problems.push('canary-rtt-floor-ms: needs --canary-ping-target or --canary-tcp-open');
    return null;
  }
  return rtt;
}

/** The proxy canary settings: every flag read (each a known name), on with --proxy-canary-addr. */
function proxyCanaryOf(r: ConfigReader): ProxyCanaryConfig | null {
  const addr = r.raw('proxy-canary-addr');
  const url = r.url('proxy-canary-url');
  const intervalMs = r.duration('proxy-canary-interval', '30m');
  const share = r.fraction('proxy-canary-share', 0.001);
  if (url && !url.startsWith('http://'))
    r.problems.push(`proxy-canary-url: expected a plain http:// URL, got ${JSON.stringify(url)}`);
  if (!addr || addr === 'off') {
    if (url) r.problems.push('proxy-canary-url: needs --proxy-canary-addr');
    return null;
  }
  const listen = parseListen(addr);
  if (!listen) {
    r.problems.push(`proxy-canary-addr: expected host:port, got ${JSON.stringify(addr)}`);
    return null;
  }
  return { listen, url, intervalMs, share };
}

/** The DNS canary settings: all three flags or none, each checked. */
function canaryDnsOf(r: ConfigReader): CanaryDnsConfig | null {
  const server = r.raw('canary-dns-server');
  const name = r.raw('canary-dns-name');
  const answer = r.raw('canary-dns-answer');
  if (server === undefined && name === undefined && answer === undefined) return null;
  if (!server || !name || !answer) {
    r.problems.push('canary-dns-server, canary-dns-name and canary-dns-answer: give all three or none');
    return null;
  }
  let host = server;
  let portText: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(server);
  if (bracketed) [, host = '', portText] = bracketed;
  else if (server.split(':').length === 2) [host = '', portText] = server.split(':');
  const port = portText === undefined ? 53 : Number(portText);
  if (!parseIp(host) || port < 1 || port > 65_535) {
    r.problems.push(
      `canary-dns-server: expected an IP address with an optional :port, got ${JSON.stringify(server)}`,
    );
    return null;
  }
  if (!parseIp(answer)) {
    r.problems.push(`canary-dns-answer: expected an IP address, got ${JSON.stringify(answer)}`);
    return null;
  }
  return { server: host, port, name: name.toLowerCase().replace(/\.$/, ''), answer: answer.toLowerCase() };
}
