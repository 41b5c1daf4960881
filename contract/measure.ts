// Network measurements from the devices (docs/measure.md): DNS, ping, traceroute, mtr and TLS run
// on distinct devices per location, one job each, and read back per device as results arrive.
import { type Static, Type } from 'typebox';
import { caseInsensitive, literals, Nullable, Placement } from './common.js';
import { WebhookSpec } from './push.js';

export const MEASURE_TYPES = ['dns', 'ping', 'traceroute', 'mtr', 'tls'] as const;
export type MeasureTypeName = (typeof MEASURE_TYPES)[number];
export const MEASURE_PROTOCOLS = ['icmp', 'udp', 'tcp'] as const;
export const MEASURE_DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT', 'SOA', 'CAA'] as const;
export const MEASUREMENT_STATUSES = ['in-progress', 'finished'] as const;
/** Most locations one measurement lists, and most devices it asks for in all. */
export const MAX_MEASURE_LOCATIONS = 50;
export const MAX_MEASURE_DEVICES = 100;

export const MeasureLocation = Type.Object(
  {
    ...Placement.properties,
    limit: Nullable(
      Type.Integer({
        minimum: 1,
        maximum: MAX_MEASURE_DEVICES,
        default: 1,
        description: 'distinct devices in this location',
      }),
    ),
  },
  { additionalProperties: false, description: 'a placement object and how many devices measure from it' },
);
export type MeasureLocation = Static<typeof MeasureLocation>;

export const MeasureBody = Type.Object(
  {
    type: Type.String({ pattern: caseInsensitive(MEASURE_TYPES), description: MEASURE_TYPES.join(' | ') }),
    target: Type.String({ minLength: 1, maxLength: 253, description: 'a host name or an IP address' }),
    locations: Nullable(
      Type.Array(MeasureLocation, {
        minItems: 1,
        maxItems: MAX_MEASURE_LOCATIONS,
        description: 'default: one location anywhere, with `limit` devices',
      }),
    ),
    limit: Nullable(
      Type.Integer({
        minimum: 1,
        maximum: MAX_MEASURE_DEVICES,
        default: 1,
        description: 'devices when no locations are given',
      }),
    ),
    protocol: Nullable(
      Type.String({
        pattern: caseInsensitive(MEASURE_PROTOCOLS),
        description:
          'dns: udp (default) or tcp; ping: icmp (default) or tcp; traceroute, mtr: icmp (default), udp, tcp; tls: tcp',
      }),
    ),
    port: Nullable(Type.Integer({ minimum: 1, maximum: 65535 })),
    packets: Nullable(
      Type.Integer({ minimum: 1, maximum: 16, description: 'ping, mtr: at most 16; traceroute: at most 3' }),
    ),
    max_hops: Nullable(Type.Integer({ minimum: 1, maximum: 32 })),
    record_type: Nullable(Type.String({ pattern: caseInsensitive(MEASURE_DNS_RECORD_TYPES) })),
    resolver: Nullable(
      Type.String({ maxLength: 64, description: "dns: 'system' (default) or an IP address" }),
    ),
    resolver_port: Nullable(Type.Integer({ minimum: 1, maximum: 65535 })),
    server_name: Nullable(Type.String({ maxLength: 253, description: 'tls: the SNI sent' })),
    ip_version: Nullable(Type.Union([Type.Literal(4), Type.Literal(6)])),
    timeout_sec: Nullable(Type.Integer({ minimum: 1, maximum: 120, default: 30 })),
    webhook: Nullable(WebhookSpec),
  },
  { additionalProperties: false },
);
export type MeasureBody = Static<typeof MeasureBody>;

export const MeasurementCreated = Type.Object({
  id: Type.String({ format: 'uuid' }),
  total_devices: Type.Integer({ description: 'jobs made: one per device' }),
  job_ids: Type.Array(Type.String()),
});
export type MeasurementCreated = Static<typeof MeasurementCreated>;

