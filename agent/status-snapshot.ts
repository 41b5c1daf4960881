// The status port's snapshot, assembled from the agent's parts. Pure: the agent passes what it knows.
import type { AgentConfig } from './config.js';
import type { HourWindow } from './owner/controls.js';
import type { OwnerSnapshot } from './owner/owner-state.js';
import type { AgentStatus, LinkState, OwnerStatus, RunningJobStatus } from './status/types.js';

export interface SnapshotParts {
  version: string;
  config: Readonly<AgentConfig>;
  link: {
    state: LinkState;
    since: string;
    coordinatorUrl: string;
    lastError: string | null;
    rttMs: number | null;
  };
  methods: string[];
  browserVersion: string | undefined;
  browserState: (() => 'ready' | 'crashed') | undefined;
  running: RunningJobStatus[];
  spool: { depth: number; bytes: number; maxBytes: number };
  counters: Record<string, Record<string, number>>;
  owner: OwnerSnapshot;
  /** Proxy streams open now (agent/proxy/). */
  proxyStreams?: number;
  /** How the coordinator judges this device, as it last said (docs/security.md). */
  standing: { quarantined: boolean; reason: string };
  startedAtMs: number;
  nowMs: number;
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export function formatWindow(w: HourWindow): string {
  return `${hhmm(w.startMinute)}-${hhmm(w.endMinute)}`;
}

export function buildSnapshot(p: SnapshotParts): AgentStatus {
  const c = p.config;
  const owner: OwnerStatus = {
    paused: p.owner.paused,
    proxy: p.owner.proxy,
    proxyStreams: p.proxyStreams ?? 0,
    accepting: p.owner.accepting,
    reason: p.owner.reason,
    maxConcurrent: c.maxConcurrent,
    maxJobsPerMinute: p.owner.maxJobsPerMinute,
    jobsLastMinute: p.owner.jobsLastMinute,
    maxBytesPerDay: p.owner.maxBytesPerDay,
    bytesToday: p.owner.bytesToday,
    allowedHours: p.owner.allowedHours.map(formatWindow),
    allowDomains: [...p.owner.allowDomains],
    denyDomains: [...p.owner.denyDomains],
    urlLog: c.urlLog,
  };
  return {
    version: p.version,
    deviceId: c.deviceId,
    link: { ...p.link },
    capabilities: {
      methods: p.methods,
      maxConcurrent: c.maxConcurrent,
      browserVersion: p.browserVersion ?? null,
    },
    location: { country: c.country, region: c.region, city: c.city },
    deviceType: c.deviceType,
    networkType: c.networkType,
    runningJobs: p.running,
    spool: p.spool,
    counters: structuredClone(p.counters),
    browser: {
      state: p.browserVersion ? (p.browserState?.() ?? 'ready') : 'none',
      version: p.browserVersion ?? null,
    },
    standing: { ...p.standing },
    startedAt: new Date(p.startedAtMs).toISOString(),
    uptimeMs: p.nowMs - p.startedAtMs,
    owner,
  };
}
