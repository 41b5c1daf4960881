// Job counters, queue depth and latency histograms, fed only by the job lifecycle's events (and,
// for jobs another coordinator finished, by the store's job_terminal events).
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { JobEvent, JobListener } from '../jobs/events.js';
import type { JobRecord } from '../store/records.js';
import { BoundedLabel } from './bounded-label.js';

/** Seconds: from 10 ms (an idle fleet) to 5 min (the longest job timeout). */
const LATENCY_BUCKETS_SEC = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export interface JobMetricsOptions {
  /** Adds an `owner` label to submissions (one series per owner: only for small deployments). */
  ownerLabels: boolean;
  /**
   * Whether the job is still held by this coordinator (queued or running here); entries it lost are
   * dropped at scrape.
   */
  holds: (jobId: string) => boolean;
}

export class JobMetrics implements JobListener {
  private readonly submitted: Counter;
  private readonly completed: Counter;
  private readonly failed: Counter;
  private readonly requeued: Counter;
  private readonly assignSeconds: Histogram;
  private readonly completeSeconds: Histogram;
  /** Pending jobs this coordinator made pending, by id: method and region for the depth gauge. */
  private readonly pending = new Map<string, { method: string; region: string }>();
  private readonly methods = new BoundedLabel();
  private readonly regions = new BoundedLabel();
  private readonly errorTypes = new BoundedLabel();
  private readonly owners = new BoundedLabel(1_000);

  constructor(
    registry: Registry,
    private readonly opts: JobMetricsOptions,
  ) {
    const registers = [registry];
    this.submitted = new Counter({
      name: 'crawl_jobs_submitted_total',
      help: 'Jobs accepted by this coordinator (sweep tries included).',
      labelNames: opts.ownerLabels ? ['method', 'owner'] : ['method'],
      registers,
    });
    this.completed = new Counter({
      name: 'crawl_jobs_completed_total',
      help: 'Jobs completed through this coordinator, by the error type the device reported (none: success).',
      labelNames: ['method', 'error_type'],
      registers,
    });
    this.failed = new Counter({
      name: 'crawl_jobs_failed_total',
      help: 'Jobs failed through this coordinator, by failure type.',
      labelNames: ['method', 'failure_type'],
      registers,
    });
    this.requeued = new Counter({
      name: 'crawl_jobs_requeued_total',
      help: 'Attempts taken back and queued again.',
      labelNames: ['method'],
      registers,
    });
    this.assignSeconds = new Histogram({
      name: 'crawl_job_assign_seconds',
      help: 'From submission to the first claim by a device.',
      labelNames: ['method'],
      buckets: LATENCY_BUCKETS_SEC,
      registers,
    });
    this.completeSeconds = new Histogram({
      name: 'crawl_job_complete_seconds',
      help: 'From submission to completion.',
      labelNames: ['method'],
      buckets: LATENCY_BUCKETS_SEC,
      registers,
    });
    const pending = this.pending;
    const holds = opts.holds;
    new Gauge({
      name: 'crawl_queue_depth',
      help: 'Pending jobs this coordinator queued (submitted or requeued here), by method and placement region.',
      labelNames: ['method', 'region'],
      registers,
      collect() {
        this.reset();
        const counts = new Map<string, { method: string; region: string; n: number }>();
        for (const [id, p] of pending) {
          if (!holds(id)) {
            pending.delete(id);
            continue;
          }
          const k = `${p.method}\u0000${p.region}`;
          const c = counts.get(k) ?? { ...p, n: 0 };
          c.n++;
          counts.set(k, c);
        }
        for (const c of counts.values()) this.set({ method: c.method, region: c.region }, c.n);
      },
    });
  }

  private queue(job: JobRecord): void {
    this.pending.set(job.id, {
      method: this.methods.of(job.method),
      region: this.regions.of(job.placement.region?.toUpperCase(), 'any'),
    });
  }

  onJobEvent(e: JobEvent): void {
    const method = this.methods.of(e.job.method);
    switch (e.transition) {
      case 'submit':
        this.submitted.inc(
          this.opts.ownerLabels ? { method, owner: this.owners.of(e.job.ownerId) } : { method },
        );
        this.queue(e.job);
        return;
      case 'claim':
        this.pending.delete(e.job.id);
        if (e.attempt === 1)
          this.assignSeconds.observe({ method }, Math.max(0, e.atMs - e.job.submittedAtMs) / 1000);
        return;
      case 'requeue':
        this.requeued.inc({ method });
        this.queue(e.job);
        return;
      case 'complete':
        this.pending.delete(e.job.id);
        this.completed.inc({ method, error_type: this.errorTypes.of(e.result.errorType) });
        this.completeSeconds.observe({ method }, Math.max(0, e.atMs - e.job.submittedAtMs) / 1000);
        return;
      case 'fail':
        this.pending.delete(e.job.id);
        this.failed.inc({ method, failure_type: this.errorTypes.of(e.failureType) });
        return;
      case 'archive':
        return;
    }
  }
}
