// Tabs made ready ahead of the jobs that will use them (see prepared-page.ts). After a job takes
// one, another is prepared in the background, mostly while other jobs wait on the network or the
// settle delay. Spares take no browser lease: they never hold back a recycle, and one whose
// browser was replaced in the meantime is noticed by its generation and dropped.
import type { Logger } from 'pino';
import type { ChromiumHost } from './chromium-host.js';
import { JobDeadline } from './job-deadline.js';
import { PolicyProxy, type PolicyProxyOptions } from './policy-proxy.js';
import { closePrepared, type PreparedPage, preparePage } from './prepared-page.js';

const PREPARE_TIMEOUT_MS = 10_000;

export interface SparePagesOptions {
  /** Spares kept ready; 0 disables. */
  count: number;
  host: ChromiumHost;
  /** How each spare's policy proxy is built. */
  proxy: PolicyProxyOptions;
  log: Logger;
}

export class SparePages {
  readonly #options: SparePagesOptions;
  readonly #ready: PreparedPage[] = [];
  readonly #pending = new Set<Promise<void>>();
  #closed = false;

  constructor(options: SparePagesOptions) {
    this.#options = options;
  }

  /** A ready spare of the running browser, or null. Stale ones are closed on the way. */
  take(): PreparedPage | null {
    const current = this.#options.host.current;
    while (this.#ready.length > 0) {
      const spare = this.#ready.shift() as PreparedPage;
      if (current && spare.generation === current.generation && !spare.page.isClosed()) return spare;
      void closePrepared(spare, true);
    }
    return null;
  }

  /** A spare taken but not used (the job's URL was refused before any browser work). */
  giveBack(spare: PreparedPage): void {
    if (this.#closed) void closePrepared(spare, true);
    else this.#ready.unshift(spare);
  }

  /** Starts preparing spares up to `count`, in the background, if a browser is running. */
  refill(): void {
    while (!this.#closed && this.#ready.length + this.#pending.size < this.#options.count) {
      const current = this.#options.host.current;
      if (!current) return;
      const task = this.#prepare(current).finally(() => this.#pending.delete(task));
      this.#pending.add(task);
    }
  }

  /**
   * Closes every ready spare. One still being prepared closes itself when done (or fails when the
   * browser closes under it): a tab stuck in a dead renderer would otherwise hold this up. Safe twice.
   */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.#ready.splice(0).map((spare) => closePrepared(spare, true)));
  }

  #drop(spare: PreparedPage): void {
    const at = this.#ready.indexOf(spare);
    if (at === -1) return;
    this.#ready.splice(at, 1);
    void closePrepared(spare, true);
  }

  async #prepare(current: NonNullable<ChromiumHost['current']>): Promise<void> {
    const proxy = new PolicyProxy(this.#options.proxy);
    let preparing: Promise<PreparedPage> | null = null;
    try {
      await proxy.start();
      // A tab that does not open in time (its renderer died while starting) is given up on, so the
      // pool does not wait on it; if it opens later it is closed.
      preparing = preparePage(current, proxy);
      const limit = new JobDeadline(performance.now() + PREPARE_TIMEOUT_MS);
      const spare = await limit.bound(preparing).finally(() => limit.dispose());
      if (this.#closed) {
        await closePrepared(spare, true);
        return;
      }
      // A spare whose renderer dies while it waits is dropped, not handed to a job.
      spare.page.once('error', () => this.#drop(spare));
      spare.page.once('close', () => this.#drop(spare));
      this.#ready.push(spare);
    } catch (err) {
      // The browser went away or was recycled meanwhile: the next job prepares its own page.
      this.#options.log.debug({ err }, 'could not prepare a spare page');
      if (preparing)
        void preparing.then(
          (late) => closePrepared(late, true),
          () => proxy.close(),
        );
      else await proxy.close();
    }
  }
}
