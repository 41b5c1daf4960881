// Builds the coordinator: HTTP API, agent link, the owner of job state. Never listens (main.ts or
// tests do). Parts are made in dependency order, each from parts made before it, and join the part
// list as they start: close() closes them last-started first, every one even when another fails;
// destroy() does the same without draining.

import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { parseIp } from '../common/net-policy/cidr.js';
import { DEFAULT_MAX_FRAME_BYTES } from '../proto/index.js';
import { clientErrorHandler, frameworkErrors } from './api/error-handler.js';
import { registerApi } from './api/index.js';
import { KeyCache } from './auth/key-cache.js';
import type { CoordinatorConfig } from './config.js';
import { crashingStore } from './crash-points.js';
import { ClusterSync } from './jobs/cluster-sync.js';
import { JobLifecycle } from './jobs/job-lifecycle.js';
import { Limiter } from './limits/limiter.js';
import { AgentLinkServer } from './link/agent-server.js';
import { ByteBudget } from './link/byte-budget.js';
import { CoordinatorMetrics, StoreMeters } from './metrics/coordinator-metrics.js';
import { NetworkKinds } from './network/network-kinds.js';
import { NetworkLookup } from './network/network-lookup.js';
import { PartList } from './part-list.js';
import { ProxyCanaries } from './proxy/canary.js';
import { CanaryEndpoint } from './proxy/canary-endpoint.js';
import { ProxyExits } from './proxy/exits.js';
import { ProxyMeter } from './proxy/meter.js';
import { registerProxyCanaryMetrics, registerProxyMetrics } from './proxy/metrics.js';
import { ProxyServer } from './proxy/proxy-server.js';
import { PushService } from './push/push-service.js';
import { registerReleaseMetrics } from './releases/release-metrics.js';
import { registerReleaseRoutes } from './releases/release-routes.js';
import { ReleaseService } from './releases/release-service.js';
import { FormatWork } from './results/format-work.js';
import { ResultIngest } from './results/ingest.js';
import { SessionExpiry } from './scheduler/session-expiry.js';
import { ScheduleRunEvents } from './schedules/run-events.js';
import { ScheduleLoop } from './schedules/schedule-loop.js';
import type { CoreServices, Services } from './services.js';
import { SiteCrawls } from './site-crawl/site-crawls.js';
import type { ContentStorage, StorageType } from './storage/types.js';
import type { Store } from './store/types.js';
import { openJobTracing } from './tracing/open.js';
import { CANARY_PATH } from './trust/canary-token.js';
import { LocationService } from './trust/location/location-service.js';
import { TrustService } from './trust/trust-service.js';

export interface AppDeps {
  store: Store;
  storage: (type: StorageType) => ContentStorage | null;
  log: Logger;
  /** How often sessions past their end are looked for. Default 1 s (tests stop one coordinator's clock). */
  sessionExpiryIntervalMs?: number;
  /**
   * Whether agent links batch frames (Welcome.batch_frames, docs/architecture.md). Default true;
   * false answers as a coordinator from before link batches (compatibility tests).
   */
  linkBatches?: boolean;
}

export interface CoordinatorApp {
  app: FastifyInstance;
  services: Services;
  /** The one owner of job and session state (the composition root's handle; parts get its reports). */
  jobs: JobLifecycle;
  link: AgentLinkServer;
  /** The egress proxy (--proxy-addr; docs/proxy.md), not yet listening; null when off. */
  proxy: ProxyServer | null;
  /** The proxy canaries (--proxy-canary-addr; docs/proxy.md), not yet listening; null when off. */
  proxyCanaries: ProxyCanaries | null;
  /** Puts pending and running jobs from before a restart back in the queue. */
  resume(): Promise<number>;
  /** Sets the public URL once the listen address is known. */
  setPublicUrl(url: string): void;
  /**
   * Closes every part, last made first, even when one fails (the failures thrown together as a
   * PartsCloseError). Safe twice; after a failure, a second call tries the failed parts again.
   * The store and storages are the caller's (runtime.ts closes them after this).
   */
  close(): Promise<void>;
  /** As close(), at once: agent links cut, open requests dropped, nothing drained. */
  destroy(): Promise<void>;
}

