// Fires recurring sweeps and measurements: one timer per coordinator, armed for the earliest due schedule (never more
// than POLL_MS away, so schedules made or resumed on another coordinator are seen). Each firing is
// claimed in the store first (ScheduleStore.claimRun): with several coordinators on one database
// every one of them wakes, one claim succeeds, and only that coordinator submits the sweep (or the
// measurement) through the job lifecycle. A firing missed while no coordinator ran is run once on recovery, then the
// schedule goes on from the present: nothing is backfilled.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { ApiError } from '../errors.js';
import { Limiter } from '../limits/limiter.js';
import { measureJobCount } from '../measure/measure-input.js';
import { createMeasurement } from '../measure/measure-service.js';
import type { CoreServices } from '../services.js';
import { rowToApiKey } from '../store/rows.js';
import { type RunStatus, type ScheduleRecord, scheduleKind } from '../store/schedule-types.js';
import { createSweep, sweepJobCount } from '../sweeps/sweep-service.js';
import { WakeLoop } from '../wake-loop.js';
import { nextFiring } from './cron.js';
import { SCHEDULE_RUN_EVENT } from './schedule-service.js';

/** Longest sleep between looks at the store. */
export const POLL_MS = 5_000;
/** Schedules fired per look; more due ones are taken on the next look, at once. */
const BATCH = 50;
/** Run records kept per schedule (older ones are deleted as new ones come; their sweeps stay). */
export const RUNS_KEPT = 500;

export interface ScheduleLoopOptions {
  /** Longest sleep between looks at the store. Default POLL_MS (5 s). */
  pollMs?: number;
}

export class ScheduleLoop {
  private readonly loop: WakeLoop;
  private readonly limiter: Limiter;
  private readonly log: Logger;
  private readonly pollMs: number;

  constructor(
    private readonly services: CoreServices,
    options: ScheduleLoopOptions = {},
  ) {
    this.limiter = new Limiter(services.store);
    this.log = services.log.child({ component: 'schedules' });
    this.pollMs = options.pollMs ?? POLL_MS;
    this.loop = new WakeLoop({
      pass: () => this.tick(),
      pollMs: this.pollMs,
      onError: (err) => this.log.warn({ err }, 'schedule pass failed'),
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Looks at the store now (a schedule was made or resumed here). */
  wake(): void {
    this.loop.wake();
  }

  /** Stops the timer and waits for a pass in progress. Safe twice. */
  async close(): Promise<void> {
    await this.loop.close();
  }

  /** Fires what is due; returns how long to sleep. */
  private async tick(): Promise<number> {
    const store = this.services.store.schedules;
    const due = await store.listDue(Date.now(), BATCH);
    for (const s of due) {
      if (this.loop.closed) return this.pollMs;
      await this.fire(s).catch((err) => this.log.error({ err, scheduleId: s.id }, 'schedule firing failed'));
    }
    if (due.length === BATCH) return 0;
    const next = await store.nextDueMs();
    return next === null ? this.pollMs : Math.max(0, Math.min(this.pollMs, next - Date.now()));
  }

  private async fire(s: ScheduleRecord): Promise<void> {
    const dueMs = s.nextRunMs;
    if (dueMs === null) return;
    const { config, store } = this.services;
    const nowMs = Date.now();
    const nextMs = nextFiring(s.cron, s.timezone, dueMs, config.scheduleMinIntervalMs, nowMs);
    const run = {
      scheduleId: s.id,
      scheduledMs: dueMs,
      firedAt: new Date(nowMs).toISOString(),
      sweepId: randomUUID(),
      status: 'claimed' as RunStatus,
      reason: '',
      coordinatorId: config.coordinatorId,
    };
    if (!(await store.schedules.claimRun(run, dueMs, nextMs))) return;
    await store.schedules.pruneRuns(s.id, RUNS_KEPT);
    const log = this.log.child({ scheduleId: s.id, sweepId: run.sweepId });
    const skip = async (reason: string) => {
      log.info({ reason }, 'scheduled sweep skipped');
      await store.schedules.finishRun(s.id, dueMs, 'skipped', reason);
    };
    const row = await store.schedules.getApiKeyRow(s.keyId);
    const key = row ? rowToApiKey(row) : null;
    if (!key || key.revokedAt) return skip('the API key that made the schedule was revoked');
    const t = s.template;
    const what = scheduleKind(t) === 'measure' ? 'measurement' : 'sweep';
    // A firing is not a request: it counts against the key's sweeps and jobs, not its request rate,
    // and is charged what the same request would be (a sweep's measurements included).
    const demand =
      'kind' in t ? { jobs: measureJobCount(t.measure), sweeps: 0 } : { jobs: sweepJobCount(t), sweeps: 1 };
    const verdict = await this.limiter.check(key, demand, { countRequest: false });
    if (verdict.error) return skip(verdict.error.message);
    try {
      // The schedule's webhook hears the run's own events too when it asked for them.
      const runEvents = (s.webhook?.events ?? []).filter((e) => e !== SCHEDULE_RUN_EVENT);
      if (s.webhook && runEvents.length > 0) {
        await store.push.setSubjectWebhook({
          subjectId: run.sweepId,
          ownerId: s.ownerId,
          url: s.webhook.url,
          events: runEvents,
        });
      }
      if ('kind' in t) await createMeasurement(this.services, s.ownerId, t.measure, { id: run.sweepId });
      else await createSweep(this.services, s.ownerId, { ...t, id: run.sweepId });
    } catch (err) {
      await this.limiter.refund(key.id, verdict.charged).catch(() => undefined);
      if (err instanceof ApiError && err.statusCode < 500) return skip(err.message);
      log.error({ err }, `scheduled ${what} not created`);
      return skip(`internal error: the ${what} could not be created`);
    }
    await store.schedules.finishRun(s.id, dueMs, 'submitted', '');
    log.info({ scheduledFor: new Date(dueMs).toISOString() }, `scheduled ${what} started`);
  }
}
