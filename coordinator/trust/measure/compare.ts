// How two devices' answers to the same measurement are compared (cross-check.ts): what counts as a
// disagreement worth a third opinion. Every rule leans towards "agree": two honest devices in one
// network see the same DNS data and nearly the same round trips, but not exactly, and a difference
// the network itself explains must never cost anyone (docs/security.md, "Measurement checks").
import { parseIp } from '../../../common/net-policy/cidr.js';
import type { MeasureResultJson } from '../../measure/measure-result.js';
import { lowestTime } from './rtt-canary.js';

/** One device's answer to a measurement, as the cross-check compares it. */
export interface MeasureAnswer {
  deviceId: string;
  jobId: string;
  /** The address measured (ping) or asked (DNS): answers about different ones are not compared. */
  address: string;
  dns?: { status: string; values: string[] };
  ping?: { received: number; lowestMs: number | null };
}

/** `--measure-verify-rtt-factor` and `--measure-verify-rtt-margin-ms`. */
export interface RttTolerance {
  factor: number;
  marginMs: number;
}

/**
 * DNS outcomes that say something of the name: a resolver's failure (SERVFAIL, REFUSED, a timeout)
 * says something of the moment and is not compared.
 */
const DEFINITE = new Set(['NOERROR', 'NODATA', 'NXDOMAIN']);

/** The answer of a completed measurement job; null for types the cross-check does not compare. */
export function measureAnswerOf(
  jobId: string,
  deviceId: string,
  m: MeasureResultJson | undefined,
): MeasureAnswer | null {
  if (!m) return null;
  if (m.type === 'dns' && m.dns) {
    const values = [...new Set(m.dns.answers.map((a) => a.value.toLowerCase()))].sort();
    return { deviceId, jobId, address: m.address, dns: { status: m.dns.status, values } };
  }
  if (m.type === 'ping' && m.ping) {
    return {
      deviceId,
      jobId,
      address: m.address,
      ping: { received: m.ping.received, lowestMs: lowestTime(m.ping) },
    };
  }
  return null;
}

/**
 * The network an address sits in, as far as a comparison of DNS answers cares: its /24 (IPv4) or
 * /48 (IPv6). A name served from a pool (round robin, a CDN) may answer two devices with different
 * addresses of one network; answers in no common network disagree. Other values (names, text)
 * stand for themselves.
 */
export function answerNetwork(value: string): string {
  const ip = parseIp(value);
  if (!ip) return value;
  if (ip.family === 4) return `${value.split('.').slice(0, 3).join('.')}.0/24`;
  const words: string[] = [];
  for (let i = 0; i < 3; i++) words.push(((ip.value >> BigInt(112 - 16 * i)) & 0xffffn).toString(16));
  return `${words.join(':')}::/48`;
}

function dnsDifferences(
  a: NonNullable<MeasureAnswer['dns']>,
  b: NonNullable<MeasureAnswer['dns']>,
): string[] {
  if (!DEFINITE.has(a.status) || !DEFINITE.has(b.status)) return [];
  if (a.status !== b.status) return [`DNS status ${a.status} vs ${b.status}`];
  if (a.values.length === 0 || b.values.length === 0) return [];
  const nets = new Set(a.values.map(answerNetwork));
  if (b.values.some((v) => nets.has(answerNetwork(v)))) return [];
  const list = (v: string[]) => v.slice(0, 4).join(', ') + (v.length > 4 ? ', …' : '');
  return [`DNS answers {${list(a.values)}} vs {${list(b.values)}}`];
}

/** True when `hi` is further from `lo` than the tolerance allows. */
export function rttsDisagree(x: number, y: number, t: RttTolerance): boolean {
  const lo = Math.min(x, y);
  const hi = Math.max(x, y);
  return hi > lo * t.factor + t.marginMs;
}

/** What differs between two answers to the same measurement; empty when they agree (or cannot be compared). */
export function measureDifferences(a: MeasureAnswer, b: MeasureAnswer, t: RttTolerance): string[] {
  if (a.address !== b.address) return [];
  if (a.dns && b.dns) return dnsDifferences(a.dns, b.dns);
  const pa = a.ping?.lowestMs;
  const pb = b.ping?.lowestMs;
  // A target that answered one device and not the other (rate limits, filters) is not compared.
  if (pa === null || pa === undefined || pb === null || pb === undefined) return [];
  return rttsDisagree(pa, pb, t) ? [`lowest RTT ${pa} ms vs ${pb} ms`] : [];
}
