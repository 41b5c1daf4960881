// Vocabulary of network measurements shared by both ends of the link: the job methods (one per type
// and protocol, so a device advertises exactly what works on it), the names used above the wire, and
// the bounds every request and result keeps (docs/measure.md).
import { MeasureProtocol, type MeasureResult, MeasureType } from './codec.js';

export type MeasureTypeName = 'dns' | 'ping' | 'traceroute' | 'mtr' | 'tls';
export type MeasureProtocolName = 'icmp' | 'udp' | 'tcp';

/** Every measurement method an agent may advertise. */
export const MEASURE_METHODS = [
  'MEASURE_DNS_UDP',
  'MEASURE_DNS_TCP',
  'MEASURE_PING_ICMP',
  'MEASURE_PING_TCP',
  'MEASURE_TRACEROUTE_ICMP',
  'MEASURE_TRACEROUTE_UDP',
  'MEASURE_TRACEROUTE_TCP',
  'MEASURE_MTR_ICMP',
  'MEASURE_MTR_UDP',
  'MEASURE_MTR_TCP',
  'MEASURE_TLS_TCP',
] as const;
export type MeasureMethod = (typeof MEASURE_METHODS)[number];

/** Bounds of a request (checked by the agent; the coordinator's API checks them first). */
export const MEASURE_LIMITS = {
  /** ping packets; also traceroute probes per hop are at most 3 and mtr cycles at most this. */
  maxPackets: 16,
  maxProbesPerHop: 3,
  maxHops: 32,
  /** Longest target or SNI (a DNS name is at most 253 characters). */
  maxTargetChars: 253,
} as const;

/** Bounds of a result (the agent cuts at them and sets `truncated`; the coordinator may refuse more). */
export const MEASURE_RESULT_LIMITS = {
  /** The tool's raw output, the result's body part. */
  maxRawBytes: 64 * 1024,
  maxHops: 32,
  maxRttsPerHop: 16,
  maxRtts: 16,
  maxAnswers: 64,
  maxChain: 10,
  maxAltNames: 32,
  /** Any one string field (an answer's value, a subject). */
  maxFieldChars: 1024,
} as const;

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT', 'SOA', 'CAA'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

const TYPE_NAMES: Readonly<Record<number, MeasureTypeName>> = {
  [MeasureType.MEASURE_TYPE_DNS]: 'dns',
  [MeasureType.MEASURE_TYPE_PING]: 'ping',
  [MeasureType.MEASURE_TYPE_TRACEROUTE]: 'traceroute',
  [MeasureType.MEASURE_TYPE_MTR]: 'mtr',
  [MeasureType.MEASURE_TYPE_TLS]: 'tls',
};
const TYPE_VALUES: Readonly<Record<MeasureTypeName, MeasureType>> = {
  dns: MeasureType.MEASURE_TYPE_DNS,
  ping: MeasureType.MEASURE_TYPE_PING,
  traceroute: MeasureType.MEASURE_TYPE_TRACEROUTE,
  mtr: MeasureType.MEASURE_TYPE_MTR,
  tls: MeasureType.MEASURE_TYPE_TLS,
};
const PROTOCOL_NAMES: Readonly<Record<number, MeasureProtocolName>> = {
  [MeasureProtocol.MEASURE_PROTOCOL_ICMP]: 'icmp',
  [MeasureProtocol.MEASURE_PROTOCOL_UDP]: 'udp',
  [MeasureProtocol.MEASURE_PROTOCOL_TCP]: 'tcp',
};
const PROTOCOL_VALUES: Readonly<Record<MeasureProtocolName, MeasureProtocol>> = {
  icmp: MeasureProtocol.MEASURE_PROTOCOL_ICMP,
  udp: MeasureProtocol.MEASURE_PROTOCOL_UDP,
  tcp: MeasureProtocol.MEASURE_PROTOCOL_TCP,
};
/** The protocol an unset one means, per type. */
const DEFAULT_PROTOCOL: Readonly<Record<MeasureTypeName, MeasureProtocolName>> = {
  dns: 'udp',
  ping: 'icmp',
  traceroute: 'icmp',
  mtr: 'icmp',
  tls: 'tcp',
};

