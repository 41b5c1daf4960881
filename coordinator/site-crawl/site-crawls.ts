// The site crawl feature as one part of the coordinator: the service the routes call and the
// driver that fetches. Started after the HTTP server, closed before it (app.ts).
import { Limiter } from '../limits/limiter.js';
import type { CoreServices } from '../services.js';
import { CrawlDriver } from './crawl-driver.js';
import { CrawlService } from './crawl-service.js';
import { pageQuota } from './page-quota.js';

export class SiteCrawls {
  readonly service: CrawlService;
  private readonly driver: CrawlDriver;

  /** @param ended told when a crawl ended here (its crawl.completed event). */
  constructor(core: CoreServices, ended: (crawlId: string) => void = () => {}) {
    const config = core.config;
    this.driver = new CrawlDriver({
      store: core.store,
      jobs: core.jobs,
      storage: core.storage,
      log: core.log.child({ component: 'site-crawl' }),
      coordinatorId: config.coordinatorId,
      leaseMs: config.crawl.leaseMs,
      politeness: {
        hostRate: config.crawl.hostRate,
        hostConcurrency: config.crawl.hostConcurrency,
        domainRate: config.crawl.domainRate,
      },
      maxInflight: config.crawl.maxInflight,
      ended,
      // Its own limiter on the shared counters, as the proxy's: the API's is made with the routes.
      admit: pageQuota(core.store, new Limiter(core.store)),
    });
    this.service = new CrawlService(core.store, core.jobs, this.driver, ended);
  }

  start(): void {
    this.driver.start();
  }

  close(): Promise<void> {
    return this.driver.close();
  }
}
