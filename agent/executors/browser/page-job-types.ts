// The inputs of one page job (page-job.ts), shared with the reading step (page-read.ts).
import type { Logger } from 'pino';
import type { OffloadPool } from '../offload/index.js';
import type { ExecRequest } from '../types.js';
import type { Redactor } from './actions/redact.js';
import type { StoredCookie } from './cookies.js';
import type { JobDeadline } from './job-deadline.js';
import type { PreparedPage } from './prepared-page.js';

export interface PageJobSettings {
  maxBodyBytes: number;
  settleMs: number;
  maxScreenshotBytes: number;
  maxScreenshotHeight: number;
  /** A page evaluation unanswered this long means the page's script is stuck: it is stopped. */
  unresponsiveMs: number;
  networkType: string;
  effectiveConnectionType: string;
}

export interface PageJob {
  req: ExecRequest;
  prepared: PreparedPage;
  chromeMajor: string;
  /** Cookies to restore first (a session whose context was lost with its browser). */
  restoreCookies: StoredCookie[];
  settings: PageJobSettings;
  /** End of the navigation (start of the job + its timeout), performance.now() ms. */
  navigationEndMs: number;
  /** End of everything the job does in the page. */
  deadline: JobDeadline;
  signal: AbortSignal;
  log: Logger;
  /** Secrets typed by the job's actions, scrubbed from the outcome (actions/redact.ts). */
  redactor: Redactor;
  /** Runs work that keeps the browser busy for long (ChromiumHost.busy); default: as it is. */
  busy?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Worker threads for the extraction's JSON Schema check and the DOM-copy extraction. */
  offload: OffloadPool;
}
