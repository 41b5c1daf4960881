// What the Firecrawl-compatible operations are built on: the coordinator's services and the API's
// own checks and charges (one job body check, one limiter), and this layer's parts.
import type { ChargeJobs } from '../../api/limits-hook.js';
import type { PartResult } from '../../api/schema-validator.js';
import type { SubmitInput } from '../../api/validate.js';
import type { Services } from '../../services.js';
import type { DocumentMaker } from './documents.js';
import type { JobWaiter } from './job-waiter.js';
import type { FirecrawlResources } from './resources.js';
import type { ApiVersion, DocShape } from './scrape-options.js';

export interface FirecrawlDeps {
  services: Services;
  /**
   * POST /crawl/v1/new's body check (api/jobs.ts submitBodySchema): the job of every scrape and
   * every batch URL passes it, so it is refused in the same words and built by the same askedJob.
   */
  checkJob: (raw: unknown) => PartResult<SubmitInput>;
  /** The key's job quotas (api/limits-hook.ts), charged once the request is known to create jobs. */
  charge: ChargeJobs;
  docs: DocumentMaker;
  waiter: JobWaiter;
  resources: FirecrawlResources;
}

/** The document of a crawl or batch the native API made (no Firecrawl shape stored): markdown. */
export const DEFAULT_SHAPE: DocShape = {
  markdown: true,
  html: false,
  rawHtml: false,
  links: false,
  images: false,
  screenshot: 'none',
  json: null,
  onlyMainContent: true,
  includeTags: [],
  excludeTags: [],
  removeBase64Images: true,
  actions: null,
};

/** The URL a Firecrawl resource is read at, as this coordinator hands its links out. */
export function resourceUrl(services: Services, version: ApiVersion, path: string): string {
  return `${services.edgeUrl()}/${version}/${path}`;
}

/** When a crawl's or batch's pages stop being readable (the default storage's retention). */
export function expiresAt(services: Services, createdAt: string): string {
  const c = services.config;
  const retentionMs = c.defaultStorageType === 's3' ? c.retentionS3Ms : c.retentionLocalMs;
  return new Date(Date.parse(createdAt) + retentionMs).toISOString();
}
