// Recurring sweeps and measurements: a cron line and the fields of a sweep (or of a measurement),
// fired once per firing across coordinators (docs/sweeps.md "Schedules", docs/measure.md).
import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';
import { MeasureBody } from './measure.js';
import { WebhookSpec } from './push.js';
import { SweepBody, SweepMeasures } from './sweeps.js';

/** What every schedule's body has beside the fields of what it fires. */
const ScheduleFields = {
  cron: Type.String({
    minLength: 1,
    maxLength: 200,
    description: '5 fields (minute hour day month weekday) or 6 (seconds first), or @hourly, @daily, …',
  }),
  timezone: Nullable(Type.String({ maxLength: 64, description: 'IANA time zone; default UTC' })),
  paused: Nullable(Type.Boolean({ default: false })),
  webhook: Nullable(WebhookSpec),
};

export const ScheduleBody = Type.Object({
  ...SweepBody.properties,
  ...ScheduleFields,
});
export type ScheduleBody = Static<typeof ScheduleBody>;

const SweepTemplate = Type.Object({
  url: Type.String(),
  regions: Type.Array(Type.String()),
  tries_per_region: Type.Integer(),
  timeout_sec: Type.Integer(),
  device_type: Type.String(),
  measure: Type.Optional(SweepMeasures),
  audits: Type.Optional(Type.Array(Type.Literal('lighthouse'))),
});

const ScheduleHead = {
  schedule_id: Type.String({ format: 'uuid' }),
  cron: Type.String(),
  timezone: Type.String(),
  paused: Type.Boolean(),
  next_run_at: Type.Union([Type.String(), Type.Null()], {
    description: 'null while paused, or when the expression has no later time',
  }),
  created_at: Type.String(),
  webhook: Type.Union([Type.Object({ url: Type.String(), events: Type.Array(Type.String()) }), Type.Null()]),
};

export const Schedule = Type.Object({ ...ScheduleHead, sweep: SweepTemplate });
export type Schedule = Static<typeof Schedule>;

const FieldChange = Type.Object({
  field: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});

export const RunChanges = Type.Object({
  previous_sweep_id: Type.String(),
  complete: Type.Boolean({ description: 'both runs had finished when compared' }),
  changed_regions: Type.Array(Type.String()),
  regions: Type.Record(
    Type.String(),
    Type.Object({ changed: Type.Boolean(), changes: Type.Array(FieldChange) }),
  ),
});

export const ScheduleRun = Type.Object({
  scheduled_for: Type.String(),
  fired_at: Type.String(),
  status: Type.Union([Type.Literal('submitted'), Type.Literal('skipped'), Type.Literal('claimed')]),
  reason: Type.String(),
  sweep_id: Type.Union([Type.String(), Type.Null()]),
  sweep_status: Type.Union([Type.String(), Type.Null()]),
  report_url: Type.Union([Type.String(), Type.Null()]),
  changes: Type.Union([RunChanges, Type.Null()], {
    description: 'null for the first run, or without a sweep',
  }),
});

export const ScheduleDetail = Type.Object({
  ...Schedule.properties,
  runs: Type.Array(ScheduleRun, { description: 'newest first' }),
});

export const ScheduleList = Type.Object({ schedules: Type.Array(Schedule) });

export const ScheduleQuery = Type.Object({
  runs: Type.Optional(Type.String({ description: 'how many recent runs, 0 to 50; default 10' })),
});

/** POST /crawl/v1/measure/schedule: a measurement's body (docs/measure.md) and the schedule's fields. */
export const MeasureScheduleBody = Type.Object(
  { ...MeasureBody.properties, ...ScheduleFields },
  { additionalProperties: false },
);

/** The measurement a schedule makes at each firing, as GET /crawl/v1/measure/{id} shows a request. */
const MeasureTemplate = Type.Object({
  type: Type.String(),
  target: Type.String(),
  options: Type.Record(Type.String(), Type.Unknown()),
  locations: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});

export const MeasureSchedule = Type.Object({ ...ScheduleHead, measure: MeasureTemplate });

export const MeasureScheduleRun = Type.Object({
  scheduled_for: Type.String(),
  fired_at: Type.String(),
  status: Type.Union([Type.Literal('submitted'), Type.Literal('skipped'), Type.Literal('claimed')]),
  reason: Type.String(),
  measurement_id: Type.Union([Type.String(), Type.Null()], {
    description: 'the measurement this run made: GET /crawl/v1/measure/{id}',
  }),
  measurement_status: Type.Union([Type.String(), Type.Null()], { description: 'in-progress or finished' }),
});

export const MeasureScheduleDetail = Type.Object({
  ...MeasureSchedule.properties,
  runs: Type.Array(MeasureScheduleRun, { description: 'newest first' }),
});

export const MeasureScheduleList = Type.Object({ schedules: Type.Array(MeasureSchedule) });
