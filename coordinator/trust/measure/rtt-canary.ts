// Ping and TCP ping canaries (docs/security.md, "Measurement checks"): measurements of targets the
// operator controls, whose behaviour the coordinator knows. Some must answer, and no device can reach
// them faster than a known floor (the round trip from the nearest place a device can be); some never
// answer (an address that drops ICMP echo, a closed TCP port). A device that reports replies from a
// silent target, or a time below the floor, reported what it cannot have measured: the canary fails,
// as a fabricated page does. A device that gets no reply from an answering target may sit behind a
// network that filters it: that is `canary_unreachable`, a small mark, never a lie.
//
// canary.ts schedules these with the page and DNS canaries (one kind after the other per device);
// this file says which kinds a device can take, what each job is, and how its answer is judged.
import { measureUrl } from '../../../proto/index.js';
import type { CanaryRttConfig } from '../../config.js';
import type { NewJob } from '../../jobs/new-job.js';
import type { MeasurePingJson, MeasureResultJson } from '../../measure/measure-result.js';
import type { StorageType } from '../../storage/types.js';
import { SYSTEM_OWNER_ID } from '../../store/records.js';
import type { TrustSignal } from '../reputation.js';

export type RttCanaryKind = 'ping' | 'ping_silent' | 'tcp_open' | 'tcp_closed';

export const RTT_CANARY_KINDS: readonly RttCanaryKind[] = ['ping', 'ping_silent', 'tcp_open', 'tcp_closed'];

export function isRttCanaryKind(kind: string): kind is RttCanaryKind {
  return (RTT_CANARY_KINDS as readonly string[]).includes(kind);
}

/** Handshakes or echo requests per canary: enough that one lost packet still leaves replies. */
export const RTT_CANARY_PACKETS = 3;

/**
 * Slack under the floor before a time counts as impossible: the tools print times to the
 * microsecond and round, and clocks have a granularity. A reported time under
 * `floor × (1 − FLOOR_SLACK_SHARE) − FLOOR_SLACK_MS` is a lie; the operator sets the floor below the
 * true minimum anyway (docs/measure.md).
 */
export const FLOOR_SLACK_MS = 0.1;
export const FLOOR_SLACK_SHARE = 0.05;

const METHOD: Readonly<Record<RttCanaryKind, 'MEASURE_PING_ICMP' | 'MEASURE_PING_TCP'>> = {
  ping: 'MEASURE_PING_ICMP',
  ping_silent: 'MEASURE_PING_ICMP',
  tcp_open: 'MEASURE_PING_TCP',
  tcp_closed: 'MEASURE_PING_TCP',
};

/** Where each kind points; null when the operator named no such target. */
function targetOf(kind: RttCanaryKind, c: CanaryRttConfig): { address: string; port: number } | null {
  switch (kind) {
    case 'ping':
      return c.pingTarget ? { address: c.pingTarget, port: 0 } : null;
    case 'ping_silent':
      return c.pingSilent ? { address: c.pingSilent, port: 0 } : null;
    case 'tcp_open':
      return c.tcpOpen;
    case 'tcp_closed':
      return c.tcpClosed;
  }
}

/** The RTT canaries a device advertising `methods` can take (none without settings). */
export function rttCanaryKinds(
  c: CanaryRttConfig | null | undefined,
  methods: ReadonlySet<string>,
): RttCanaryKind[] {
  if (!c) return [];
  return RTT_CANARY_KINDS.filter((k) => targetOf(k, c) !== null && methods.has(METHOD[k]));
}

/** The canary job of one kind, pinned to the device. */
export function rttCanaryJob(
  kind: RttCanaryKind,
  c: CanaryRttConfig,
  deviceId: string,
  opts: { timeoutSec: number; storageType: StorageType },
): NewJob {
  const target = targetOf(kind, c);
  if (!target) throw new Error(`no target for the ${kind} canary`); // rttCanaryKinds offered none
  const protocol = METHOD[kind] === 'MEASURE_PING_TCP' ? 'tcp' : 'icmp';
  return {
    ownerId: SYSTEM_OWNER_ID,
    url: measureUrl('ping', target.address),
    method: METHOD[kind],
    timeoutSec: opts.timeoutSec,
    placement: { device_id: deviceId },
    sessionId: null,
    sweepId: null,
    storageType: opts.storageType,
    request: {
      headers: [],
      bodyBase64: '',
      cookies: [],
      ownWebhook: false,
      measure: {
        measurementId: '',
        type: 'ping',
        target: target.address,
        options: {
          protocol,
          port: target.port,
          packets: RTT_CANARY_PACKETS,
          maxHops: 0,
          recordType: '',
          resolver: '',
          resolverPort: 0,
          serverName: '',
          ipVersion: 0,
        },
      },
    },
  };
}

export interface CanaryJudgement {
  signal: Extract<TrustSignal, 'canary_pass' | 'canary_fail' | 'canary_unreachable'>;
  detail: string;
}

/** The lowest time a report may hold without being impossible, for a floor in ms. */
export function floorWithSlack(floorMs: number): number {
  return floorMs * (1 - FLOOR_SLACK_SHARE) - FLOOR_SLACK_MS;
}

/**
 * What no honest ping tool reports whatever the network: more replies than requests, times that
 * are negative or not numbers, more times than replies. Null when the statistics hold together.
 */
export function impossiblePing(p: MeasurePingJson): string | null {
  if (p.received > p.sent) return `${p.received} replies to ${p.sent} requests`;
  if (p.rtts_ms.length > p.received) return `${p.rtts_ms.length} times for ${p.received} replies`;
  const times = [...p.rtts_ms, ...(p.received > 0 ? [p.min_ms, p.avg_ms, p.max_ms] : [])];
  if (times.some((t) => !Number.isFinite(t) || t < 0)) return 'a negative time';
  return null;
}

/** The lowest time a ping report claims (its minimum and each listed time); null without replies. */
export function lowestTime(p: MeasurePingJson): number | null {
  if (p.received === 0) return null;
  return Math.min(p.min_ms, ...p.rtts_ms);
}

/** Judges a completed (successful) RTT canary from its `metadata.measure`. */
export function judgeRttCanary(
  kind: RttCanaryKind,
  c: CanaryRttConfig,
  measure: MeasureResultJson | undefined,
): CanaryJudgement {
  const target = targetOf(kind, c);
  const where = target && target.port > 0 ? `${target.address}:${target.port}` : (target?.address ?? '');
  const p = measure?.ping;
  // A device's agent always reports statistics for a ping that ran; a success without them was made up.
  if (!p) return { signal: 'canary_fail', detail: `${kind} canary: a success without ping statistics` };
  const impossible = impossiblePing(p);
  if (impossible) return { signal: 'canary_fail', detail: `${kind} canary: ${impossible}` };
  if (kind === 'ping_silent' || kind === 'tcp_closed') {
    return p.received > 0
      ? {
          signal: 'canary_fail',
          detail: `${kind} canary: ${p.received} replies reported from ${where}, which never answers`,
        }
      : { signal: 'canary_pass', detail: `${kind} canary: no reply, as expected` };
  }
  const lowest = lowestTime(p);
  if (lowest === null) {
    return { signal: 'canary_unreachable', detail: `${kind} canary: no reply from ${where}` };
  }
  if (lowest < floorWithSlack(c.floorMs)) {
    return {
      signal: 'canary_fail',
      detail: `${kind} canary: ${lowest} ms reported to ${where}, below its floor of ${c.floorMs} ms`,
    };
  }
  return { signal: 'canary_pass', detail: `${kind} canary answered in ${lowest} ms` };
}
