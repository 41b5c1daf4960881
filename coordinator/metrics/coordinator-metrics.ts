// Everything /metrics reports, on a registry of its own (several coordinators may share a process
// in tests): job counters from the lifecycle, device gauges from the job lifecycle's fleet view at
// scrape time, link frames and bytes, store latency, storage errors, results dropped because their
// job had failed (a cancel), a webhook outbox hook, process metrics. The store's and storages'
// meters come first (StoreMeters): every part, the job lifecycle too, is built on the measured
// store, and the fleet gauges read that lifecycle.
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { FleetView } from '../jobs/reports.js';
import type { ContentStorage } from '../storage/types.js';
import type { Store } from '../store/types.js';
import { registerDeviceGauges } from './device-gauges.js';
import { JobMetrics } from './job-metrics.js';
import { OpHistogram } from './op-histogram.js';
import { countedStorage, timedStore } from './store-timing.js';

export interface CoordinatorMetricsOptions {
  /** The registry and the meters the store and storages were wrapped with. */
  meters: StoreMeters;
  /**
   * This coordinator's devices, queue depth and held jobs (jobs/job-lifecycle.ts), read at scrape
   * time: jobs queued here may be taken or ended by another coordinator, so the depth counts only
   * jobs this coordinator still holds.
   */
  fleet: Pick<FleetView, 'listDevices' | 'queuedCount' | 'has'>;
  /** Adds an `owner` label to crawl_jobs_submitted_total. Default false (unbounded in owners). */
  ownerLabels?: boolean;
  /** Node process metrics (CPU, memory, event loop, GC). Default true. */
  processMetrics?: boolean;
}

/** Why a device's result was not stored: its job was cancelled, or had failed another way first. */
export const DROPPED_RESULT_REASONS = ['cancelled', 'failed'] as const;
export type DroppedResultReason = (typeof DROPPED_RESULT_REASONS)[number];

/** Store latency buckets, seconds: 0.1 ms (SQLite hit) to 2.5 s (a struggling database). */
const STORE_BUCKETS_SEC = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** The registry, with the store's latency and the storages' errors: made before any part. */
export class StoreMeters {
  readonly registry = new Registry();
  private readonly storeSeconds: OpHistogram;
  private readonly storageErrors: Counter;

  constructor() {
    this.storeSeconds = new OpHistogram({
      name: 'crawl_store_operation_seconds',
      help: 'Store operations by name and outcome.',
      buckets: STORE_BUCKETS_SEC,
      registry: this.registry,
    });
    this.storageErrors = new Counter({
      name: 'crawl_storage_errors_total',
      help: 'Content storage operations that failed, by backend and operation.',
      labelNames: ['storage', 'op'],
      registers: [this.registry],
    });
    for (const storage of ['local', 's3'])
      for (const op of ['put', 'get']) this.storageErrors.inc({ storage, op }, 0);
  }

  timeStore(store: Store): Store {
    return timedStore(store, this.storeSeconds);
  }

  countStorage(storage: ContentStorage): ContentStorage {
    return countedStorage(storage, this.storageErrors);
  }
}

export class CoordinatorMetrics {
  readonly registry: Registry;
  readonly jobs: JobMetrics;
  /**
   * Link messages and bytes by direction, plain sums handed to the counters at scrape time: an
   * increment with labels is a hash of them, and at one per message it was 1–1.5% of the
   * coordinator's busy profile samples on a busy proxy link.
   */
  private readonly link = { in: { frames: 0, bytes: 0 }, out: { frames: 0, bytes: 0 } };
  private outboxDepth: (() => number) | null = null;
  private readonly resultsDropped: Counter;

  constructor(opts: CoordinatorMetricsOptions) {
    this.registry = opts.meters.registry;
    const registers = [this.registry];
    this.resultsDropped = new Counter({
      name: 'crawl_results_dropped_total',
      help: 'Device results for a job that had already failed, not stored: reason cancelled (the client cancelled it) or failed.',
      labelNames: ['reason'],
      registers,
    });
    for (const reason of DROPPED_RESULT_REASONS) this.resultsDropped.inc({ reason }, 0);
    const { fleet } = opts;
    if (opts.processMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    this.jobs = new JobMetrics(this.registry, {
      ownerLabels: opts.ownerLabels ?? false,
      holds: (jobId) => fleet.has(jobId),
    });
    registerDeviceGauges(this.registry, () => fleet.listDevices());
    new Gauge({
      name: 'crawl_dispatcher_queued_jobs',
      help: 'Jobs waiting for a device in this coordinator\u2019s dispatcher.',
      registers,
      collect() {
        this.set(fleet.queuedCount);
      },
    });
    const link = this.link;
    // A direction shows once it had a message, as it did when each message was counted here.
    const collectLink = (counter: Counter, field: 'frames' | 'bytes') => {
      counter.reset();
      for (const direction of ['in', 'out'] as const) {
        if (link[direction].frames > 0) counter.inc({ direction }, link[direction][field]);
      }
    };
    new Counter({
      name: 'crawl_link_frames_total',
      help: 'Agent link messages, in (from agents) and out (to agents); a batch of frames counts once.',
      labelNames: ['direction'],
      registers,
      collect() {
        collectLink(this, 'frames');
      },
    });
    new Counter({
      name: 'crawl_link_bytes_total',
      help: 'Agent link frame bytes, in and out.',
      labelNames: ['direction'],
      registers,
      collect() {
        collectLink(this, 'bytes');
      },
    });
    const depth = () => this.outboxDepth;
    new Gauge({
      name: 'crawl_webhook_outbox_depth',
      help: 'Webhook deliveries waiting (0 while no outbox is attached).',
      registers,
      collect() {
        this.set(depth()?.() ?? 0);
      },
    });
  }

  /** Counts one agent link message: a frame, or a batch of them (ConnectionDeps.onFrame). */
  readonly onFrame = (direction: 'in' | 'out', bytes: number): void => {
    const sums = this.link[direction];
    sums.frames++;
    sums.bytes += bytes;
  };

  /** Counts a device's result that came for a job already failed (results/ingest.ts): not stored. */
  readonly resultDropped = (reason: DroppedResultReason): void => {
    this.resultsDropped.inc({ reason });
  };

  /** Lets a webhook outbox report how many deliveries wait; read at scrape time. */
  setOutboxDepth(read: (() => number) | null): void {
    this.outboxDepth = read;
  }

  /** The text exposition format. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
