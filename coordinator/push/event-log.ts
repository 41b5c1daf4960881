// Turns job transitions into push events: from the lifecycle listener (synchronous) the write to
// the store's event log and outbox is started at once and tracked; `drain()` waits for it. A crash
// between the job's store change and that write would lose the event, so at start (and on every
// catch-up pass) terminal jobs of the retry window that have no event get one: events are keyed
// (`job:<id>`), so a second writer, here or on another coordinator, writes nothing. The same holds
// for groups (a batch, a measurement, a sweep): the member's terminal write stamps its group finished, and
// a finished group without its completion event gets it then.
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import type { JobEvent, JobListener } from '../jobs/events.js';
import { loadMeasurementView } from '../measure/measure-view.js';
import { newResourceId } from '../resource-id.js';
import { jobView } from '../results/views.js';
import type { CoreServices } from '../services.js';
import { crawlView } from '../site-crawl/crawl-service.js';
import type { CrawlSpec } from '../site-crawl/crawl-spec.js';
import type { GroupKind } from '../store/group-types.js';
import type { NewPushEvent } from '../store/push-types.js';
import type { JobRecord, SweepRecord } from '../store/records.js';
import { loadSweepView } from '../sweeps/sweep-service.js';
import { defaultEvents, type PushEventBody, type PushEventType, type WebhookSubject } from './event-types.js';

const CATCH_UP_BATCH = 500;

/** Told when a group's completion event was written (live or by catch-up). */
export type GroupCompletedHook = (group: { id: string; kind: GroupKind }) => Promise<void>;

export class PushEventLog implements JobListener {
  private readonly inflight = new Set<Promise<void>>();
  private readonly appended = new EventEmitter();
  private readonly groupHooks = new Set<GroupCompletedHook>();
  private readonly log: Logger;

  constructor(private readonly services: CoreServices) {
    this.log = services.log.child({ component: 'push' });
    this.appended.setMaxListeners(0);
  }

  onJobEvent(event: JobEvent): void {
    if (event.transition !== 'complete' && event.transition !== 'fail') return;
    this.track(this.recordJob(event.job));
  }

  /**
   * Called after every event written here (streams wake on it), with whether the event queued
   * webhook deliveries (the delivery worker wakes only then: most events have none).
   */
  onAppended(fn: (withDeliveries: boolean) => void): () => void {
    this.appended.on('appended', fn);
    return () => this.appended.off('appended', fn);
  }

  /** Writes the missing events of jobs that finished since `sinceMs`; returns how many. */
  async catchUp(sinceMs: number): Promise<number> {
    const since = new Date(sinceMs).toISOString();
    let written = 0;
    for (;;) {
      const ids = await this.services.store.push.listTerminalJobIdsWithoutEvent(since, CATCH_UP_BATCH);
      if (ids.length === 0) break;
      for (const job of await this.services.store.getJobs(ids)) {
        await this.recordJob(job);
        written++;
      }
      if (ids.length < CATCH_UP_BATCH) break;
    }
    for (;;) {
      const groups = await this.services.store.groups.listFinishedWithoutEvent(since, CATCH_UP_BATCH);
      for (const g of groups) {
        await this.recordGroup(g.id, g.kind);
        written++;
      }
      if (groups.length < CATCH_UP_BATCH) break;
    }
    for (;;) {
      const ids = await this.services.store.crawls.listEndedWithoutEvent(since, CATCH_UP_BATCH);
      for (const id of ids) {
        await this.recordCrawl(id);
        written++;
      }
      if (ids.length < CATCH_UP_BATCH) return written;
    }
  }

  /**
   * `hook` runs after each group's completion event is written, here or by a catch-up pass after
   * a crash (a schedule's run event follows its sweep's); `drain()` waits for it too.
   */
  onGroupCompleted(hook: GroupCompletedHook): () => void {
    this.groupHooks.add(hook);
    return () => this.groupHooks.delete(hook);
  }

  /** A site crawl ended here: its crawl.completed event, written in the background. */
  crawlEnded(crawlId: string): void {
    this.track(this.recordCrawl(crawlId));
  }

  /** A scheduled run finished: to the schedule's own webhook, else the owner's default. */
  recordScheduleRun(e: {
    ownerId: string;
    scheduleId: string;
    sweepId: string;
    data: PushEventBody['data'];
  }): Promise<void> {
    return this.append({
      type: 'sweep.schedule_run',
      ownerId: e.ownerId,
      jobId: null,
      sweepId: e.sweepId,
      dedupeKey: `schedule_run:${e.sweepId}`,
      orderKey: e.scheduleId,
      subjectIds: [e.scheduleId],
      data: e.data,
    });
  }