export function measureTypeName(type: number | null | undefined): MeasureTypeName | undefined {
  return TYPE_NAMES[type ?? 0];
}

export function measureTypeOf(name: MeasureTypeName): MeasureType {
  return TYPE_VALUES[name];
}

export function measureProtocolOf(name: MeasureProtocolName): MeasureProtocol {
  return PROTOCOL_VALUES[name];
}

/** The protocol a request asks for, its type's default when unset; undefined for an unknown value. */
export function measureProtocolName(
  type: MeasureTypeName,
  protocol: number | null | undefined,
): MeasureProtocolName | undefined {
  if (!protocol) return DEFAULT_PROTOCOL[type];
  return PROTOCOL_NAMES[protocol];
}

/** The job method that runs `type` over `protocol`; undefined for a pair no agent runs (DNS over ICMP). */
export function measureMethod(
  type: MeasureTypeName,
  protocol: MeasureProtocolName,
): MeasureMethod | undefined {
  const method = `MEASURE_${type.toUpperCase()}_${protocol.toUpperCase()}`;
  return (MEASURE_METHODS as readonly string[]).includes(method) ? (method as MeasureMethod) : undefined;
}

export function isMeasureMethod(method: string): method is MeasureMethod {
  return (MEASURE_METHODS as readonly string[]).includes(method);
}

/**
 * The job URL of a measurement, `{type}://{target}` (`dns://example.com`, `ping://[2001:db8::1]`):
 * what the owner's domain lists, the URL log and the status port see.
 */
export function measureUrl(type: MeasureTypeName, target: string): string {
  const host = target.includes(':') && !target.startsWith('[') ? `[${target}]` : target;
  return `${type}://${host}`;
}

/**
 * Why a measurement result from a device is out of bounds, or null when it is within them. For the
 * coordinator, which takes results from untrusted peers: a result over MEASURE_RESULT_LIMITS did
 * not come from an agent that keeps them.
 */
export function measureResultProblem(result: MeasureResult): string | null {
  const L = MEASURE_RESULT_LIMITS;
  const tooLong = (what: string, value: string | null | undefined) =>
    (value ?? '').length > L.maxFieldChars ? `${what} is longer than ${L.maxFieldChars} characters` : null;
  const over = (what: string, list: readonly unknown[] | null | undefined, max: number) =>
    (list?.length ?? 0) > max ? `more than ${max} ${what}` : null;
  const checks: Array<string | null> = [
    measureTypeName(result.type) ? null : `unknown measurement type ${result.type ?? 0}`,
    tooLong('target', result.target),
    tooLong('address', result.address),
    tooLong('tool', result.tool),
    over('ping RTTs', result.ping?.rttsMs, L.maxRtts),
    over('hops', result.hops, L.maxHops),
    ...(result.hops ?? []).flatMap((h) => [
      over('RTTs in a hop', h.rttsMs, L.maxRttsPerHop),
      tooLong('a hop address', h.address),
      tooLong('a hop name', h.hostName),
    ]),
    over('DNS answers', result.dns?.answers, L.maxAnswers),
    tooLong('the resolver', result.dns?.resolver),
    tooLong('the DNS status', result.dns?.status),
    ...(result.dns?.answers ?? []).flatMap((a) => [
      tooLong('an answer name', a.name),
      tooLong('an answer', a.value),
    ]),
    over('certificates', result.tls?.chain, L.maxChain),
    ...(result.tls?.chain ?? []).flatMap((c) => [
      tooLong('a subject', c.subject),
      tooLong('an issuer', c.issuer),
      over('subject alternative names', c.subjectAltNames, L.maxAltNames),
      ...(c.subjectAltNames ?? []).map((n) => tooLong('a subject alternative name', n)),
    ]),
  ];
  return checks.find((c) => c !== null) ?? null;
}
