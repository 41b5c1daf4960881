// A simulated fleet for scheduler unit tests: the real job lifecycle and its Dispatcher on a real
// in-memory SQLite store, devices registered through the same interface the agent link uses, no
// sockets. Jobs complete when the test says so.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { JobLifecycle } from '../../coordinator/jobs/job-lifecycle.js';
import type { ConnectedDevice } from '../../coordinator/scheduler/device.js';
import { regionOf } from '../../coordinator/scheduler/regions.js';
import type { JobRecord, Placement, SessionRecord } from '../../coordinator/store/records.js';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import { resultRecord } from './records.js';

export interface SimDeviceOptions {
  id: string;
  country?: string;
  region?: string;
  city?: string;
  deviceType?: string;
  networkType?: string;
  /** The egress network's AS number (null: unknown). */
  asn?: number | null;
  methods?: string[];
  maxConcurrent?: number;
}

export interface SimJobOptions {
  owner?: string;
  method?: string;
  placement?: Placement;
  sessionId?: string | null;
  sweepId?: string | null;
  /** How long the job may wait for a device. Default 60 s. */
  waitMs?: number;
  timeoutSec?: number;
}

interface Assigned {
  jobId: string;
  deviceId: string;
  attempt: number;
}

export class SimulatedFleet {
  readonly store = new SqliteStore(':memory:');
  readonly jobs: JobLifecycle;
  /** Every assignment sent to a device, in order. */
  readonly assigned: Assigned[] = [];
  readonly devices = new Map<string, ConnectedDevice>();
  private readonly waiters = new Map<string, Array<{ attempt: number; resolve: (a: Assigned) => void }>>();
  /** The placement reason of each job's latest claim, from the lifecycle's events. */
  private readonly reasons = new Map<string, string>();

  constructor(opts: { maxQueuedJobs?: number; maxQueuedPerOwner?: number; maxAttempts?: number } = {}) {
    this.jobs = new JobLifecycle({
      store: this.store,
      log: pino({ enabled: false }),
      maxAttempts: opts.maxAttempts ?? 3,
      maxQueuedJobs: opts.maxQueuedJobs ?? 100_000,
      maxQueuedPerOwner: opts.maxQueuedPerOwner,
      runningGraceMs: 60_000,
      coordinatorId: 'sim',
      leaseMs: 60_000,
    });
    this.jobs.addListener({
      onJobEvent: (e) => {
        if (e.transition === 'claim') this.reasons.set(e.job.id, e.placementReason);
      },
    });
  }

  /** Why the job's device was chosen (metadata.placement_reason), once it reached its device. */
  async placementReason(jobId: string): Promise<string | undefined> {
    await this.whenAssigned(jobId);
    return this.reasons.get(jobId);
  }

  /** The owner of job state, by its former name in these tests: queue room, device stats. */
  get dispatcher(): JobLifecycle {
    return this.jobs;
  }

  addDevice(o: SimDeviceOptions): ConnectedDevice {
    const country = (o.country ?? '').toUpperCase();
    const dev: ConnectedDevice = {
      profile: {
        deviceId: o.id,
        methods: new Set(o.methods ?? ['GET', 'CRAWL_FULL_PAGE']),
        maxConcurrent: o.maxConcurrent ?? 4,
        country,
        region: o.region ?? regionOf(country) ?? '',
        city: o.city ?? '',
        deviceType: o.deviceType ?? 'mobile',
        networkType: o.networkType ?? 'wifi',
        asn: o.asn ?? null,
      },
      link: {
        assign: (job, attempt) => {
          const a = { jobId: job.id, deviceId: o.id, attempt };
          this.assigned.push(a);
          const ws = this.waiters.get(job.id) ?? [];
          const due = ws.filter((w) => attempt >= w.attempt);
          this.waiters.set(
            job.id,
            ws.filter((w) => !due.includes(w)),
          );
          for (const w of due) w.resolve(a);
        },
        cancel: () => undefined,
        endSession: () => undefined,
      },
      running: new Map(),
      draining: false,
      connectedAt: new Date().toISOString(),
      info: {},
      assignedTotal: 0,
    };
    this.devices.set(o.id, dev);
    this.jobs.addDevice(dev);
    return dev;
  }

  removeDevice(id: string): void {
    const dev = this.devices.get(id);
    if (dev) this.jobs.removeDevice(id, dev);
    this.devices.delete(id);
  }