  /** Waits for the writes already started. */
  async drain(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  private track(p: Promise<void>): void {
    const tracked = p
      .catch((err) => this.log.error({ err }, 'push event not written; the catch-up pass will write it'))
      .finally(() => this.inflight.delete(tracked));
    this.inflight.add(tracked);
  }

  private async recordJob(job: JobRecord): Promise<void> {
    if (job.status !== 'completed' && job.status !== 'failed') return;
    const type: PushEventType = job.status === 'completed' ? 'job.completed' : 'job.failed';
    // A job known to have no webhook of its own costs no lookup under its id (a read per job end).
    const subjectIds = job.request.ownWebhook === false ? [] : [job.id];
    if (job.sweepId) subjectIds.push(job.sweepId);
    await this.append({
      type,
      ownerId: job.ownerId,
      jobId: job.id,
      sweepId: job.sweepId,
      dedupeKey: `job:${job.id}`,
      orderKey: job.id,
      subjectIds,
      data: { job: jobView(job) },
    });
    if (job.sweepId) await this.checkSweepRegion(job.sweepId, job.id);
    // Only a group's members carry its id: every other job's end costs no group lookup.
    if (job.groupId) await this.checkGroup(job.groupId);
  }

  /**
   * The group's completion event once its last member has ended: the member's terminal write
   * counted it in the group and stamped `finished_at` (store/group-types.ts), so one read by id
   * tells. Members ending together may each see it finished; the event's key writes it once.
   */
  private async checkGroup(groupId: string): Promise<void> {
    const group = await this.services.store.groups.getGroup(groupId);
    if (group?.finishedAt) await this.recordGroup(group.id, group.kind);
  }

  private async recordGroup(id: string, kind: GroupKind): Promise<void> {
    await this.groupCompleted(id, kind);
    for (const hook of this.groupHooks) {
      await hook({ id, kind }).catch((err: unknown) =>
        this.log.error({ err, groupId: id }, 'group hook failed'),
      );
    }
  }

  private groupCompleted(id: string, kind: GroupKind): Promise<void> {
    switch (kind) {
      case 'batch':
        return this.batchCompleted(id);
      case 'measurement':
        return this.measurementCompleted(id);
      case 'sweep':
        return this.sweepCompleted(id);
      case 'crawl':
        return this.recordCrawl(id);
    }
  }

  /**
   * A measurement's one measurement.completed. Its events carry the measurement's id where a
   * sweep's carry the sweep's (the event's group), so streams and the delivery log filter them
   * the same way.
   */
  private async measurementCompleted(id: string): Promise<void> {
    const m = await this.services.store.measurements.getMeasurement(id);
    if (!m) return;
    await this.append({
      type: 'measurement.completed',
      ownerId: m.ownerId,
      jobId: null,
      sweepId: m.id,
      dedupeKey: `measurement:${m.id}`,
      orderKey: m.id,
      subjectIds: [m.id],
      data: { measurement: await loadMeasurementView(this.services, m, this.services.addressAsn) },
    });
  }

  /** The crawl's one crawl.completed event, with the crawl as its GET shows it (without pages). */
  private async recordCrawl(id: string): Promise<void> {
    const crawl = await this.services.store.crawls.getCrawl(id);
    // A map is a crawl's group too (its page ends may find it ended) but sends no event.
    if (!crawl || crawl.status === 'running' || (crawl.spec as CrawlSpec).mode !== 'crawl') return;
    await this.append({
      type: 'crawl.completed',
      ownerId: crawl.ownerId,
      jobId: null,
      sweepId: null,
      dedupeKey: `crawl:${crawl.id}`,
      orderKey: crawl.id,
      subjectIds: [crawl.id],
      data: { crawl: await crawlView(this.services.store, crawl, { after: -1, limit: 0 }) },
    });
  }

  /** A batch's one batch.completed, with its counts by status. */
  private async batchCompleted(id: string): Promise<void> {
    const [batch, counts] = await Promise.all([
      this.services.store.batches.getBatch(id),
      this.services.store.batches.countBatchJobs(id),
    ]);
    if (!batch) return;
    await this.append({
      type: 'batch.completed',
      ownerId: batch.ownerId,
      jobId: null,
      sweepId: null,
      dedupeKey: `batch:${batch.id}`,
      orderKey: batch.id,
      subjectIds: [batch.id],
      data: {
        batch: {
          batch_id: batch.id,
          created_at: batch.createdAt,
          requested_count: batch.requestedCount,
          accepted_count: batch.acceptedCount,
          counts,
          completed: true,
          completed_at: batch.completedAt,
        },
      },
    });
  }

  /**
   * The region of a sweep's try that ended, once all its tries are final: one read of the
   * region's tries (a region's event may be written by each of its last tries; its key writes it
   * once). The sweep's own end is its group's (sweepCompleted).
   */
  private async checkSweepRegion(sweepId: string, jobId: string): Promise<void> {
    const sweep = await this.services.store.getSweep(sweepId);
    const region = sweep?.jobs.find((r) => r.jobId === jobId)?.region;
    if (!sweep || region === undefined) return;
    const tries = sweep.jobs.filter((r) => r.region === region).map((r) => r.jobId);
    const jobs = await this.services.store.getJobs(tries);
    const final = jobs.filter((j) => j.status === 'completed' || j.status === 'failed').length;
    if (final < tries.length) return;
    await this.append(
      this.sweepEvent(sweep, 'sweep.region_completed', `sweep:${sweep.id}:region:${region}`, {
        sweep: await loadSweepView(this.services, sweep),
        region,
      }),
    );
  }

  /**
   * The sweep's one sweep.completed: its group finished (the last try's terminal write). Every
   * region is complete then, and each region's event comes before it: a region whose last try
   * ended at the same time may not have written its own yet (their keys write each once).
   */
  private async sweepCompleted(id: string): Promise<void> {
    const sweep = await this.services.store.getSweep(id);
    if (!sweep) return;
    const view = await loadSweepView(this.services, sweep);
    for (const region of sweep.regions) {
      await this.append(
        this.sweepEvent(sweep, 'sweep.region_completed', `sweep:${sweep.id}:region:${region}`, {
          sweep: view,
          region,
        }),
      );
    }
    await this.append(this.sweepEvent(sweep, 'sweep.completed', `sweep:${sweep.id}`, { sweep: view }));
  }

  private sweepEvent(
    sweep: SweepRecord,
    type: PushEventType,
    dedupeKey: string,
    data: PushEventBody['data'],
  ) {
    return {
      type,
      ownerId: sweep.ownerId,
      jobId: null,
      sweepId: sweep.id,
      dedupeKey,
      orderKey: sweep.id,
      subjectIds: [sweep.id],
      data,
    };
  }

  private async append(e: {
    type: PushEventType;
    ownerId: string;
    jobId: string | null;
    sweepId: string | null;
    dedupeKey: string;
    orderKey: string;
    /** Whose webhooks may want it: the job (unless it has none of its own), and its sweep. */
    subjectIds: string[];
    data: PushEventBody['data'];
  }): Promise<void> {
    const nowMs = Date.now();
    // Time-ordered (UUIDv7, as job ids): the event table's unique index on `id` grows at its right
    // edge instead of taking a random page of it per event, a page write per job at every commit.
    const id = `msg_${newResourceId(nowMs)}`;
    const body: PushEventBody = { id, type: e.type, timestamp: new Date(nowMs).toISOString(), data: e.data };
    const event: NewPushEvent = {
      id,
      ownerId: e.ownerId,
      type: e.type,
      jobId: e.jobId,
      sweepId: e.sweepId,
      dedupeKey: e.dedupeKey,
      createdAtMs: nowMs,
      payload: JSON.stringify(body),
      deliveries: (await this.targets(e.ownerId, e.type, e.jobId, e.subjectIds)).map((url) => ({
        url,
        orderKey: e.orderKey,
      })),
    };
    if (await this.services.store.push.appendEvent(event)) {
      this.appended.emit('appended', event.deliveries.length > 0);
    }
  }

  /** The subjects' own webhooks that want the event (the job's, its sweep's), else the owner's default. */
  private async targets(
    ownerId: string,
    type: PushEventType,
    jobId: string | null,
    subjectIds: string[],
  ): Promise<string[]> {
    const push = this.services.store.push;
    const urls = new Set<string>();
    let own = false;
    // Asked together, so a store that gathers reads per turn (PostgreSQL) reads them all at once.
    const [fallback, ...hooks] = await Promise.all([
      push.getOwnerWebhook(ownerId),
      ...subjectIds.map((id) => push.getSubjectWebhook(id)),
    ]);
    for (const hook of hooks) {
      if (!hook || hook.ownerId !== ownerId) continue;
      own = true;
      const kind: WebhookSubject =
        hook.subjectId === jobId && type.startsWith('job.')
          ? 'job'
          : type.startsWith('measurement.')
            ? 'measurement'
            : type.startsWith('batch.')
              ? 'batch'
              : type.startsWith('crawl.')
                ? 'crawl'
                : 'sweep';
      const events = hook.events.length > 0 ? hook.events : defaultEvents(kind);
      if (events.includes(type)) urls.add(hook.url);
    }
    if (!own) {
      if (fallback?.url && (fallback.events.length === 0 || fallback.events.includes(type)))
        urls.add(fallback.url);
    }
    return [...urls];
  }
}
