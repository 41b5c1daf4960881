// Narrower shapes of parts that the route schemas leave open (a record of unknown values): what the
// coordinator actually puts in a download's metadata and performance metrics, a sweep's tries and
// the device list. The route schemas stay as they are; the typed client reads these, and
// test/integration/client.test.ts checks real answers against them.
import { type Static, Type } from 'typebox';
import { JOB_STATUSES, literals, REGIONS } from './common.js';
import { SWEEP_DEVICE_TYPES } from './sweeps.js';

const jobStatus = Type.Union(literals(JOB_STATUSES));
export const SWEEP_STATUSES = ['running', 'completed', 'partial', 'failed'] as const;
const sweepStatus = Type.Union(literals(SWEEP_STATUSES));

/** `performanceMetrics` of a full-page download (interface.md 2.5), times in milliseconds. */
export const PerformanceMetrics = Type.Object({
  crashOrTimeoutFlag: Type.Boolean(),
  effectiveConnectionType: Type.String(),
  networkType: Type.String(),
  protocol: Type.String(),
  cumulativeLayoutShift: Type.Number(),
  decodedBodySize: Type.Number(),
  devicePixelRatio: Type.Number(),
  dnsTimeMs: Type.Number(),
  domContentLoaded: Type.Number(),
  encodedBodySize: Type.Number(),
  firstContentfulPaint: Type.Number(),
  firstPaint: Type.Number(),
  largestContentfulPaint: Type.Number(),
  longTaskCount: Type.Number(),
  maxLongTask: Type.Number(),
  tcpTimeMs: Type.Number(),
  timeToFirstByte: Type.Number(),
  tlsTimeMs: Type.Number(),
  totalBlockingTime: Type.Number(),
  totalLoadTime: Type.Number(),
  transferSize: Type.Number(),
  viewportHeight: Type.Number(),
  viewportWidth: Type.Number(),
});
export type PerformanceMetrics = Static<typeof PerformanceMetrics>;

/** `performanceMetrics` of a download without browser metrics: `{}`. */
export const NoPerformanceMetrics = Type.Record(Type.String(), Type.Never(), {
  description: 'an empty object',
});

