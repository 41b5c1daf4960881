// Recurring sweeps (coordinator/schedules/): the schedules and the record of each firing, behind both
// stores. A firing is claimed by moving the schedule's next_run_ms from the due time to the next one
// with a conditional UPDATE; only the coordinator whose UPDATE changed the row records and runs it.

import type { MeasurementRecord } from './measure-types.js';
import type { ApiKeyRow } from './rows.js';

/** The sweep a schedule starts at every firing: the fields of POST /crawl/v1/sweep/new. */
export interface SweepTemplate {
  url: string;
  regions: string[];
  triesPerRegion: number;
  timeoutSec: number;
  deviceType: string;
  /** The sweep's measurements (sweeps/sweep-network.ts); absent: none. */
  measures?: SweepMeasureRecord[];
  /** Lighthouse on every try; absent: none. */
  audits?: Array<'lighthouse'>;
}

/**
 * The measurement a schedule makes at every firing: the fields of POST /crawl/v1/measure/new as
 * validated then (coordinator/measure/measure-input.ts MeasureInput). Stored in the same column as
 * a sweep template, told apart by `kind` (a sweep template has none).
 */
export interface MeasureTemplate {
  kind: 'measure';
  measure: Pick<MeasurementRecord, 'type' | 'target' | 'options' | 'locations' | 'timeoutSec'>;
}

/** What a schedule fires: a sweep, or a measurement alone. */
export type ScheduleTemplate = SweepTemplate | MeasureTemplate;

/** The kind of schedule, as its path names it (/crawl/v1/sweep/schedule, /crawl/v1/measure/schedule). */
export type ScheduleKind = 'sweep' | 'measure';

export function scheduleKind(t: ScheduleTemplate): ScheduleKind {
  return 'kind' in t && t.kind === 'measure' ? 'measure' : 'sweep';
}

/** One entry of a sweep's `measure` list: the type and its measurement body's own options. */
export interface SweepMeasureRecord {
  type: MeasurementRecord['type'];
  options: Record<string, unknown>;
}

export interface ScheduleRecord {
  id: string;
  ownerId: string;
  /** The key that made it: its sweep quota is charged at every firing. */
  keyId: string;
  cron: string;
  /** IANA name, e.g. UTC or Europe/Paris. */
  timezone: string;
  template: ScheduleTemplate;
  /** The schedule's own webhook (sweep.schedule_run by default), or null. */
  webhook: { url: string; events: string[] } | null;
  paused: boolean;
  /** Epoch ms of the next firing; null when the expression has no future time. */
  nextRunMs: number | null;
  createdAt: string;
}

/** submitted: its sweep was created; skipped: not run (reason); claimed: won, not submitted yet (or the coordinator died). */
export type RunStatus = 'claimed' | 'submitted' | 'skipped';

export interface ScheduleRunRecord {
  scheduleId: string;
  /** The firing time this run stands for (the cron time, not when it ran). */
  scheduledMs: number;
  firedAt: string;
  /**
   * Chosen when the firing is claimed; the sweep (or, for a measurement schedule, the measurement)
   * exists under this id once status is submitted.
   */
  sweepId: string;
  status: RunStatus;
  reason: string;
  coordinatorId: string;
}

