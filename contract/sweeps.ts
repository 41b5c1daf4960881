// Sweep endpoints and the operators' device list (docs/sweeps.md).
import { type Static, Type } from 'typebox';
import { caseInsensitive, literals, Nullable, REGIONS } from './common.js';
import { MEASURE_TYPES } from './measure.js';
import { WebhookSpec } from './push.js';

export const SWEEP_DEVICE_TYPES = ['mobile', 'desktop'] as const;

/** A sweep's `measure` list: type names, or measurement bodies without target and locations. */
export const SweepMeasures = Type.Array(
  Type.Union([
    Type.Union(literals(MEASURE_TYPES)),
    Type.Object({ type: Type.Union(literals(MEASURE_TYPES)) }, { additionalProperties: true }),
  ]),
  {
    maxItems: MEASURE_TYPES.length,
    description:
      'measurements beside the page tries, from the same regions and as many devices per region as tries, against the URL host: a type name, or a measurement body without target, locations and limit (docs/sweeps.md)',
  },
);

const RegionNetwork = Type.Object({
  devices: Type.Integer({ description: 'devices of the region whose measurement succeeded' }),
  answers: Type.Optional(Type.Array(Type.String(), { description: 'dns: the values the devices got' })),
  differs_from_majority: Type.Optional(
    Type.Boolean({ description: "dns: the region's usual answer is not the one most devices got" }),
  ),
  asns: Type.Optional(
    Type.Array(Type.Integer(), { description: 'traceroute, mtr: networks the paths crossed' }),
  ),
  rtt_avg_ms: Type.Optional(Nullable(Type.Number({ description: 'ping: mean average round trip' }))),
});

/** The `network` field of a sweep that asked for measurements. */
export const SweepNetwork = Type.Record(
  Type.String(),
  Type.Object({
    measurement_id: Type.String({ format: 'uuid' }),
    status: Type.String(),
    regions: Type.Record(Type.String(), RegionNetwork),
  }),
);

export const SweepBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 8192 }),
  regions: Nullable(
    Type.Array(Type.String({ pattern: caseInsensitive(REGIONS) }), {
      minItems: 1,
      uniqueItems: true,
      description: `distinct regions from ${REGIONS.join(', ')}; default NA, EU, APAC`,
    }),
  ),
  tries_per_region: Nullable(Type.Integer({ minimum: 1, maximum: 10, default: 3 })),
  timeout_sec: Nullable(Type.Integer({ minimum: 1, maximum: 120, default: 60 })),
  device_type: Nullable(Type.Union(literals(SWEEP_DEVICE_TYPES), { default: 'mobile' })),
  webhook: Nullable(WebhookSpec),
  measure: Nullable(SweepMeasures),
  audits: Nullable(
    Type.Array(Type.Literal('lighthouse'), {
      maxItems: 1,
      description:
        'Lighthouse on every try: devices that advertise it (desktop and server agents by default)',
    }),
  ),
});

export type SweepBody = Static<typeof SweepBody>;

export const SweepCreated = Type.Object({
  sweep_id: Type.String({ format: 'uuid' }),
  total_jobs: Type.Integer(),
  job_ids: Type.Array(Type.String()),
  report_url: Type.Optional(Type.String()),
  regions_without_devices: Type.Optional(
    Type.Array(Type.String(), {
      description:
        'requested regions where no connected device runs CRAWL_FULL_PAGE as the device_type asked: their tries failed at once with no_device. Absent when the coordinator cannot see the whole fleet (several coordinators on one database) and on a replayed idempotent answer',
    }),
  ),
});

export type SweepCreated = Static<typeof SweepCreated>;

const BlockVerdict = Type.Object(
  {
    kind: Type.Union(literals(['legal', 'cdn_block', 'captcha'] as const)),
    rule: Type.String({ description: 'the id of the rule in block-rules.json that matched' }),
  },
  { description: 'why the page looks like a block page (docs/sweeps.md)' },
);

const LighthouseScores = Type.Record(Type.String(), Nullable(Type.Number({ minimum: 0, maximum: 1 })), {
  description: 'Lighthouse category scores, 0–1 (a sweep with audits: ["lighthouse"])',
});

