// Recurring sweeps and measurements as the API sees them: made from a cron line and a sweep (or
// measurement) template, listed and read back per owner and kind (with their recent runs and, for
// sweeps, what changed between them), paused, resumed, deleted.
// Firing them is schedule-loop.ts; summing a run up against the previous one is run-diff.ts.
import { randomUUID } from 'node:crypto';
import { invalid, jobNotFound } from '../errors.js';
import { measurementStatus, requestView } from '../measure/measure-view.js';
import type { CoreServices } from '../services.js';
import type { ApiKeyRecord, JobRecord, SweepRecord } from '../store/records.js';
import {
  type MeasureTemplate,
  type ScheduleKind,
  type ScheduleRecord,
  type ScheduleRunRecord,
  type ScheduleTemplate,
  type SweepMeasureRecord,
  type SweepTemplate,
  scheduleKind,
} from '../store/schedule-types.js';
import { groupStatus, reportUrl, tryStatus } from '../sweeps/sweep-view.js';
import { renderChanges } from './changes-html.js';
import { checkCron, cronOf, nextFiring } from './cron.js';
import { diffRuns, type RunDiff, type RunSnapshot, runSnapshot } from './run-diff.js';

/** The event a schedule's own webhook gets when it names none. */
export const SCHEDULE_RUN_EVENT = 'sweep.schedule_run';

export interface ScheduleInput {
  cron: string;
  timezone: string;
  template: ScheduleTemplate;
  webhook: { url: string; events: string[] } | null;
  paused: boolean;
}

/**
 * The events a schedule's webhook hears when it names none: a sweep schedule's `sweep.schedule_run`
 * (with what changed), a measurement schedule's each run's `measurement.completed`.
 */
const defaultEvents = (t: ScheduleTemplate): string[] =>
  scheduleKind(t) === 'measure' ? [MEASUREMENT_RUN_EVENT] : [SCHEDULE_RUN_EVENT];

/** The event of a measurement schedule's runs: each run is a measurement with its own event. */
const MEASUREMENT_RUN_EVENT = 'measurement.completed';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A `measure` entry as the caller wrote it: the type name alone when it had no options. */
const measureEntryView = (m: SweepMeasureRecord): string | Record<string, unknown> =>
  Object.keys(m.options).length === 1 ? m.type : m.options;

export function templateView(t: SweepTemplate) {
  return {
    url: t.url,
    regions: t.regions,
    tries_per_region: t.triesPerRegion,
    timeout_sec: t.timeoutSec,
    device_type: t.deviceType,
    ...(t.measures ? { measure: t.measures.map(measureEntryView) } : {}),
    ...(t.audits ? { audits: t.audits } : {}),
  };
}

/** A measurement schedule's `measure`: the request as GET /crawl/v1/measure/{id} shows it. */
export const measureTemplateView = (t: MeasureTemplate) => requestView(t.measure);

export function scheduleView(s: ScheduleRecord) {
  const t = s.template;
  return {
    schedule_id: s.id,
    cron: s.cron,
    timezone: s.timezone,
    paused: s.paused,
    next_run_at: s.paused ? null : iso(s.nextRunMs),
    created_at: s.createdAt,
    ...('kind' in t ? { measure: measureTemplateView(t) } : { sweep: templateView(t) }),
    webhook: s.webhook,
  };
}

export async function createSchedule(
  services: CoreServices,
  key: ApiKeyRecord,
  input: ScheduleInput,
): Promise<ScheduleRecord> {
  const config = services.config;
  const nowMs = Date.now();
  const first = checkCron(input.cron, input.timezone, config.scheduleMinIntervalMs, nowMs);
  const count = await services.store.schedules.countSchedules(key.ownerId);
  if (count >= config.maxSchedulesPerOwner) {
    throw invalid(`this key already has ${count} schedules, the most allowed; delete one first`);
  }
  const schedule: ScheduleRecord = {
    id: randomUUID(),
    ownerId: key.ownerId,
    keyId: key.id,
    cron: input.cron,
    timezone: input.timezone,
    template: input.template,
    webhook: input.webhook
      ? {
          url: input.webhook.url,
          events: input.webhook.events.length > 0 ? input.webhook.events : defaultEvents(input.template),
        }
      : null,
    paused: input.paused,
    nextRunMs: first,
    createdAt: new Date(nowMs).toISOString(),
  };
  // The webhook is stored first, so the first run's event always finds it.
  if (schedule.webhook) {
    await services.store.push.setSubjectWebhook({
      subjectId: schedule.id,
      ownerId: key.ownerId,
      url: schedule.webhook.url,
      events: schedule.webhook.events,
    });
  }
  await services.store.schedules.insertSchedule(schedule);
  return schedule;
}

/** The schedule if it exists, belongs to `ownerId` and is of `kind`; otherwise the contract's 404. */
export async function ownedSchedule(
  services: CoreServices,
  ownerId: string,
  id: string,
  kind: ScheduleKind,
): Promise<ScheduleRecord> {
  const s = await services.store.schedules.getSchedule(id.toLowerCase());
  if (!s || s.ownerId !== ownerId || scheduleKind(s.template) !== kind) throw jobNotFound();
  return s;
}

