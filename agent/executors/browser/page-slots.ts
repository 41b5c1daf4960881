// At most N pages open at once; further jobs wait in arrival order.
export class PageSlots {
  readonly #max: number;
  #used = 0;
  readonly #waiting: Array<{ grant: () => void }> = [];

  constructor(max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`maxPages must be a positive integer, got ${max}`);
    this.#max = max;
  }

  get active(): number {
    return this.#used;
  }

  get queued(): number {
    return this.#waiting.length;
  }

  /** Resolves with a release function once a slot is free; rejects if `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    const release = this.#releaser();
    if (this.#used < this.#max) {
      this.#used++;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      const onAbort = () => {
        const at = this.#waiting.indexOf(entry);
        if (at !== -1) this.#waiting.splice(at, 1);
        reject(signal?.reason ?? new Error('aborted'));
      };
      if (signal?.aborted) {
        onAbort();
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(entry);
    });
  }

  #releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter: `used` stays the same.
      if (next) next.grant();
      else this.#used--;
    };
  }
}
