// The one way a crawl's fetch becomes a job: through the job owner's submit, one job at a time.
// Kept to this function so a batch submission can take its place without the driver changing.
import type { JobRequests } from '../jobs/reports.js';
import type { CrawlPageRecord } from '../store/crawl-types.js';
import type { JobRecord } from '../store/records.js';
import type { CrawlSpec } from './crawl-spec.js';

export function submitPage(
  jobs: JobRequests,
  ownerId: string,
  spec: CrawlSpec,
  page: CrawlPageRecord,
  jobId: string,
): Promise<JobRecord> {
  const isPage = page.kind === 'page';
  return jobs.submit(
    {
      id: jobId,
      ownerId,
      url: page.url,
      // robots.txt and sitemaps are plain files: fetched with GET whatever the crawl's method.
      method: isPage ? spec.method : 'GET',
      timeoutSec: spec.timeoutSec,
      placement: spec.placement,
      sessionId: spec.sessionId,
      sweepId: null,
      storageType: spec.storageType,
      // The crawl's webhook is the crawl's: a page's job has none of its own.
      request: { headers: [], bodyBase64: '', cookies: [], collectLinks: isPage, ownWebhook: false },
    },
    spec.sessionDeviceId,
  );
}