/**
 * Pauses (no firing until resumed) or resumes (next firing from now on: none is made up, and none
 * sooner than the minimum interval after the last one).
 */
export async function setSchedulePaused(
  services: CoreServices,
  s: ScheduleRecord,
  paused: boolean,
): Promise<ScheduleRecord> {
  let next = s.nextRunMs;
  if (!paused) {
    const [last] = await services.store.schedules.listRuns(s.id, 1);
    const nowMs = Date.now();
    const minMs = services.config.scheduleMinIntervalMs;
    next = last
      ? nextFiring(s.cron, s.timezone, last.scheduledMs, minMs, nowMs)
      : (cronOf(s.cron, s.timezone).nextRun(new Date(nowMs))?.getTime() ?? null);
  }
  if (!(await services.store.schedules.setPaused(s.id, paused, next))) throw jobNotFound();
  return { ...s, paused, nextRunMs: next };
}

interface LoadedRun {
  sweep: SweepRecord;
  jobs: JobRecord[];
  snapshot: RunSnapshot;
}

/**
 * The run's sweep, its jobs and its snapshot; null when the run made no sweep. A run still marked
 * claimed whose sweep exists counts (its tries may finish before the run is marked submitted).
 */
export async function loadRun(services: CoreServices, run: ScheduleRunRecord): Promise<LoadedRun | null> {
  if (run.status === 'skipped') return null;
  const sweep = await services.store.getSweep(run.sweepId);
  if (!sweep) return null;
  const jobs = await services.store.getJobs(sweep.jobs.map((j) => j.jobId));
  return { sweep, jobs, snapshot: runSnapshot(sweep, jobs) };
}

/** What changed since the schedule's previous submitted run; null for the first. */
export async function changesSincePrevious(
  services: CoreServices,
  run: ScheduleRunRecord,
  current: RunSnapshot,
): Promise<RunDiff | null> {
  const prev = await services.store.schedules.previousRun(run.scheduleId, run.scheduledMs);
  const loaded = prev ? await loadRun(services, prev) : null;
  return loaded ? diffRuns(loaded.snapshot, current) : null;
}

export function runView(
  services: CoreServices,
  run: ScheduleRunRecord,
  loaded: LoadedRun | null,
  changes: RunDiff | null,
) {
  return {
    scheduled_for: new Date(run.scheduledMs).toISOString(),
    fired_at: run.firedAt,
    status: loaded ? 'submitted' : run.status,
    reason: run.reason,
    sweep_id: loaded ? run.sweepId : null,
    sweep_status: loaded ? groupStatus(loaded.jobs.map(tryStatus)) : null,
    report_url: loaded ? reportUrl(services.edgeUrl(), loaded.sweep) : null,
    changes,
  };
}

/**
 * A measurement schedule's run: the measurement it made and how far it got (its devices' results
 * are read with GET /crawl/v1/measure/{id}, as any measurement's).
 */
async function measureRunView(services: CoreServices, run: ScheduleRunRecord) {
  const m = run.status === 'skipped' ? null : await services.store.measurements.getMeasurement(run.sweepId);
  const jobs = m
    ? new Map((await services.store.getJobs(m.jobs.map((r) => r.jobId))).map((j) => [j.id, j]))
    : null;
  return {
    scheduled_for: new Date(run.scheduledMs).toISOString(),
    fired_at: run.firedAt,
    status: m ? 'submitted' : run.status,
    reason: run.reason,
    measurement_id: m ? m.id : null,
    measurement_status: m && jobs ? measurementStatus(m, jobs) : null,
  };
}

/** A measurement schedule's newest `limit` runs. */
export async function recentMeasureRuns(services: CoreServices, s: ScheduleRecord, limit: number) {
  const runs = await services.store.schedules.listRuns(s.id, limit);
  return Promise.all(runs.map((r) => measureRunView(services, r)));
}

/** The newest `limit` runs, each with what changed since the run before it. */
export async function recentRuns(services: CoreServices, s: ScheduleRecord, limit: number) {
  const runs = await services.store.schedules.listRuns(s.id, limit);
  const loaded = await Promise.all(runs.map((r) => loadRun(services, r)));
  const out = [];
  for (const [i, run] of runs.entries()) {
    const mine = loaded[i] ?? null;
    let changes: RunDiff | null = null;
    if (mine) {
      // The previous submitted run is usually the next one in the list; the store is asked otherwise.
      const j = runs.findIndex((_r, k) => k > i && loaded[k]);
      const prev = j >= 0 ? loaded[j] : null;
      changes = prev
        ? diffRuns(prev.snapshot, mine.snapshot)
        : await changesSincePrevious(services, run, mine.snapshot);
    }
    out.push(runView(services, run, mine, changes));
  }
  return out;
}

/** The report page's section for a sweep a schedule made; '' for any other sweep. */
export async function scheduledRunSection(services: CoreServices, sweep: SweepRecord): Promise<string> {
  const run = await services.store.schedules.runBySweep(sweep.id);
  if (!run) return '';
  const jobs = await services.store.getJobs(sweep.jobs.map((j) => j.jobId));
  return renderChanges(run.scheduleId, await changesSincePrevious(services, run, runSnapshot(sweep, jobs)));
}
