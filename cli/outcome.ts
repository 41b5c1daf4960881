// How a job ended, as `crawl get`, `crawl batch` and `crawl site` report it: one class per way a
// job can end, each with its exit code, and the rule that turns many jobs into one exit code
// (docs/client.md#exit-codes). The three commands classify through this file only, so a URL that
// exits 4 under `get` is `unreachable` in a batch's index and makes the batch exit 4.
import type { CrawlClient, Job } from '../client/index.js';
import { EXIT } from './io.js';

/**
 * - `answered`: the job completed and the target answered (any HTTP status is an answer);
 * - `skipped`: a site page robots.txt kept the crawl from fetching (no job ran);
 * - `unreachable`: the job ran but its device could not reach the target (dns, connect, tls, timeout);
 * - `no_answer`: the job ran but gave no answer for another reason (blocked, too_large, browser, …);
 * - `failed`: the job failed: no device ran it to the end (no_device, device_lost, …);
 * - `refused`: the coordinator refused to make the job (a bad line, a quota), so nothing ran.
 */
export type OutcomeClass = 'answered' | 'skipped' | 'unreachable' | 'no_answer' | 'failed' | 'refused';

/** Exit code of each class; a list's exit code is its worst class's (the order here, worst last). */
export const OUTCOME_EXIT: Readonly<Record<OutcomeClass, number>> = {
  answered: EXIT.ok,
  skipped: EXIT.ok,
  unreachable: EXIT.unreachable,
  no_answer: EXIT.jobFailed,
  failed: EXIT.jobFailed,
  refused: EXIT.apiError,
};
const SEVERITY: readonly OutcomeClass[] = Object.keys(OUTCOME_EXIT) as OutcomeClass[];

/** The result error types that mean the device never reached the target (exit code 4). */
const UNREACHABLE: ReadonlySet<string> = new Set(['dns', 'connect', 'tls', 'timeout']);

/** A class and the error behind it (the failed job's, or the result's when the target gave none). */
export interface Outcome {
  outcome: OutcomeClass;
  error_type: string | null;
  error_message: string | null;
}

/** What of a job's result decides its class: the detail's `result`, or a download's `mainResult`. */
export interface ResultEnd {
  success: boolean;
  error_type?: string | null;
  error_message?: string | null;
}

/** The class of an ended job (`completed` or `failed`) and its result (null while none reported). */
export function outcomeOf(
  job: Pick<Job, 'status' | 'error_type' | 'error_message'>,
  result: ResultEnd | null,
): Outcome {
  if (job.status === 'failed') {
    return {
      outcome: 'failed',
      error_type: job.error_type ?? null,
      error_message: job.error_message ?? null,
    };
  }
  if (!result || result.success) return { outcome: 'answered', error_type: null, error_message: null };
  const type = result.error_type ?? '';
  return {
    outcome: UNREACHABLE.has(type) ? 'unreachable' : 'no_answer',
    error_type: type || null,
    error_message: result.error_message ?? null,
  };
}

/** A job the coordinator would not make: `{error: {code, message}}` of a batch line. */
export function refusedOutcome(error: { code: string; message: string }): Outcome {
  return { outcome: 'refused', error_type: error.code, error_message: error.message };
}

/** The worst class of which `counts` has any (`answered` for none): SEVERITY is worst last. */
export function worstOf(counts: Partial<Record<OutcomeClass, number>>): OutcomeClass {
  return SEVERITY.filter((c) => (counts[c] ?? 0) > 0).at(-1) ?? 'answered';
}

/** Reads an ended job's result (`GET /jobs/{id}/detail`) when its class depends on it. */
export async function readOutcome(client: CrawlClient, job: Job, signal?: AbortSignal): Promise<Outcome> {
  if (job.status !== 'completed') return outcomeOf(job, null);
  const detail = await client.getJobDetail(job.job_id, { signal });
  return outcomeOf(detail.job, detail.result);
}

/** Counts by class in the order of OUTCOME_EXIT, e.g. `19 answered, 1 unreachable`. */
export function countsText(counts: Partial<Record<OutcomeClass, number>>): string {
  const parts = SEVERITY.filter((c) => (counts[c] ?? 0) > 0).map((c) => `${counts[c]} ${c}`);
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}
