// What the HTTP routes and the agent link share.
import type { Logger } from 'pino';
import type { KeyCache } from './auth/key-cache.js';
import type { CoordinatorConfig } from './config.js';
import type { FleetView, JobRequests, SessionReports } from './jobs/reports.js';
import type { CoordinatorMetrics } from './metrics/coordinator-metrics.js';
import type { PushHandle } from './push/types.js';
import type { ReleaseService } from './releases/release-service.js';
import type { FormatWork } from './results/format-work.js';
import type { CrawlService } from './site-crawl/crawl-service.js';
import type { ContentStorage, StorageType } from './storage/types.js';
import type { Store } from './store/types.js';
import type { LocationService } from './trust/location/location-service.js';
import type { TrustService } from './trust/trust-service.js';

/** The parts every feature is built on: all of Services but the push service and the schedule loop. */
export type CoreServices = Omit<Services, 'push' | 'schedules' | 'crawls'>;

export interface Services {
  config: Readonly<CoordinatorConfig>;
  store: Store;
  /** API key lookups, cached for `--key-cache-ms`. */
  keys: KeyCache;
  /**
   * The one owner of job and session state (jobs/job-lifecycle.ts), as requests and views: submit,
   * sessions, archive, queue room, the connected devices. State changes are decided there.
   */
  jobs: JobRequests & SessionReports & FleetView;
  /** Device reputation, canaries, cross-verification, quarantine. */
  trust: TrustService;
  /**
   * Location evidence of connected devices (docs/security.md, "Location evidence"). Absent: the
   * devices API shows every location as unknown.
   */
  location?: LocationService;
  storage: (type: StorageType) => ContentStorage | null;
  log: Logger;
  /** Webhooks and event streams. */
  push: PushHandle;
  /** Base URL for links this coordinator hands out (download_url, screenshots). */
  edgeUrl: () => string;
  /** What /metrics reports; features may attach gauges (setOutboxDepth). */
  metrics: CoordinatorMetrics;
  /** Markdown and main text of crawled pages, made in worker threads --format-timeout stops. */
  formats: FormatWork;
  /** Agent releases, the rollout and version pins (docs/operations.md, releases). */
  releases: ReleaseService;
  /**
   * The autonomous system of an address (a traceroute hop's), from the ASN database the device
   * egress lookups use; null when unknown. Absent: hops show no ASN.
   */
  addressAsn?: (address: string) => Promise<number | null>;
  /** The recurring sweeps' firing loop: woken when a schedule is made or resumed here. */
  schedules: { wake(): void };
  /** Site crawls and maps (docs/crawl.md): the service the routes call. */
  crawls: { service: CrawlService };
}
