// Point reads gathered per event-loop turn: every key asked for during one turn is read with one
// `= ANY($1)` statement, and each caller gets its own row (or null). Reads a job makes once each
// (the webhooks an event goes to) cost PostgreSQL a statement per turn instead of one per job.
// A read never waits for a write: it sees what was committed when its statement ran.

interface Waiting<V> {
  resolve: (value: V | null) => void;
  reject: (err: unknown) => void;
}

export class ReadBatch<V> {
  private waiting = new Map<string, Array<Waiting<V>>>();
  private scheduled: NodeJS.Immediate | null = null;

  /** `load` reads the rows of `keys` (distinct) and returns them by key; missing keys are null. */
  constructor(private readonly load: (keys: string[]) => Promise<Map<string, V>>) {}

  get(key: string): Promise<V | null> {
    return new Promise<V | null>((resolve, reject) => {
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      this.scheduled ??= setImmediate(this.run);
    });
  }

  private readonly run = (): void => {
    this.scheduled = null;
    const batch = this.waiting;
    this.waiting = new Map();
    this.load([...batch.keys()]).then(
      (found) => {
        for (const [key, list] of batch) for (const w of list) w.resolve(found.get(key) ?? null);
      },
      (err: unknown) => {
        for (const list of batch.values()) for (const w of list) w.reject(err);
      },
    );
  };
}
