// Builds the coordinator: HTTP API, agent link, dispatcher. Never listens (main.ts or tests do).
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { DEFAULT_MAX_FRAME_BYTES } from '../proto/index.js';
import { clientErrorHandler, frameworkErrors } from './api/error-handler.js';
import { registerApi } from './api/index.js';
import { KeyCache } from './auth/key-cache.js';
import type { CoordinatorConfig } from './config.js';
import { ClusterSync } from './jobs/cluster-sync.js';
import { JobLifecycle } from './jobs/job-lifecycle.js';
import { AgentLinkServer } from './link/agent-server.js';
import { ByteBudget } from './link/byte-budget.js';
import { CoordinatorMetrics } from './metrics/coordinator-metrics.js';
import { NetworkKinds } from './network/network-kinds.js';
import { NetworkLookup } from './network/network-lookup.js';
import { PushService } from './push/push-service.js';
import { ResultIngest } from './results/ingest.js';
import { SessionExpiry } from './scheduler/session-expiry.js';
import { ScheduleRunEvents } from './schedules/run-events.js';
import { ScheduleLoop } from './schedules/schedule-loop.js';
import type { Services } from './services.js';
import type { ContentStorage, StorageType } from './storage/types.js';
import type { Store } from './store/types.js';
import { openJobTracing } from './tracing/open.js';
import { CANARY_PATH } from './trust/canary-token.js';
import { TrustService } from './trust/trust-service.js';

export interface AppDeps {
  store: Store;
  storage: (type: StorageType) => ContentStorage | null;
  log: Logger;
  /** How often sessions past their end are looked for. Default 1 s (tests stop one coordinator's clock). */
  sessionExpiryIntervalMs?: number;
}

export interface CoordinatorApp {
  app: FastifyInstance;
  services: Services;
  /** The one owner of job and session state (the composition root's handle; parts get its reports). */
  jobs: JobLifecycle;
  link: AgentLinkServer;
  /** Puts pending and running jobs from before a restart back in the queue. */
  resume(): Promise<number>;
  /** Sets the public URL once the listen address is known. */
  setPublicUrl(url: string): void;
  close(): Promise<void>;
}

