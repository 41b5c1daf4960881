// A crawl's pages are jobs of the key that started the crawl: they count against its daily job
// quota and its concurrent-jobs limit as jobs from POST /crawl/v1/new do, and show in its usage.
// The driver asks once per frontier window for the pages it means to start and gives back what
// it did not start. A refusal of the concurrent limit only holds pages back (they start when the
// key's jobs end); a spent daily quota or a revoked key ends the crawl once its pages in flight
// are back (docs/crawl.md, "Quotas").
import { MESSAGES } from '../errors.js';
import type { Limiter } from '../limits/limiter.js';
import type { CounterCharge } from '../store/limit-types.js';
import type { Store } from '../store/types.js';
import type { CrawlSpec } from './crawl-spec.js';

export interface PageAdmission {
  /** Pages that may start now (at most those asked for). */
  admitted: number;
  /** Set when the crawl can start no more pages: why, as the crawl's error. */
  stop: string | null;
  /** Gives back `unused` of the admitted pages (not started after all). */
  giveBack(unused: number): Promise<void>;
}

export type AdmitPages = (spec: CrawlSpec, wanted: number) => Promise<PageAdmission>;

export const KEY_REVOKED = 'the API key that started the crawl was revoked';

const nothingToGiveBack = async () => {};

export function pageQuota(store: Store, limiter: Limiter): AdmitPages {
  return async (spec, wanted) => {
    // Crawls stored before their key was recorded run as they did: counted by the queue share only.
    if (!spec.keyId) return { admitted: wanted, stop: null, giveBack: nothingToGiveBack };
    const key = await store.getApiKey(spec.keyId);
    if (!key || key.revokedAt !== null)
      return { admitted: 0, stop: KEY_REVOKED, giveBack: nothingToGiveBack };
    const { admitted, error, charged } = await limiter.admitJobs(key, wanted);
    const stop = admitted === 0 && error?.message === MESSAGES.RATE_LIMITED_JOBS ? error.message : null;
    return {
      admitted,
      stop,
      giveBack: async (unused) => {
        if (unused <= 0) return;
        const back: CounterCharge[] = charged.map((c) => ({ ...c, amount: Math.min(unused, c.amount) }));
        await limiter.refund(key.id, back);
      },
    };
  };
}