const Num = Type.Number();
const MeasurePing = Type.Object({
  sent: Num,
  received: Num,
  loss_percent: Num,
  min_ms: Num,
  avg_ms: Num,
  max_ms: Num,
  mdev_ms: Num,
  rtts_ms: Type.Array(Num),
});
const MeasureHop = Type.Object({
  ttl: Num,
  address: Type.String({ description: "'' when no answer came back at this TTL" }),
  host_name: Type.String(),
  asn: Nullable(Type.Integer({ description: "the hop address's autonomous system, when known" })),
  rtts_ms: Type.Array(Num),
  sent: Num,
  received: Num,
  loss_percent: Num,
  min_ms: Num,
  avg_ms: Num,
  max_ms: Num,
  stdev_ms: Num,
});
const DnsAnswer = Type.Object({
  name: Type.String(),
  type: Type.String(),
  ttl: Type.Union([Num, Type.Null()]),
  value: Type.String(),
});
const MeasureDns = Type.Object({
  resolver: Type.String(),
  record_type: Type.String(),
  protocol: Type.String(),
  status: Type.String(),
  time_ms: Num,
  answers: Type.Array(DnsAnswer),
});
const TlsCertificate = Type.Object({
  subject: Type.String(),
  issuer: Type.String(),
  valid_from: Type.String(),
  valid_to: Type.String(),
  serial_number: Type.String(),
  fingerprint_sha256: Type.String(),
  subject_alt_names: Type.Array(Type.String()),
});
const MeasureTls = Type.Object({
  protocol: Type.String(),
  cipher: Type.String(),
  alpn: Type.String(),
  authorized: Type.Boolean(),
  authorization_error: Type.String(),
  handshake_ms: Num,
  server_name: Type.String(),
  chain: Type.Array(TlsCertificate),
});

export const MeasureDeviceResult = Type.Object({
  success: Type.Boolean({ description: 'false: nothing measured (blocked, dns, connect, timeout)' }),
  error_type: Type.String(),
  error_message: Type.String(),
  type: Type.String(),
  protocol: Type.String(),
  target: Type.String(),
  address: Type.String({ description: 'the address measured (pinned by the device)' }),
  tool: Type.String(),
  truncated: Type.Boolean(),
  time_ms: Num,
  ping: Type.Optional(MeasurePing),
  hops: Type.Optional(Type.Array(MeasureHop)),
  dns: Type.Optional(MeasureDns),
  tls: Type.Optional(MeasureTls),
  raw_output: Type.String({ description: "the tool's output (at most 64 KiB)" }),
});
export type MeasureDeviceResult = Static<typeof MeasureDeviceResult>;

export const MeasureDevice = Type.Object({
  device_id: Type.String(),
  country: Type.String(),
  region: Type.String(),
  city: Type.String(),
  network: Nullable(
    Type.Object({
      asn: Nullable(Type.Integer()),
      network_name: Nullable(Type.String()),
      network_kind: Nullable(Type.String()),
    }),
  ),
});

export const MeasurementEntry = Type.Object({
  job_id: Type.String(),
  location: Type.Integer({ description: 'index into the locations' }),
  status: Type.String({ description: 'the job: pending | running | completed | failed' }),
  error_type: Nullable(Type.String({ description: 'failed jobs: why (no_device, …)' })),
  device: Nullable(MeasureDevice),
  result: Nullable(MeasureDeviceResult),
});
export type MeasurementEntry = Static<typeof MeasurementEntry>;

export const Measurement = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: Type.Union(literals(MEASURE_TYPES)),
  target: Type.String(),
  status: Type.Union(literals(MEASUREMENT_STATUSES)),
  created_at: Type.String(),
  options: Type.Record(Type.String(), Type.Unknown()),
  locations: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  total_devices: Type.Integer(),
  results: Type.Array(MeasurementEntry),
});
export type Measurement = Static<typeof Measurement>;
