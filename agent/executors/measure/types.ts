// What one measurement runner needs and gives back; the executor (executor.ts) turns it into a
// result (ResultFinal.measure plus the raw output as the body part).
import type { MeasureDns, MeasureHop, MeasurePing, MeasureTls } from '../../../proto/index.js';
import type { NetworkPolicy, PolicyDecision } from '../../policy/index.js';
import type { MeasureTools } from './probe.js';
import type { MeasureJob } from './request.js';

export interface MeasureDeps {
  /** The agent's network policy (owner domain lists included). */
  policy: NetworkPolicy;
  /** `--local-address`, bound by every socket and tool; '' for none. */
  localAddress: string;
  /** Extra trusted roots for the TLS measurement's verdict; empty for Node's bundled ones. */
  ca: Buffer[];
  tools: MeasureTools;
}

export interface MeasureRun {
  job: MeasureJob;
  deps: MeasureDeps;
  signal: AbortSignal;
  /** The job's own limit (JobRequest.timeout_ms); the coordinator's deadline aborts `signal`. */
  timeoutMs: number;
}

/** A runner's findings. A runner throws a JobError when there is nothing to report (refused, no answer). */
export interface Measured {
  /** The address measured and the policy decision that allowed it (absent: DNS via the system resolver). */
  address: string;
  decision?: PolicyDecision;
  /** The tool's output, or a text rendering of what Node saw. */
  raw: string;
  /** Raw output or a list was cut at its bound. */
  truncated: boolean;
  tool: string;
  /** Set when the measurement ran out of time: what was seen so far is still reported. */
  timedOut?: boolean;
  ping?: MeasurePing;
  hops?: MeasureHop[];
  dns?: MeasureDns;
  tls?: MeasureTls;
  /** DNS: the servers asked, for the result's network context. */
  resolvers?: string[];
}
