// Which devices are due for a check, in buckets one tick wide: scheduling and cancelling are O(1),
// and each tick takes the buckets whose time has come. The page and measurement canaries
// (canary.ts) and the proxy canaries (../proxy/canary.ts) schedule their checks with it.
export class DueSet {
  private readonly due = new Map<number, Set<string>>();
  private readonly dueOf = new Map<string, number>();

  constructor(
    private readonly tickMs: number,
    private readonly now: () => number,
  ) {}

  /** Due `inMs` from now (to the tick), replacing any earlier schedule of `id`. */
  schedule(id: string, inMs: number): void {
    this.unschedule(id);
    const at = Math.floor((this.now() + inMs) / this.tickMs);
    let bucket = this.due.get(at);
    if (!bucket) {
      bucket = new Set();
      this.due.set(at, bucket);
    }
    bucket.add(id);
    this.dueOf.set(id, at);
  }

  unschedule(id: string): void {
    const at = this.dueOf.get(id);
    if (at === undefined) return;
    this.dueOf.delete(id);
    const bucket = this.due.get(at);
    bucket?.delete(id);
    if (bucket?.size === 0) this.due.delete(at);
  }

  has(id: string): boolean {
    return this.dueOf.has(id);
  }

  clear(): void {
    this.due.clear();
    this.dueOf.clear();
  }

  /** The ids whose time has come, no longer scheduled. */
  takeDue(): string[] {
    const nowBucket = Math.floor(this.now() / this.tickMs);
    const out: string[] = [];
    for (const [at, bucket] of this.due) {
      if (at > nowBucket) continue;
      this.due.delete(at);
      for (const id of bucket) {
        this.dueOf.delete(id);
        out.push(id);
      }
    }
    return out;
  }
}
