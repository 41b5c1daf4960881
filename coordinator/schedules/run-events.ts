// A `sweep.schedule_run` push event when a scheduled run's sweep has finished: the schedule, the
// sweep, its report link and what changed per region since the previous run. The run's sweep is a
// group (store/group-types.ts): its event follows the sweep's sweep.completed, written by whichever
// coordinator's terminal write finished the group (or by a catch-up pass after a crash); keyed by
// sweep, so a second writer writes nothing.
import type { PushEventLog } from '../push/event-log.js';
import type { CoreServices } from '../services.js';
import { reportUrl } from '../sweeps/sweep-view.js';
import { changesSincePrevious, loadRun } from './schedule-service.js';

export class ScheduleRunEvents {
  constructor(
    private readonly services: CoreServices,
    private readonly events: PushEventLog,
  ) {}

  /** Hears every sweep's completion from the event log until the returned function is called. */
  attach(): () => void {
    return this.events.onGroupCompleted(async ({ id, kind }) => {
      if (kind === 'sweep') await this.record(id);
    });
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
