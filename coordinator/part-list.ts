// The long-lived parts of a process, in the order they were built, and their shutdown (undici's
// close vs destroy): close() closes every part, last built first, even when one fails, and throws
// the failures together; destroy() does the same without waiting for anything to drain.

export interface Part {
  /** For the error a failed close is reported with. */
  name: string;
  /** Graceful: lets work in flight finish. */
  close(): void | Promise<void>;
  /** Abrupt: drops work in flight. Default: close(). */
  destroy?(): void | Promise<void>;
}

/** One or more parts failed to close; `errors` holds each failure, its part named in the message. */
export class PartsCloseError extends AggregateError {
  readonly code = 'PARTS_CLOSE_FAILED';

  constructor(errors: Error[]) {
    super(errors, `${errors.length} part(s) failed to close: ${errors.map((e) => e.message).join('; ')}`);
    this.name = 'PartsCloseError';
  }
}

export class PartList {
  /** Parts not closed yet, in build order. */
  private readonly open: Part[] = [];
  private running: Promise<void> | null = null;

  /** Adds a part (after the parts it depends on); returns it. */
  add<T extends object>(
    part: T,
    name: string,
    close: (p: T) => void | Promise<void>,
    destroy?: (p: T) => void | Promise<void>,
  ): T {
    this.open.push({ name, close: () => close(part), destroy: destroy ? () => destroy(part) : undefined });
    return part;
  }

  /** Adds a shutdown step that is not an object of its own (a listener to remove, a flush). */
  step(name: string, close: () => void | Promise<void>, destroy?: () => void | Promise<void>): void {
    this.open.push({ name, close, destroy });
  }

  /**
   * Closes every part still open, last built first, each one whatever happened to the others.
   * Safe twice: a call while one runs joins it; after a failure, the next call tries again the parts
   * that failed (and only those); once all closed, it resolves at once.
   */
  close(): Promise<void> {
    return this.running ?? this.track(this.run('close'));
  }

  /** As close(), without draining: links dropped, requests cut, timers stopped. */
  destroy(): Promise<void> {
    // A close under way is overtaken: destroy the parts it has not reached.
    const before = this.running ?? Promise.resolve();
    return this.track(before.catch(() => undefined).then(() => this.run('destroy')));
  }

  /** The run under way; forgotten when it fails, so that the next call tries again. */
  private track(run: Promise<void>): Promise<void> {
    this.running = run;
    run.catch(() => {
      if (this.running === run) this.running = null;
    });
    return run;
  }

  private async run(how: 'close' | 'destroy'): Promise<void> {
    const failed: Part[] = [];
    const errors: Error[] = [];
    while (this.open.length > 0) {
      const part = this.open.pop() as Part;
      try {
        if (how === 'destroy' && part.destroy) await part.destroy();
        else await part.close();
      } catch (err) {
        failed.unshift(part);
        const cause = err instanceof Error ? err : new Error(String(err));
        errors.push(new Error(`${part.name}: ${cause.message}`, { cause }));
      }
    }
    if (errors.length === 0) return;
    this.open.push(...failed);
    throw new PartsCloseError(errors);
  }
}
