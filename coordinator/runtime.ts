// Wires config → store → storages → app, and listens. Shared by main.ts and the dev launcher.
import type { Logger } from 'pino';
import { buildApp, type CoordinatorApp } from './app.js';
import { Archiver } from './archive/archiver.js';
import type { CoordinatorConfig } from './config.js';
import { startMetricsServer } from './metrics/metrics-server.js';
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
  /** Stops accepting, drains agents, closes the store. Safe twice. */
  shutdown(): Promise<void>;
}

export interface StartOverrides {
  /** Wraps each content storage (tests use it to fail or gate writes on a real backend). */
  wrapStorage?: (storage: ContentStorage) => ContentStorage;
  /** How often sessions past their end are looked for (AppDeps.sessionExpiryIntervalMs). */
  sessionExpiryIntervalMs?: number;
}

export async function startCoordinator(
  config: Readonly<CoordinatorConfig>,
  log: Logger,
  overrides: StartOverrides = {},
): Promise<RunningCoordinator> {
  const store = await openStore(config.store, {
    log: log.child({ component: 'store' }),
    checkpointInWorker: true,
  });
  const storages = createStorages({ dataDir: config.dataDir, s3: config.s3 ?? undefined });
  if (storages.s3) await storages.s3.ensureBucket();
  const wrap = overrides.wrapStorage ?? ((s: ContentStorage) => s);
  const local = wrap(storages.local);
  const s3 = storages.s3 ? wrap(storages.s3) : null;
  const storage = (t: StorageType): ContentStorage | null => (t === 'local' ? local : s3);
  const built = await buildApp(config, {
    store,
    storage,
    log,
    sessionExpiryIntervalMs: overrides.sessionExpiryIntervalMs,
  });
  await built.app.listen({ host: config.host, port: config.port });
  const addr = built.app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = config.publicUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  built.setPublicUrl(url);
  const archiver = new Archiver({
    store,
    jobs: built.services.jobs,
    storage,
    retentionMs: { local: config.retentionLocalMs, s3: config.retentionS3Ms },
    intervalMs: config.archiveIntervalMs,
    log: log.child({ component: 'archiver' }),
  });
  archiver.start();
  const metricsServer = config.metricsListen
    ? await startMetricsServer(built.services.metrics, config.metricsListen)
    : null;
  const resumed = await built.resume();
  if (resumed > 0) log.info({ resumed }, 'resumed unfinished jobs');
  let done: Promise<void> | null = null;
  return {
    ...built,
    url,
    store,
    storages,
    archiver,
    metricsUrl: metricsServer?.url ?? null,
    shutdown() {
      done ??= (async () => {
        await metricsServer?.close();
        await archiver.close();
        await built.close();
        await storages.close();
        await store.close();
      })();
      return done;
    },
  };
}
