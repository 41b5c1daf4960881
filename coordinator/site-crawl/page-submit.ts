// The one way a crawl's fetch becomes a job: a member of the crawl's group, submitted through the
// job owner (JobRequests.submitToGroup), a frontier window's pages together in one transaction.
import type { BatchSubmission } from '../jobs/reports.js';
import type { CrawlPageRecord } from '../store/crawl-types.js';
import type { CrawlSpec } from './crawl-spec.js';

/** The page's job as a member of its crawl's group; `page.jobId` is the job's id. */
export function pageSubmission(
  ownerId: string,
  spec: CrawlSpec,
  page: CrawlPageRecord & { jobId: string },
  index: number,
): BatchSubmission {
  const isPage = page.kind === 'page';
  return {
    index,
    input: {
      id: page.jobId,
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
    sessionDeviceId: spec.sessionDeviceId,
  };
}