export interface ScheduleStore {
  insertSchedule(s: ScheduleRecord): Promise<void>;
  getSchedule(id: string): Promise<ScheduleRecord | null>;
  /** The owner's schedules, oldest first. */
  listSchedules(ownerId: string): Promise<ScheduleRecord[]>;
  countSchedules(ownerId: string): Promise<number>;
  /** Sets paused and the next firing time; false when there is no such schedule. */
  setPaused(id: string, paused: boolean, nextRunMs: number | null): Promise<boolean>;
  /** The schedule and its runs; false when there was none. */
  deleteSchedule(id: string): Promise<boolean>;
  /** Unpaused schedules due at `nowMs`, earliest first. */
  listDue(nowMs: number, limit: number): Promise<ScheduleRecord[]>;
  /** The earliest next_run_ms of unpaused schedules, or null. */
  nextDueMs(): Promise<number | null>;
  /**
   * Claims the firing at `dueMs`: moves next_run_ms from `dueMs` to `nextMs` and inserts the run, in
   * one transaction, only when the schedule is still unpaused and due at `dueMs`. Exactly one caller
   * across coordinators gets true for one (schedule, dueMs). A run already recorded for that time
   * (a schedule resumed onto a time it fired at) is not run again: the time still moves on.
   */
  claimRun(run: ScheduleRunRecord, dueMs: number, nextMs: number | null): Promise<boolean>;
  /** Deletes the schedule's runs older than its newest `keep`; returns how many went. */
  pruneRuns(scheduleId: string, keep: number): Promise<number>;
  /** Records what became of a claimed run. */
  finishRun(scheduleId: string, scheduledMs: number, status: RunStatus, reason: string): Promise<void>;
  /** Newest first. */
  listRuns(scheduleId: string, limit: number): Promise<ScheduleRunRecord[]>;
  /** The run that created this sweep, or null. */
  runBySweep(sweepId: string): Promise<ScheduleRunRecord | null>;
  /** The latest submitted run of the schedule before `scheduledMs`, or null. */
  previousRun(scheduleId: string, scheduledMs: number): Promise<ScheduleRunRecord | null>;
  /**
   * The api_keys row a schedule was made with (revoked or not), for its limits at firing time; read
   * it with rows.ts rowToApiKey.
   */
  getApiKeyRow(id: string): Promise<ScheduleKeyRow | null>;
}

/** An api_keys row, as a schedule reads it back (rows.ts rowToApiKey maps it). */
export type ScheduleKeyRow = ApiKeyRow;

export interface ScheduleRow {
  id: string;
  owner_id: string;
  key_id: string;
  cron: string;
  timezone: string;
  template: string;
  webhook: string | null;
  paused: boolean | number;
  next_run_ms: number | string | null;
  created_at: string;
}

export interface RunRow {
  schedule_id: string;
  scheduled_ms: number | string;
  fired_at: string;
  sweep_id: string;
  status: RunStatus;
  reason: string;
  coordinator_id: string;
}

export const SCHEDULE_COLUMNS = [
  'id',
  'owner_id',
  'key_id',
  'cron',
  'timezone',
  'template',
  'webhook',
  'paused',
  'next_run_ms',
  'created_at',
] as const;

export const RUN_COLUMNS = [
  'schedule_id',
  'scheduled_ms',
  'fired_at',
  'sweep_id',
  'status',
  'reason',
  'coordinator_id',
] as const;

export function scheduleValues(s: ScheduleRecord, bool: (b: boolean) => boolean | number): unknown[] {
  return [
    s.id,
    s.ownerId,
    s.keyId,
    s.cron,
    s.timezone,
    JSON.stringify(s.template),
    s.webhook ? JSON.stringify(s.webhook) : null,
    bool(s.paused),
    s.nextRunMs,
    s.createdAt,
  ];
}

export const runValues = (r: ScheduleRunRecord): unknown[] => [
  r.scheduleId,
  r.scheduledMs,
  r.firedAt,
  r.sweepId,
  r.status,
  r.reason,
  r.coordinatorId,
];

export const scheduleFromRow = (r: ScheduleRow): ScheduleRecord => ({
  id: r.id,
  ownerId: r.owner_id,
  keyId: r.key_id,
  cron: r.cron,
  timezone: r.timezone,
  template: JSON.parse(r.template) as SweepTemplate,
  webhook: r.webhook ? (JSON.parse(r.webhook) as ScheduleRecord['webhook']) : null,
  paused: Boolean(r.paused),
  nextRunMs: r.next_run_ms === null ? null : Number(r.next_run_ms),
  createdAt: r.created_at,
});

export const runFromRow = (r: RunRow): ScheduleRunRecord => ({
  scheduleId: r.schedule_id,
  scheduledMs: Number(r.scheduled_ms),
  firedAt: r.fired_at,
  sweepId: r.sweep_id,
  status: r.status,
  reason: r.reason,
  coordinatorId: r.coordinator_id,
});
