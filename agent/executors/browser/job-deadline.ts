// The time limits of one browser job, and the guard every browser call of the job goes through.
// A job has one deadline, fixed when it starts: every wait (page slot, browser launch, navigation,
// reading the page) is raced against it, and against the page's crash or close, so no page can
// hold a job past its deadline and a crashed tab is noticed the moment Chromium reports it.
import type { Page } from 'puppeteer-core';

/** Why a guarded browser call gave up: the job's time ran out, or the page/browser is gone. */
export class JobStopped extends Error {
  readonly code: 'deadline' | 'crashed' | 'closed';
  constructor(code: JobStopped['code'], message: string) {
    super(message);
    this.name = 'JobStopped';
    this.code = code;
  }
}

export class JobDeadline {
  /** performance.now() time by which the job's own work must end. */
  readonly atMs: number;
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(atMs: number) {
    this.atMs = atMs;
  }

  remainingMs(): number {
    return Math.max(0, this.atMs - performance.now());
  }

  get passed(): boolean {
    return performance.now() >= this.atMs;
  }

  /**
   * Resolves with `work`, or rejects with JobStopped('deadline') at `atMs` (default: the job's
   * deadline; an earlier time for a step that must leave room for the steps after it).
   */
  bound<T>(work: Promise<T>, atMs = this.atMs): Promise<T> {
    const ms = Math.max(0, Math.min(atMs, this.atMs) - performance.now());
    let timer: NodeJS.Timeout | undefined;
    const stop = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new JobStopped('deadline', 'the job ran out of time')), ms);
      this.#timers.add(timer);
    });
    // The losing side must not become an unhandled rejection.
    work.catch(() => undefined);
    return Promise.race([work, stop]).finally(() => {
      clearTimeout(timer);
      if (timer) this.#timers.delete(timer);
    });
  }

  /** Clears pending timers (the job is over). */
  dispose(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}

/**
 * Watches one page: `stopped` rejects when the renderer crashes, the page closes or the browser
 * disconnects. `guard()` races a call against that and the deadline.
 */
export class PageWatch {
  readonly stopped: Promise<never>;
  #reason: JobStopped | null = null;
  readonly #cleanup: Array<() => void> = [];

  constructor(page: Page) {
    let fail: (err: JobStopped) => void = () => undefined;
    this.stopped = new Promise<never>((_, reject) => {
      fail = (err) => {
        if (this.#reason) return;
        this.#reason = err;
        reject(err);
      };
    });
    this.stopped.catch(() => undefined);
    const onCrash = () => fail(new JobStopped('crashed', 'the page crashed'));
    const onClose = () => fail(new JobStopped('closed', 'the page was closed'));
    const browser = page.browser();
    const onDisconnect = () => fail(new JobStopped('crashed', 'the browser crashed'));
    page.on('error', onCrash); // "Page crashed!" (Inspector.targetCrashed)
    page.on('close', onClose);
    browser.on('disconnected', onDisconnect);
    this.#cleanup.push(
      () => page.off('error', onCrash),
      () => page.off('close', onClose),
      () => browser.off('disconnected', onDisconnect),
    );
    if (!browser.connected) onDisconnect();
  }

  /** Set once the page crashed or closed (or the browser went away). */
  get reason(): JobStopped | null {
    return this.#reason;
  }

  guard<T>(work: Promise<T>, deadline: JobDeadline, atMs?: number): Promise<T> {
    work.catch(() => undefined);
    return deadline.bound(Promise.race([work, this.stopped]), atMs);
  }

  dispose(): void {
    for (const off of this.#cleanup) off();
  }
}

/** Whether `err` is a JobStopped (of the given kind). */
export function isStopped(err: unknown, code?: JobStopped['code']): err is JobStopped {
  return err instanceof JobStopped && (code === undefined || err.code === code);
}