  async submit(o: SimJobOptions = {}): Promise<JobRecord> {
    const now = Date.now();
    const timeoutSec = o.timeoutSec ?? 30;
    const job: JobRecord = {
      id: randomUUID(),
      ownerId: o.owner ?? 'owner-a',
      url: 'https://example.com/',
      method: o.method ?? 'GET',
      status: 'pending',
      submittedAt: new Date(now).toISOString(),
      submittedAtMs: now,
      timeoutSec,
      placement: o.placement ?? {},
      sessionId: o.sessionId ?? null,
      sweepId: o.sweepId ?? null,
      storageType: 'local',
      request: { headers: [], bodyBase64: '', cookies: [] },
      attempt: 0,
      deviceId: null,
      queueDeadlineMs: now + (o.waitMs ?? 60_000),
      completedAt: null,
      failureType: null,
      errorMessage: null,
      archivedAt: null,
      result: null,
    };
    await this.store.insertJob(job);
    // Reported as a pending job learned from the store: queued with its session's device.
    await this.jobs.remotePending(job);
    return job;
  }

  /** Many jobs at once (inserted first, then enqueued in order). */
  async submitMany(n: number, o: SimJobOptions = {}): Promise<JobRecord[]> {
    const out: JobRecord[] = [];
    for (let i = 0; i < n; i++) out.push(await this.submit(o));
    return out;
  }

  async newSession(placement: Placement | null = null, owner = 'owner-a'): Promise<SessionRecord> {
    const now = Date.now();
    const s: SessionRecord = {
      id: randomUUID(),
      ownerId: owner,
      status: 'active',
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 600_000).toISOString(),
      expiresAtMs: now + 600_000,
      closedAt: null,
      deviceId: null,
      placement,
    };
    await this.store.insertSession(s);
    return s;
  }

  /** The device a job was reserved for (synchronously, at pick time), if any. */
  reservedOn(jobId: string): string | undefined {
    for (const [id, dev] of this.devices) if (dev.running.has(jobId)) return id;
    return undefined;
  }

  /** Resolves when the job's assignment (of `attempt`, default the first) reaches its device. */
  whenAssigned(jobId: string, attempt = 1): Promise<Assigned> {
    const done = this.assigned.find((a) => a.jobId === jobId && a.attempt >= attempt);
    if (done) return Promise.resolve(done);
    const keepAlive = setInterval(() => undefined, 1_000);
    return new Promise((resolve) => {
      const list = this.waiters.get(jobId) ?? [];
      list.push({
        attempt,
        resolve: (a) => {
          clearInterval(keepAlive);
          resolve(a);
        },
      });
      this.waiters.set(jobId, list);
    });
  }

  /** What the link and ResultIngest do when a device reports. */
  async complete(jobId: string, o: { success?: boolean; timeMs?: number } = {}): Promise<void> {
    const a = await this.whenAssigned(jobId);
    const success = o.success ?? true;
    const job = (await this.store.getJob(jobId)) as JobRecord;
    this.jobs.finished(jobId, a.attempt, a.deviceId);
    const result = resultRecord({
      attempt: a.attempt,
      deviceId: a.deviceId,
      success,
      statusCode: success ? 200 : 0,
      timeUs: (o.timeMs ?? 100) * 1000,
      errorType: success ? '' : 'timeout',
      errorMessage: success ? '' : 'timed out',
      finalUrl: job.url,
    });
    await this.jobs.complete(job, result);
  }

  /** Resolves with the job once it failed (the dispatcher publishes job_terminal). */
  async whenFailed(jobId: string): Promise<JobRecord> {
    let wake: () => void = () => undefined;
    // The dispatcher's queue timers are unref'd (they must not hold a coordinator open); this
    // keeps the test's event loop alive until the deadline fires.
    const keepAlive = setInterval(() => undefined, 1_000);
    const unsubscribe = await this.store.subscribe((e) => {
      if ('jobId' in e && e.jobId === jobId) wake();
    });
    try {
      for (;;) {
        const published = new Promise<void>((resolve) => {
          wake = resolve;
        });
        const job = await this.store.getJob(jobId);
        if (job?.status === 'failed') return job;
        await published;
      }
    } finally {
      clearInterval(keepAlive);
      await unsubscribe();
    }
  }

  close(): void {
    this.jobs.close();
    void this.store.close();
  }
}
