// What the HTTP routes and the agent link share.
import type { Logger } from 'pino';
import type { KeyCache } from './auth/key-cache.js';
import type { CoordinatorConfig } from './config.js';
import type { JobLifecycle } from './jobs/job-lifecycle.js';
import type { CoordinatorMetrics } from './metrics/coordinator-metrics.js';
import type { PushHandle } from './push/types.js';
import type { Dispatcher } from './scheduler/dispatcher.js';
import type { ContentStorage, StorageType } from './storage/types.js';
import type { Store } from './store/types.js';
import type { TrustService } from './trust/trust-service.js';

export interface Services {
  config: Readonly<CoordinatorConfig>;
  store: Store;
  /** API key lookups, cached for `--key-cache-ms`. */
  keys: KeyCache;
  /** Every change of a job's state goes through here (submit, fail, archive, …). */
  jobs: JobLifecycle;
  /** The queue and connected devices: for capacity checks and device views, never state changes. */
  dispatcher: Dispatcher;
  /** Device reputation, canaries, cross-verification, quarantine. */
  trust: TrustService;
  storage: (type: StorageType) => ContentStorage | null;
  log: Logger;
  /** Webhooks and event streams (set once the app is built). */
  push: PushHandle;
  /** Base URL for links this coordinator hands out (download_url, screenshots). */
  edgeUrl: () => string;
  /** What /metrics reports; features may attach gauges (setOutboxDepth). */
  metrics: CoordinatorMetrics;
  /** The recurring sweeps' firing loop: woken when a schedule is made or resumed here. */
  schedules: { wake(): void };
}
