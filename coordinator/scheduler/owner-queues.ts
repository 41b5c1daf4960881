// FIFO queues per owner (API key owner), served in turns so one owner's burst cannot starve another.

/** How far into one owner's queue a turn looks for a job some device can take. */
const SCAN_PER_TURN = 64;

export class OwnerQueues<T> {
  private readonly byOwner = new Map<string, Map<string, T>>();
  private readonly ownerOf = new Map<string, string>();
  private readonly turn: string[] = [];
  private cursor = 0;

  get size(): number {
    return this.ownerOf.size;
  }

  push(ownerId: string, id: string, item: T): void {
    let q = this.byOwner.get(ownerId);
    if (!q) {
      q = new Map();
      this.byOwner.set(ownerId, q);
      this.turn.push(ownerId);
    }
    q.set(id, item);
    this.ownerOf.set(id, ownerId);
  }

  /** Jobs one owner has queued. */
  sizeOf(ownerId: string): number {
    return this.byOwner.get(ownerId)?.size ?? 0;
  }

  get(id: string): T | undefined {
    const owner = this.ownerOf.get(id);
    return owner === undefined ? undefined : this.byOwner.get(owner)?.get(id);
  }

  remove(id: string): T | undefined {
    const owner = this.ownerOf.get(id);
    if (owner === undefined) return undefined;
    this.ownerOf.delete(id);
    const q = this.byOwner.get(owner);
    const item = q?.get(id);
    q?.delete(id);
    if (q && q.size === 0) {
      this.byOwner.delete(owner);
      const i = this.turn.indexOf(owner);
      if (i >= 0) {
        this.turn.splice(i, 1);
        if (this.cursor > i) this.cursor--;
      }
    }
    return item;
  }

  filter(pred: (item: T) => boolean): T[] {
    const out: T[] = [];
    for (const q of this.byOwner.values()) for (const item of q.values()) if (pred(item)) out.push(item);
    return out;
  }

  drain(): T[] {
    const all = this.filter(() => true);
    this.byOwner.clear();
    this.ownerOf.clear();
    this.turn.length = 0;
    this.cursor = 0;
    return all;
  }

  /**
   * Owners take turns: each turn offers one owner's oldest jobs (up to SCAN_PER_TURN) to `take`
   * until it accepts one. Stops after a full round in which nobody's job was taken.
   */
  roundRobin(take: (item: T) => boolean): void {
    let idleTurns = 0;
    while (this.turn.length > 0 && idleTurns < this.turn.length) {
      if (this.cursor >= this.turn.length) this.cursor = 0;
      const owner = this.turn[this.cursor] as string;
      const q = this.byOwner.get(owner);
      let taken = false;
      if (q) {
        let scanned = 0;
        for (const item of q.values()) {
          if (scanned++ >= SCAN_PER_TURN) break;
          if (take(item)) {
            taken = true;
            break;
          }
        }
      }
      // take() removes the item; an emptied owner leaves the turn list and the cursor already moved.
      if (taken && this.turn[this.cursor] === owner) this.cursor++;
      else if (!taken) this.cursor++;
      idleTurns = taken ? 0 : idleTurns + 1;
    }
  }
}
