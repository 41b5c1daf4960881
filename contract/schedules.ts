// Recurring sweeps: a cron line and the fields of a sweep, fired once per firing across coordinators
// (docs/sweeps.md "Schedules").
import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';
import { WebhookSpec } from './push.js';
import { SweepBody, SweepMeasures } from './sweeps.js';

export const ScheduleBody = Type.Object({
  ...SweepBody.properties,
  cron: Type.String({
    minLength: 1,
    maxLength: 200,
    description: '5 fields (minute hour day month weekday) or 6 (seconds first), or @hourly, @daily, …',
  }),
  timezone: Nullable(Type.String({ maxLength: 64, description: 'IANA time zone; default UTC' })),
  paused: Nullable(Type.Boolean({ default: false })),
  webhook: Nullable(WebhookSpec),
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

export const Schedule = Type.Object({
  schedule_id: Type.String({ format: 'uuid' }),
  cron: Type.String(),
  timezone: Type.String(),
  paused: Type.Boolean(),
  next_run_at: Type.Union([Type.String(), Type.Null()], {
    description: 'null while paused, or when the expression has no later time',
  }),
  created_at: Type.String(),
  sweep: SweepTemplate,
  webhook: Type.Union([Type.Object({ url: Type.String(), events: Type.Array(Type.String()) }), Type.Null()]),
});
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