const NETWORK_KIND = Type.Union([
  Type.Literal('datacenter'),
  Type.Literal('residential'),
  Type.Literal('mobile'),
  Type.Null(),
]);
const ADDRESS_FAMILY = Type.Union([Type.Literal('ipv4'), Type.Literal('ipv6'), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);

/**
 * `metadata.network` of a result: the device's egress network when it reported (never its address)
 * and what the agent said of its connection to the target (docs/api.md).
 */
export const ResultNetwork = Type.Object({
  address_family: ADDRESS_FAMILY,
  asn: Type.Union([Type.Integer(), Type.Null()], { description: 'autonomous system number' }),
  network_name: NullableString,
  network_kind: NETWORK_KIND,
  resolvers: Type.Array(Type.String(), { description: "the agent's DNS servers (IP literals)" }),
  resolved_addresses: Type.Array(Type.String(), { description: "what the target's name resolved to" }),
  connected_address: Type.Union([Type.String(), Type.Null()], {
    description: 'the target address the agent connected to',
  }),
});
export type ResultNetwork = Static<typeof ResultNetwork>;

/** `metadata` of a download: where and how the job ran (docs/api.md). */
export const DownloadMetadata = Type.Object({
  device_id: Type.String(),
  device_location: Type.Object({ country: Type.String(), region: Type.String(), city: Type.String() }),
  attempt: Type.Integer({ minimum: 1 }),
  placement_reason: Type.Optional(
    Type.String({ description: 'why the device was chosen; absent on results of older coordinators' }),
  ),
  content_encoding: Type.Optional(
    Type.String({ description: 'the Content-Encoding the device removed from the body' }),
  ),
  network: Type.Optional(ResultNetwork),
  // A page job's actions, extraction and audits (docs/actions.md).
  actions: Type.Optional(
    Type.Array(
      Type.Object({
        index: Type.Integer(),
        type: Type.String(),
        status: Type.String({ description: 'ok | timed_out | not_found | failed | skipped' }),
        duration_ms: Type.Integer(),
        error: Type.Optional(Type.String()),
        name: Type.Optional(Type.String()),
        count: Type.Optional(Type.Integer()),
        optional: Type.Optional(Type.Boolean()),
        result: Type.Optional(Type.Unknown({ description: "an evaluate's JSON value" })),
      }),
    ),
  ),
  failed_action: Type.Optional(Type.Integer({ description: 'index of the action that ended the job' })),
  extract_errors: Type.Optional(Type.Array(Type.String())),
  lighthouse: Type.Optional(
    Type.Object({
      scores: Type.Record(Type.String(), Type.Union([Type.Number(), Type.Null()])),
      audits: Type.Record(Type.String(), Type.Unknown()),
    }),
  ),
});
export type DownloadMetadata = Static<typeof DownloadMetadata>;

/** Browser metrics of one sweep try (zeros until it completed with metrics). */
export const SweepMetrics = Type.Object({
  cls: Type.Number(),
  dom_content_loaded: Type.Number(),
  fcp: Type.Number(),
  lcp: Type.Number(),
  total_load_time: Type.Number(),
  transfer_size: Type.Number(),
  ttfb: Type.Number(),
  protocol: Type.String(),
});

/** One try of a sweep (docs/sweeps.md). */
export const SweepTry = Type.Object({
  job_id: Type.String(),
  country: Type.String(),
  status: jobStatus,
  error_type: Type.String(),
  error_message: Type.String(),
  data_error: Type.String(),
  screenshot: Type.String(),
  metrics: SweepMetrics,
  device_id: Type.String({ description: 'the device that ran the try; "" while pending' }),
  network: Type.Optional(ResultNetwork),
});

/** One region of a sweep: its tries and their combined status. */
export const SweepRegionResult = Type.Object({
  region: Type.String(),
  status: sweepStatus,
  jobs: Type.Array(SweepTry),
});

/** A sweep's status and results, narrowed, with the settings it was created with. */
export const SweepReport = Type.Object({
  status: sweepStatus,
  results: Type.Record(Type.String(), SweepRegionResult, { description: 'keyed by region' }),
  regions: Type.Array(Type.Union(literals(REGIONS))),
  tries_per_region: Type.Integer(),
  timeout_sec: Type.Integer(),
  device_type: Type.Union(literals(SWEEP_DEVICE_TYPES)),
  report_url: Type.String(),
});

/** One job of `GET /crawl/v1/session/{id}/jobs`. */
export const SessionJob = Type.Object({
  job_id: Type.String(),
  url: Type.String(),
  method: Type.String(),
  status: jobStatus,
  submitted_at: Type.String(),
  completed_at: Type.String({ description: '"" until the job ends' }),
  download_url: Type.String(),
  error_message: Type.String(),
});

/** One device of `GET /crawl/v1/devices`. */
export const Device = Type.Object({
  device_id: Type.String(),
  name: Type.String(),
  connected: Type.Boolean(),
  connected_at: Type.Union([Type.String(), Type.Null()]),
  last_seen_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.Union([Type.String(), Type.Null()]),
  agent_version: Type.String(),
  browser_version: Type.String(),
  location: Type.Object({ country: Type.String(), region: Type.String(), city: Type.String() }),
  location_check: Type.Optional(
    Type.Object(
      {
        claimed: Type.Object({ country: Type.String(), region: Type.String(), city: Type.String() }),
        evidence: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
          description: "where the link's address is and its round trip; null before any",
        }),
        verified: Type.Union([Type.Literal('yes'), Type.Literal('no'), Type.Literal('unknown')]),
      },
      { description: 'the claimed place checked against evidence (docs/security.md, "Location evidence")' },
    ),
  ),
  device_type: Type.String({ description: '"" until the device has said' }),
  network_type: Type.String({ description: '"" until the device has said' }),
  address_family: Type.Optional(ADDRESS_FAMILY),
  asn: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], { description: 'egress network; null unknown' }),
  ),
  network_name: Type.Optional(NullableString),
  network_kind: Type.Optional(NETWORK_KIND),
  capabilities: Type.Object({
    methods: Type.Array(Type.String()),
    max_concurrent: Type.Integer(),
    page_features: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.String()), {
        description:
          'the page features (actions, extract, har, pdf, lighthouse) jobs of each method may ask of this device',
      }),
    ),
  }),
  load: Type.Object({ running: Type.Integer(), max_concurrent: Type.Integer(), ratio: Type.Number() }),
  draining: Type.Boolean(),
  assigned_total: Type.Integer(),
  recent: Type.Object({
    success_rate: Type.Union([Type.Number(), Type.Null()], { description: 'null until results' }),
    latency_ms: Type.Union([Type.Number(), Type.Null()], { description: 'null until results' }),
    results: Type.Integer(),
  }),
});
export type Device = Static<typeof Device>;
