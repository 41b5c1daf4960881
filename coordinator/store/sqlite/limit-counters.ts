// Limit counters on SQLite: fixed windows keyed by (key, name, window start). One process owns the
// file, so a transaction makes "check every charge, then add them all" atomic.
import type Database from 'better-sqlite3';
import type { ConsumeOutcome, CounterCharge, KeyLimits, LimitStore, UsageCounts } from '../limit-types.js';
import { limitsJson } from '../rows.js';

type Prepare = Database.Database['prepare'];
/** Runs writes in the store's group commit (write-batch.ts). */
type Write = <T>(run: () => T) => Promise<T>;

// The table holds a counter in shards (migration 20) for PostgreSQL's coordinators; one process
// owns a SQLite file, so it writes shard '' alone and reads the sum, as PostgreSQL does.
const READ = `SELECT COALESCE(SUM(count), 0) AS count FROM limit_counters
  WHERE key_id = ? AND name = ? AND window_start_ms = ?`;
const ADD = `INSERT INTO limit_counters (key_id, name, window_start_ms, shard, count) VALUES (?, ?, ?, '', ?)
  ON CONFLICT (key_id, name, window_start_ms, shard) DO UPDATE SET count = count + excluded.count`;
const UNFINISHED = "SELECT COUNT(*) AS n FROM jobs WHERE owner_id = ? AND status IN ('pending', 'running')";

/**
 * "Check every charge, then add them all" as one transaction function: run inside the store's
 * write batch it is a savepoint, so a refused or failed consume leaves nothing behind.
 */
export function consumeTransaction(
  db: Database.Database,
  prepare: Prepare,
  keyId: string,
  charges: readonly CounterCharge[],
  unfinished?: { ownerId: string; amount: number; limit: number },
): () => ConsumeOutcome {
  const read = prepare<[string, string, number], { count: number }>(READ);
  const add = prepare(ADD);
  return db.transaction((): ConsumeOutcome => {
    const current = charges.map((c) => read.get(keyId, c.name, c.windowStartMs)?.count ?? 0);
    for (const [i, c] of charges.entries()) {
      const count = current[i] ?? 0;
      if (count + c.amount > c.limit) return { ok: false, failed: c.name, count };
    }
    let open: number | null = null;
    if (unfinished) {
      open = prepare<[string], { n: number }>(UNFINISHED).get(unfinished.ownerId)?.n ?? 0;
      if (open + unfinished.amount > unfinished.limit)
        return { ok: false, failed: 'concurrent', count: open };
    }
    for (const c of charges) add.run(keyId, c.name, c.windowStartMs, c.amount);
    return { ok: true, counts: charges.map((c, i) => (current[i] ?? 0) + c.amount), unfinished: open };
  });
}

export function readUsageSqlite(
  prepare: Prepare,
  keyId: string,
  ownerId: string,
  windows: ReadonlyArray<{ name: string; windowStartMs: number }>,
): UsageCounts {
  const read = prepare<[string, string, number], { count: number }>(READ);
  return {
    counts: windows.map((w) => read.get(keyId, w.name, w.windowStartMs)?.count ?? 0),
    unfinished: prepare<[string], { n: number }>(UNFINISHED).get(ownerId)?.n ?? 0,
  };
}

/** Per-key limits and their counters in the SQLite file (Store.limits). */
export class SqliteLimitStore implements LimitStore {
  /**
   * Additions not written yet, summed per counter, and the write that will apply them: every
   * addition made before the store's next group commit shares one row update per counter.
   */
  private adds: {
    sums: Map<string, [keyId: string, name: string, windowStartMs: number, amount: number]>;
    done: Promise<void>;
  } | null = null;

  constructor(
    private readonly db: Database.Database,
    private readonly prepare: Prepare,
    private readonly write: Write,
  ) {}

  async setApiKeyLimits(id: string, limits: KeyLimits): Promise<boolean> {
    return (
      this.prepare('UPDATE api_keys SET limits = ? WHERE id = ?').run(limitsJson(limits), id).changes > 0
    );
  }

  async consumeLimits(
    keyId: string,
    charges: readonly CounterCharge[],
    unfinished?: { ownerId: string; amount: number; limit: number },
  ): Promise<ConsumeOutcome> {
    return this.write(consumeTransaction(this.db, this.prepare, keyId, charges, unfinished));
  }

  addCounts(keyId: string, charges: readonly CounterCharge[]): Promise<void> {
    if (!this.adds) {
      const sums = new Map<string, [string, string, number, number]>();
      const add = this.prepare(ADD);
      const done = this.write(() => {
        // From here on additions start the next write: these sums are final.
        if (this.adds?.sums === sums) this.adds = null;
        for (const row of sums.values()) if (row[3] !== 0) add.run(...row);
      });
      this.adds = { sums, done };
    }
    const { sums } = this.adds;
    for (const c of charges) {
      const k = `${keyId}\n${c.name}\n${c.windowStartMs}`;
      const row = sums.get(k);
      if (row) row[3] += c.amount;
      else sums.set(k, [keyId, c.name, c.windowStartMs, c.amount]);
    }
    return this.adds.done;
  }

  async readUsage(
    keyId: string,
    ownerId: string,
    windows: ReadonlyArray<{ name: string; windowStartMs: number }>,
  ): Promise<UsageCounts> {
    return readUsageSqlite(this.prepare, keyId, ownerId, windows);
  }

  async pruneLimitCounters(beforeMs: number): Promise<number> {
    return this.prepare('DELETE FROM limit_counters WHERE window_start_ms < ?').run(beforeMs).changes;
  }
}
