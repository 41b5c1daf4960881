// A device's parsed measurement (ResultFinal.measure) as the JSON the coordinator keeps in the
// result's `metadata.measure` and the API shows: snake_case, enums as names, absent parts left out.
// The wire has already been checked against MEASURE_RESULT_LIMITS (link/result-receiver.ts).
import {
  type MeasureResult,
  type MeasureTypeName,
  measureProtocolName,
  measureTypeName,
} from '../../proto/index.js';

export interface MeasurePingJson {
  sent: number;
  received: number;
  loss_percent: number;
  min_ms: number;
  avg_ms: number;
  max_ms: number;
  mdev_ms: number;
  rtts_ms: number[];
}

export interface MeasureHopJson {
  ttl: number;
  /** '' when no answer came back at this TTL. */
  address: string;
  host_name: string;
  rtts_ms: number[];
  sent: number;
  received: number;
  loss_percent: number;
  min_ms: number;
  avg_ms: number;
  max_ms: number;
  stdev_ms: number;
}

export interface DnsAnswerJson {
  name: string;
  type: string;
  ttl: number | null;
  value: string;
}

export interface MeasureDnsJson {
  resolver: string;
  record_type: string;
  protocol: string;
  status: string;
  time_ms: number;
  answers: DnsAnswerJson[];
}

export interface TlsCertificateJson {
  subject: string;
  issuer: string;
  valid_from: string;
  valid_to: string;
  serial_number: string;
  fingerprint_sha256: string;
  subject_alt_names: string[];
}

export interface MeasureTlsJson {
  protocol: string;
  cipher: string;
  alpn: string;
  authorized: boolean;
  authorization_error: string;
  handshake_ms: number;
  server_name: string;
  chain: TlsCertificateJson[];
}

export interface MeasureResultJson {
  type: MeasureTypeName | '';
  protocol: string;
  target: string;
  address: string;
  tool: string;
  truncated: boolean;
  ping?: MeasurePingJson;
  hops?: MeasureHopJson[];
  dns?: MeasureDnsJson;
  tls?: MeasureTlsJson;
}

const num = (v: number | null | undefined): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const nums = (list: readonly number[] | null | undefined): number[] => (list ?? []).map(num);

export function measureResultJson(m: MeasureResult): MeasureResultJson {
  const type = measureTypeName(m.type) ?? '';
  const out: MeasureResultJson = {
    type,
    protocol: type ? (measureProtocolName(type, m.protocol) ?? '') : '',
    target: m.target ?? '',
    address: m.address ?? '',
    tool: m.tool ?? '',
    truncated: m.truncated ?? false,
  };
  const p = m.ping;
  if (p) {
    out.ping = {
      sent: num(p.sent),
      received: num(p.received),
      loss_percent: num(p.lossPercent),
      min_ms: num(p.minMs),
      avg_ms: num(p.avgMs),
      max_ms: num(p.maxMs),
      mdev_ms: num(p.mdevMs),
      rtts_ms: nums(p.rttsMs),
    };
  }
  if (m.hops && m.hops.length > 0) {
    out.hops = m.hops.map((h) => ({
      ttl: num(h.ttl),
      address: h.address ?? '',
      host_name: h.hostName ?? '',
      rtts_ms: nums(h.rttsMs),
      sent: num(h.sent),
      received: num(h.received),
      loss_percent: num(h.lossPercent),
      min_ms: num(h.minMs),
      avg_ms: num(h.avgMs),
      max_ms: num(h.maxMs),
      stdev_ms: num(h.stdevMs),
    }));
  }
  const d = m.dns;
  if (d) {
    out.dns = {
      resolver: d.resolver ?? '',
      record_type: d.recordType ?? '',
      protocol: d.protocol ?? '',
      status: d.status ?? '',
      time_ms: num(d.timeMs),
      answers: (d.answers ?? []).map((a) => ({
        name: a.name ?? '',
        type: a.type ?? '',
        ttl: a.hasTtl ? num(a.ttl) : null,
        value: a.value ?? '',
      })),
    };
  }
  const t = m.tls;
  if (t) {
    out.tls = {
      protocol: t.protocol ?? '',
      cipher: t.cipher ?? '',
      alpn: t.alpn ?? '',
      authorized: t.authorized ?? false,
      authorization_error: t.authorizationError ?? '',
      handshake_ms: num(t.handshakeMs),
      server_name: t.serverName ?? '',
      chain: (t.chain ?? []).map((c) => ({
        subject: c.subject ?? '',
        issuer: c.issuer ?? '',
        valid_from: c.validFrom ?? '',
        valid_to: c.validTo ?? '',
        serial_number: c.serialNumber ?? '',
        fingerprint_sha256: c.fingerprintSha256 ?? '',
        subject_alt_names: [...(c.subjectAltNames ?? [])],
      })),
    };
  }
  return out;
}
