// Wires config → store → storages → app, and listens. Shared by main.ts and the dev launcher.
import type { Logger } from 'pino';
import { buildApp, type CoordinatorApp } from './app.js';
import { Archiver } from './archive/archiver.js';
import type { CoordinatorConfig } from './config.js';
import { startMetricsServer } from './metrics/metrics-server.js';
import { PartList } from './part-list.js';
import { type ContentStorage, createStorages, type Storages, type StorageType } from './storage/index.js';
import { openStore } from './store/open.js';
import type { Store } from './store/types.js';

export interface RunningCoordinator extends CoordinatorApp {
  url: string;
  store: Store;
  storages: Storages;
  archiver: Archiver;
  /** Where /metrics is served without a key (--metrics-listen), or null (API port, admin key). */
  metricsUrl: string | null;
  /** The egress proxy's address as `host:port` (--proxy-addr), or null when it is off. */
  proxyAddr: string | null;
  /**
   * Stops accepting, drains agents, closes every part and the store last, even when a part fails
   * to close (the failures thrown together as a PartsCloseError). Safe twice; after a failure, a
   * second call tries the failed parts again.
   */
  shutdown(): Promise<void>;
  /** As shutdown(), at once: links cut, requests dropped, the store closed. */
  destroy(): Promise<void>;
}

export interface StartOverrides {
  /** Wraps each content storage (tests use it to fail or gate writes on a real backend). */
  wrapStorage?: (storage: ContentStorage) => ContentStorage;
  /** How often sessions past their end are looked for (AppDeps.sessionExpiryIntervalMs). */
  sessionExpiryIntervalMs?: number;
  /** Whether agent links batch frames (AppDeps.linkBatches). Default true. */
  linkBatches?: boolean;
}

export async function startCoordinator(
  config: Readonly<CoordinatorConfig>,
  log: Logger,
  overrides: StartOverrides = {},
): Promise<RunningCoordinator> {
  // Closed in the reverse order: the store last, after every part that writes to it.
  const parts = new PartList();
  try {
    return await start(config, log, overrides, parts);
  } catch (err) {
    await parts
      .destroy()
      .catch((closeErr: unknown) => log.warn({ err: closeErr }, 'cleanup after a failed start'));
    throw err;
  }
}

async function start(
  config: Readonly<CoordinatorConfig>,
  log: Logger,
  overrides: StartOverrides,
  parts: PartList,
): Promise<RunningCoordinator> {
  const store = parts.add(
    await openStore(config.store, { log: log.child({ component: 'store' }), checkpointInWorker: true }),
    'store',
    (s) => s.close(),
  );
  const storages = createStorages({ dataDir: config.dataDir, s3: config.s3 ?? undefined });
  if (storages.s3) await storages.s3.ensureBucket();
  const wrap = overrides.wrapStorage ?? ((s: ContentStorage) => s);
  // The storages as the parts use them (wrapped, in tests) are the ones closed.
  const local = parts.add(wrap(storages.local), 'local storage', (s) => s.close());
  const s3 = storages.s3 ? parts.add(wrap(storages.s3), 's3 storage', (s) => s.close()) : null;
  const storage = (t: StorageType): ContentStorage | null => (t === 'local' ? local : s3);
  const built = parts.add(
    await buildApp(config, {
      store,
      storage,
      log,
      sessionExpiryIntervalMs: overrides.sessionExpiryIntervalMs,
      linkBatches: overrides.linkBatches,
    }),
    'app',
    (b) => b.close(),
    (b) => b.destroy(),
  );
  // Before any agent can link: a job running at the last stop is held for its device
  // (JobLifecycle.resume), so the device's hello and its spooled result find it held, not unknown.
  const resumed = await built.resume();
  if (resumed > 0) log.info({ resumed }, 'resumed unfinished jobs');
  await built.app.listen({ host: config.host, port: config.port });
  const addr = built.app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = config.publicUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  built.setPublicUrl(url);
  const archiver = parts.add(
    new Archiver({
      store,
      jobs: built.services.jobs,
      storage,
      retentionMs: { local: config.retentionLocalMs, s3: config.retentionS3Ms },
      intervalMs: config.archiveIntervalMs,
      log: log.child({ component: 'archiver' }),
    }),
    'archiver',
    (a) => a.close(),
  );
  archiver.start();
  const metricsServer = config.metricsListen
    ? parts.add(
        await startMetricsServer(built.services.metrics, config.metricsListen),
        'metrics server',
        (m) => m.close(),
      )
    : null;
  const proxyListen = config.proxy.listen;
  const proxyAddr =
    built.proxy && proxyListen ? await built.proxy.listen(proxyListen.host, proxyListen.port) : null;
  if (proxyAddr) log.info({ proxy: proxyAddr }, 'egress proxy listening');
  const proxyCanary = config.proxy.canary;
  if (built.proxyCanaries && proxyCanary) {
    const canaryUrl = await built.proxyCanaries.listen(proxyCanary);
    log.info({ url: canaryUrl }, 'proxy canary endpoint listening');
  }
  return {
    ...built,
    url,
    store,
    storages,
    archiver,
    metricsUrl: metricsServer?.url ?? null,
    proxyAddr: proxyAddr
      ? `${proxyAddr.host.includes(':') ? `[${proxyAddr.host}]` : proxyAddr.host}:${proxyAddr.port}`
      : null,
    shutdown: () => parts.close(),
    destroy: () => parts.destroy(),
  };
}
