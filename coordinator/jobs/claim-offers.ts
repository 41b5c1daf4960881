// Jobs the owner of job state (job-lifecycle.ts, which alone imports this file) has queued but
// leaves to the other coordinators on a shared store first, so that a slot freeing here and one
// freeing there do not race their claims for one job (one claim would lose): a job stored pending
// here for lack of room is offered for one `offerMs`, one heard of from another coordinator for
// several. While offered, the pump passes it by; the offer ends at its timer, or when another
// coordinator's claim takes the job (withdraw).

export interface ClaimOffersOptions {
  /** Whether other coordinators share the store; alone, nothing is offered. */
  shared: boolean;
  /** One offer's length; 0: never offer. */
  offerMs: number;
  /** An offer ran out for a job still waiting here: called once a turn for all that ran out in it. */
  ended: () => void;
  /** Whether the job still waits in this coordinator's queue. */
  waiting: (jobId: string) => boolean;
}

export class ClaimOffers {
  private readonly offered = new Map<string, NodeJS.Timeout>();
  /** One call of `ended` for the offers that end in one turn (a batch's jobs end theirs together). */
  private endedSoon: NodeJS.Immediate | null = null;
  private closed = false;

  constructor(private readonly opts: ClaimOffersOptions) {}

  /** Offers the job for `times` offers (once: one this coordinator stored; more: one heard of). */
  offer(jobId: string, times = 1): void {
    const ms = this.opts.offerMs * times;
    if (!this.opts.shared || ms <= 0 || this.closed || this.offered.has(jobId)) return;
    const timer = setTimeout(() => {
      this.offered.delete(jobId);
      if (this.closed || !this.opts.waiting(jobId)) return;
      this.endedSoon ??= setImmediate(() => {
        this.endedSoon = null;
        if (!this.closed) this.opts.ended();
      });
    }, ms);
    timer.unref();
    this.offered.set(jobId, timer);
  }

  has(jobId: string): boolean {
    return this.offered.has(jobId);
  }

  /** Jobs on offer now (they wait in the queue but not ahead of a new job). */
  get size(): number {
    return this.offered.size;
  }

  /** Another coordinator claimed the job: its offer ends without a pump. */
  withdraw(jobId: string): void {
    clearTimeout(this.offered.get(jobId));
    this.offered.delete(jobId);
  }

  close(): void {
    this.closed = true;
    for (const t of this.offered.values()) clearTimeout(t);
    this.offered.clear();
    if (this.endedSoon) clearImmediate(this.endedSoon);
    this.endedSoon = null;
  }
}
