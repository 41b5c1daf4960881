// A `sweep.schedule_run` push event when a scheduled run's sweep has finished: the schedule, the
// sweep, its report link and what changed per region since the previous run. Written by whichever
// coordinator saw the run's last try finish; keyed by sweep, so a second writer writes nothing.
import type { Logger } from 'pino';
import type { JobEvent, JobListener } from '../jobs/events.js';
import type { PushEventLog } from '../push/event-log.js';
import type { CoreServices } from '../services.js';
import { reportUrl } from '../sweeps/sweep-view.js';
import { changesSincePrevious, loadRun } from './schedule-service.js';

export class ScheduleRunEvents implements JobListener {
  private readonly inflight = new Set<Promise<void>>();
  private readonly log: Logger;

  constructor(
    private readonly services: CoreServices,
    private readonly events: PushEventLog,
  ) {
    this.log = services.log.child({ component: 'schedules' });
  }

  onJobEvent(event: JobEvent): void {
    if (event.transition !== 'complete' && event.transition !== 'fail') return;
    const sweepId = event.job.sweepId;
    if (!sweepId) return;
    const p = this.record(sweepId)
      .catch((err) => this.log.error({ err, sweepId }, 'schedule run event not written'))
      .finally(() => this.inflight.delete(p));
    this.inflight.add(p);
  }

  /** Waits for the writes already started. */
  async drain(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  private async record(sweepId: string): Promise<void> {
    const run = await this.services.store.schedules.runBySweep(sweepId);
    if (!run) return;
    const loaded = await loadRun(this.services, run);
    if (!loaded?.snapshot.done) return;
    const schedule = await this.services.store.schedules.getSchedule(run.scheduleId);
    if (!schedule) return;
    const changes = await changesSincePrevious(this.services, run, loaded.snapshot);
    await this.events.recordScheduleRun({
      ownerId: schedule.ownerId,
      scheduleId: schedule.id,
      sweepId,
      data: {
        schedule_run: {
          schedule_id: schedule.id,
          sweep_id: sweepId,
          scheduled_for: new Date(run.scheduledMs).toISOString(),
          fired_at: run.firedAt,
          report_url: reportUrl(this.services.edgeUrl(), loaded.sweep),
          changed_regions: changes?.changed_regions ?? [],
          changes,
        },
      },
    });
  }
}
