// Bytes of result content held in memory across all agent connections, from the first chunk until
// the content is stored. Past the limit, connections stop reading new results (TCP backpressure
// holds them on the agents, whose spools keep them safe) until stored results give bytes back.
/** A link waiting for room (the agent connection: an object, not a closure per link). */
export interface BudgetWaiter {
  relieved(): void;
}

export class ByteBudget {
  private used = 0;
  private peak = 0;
  private readonly waiting = new Set<BudgetWaiter>();

  constructor(readonly limitBytes: number) {}

  get usedBytes(): number {
    return this.used;
  }

  /** The most bytes held at once since the start or the last resetPeak() (operators, tests). */
  get peakBytes(): number {
    return this.peak;
  }

  resetPeak(): void {
    this.peak = this.used;
  }

  get exhausted(): boolean {
    return this.used >= this.limitBytes;
  }

  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.peak) this.peak = this.used;
  }

  give(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
    if (this.exhausted) return;
    const ready = [...this.waiting];
    this.waiting.clear();
    for (const waiter of ready) waiter.relieved();
  }

  /** Calls `waiter.relieved()` once the budget has room again. */
  whenRelieved(waiter: BudgetWaiter): void {
    if (!this.exhausted) waiter.relieved();
    else this.waiting.add(waiter);
  }

  forget(waiter: BudgetWaiter): void {
    this.waiting.delete(waiter);
  }
}
