// The snapshot the loopback status port serves, and the interface the agent implements to feed it.

export type LinkState = 'connecting' | 'connected' | 'disconnected' | 'draining';
export type BrowserState = 'none' | 'ready' | 'starting' | 'crashed';

export interface RunningJobStatus {
  jobId: string;
  attempt: number;
  method: string;
  url: string;
  ageMs: number;
}

export interface AgentStatus {
  version: string;
  deviceId: string;
  link: {
    state: LinkState;
    /** ISO 8601 time the link entered `state`. */
    since: string;
    /** The coordinator currently (or last) tried; never carries credentials. */
    coordinatorUrl: string;
    /** Last link failure, e.g. `connect ECONNREFUSED`; null when none since start. */
    lastError: string | null;
    /** Round trip of the agent's latest ping to the coordinator; null before the first. */
    rttMs?: number | null;
  };
  capabilities: {
    methods: string[];
    maxConcurrent: number;
    /** null when no browser is configured. */
    browserVersion: string | null;
  };
  location: { country: string; region: string; city: string };
  deviceType: string;
  networkType: string;
  runningJobs: RunningJobStatus[];
  /** Results waiting to be delivered to the coordinator. */
  spool: { depth: number; bytes: number; maxBytes: number };
  /** Finished jobs since start: counters[method][outcome], outcome `success` or the errorType. */
  counters: Record<string, Record<string, number>>;
  browser: { state: BrowserState; version: string | null };
  /** ISO 8601 start time of the agent process. */
  startedAt: string;
  uptimeMs: number;
  /** The owner's controls and where the device stands against them. */
  owner?: OwnerStatus;
  /**
   * How the coordinator judges this device: quarantined devices get only the coordinator's own
   * check jobs (canaries), and `reason` says why.
   */
  standing?: { quarantined: boolean; reason: string };
}

export interface OwnerStatus {
  paused: boolean;
  /** The owner lets the device carry proxy streams (`crawl-agent proxy on`). */
  proxy?: boolean;
  /** Proxy streams open now. */
  proxyStreams?: number;
  /** Whether the device takes jobs now; `reason` says why not. */
  accepting: boolean;
  reason: string;
  maxConcurrent: number;
  maxJobsPerMinute: number;
  jobsLastMinute: number;
  maxBytesPerDay: number;
  bytesToday: number;
  /** e.g. ['08:00-18:00']; empty: any time. */
  allowedHours: string[];
  allowDomains: string[];
  denyDomains: string[];
  /** host | url | off: what the URL log records. */
  urlLog: string;
}

/** One line of the device's URL log. */
export interface UrlLogLine {
  time: string;
  method: string;
  target: string;
  status: number;
  bytes: number;
  outcome: string;
  jobId: string;
  durationMs?: number;
  keyId?: string;
}

/** Implemented by the agent; called on every request to the status port, so keep it cheap. */
export interface StatusSource {
  snapshot(): AgentStatus | Promise<AgentStatus>;
  /** false makes /healthz answer 503 (e.g. the link gave up, or the spool is full). */
  healthy(): boolean;
  /** The owner's switch (POST /pause, /resume); absent: the routes answer 404. */
  setPaused?(paused: boolean): Promise<void>;
  /** The owner's proxy consent, persisted (POST /proxy/on, /proxy/off); absent: 404. */
  setProxy?(on: boolean): Promise<void>;
  /** The newest `limit` URL log lines, oldest first (GET /log); absent: 404. */
  urlLog?(limit: number): Promise<UrlLogLine[]>;
}