export async function buildApp(config: Readonly<CoordinatorConfig>, deps: AppDeps): Promise<CoordinatorApp> {
  let publicUrl = config.publicUrl ?? `http://${config.host}:${config.port}`;
  const log = deps.log;
  let scheduler: JobLifecycle | null = null;
  const metrics = new CoordinatorMetrics({
    devices: () => scheduler?.listDevices() ?? [],
    queued: () => scheduler?.queuedCount ?? 0,
    // Jobs queued here may be taken or ended by another coordinator: the depth counts only jobs
    // this dispatcher still holds.
    holds: (jobId) => scheduler?.has(jobId) ?? false,
    ownerLabels: config.metricsOwnerLabels,
  });
  // Everything below reaches the store and content storage through their measured wrappers.
  const store = metrics.timeStore(deps.store);
  const storages = new Map<StorageType, ContentStorage | null>();
  const storage = (type: StorageType): ContentStorage | null => {
    if (!storages.has(type)) {
      const s = deps.storage(type);
      storages.set(type, s ? metrics.countStorage(s) : null);
    }
    return storages.get(type) ?? null;
  };
  // Off (no --otlp-endpoint): undefined, and no part of the job path makes a span.
  const tracing = await openJobTracing(config, log);
  const jobs = new JobLifecycle({
    store,
    tracing,
    log: log.child({ component: 'jobs' }),
    maxAttempts: config.maxAttempts,
    maxQueuedJobs: config.maxQueuedJobs,
    runningGraceMs: config.runningGraceMs,
    coordinatorId: config.coordinatorId,
    leaseMs: config.leaseMs,
  });
  const trust = new TrustService({
    jobs,
    store,
    storages: storage,
    config: config.trust,
    canaryUrl: () => `${publicUrl}${CANARY_PATH}`,
    storageType: config.defaultStorageType,
    log,
    notifyDevice: (deviceId, quarantined, reason) => link.notifyStanding(deviceId, quarantined, reason),
  });
  scheduler = jobs;
  const offJobMetrics = jobs.addListener(metrics.jobs);
  // The push service reads the services it belongs to; it is set right below.
  const services = {
    config,
    store,
    keys: new KeyCache(store, config.keyCacheMs),
    jobs,
    trust,
    storage,
    log,
    edgeUrl: () => config.edgeUrl ?? publicUrl,
    metrics,
  } as Omit<Services, 'push' | 'schedules'> as Services;
  const push = new PushService(services);
  services.push = push;
  const scheduleLoop = new ScheduleLoop(services);
  services.schedules = scheduleLoop;
  const runEvents = new ScheduleRunEvents(services, push.events);
  const app = Fastify({
    // Per-request access lines stay out of the log; warnings and errors still go in.
    loggerInstance: log.child(
      { component: 'http' },
      { level: log.levelVal >= 40 ? log.level : 'warn' },
    ) as FastifyBaseLogger,
    bodyLimit: config.maxRequestBodyBytes,
    return503OnClosing: true,
    // Ids longer than a UUID reach their route and get its 404; a URL cannot outgrow the header limit.
    routerOptions: { maxParamLength: 16_384 },
    // Router refusals (a bad percent-escape) and unparseable requests answer in the contract's shape.
    frameworkErrors,
    clientErrorHandler,
  });
  await registerApi(app, services);

  const ingest = new ResultIngest({
    store,
    storages: storage,
    jobs,
    log,
    maxStorageFailures: config.maxStorageFailures,
    tracing,
  });
  // The classification is small and read now (a bad file stops the start); ASN data is read lazily.
  const network = new NetworkLookup({
    sources: config.asnDb,
    kinds: await NetworkKinds.load(config.networkKinds),
    log,
  });
  const link = new AgentLinkServer({
    network,
    jobs,
    ingest,
    store,
    log,
    coordinatorId: config.coordinatorId,
    maxFrameBytes: DEFAULT_MAX_FRAME_BYTES,
    maxResultBytes: config.maxResultBytes,
    // Two results' worth: an agent sends one result at a time; more is a device that never ends one.
    maxLinkResultBytes: 2 * config.maxResultBytes,
    budget: new ByteBudget(config.maxBufferedResultBytes),
    heartbeatIntervalMs: config.heartbeatIntervalMs,
    helloTimeoutMs: config.helloTimeoutMs,
    runningGraceMs: config.runningGraceMs,
    onStrike: (deviceId, why) => trust.strike(deviceId, why),
    onFrame: metrics.onFrame,
  });
  link.attach(app.server);
  trust.start();
  const expiry = new SessionExpiry(jobs, log.child({ component: 'sessions' }), deps.sessionExpiryIntervalMs);
  expiry.start();
  const sync = new ClusterSync(store, jobs, {
    coordinatorId: config.coordinatorId,
    leaseMs: config.leaseMs,
    log: log.child({ component: 'cluster' }),
  });
  await sync.start();
  await push.start();
  const offRunEvents = jobs.addListener(runEvents);
  scheduleLoop.start();

  let closed = false;
  return {
    app,
    services,
    jobs,
    link,
    setPublicUrl(url: string) {
      publicUrl = url.replace(/\/$/, '');
    },
    resume: () => jobs.resume(config.maxAttempts),
    async close() {
      if (closed) return;
      closed = true;
      trust.close();
      expiry.close();
      offJobMetrics();
      await scheduleLoop.close();
      offRunEvents();
      await runEvents.drain();
      await push.close();
      await sync.close();
      await link.close();
      jobs.close();
      await app.close();
      // Last: the spans of everything above are exported before the process goes.
      await tracing?.shutdown();
    },
  };
}