export async function buildApp(config: Readonly<CoordinatorConfig>, deps: AppDeps): Promise<CoordinatorApp> {
  const parts = new PartList();
  try {
    return await build(config, deps, parts);
  } catch (err) {
    // A start that failed half way leaves nothing running behind it.
    await parts
      .destroy()
      .catch((closeErr: unknown) => deps.log.warn({ err: closeErr }, 'cleanup after a failed start'));
    throw err;
  }
}

async function build(
  config: Readonly<CoordinatorConfig>,
  deps: AppDeps,
  parts: PartList,
): Promise<CoordinatorApp> {
  let publicUrl = config.publicUrl ?? `http://${config.host}:${config.port}`;
  const log = deps.log;
  // Off (no --otlp-endpoint): undefined, and no part of the job path makes a span. Closed last: the
  // spans of everything else are exported before the process goes.
  const tracing = await openJobTracing(config, log);
  if (tracing) parts.add(tracing, 'tracing', (t) => t.shutdown());

  // Everything below reaches the store and content storage through their measured wrappers.
  const meters = new StoreMeters();
  // --crash-after (tests and labs only): the store's writes counted, the process killed at a point.
  const store = meters.timeStore(
    config.crashAfter ? crashingStore(deps.store, config.crashAfter) : deps.store,
  );
  const storages = new Map<StorageType, ContentStorage | null>();
  const storage = (type: StorageType): ContentStorage | null => {
    if (!storages.has(type)) {
      const s = deps.storage(type);
      storages.set(type, s ? meters.countStorage(s) : null);
    }
    return storages.get(type) ?? null;
  };

  const jobs = parts.add(
    new JobLifecycle({
      store,
      tracing,
      log: log.child({ component: 'jobs' }),
      maxAttempts: config.maxAttempts,
      maxQueuedJobs: config.maxQueuedJobs,
      runningGraceMs: config.runningGraceMs,
      coordinatorId: config.coordinatorId,
      leaseMs: config.leaseMs,
    }),
    'jobs',
    (j) => j.close(),
  );
  const metrics = new CoordinatorMetrics({ meters, fleet: jobs, ownerLabels: config.metricsOwnerLabels });
  parts.step('job metrics', jobs.addListener(metrics.jobs));

  const trust = parts.add(
    new TrustService({
      jobs,
      store,
      storages: storage,
      config: config.trust,
      canaryUrl: () => `${publicUrl}${CANARY_PATH}`,
      storageType: config.defaultStorageType,
      log,
    }),
    'trust',
    (t) => t.close(),
  );
  trust.start();
  // Location evidence of each link (docs/security.md): its contradictions go to the reputation.
  const location = parts.add(
    new LocationService({ config: config.location, reputation: trust.reputation, log }),
    'location evidence',
    (l) => l.close(),
  );
  location.start();

  // Markdown and main text of crawled pages, in worker threads a deadline stops (started on first
  // use); closed after the HTTP server and the agent link, which use it.
  const formats = parts.add(
    new FormatWork({ timeoutMs: config.formatTimeoutMs, log: log.child({ component: 'formats' }) }),
    'format work',
    (f) => f.close(),
    (f) => f.destroy(),
  );

  // The classification is small and read now (a bad file stops the start); ASN data is read lazily.
  const network = new NetworkLookup({
    sources: config.asnDb,
    kinds: await NetworkKinds.load(config.networkKinds),
    log,
  });
  // Agent releases (docs/operations.md, releases): read now, offered to agents as they link.
  let releaseMetrics: ReturnType<typeof registerReleaseMetrics> | null = null;
  const releases = parts.add(
    new ReleaseService({
      store,
      storage,
      storageType: config.defaultStorageType,
      log,
      maxBundleBytes: config.maxReleaseBytes,
      onFailure: (reason) => releaseMetrics?.upgradeFailed(reason),
    }),
    'releases',
    (r) => r.close(),
  );
  releaseMetrics = registerReleaseMetrics(metrics.registry, () => releases.devicesByVersion());
  await releases.start();
  const core: CoreServices = {
    addressAsn: async (address) => {
      const ip = parseIp(address);
      return ip ? ((await network.lookup(ip))?.asn ?? null) : null;
    },
    config,
    store,
    keys: new KeyCache(store, config.keyCacheMs),
    jobs,
    trust,
    location,
    storage,
    log,
    edgeUrl: () => config.edgeUrl ?? publicUrl,
    metrics,
    formats,
    releases,
  };
  // Made now (the routes use them), started and put on the part list last: their streams and
  // firings end before the HTTP server closes, whose close an open event stream would hold.
  const push = new PushService(core);
  const scheduleLoop = new ScheduleLoop(core);
  const siteCrawls = new SiteCrawls(core, (crawlId) => push.events.crawlEnded(crawlId));
  const services: Services = { ...core, push, schedules: scheduleLoop, crawls: siteCrawls };
  const runEvents = new ScheduleRunEvents(core, push.events);

  const app = parts.add(
    Fastify({
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
    }),
    'http',
    (a) => a.close(),
    (a) => {
      a.server.closeAllConnections();
      return a.close();
    },
  );
  await registerApi(app, services);
  await registerReleaseRoutes(app, services, releases);

  const ingest = new ResultIngest({
    store,
    storages: storage,
    jobs,
    log,
    maxStorageFailures: config.maxStorageFailures,
    tracing,
    onDropped: metrics.resultDropped,
    textFingerprint: formats.textFingerprint,
  });
  // The egress proxy through devices (--proxy-addr): made here, listened on by runtime.ts.
  const exits = config.proxy.listen ? new ProxyExits() : null;
  // Its canary streams (--proxy-canary-addr): listened on and started by runtime.ts.
  const proxyCanaries =
    exits && config.proxy.canary
      ? parts.add(
          new ProxyCanaries({
            exits,
            endpoint: new CanaryEndpoint(config.trust.canarySecret, log.child({ component: 'proxy-canary' })),
            reputation: trust.reputation,
            secret: config.trust.canarySecret,
            intervalMs: config.proxy.canary.intervalMs,
            share: config.proxy.canary.share,
            releaseAfter: config.trust.releaseAfterCanaries,
            log: log.child({ component: 'proxy-canary' }),
          }),
          'proxy canaries',
          (c) => c.close(),
        )
      : null;
  const proxy = exits
    ? parts.add(
        new ProxyServer({
          keys: core.keys,
          limiter: new Limiter(store),
          exits,
          meter: new ProxyMeter(store, (err) => log.warn({ err }, 'proxy counters not written')),
          config: config.proxy,
          log: log.child({ component: 'proxy' }),
          ...(proxyCanaries ? { onStream: (deviceId: string) => proxyCanaries.streamOpened(deviceId) } : {}),
        }),
        'proxy',
        (p) => p.close(),
      )
    : null;
  if (proxy && exits)
    registerProxyMetrics(metrics.registry, proxy.meter, exits, () => proxy.gate.openStreams);
  if (proxyCanaries) registerProxyCanaryMetrics(metrics.registry, proxyCanaries);
  const link = parts.add(
    new AgentLinkServer({
      ...(exits ? { exits, streamWindowBytes: config.proxy.windowBytes } : {}),
      network,
      locationEvidence: location,
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
      batchFrames: deps.linkBatches ?? true,
      releases,
    }),
    'agent link',
    (l) => l.close(),
    (l) => l.destroy(),
  );
  link.attach(app.server);
  // The device is told of its own standing (its status port shows why it gets no work).
  parts.step(
    'standing to devices',
    trust.addStandingListener((deviceId, quarantined, reason) =>
      link.notifyStanding(deviceId, quarantined, reason),
    ),
  );

  const expiry = parts.add(
    new SessionExpiry(jobs, log.child({ component: 'sessions' }), deps.sessionExpiryIntervalMs),
    'session expiry',
    (e) => e.close(),
  );
  expiry.start();
  const sync = parts.add(
    new ClusterSync(store, jobs, {
      leaseMs: config.leaseMs,
      log: log.child({ component: 'cluster' }),
    }),
    'cluster sync',
    (s) => s.close(),
  );
  await sync.start();
  parts.add(push, 'push', (p) => p.close());
  await push.start();
  const offRunEvents = runEvents.attach();
  parts.step('schedule run events', async () => {
    offRunEvents();
  });
  parts.add(scheduleLoop, 'schedules', (l) => l.close());
  scheduleLoop.start();
  parts.add(siteCrawls, 'site crawls', (c) => c.close());
  siteCrawls.start();

  return {
    app,
    services,
    jobs,
    link,
    proxy,
    proxyCanaries,
    setPublicUrl(url: string) {
      publicUrl = url.replace(/\/$/, '');
    },
    resume: () => jobs.resume(config.maxAttempts),
    close: () => parts.close(),
    destroy: () => parts.destroy(),
  };
}
