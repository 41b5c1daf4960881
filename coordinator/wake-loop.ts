// A background pass that runs when woken and otherwise on a timer: the shape shared by the webhook
// delivery worker (push/delivery-worker.ts) and the schedule loop (schedules/schedule-loop.ts).
// One pass at a time; a wake during a pass runs one more pass right after it (wakes in between
// coalesce into that one), so an event is never missed and never costs a pass of its own. Between
// passes a timer is armed for the delay the pass asked for, else `pollMs`, so work made where no
// wake reaches (another coordinator, a retry coming due) is still found.

export interface WakeLoopOptions {
  /** One pass; resolves to how long to sleep before the next look (undefined: `pollMs`). */
  pass: () => Promise<number | undefined>;
  /** Longest sleep between passes. */
  pollMs: number;
  /** A pass that threw: logged by the owner; the loop goes on. */
  onError: (err: unknown) => void;
}

export class WakeLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly opts: WakeLoopOptions) {}

  /** True once close() was called: a pass checks it to stop early. */
  get closed(): boolean {
    return this.stopped;
  }

  start(): void {
    this.wake();
  }

  /** Runs a pass now, or right after the one in progress. Does nothing after close(). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.opts
      .pass()
      .catch((err: unknown) => {
        this.opts.onError(err);
        return undefined;
      })
      .then((delayMs) => {
        this.running = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.wake();
          return;
        }
        this.timer = setTimeout(() => this.wake(), delayMs ?? this.opts.pollMs);
        this.timer.unref();
      });
  }

  /** Stops the timer and waits for a pass in progress. Safe twice. */
  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