const SweepJob = Type.Object({
  job_id: Type.String(),
  country: Type.String(),
  status: Type.String(),
  error_type: Type.String(),
  error_message: Type.String(),
  data_error: Type.String(),
  screenshot: Type.String(),
  metrics: Type.Record(Type.String(), Type.Unknown()),
  // Added fields: what the try answered (docs/sweeps.md, "Divergence").
  device_id: Type.Optional(Type.String()),
  final_url: Type.Optional(Type.String()),
  status_code: Type.Optional(Type.Integer()),
  title: Type.Optional(Type.String()),
  size_bytes: Type.Optional(Type.Integer()),
  text_fingerprint: Nullable(Type.String({ description: '64-bit simhash, 16 hex digits' })),
  block: Nullable(BlockVerdict),
  lighthouse: Type.Optional(LighthouseScores),
});

const Network = Nullable(Type.Object({ kind: Type.String(), asn: Nullable(Type.Integer()) }));

/** The `divergence` field of a sweep: which regions or networks got a different answer, and how. */
export const SweepDivergence = Type.Object({
  state: Type.Union(literals(['pending', 'agree', 'differ', 'no_majority'] as const)),
  compared: Type.Integer(),
  waiting: Type.Integer(),
  majority: Nullable(
    Type.Object({
      tries: Type.Integer(),
      failed: Type.Boolean(),
      error_type: Type.String(),
      status_code: Type.Integer(),
      final_url: Type.String(),
      block: Nullable(BlockVerdict),
    }),
  ),
  differences: Type.Array(
    Type.Object({
      group: Type.String(),
      region: Type.String(),
      network: Network,
      kind: Type.Union(
        literals(['failed', 'status', 'blocked', 'redirect', 'content', 'title', 'answer'] as const),
      ),
      tries: Type.Integer(),
      of: Type.Integer(),
      job_ids: Type.Array(Type.String()),
      status_code: Nullable(Type.Integer()),
      block: Nullable(BlockVerdict),
      final_url: Nullable(Type.String()),
      similarity: Nullable(Type.Number()),
      title: Nullable(Type.String()),
      error_type: Nullable(Type.String()),
      message: Type.String(),
    }),
  ),
  summary: Type.String(),
});

export const Sweep = Type.Object({
  sweep_id: Type.String(),
  url: Type.String(),
  status: Type.String(),
  created_at: Type.String(),
  total_jobs: Type.Integer(),
  completed_jobs: Type.Integer(),
  failed_jobs: Type.Integer(),
  results: Type.Record(
    Type.String(),
    Type.Object({
      region: Type.String(),
      status: Type.String(),
      jobs: Type.Array(SweepJob),
      lighthouse: Type.Optional(LighthouseScores),
    }),
  ),
  report_url: Type.Optional(Type.String()),
  divergence: Type.Optional(SweepDivergence),
  network: Type.Optional(SweepNetwork),
});

export type Sweep = Static<typeof Sweep>;

export const ReportParams = Type.Object({ id: Type.String(), token: Type.String() });
export const ReportShotParams = Type.Object({
  id: Type.String(),
  token: Type.String(),
  jobId: Type.String(),
});

export const DevicesQuery = Type.Object({
  connected: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
});

export const Devices = Type.Object({
  total: Type.Integer(),
  connected: Type.Integer(),
  available: Type.Integer(),
  queued_jobs: Type.Integer(),
  devices: Type.Array(Type.Record(Type.String(), Type.Unknown()), {
    description:
      'One object per device (docs/sweeps.md). Its `location_check` holds `claimed` (what ' +
      '`location` says), `evidence` (address place, network, round trip, contradictions; null ' +
      'while not linked here) and `verified` (yes | no | unknown): docs/api.md, "Devices: location ' +
      'evidence".',
  }),
});

/** A response that is not JSON: `type` is its content type, the schema a (binary) string. */
export const nonJson = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: Type.String() } },
});

export const Png = nonJson('image/png', 'the PNG');
