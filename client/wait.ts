// Polling with backoff until a job or sweep is terminal. The coordinator has no push channel yet,
// so a wait is a series of cheap GETs whose spacing grows from `minIntervalMs` to `maxIntervalMs`.
import { CrawlWaitTimeoutError } from './errors.js';

/** Options of waitForJob / waitForSweep. */
export interface WaitOptions<T> {
  /** Stops the wait (not the job): the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Give up after this long with a CrawlWaitTimeoutError. Default: no limit (jobs always end). */
  timeoutMs?: number;
  /** First gap between polls. Default 200 ms. */
  minIntervalMs?: number;
  /** Largest gap between polls. Default 2,000 ms. */
  maxIntervalMs?: number;
  /** Growth of the gap after each poll. Default 1.5. */
  backoffFactor?: number;
  /** Called with every answer, the first included (progress displays). */
  onUpdate?: (value: T) => void;
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Polls `read` until `done` says so; `statusOf` names the state for the timeout error. */
export async function pollUntil<T>(
  id: string,
  read: (signal?: AbortSignal) => Promise<T>,
  done: (value: T) => boolean,
  statusOf: (value: T) => string,
  o: WaitOptions<T> = {},
): Promise<T> {
  const started = Date.now();
  let gapMs = o.minIntervalMs ?? 200;
  const maxGapMs = o.maxIntervalMs ?? 2_000;
  const factor = o.backoffFactor ?? 1.5;
  for (;;) {
    const value = await read(o.signal);
    o.onUpdate?.(value);
    if (done(value)) return value;
    if (o.timeoutMs !== undefined) {
      const leftMs = started + o.timeoutMs - Date.now();
      if (leftMs <= 0) throw new CrawlWaitTimeoutError(id, statusOf(value), o.timeoutMs);
      gapMs = Math.min(gapMs, leftMs);
    }
    await sleep(gapMs, o.signal);
    gapMs = Math.min(maxGapMs, Math.ceil(gapMs * factor));
  }
}
