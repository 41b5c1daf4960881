// Group commit for the PostgreSQL store, as sqlite/write-batch.ts is for SQLite: the job writes
// callers start during one turn of the event loop (inserts, claims, requeues, completions, failures,
// usage counters, push events, wake-ups) commit together in one statement of data-modifying CTEs
// (batch-statements.ts), a transaction of its own with at most one NOTIFY. A commit and a statement's
// round trip are what a small write costs PostgreSQL; with many jobs in flight one of each serves them
// all. A job written twice in one batch splits it into stages, a statement each, in BEGIN … COMMIT.
//
// One batch is written at a time, on one pooled connection, while the next one gathers: the busier
// the store, the bigger the batches. A writer that is busy (writes arrived while its last batch
// committed) waits a little longer, up to `gatherMs` or until `gatherWrites` are pending, before the
// next commit, as PostgreSQL's own commit_delay does when other transactions are active: without it a
// writer commits as often as a commit's round trips allow whatever its rate, so several coordinators
// sharing a job rate commit that many times more often, each commit smaller, and every commit's
// fixed cost (its round trips, WAL flush, NOTIFY) is paid per job that many times over. A writer
// that was idle commits at once: a lone job waits for nothing.
// What a caller may rely on, as with a statement of its own:
// - its promise settles after the commit of its batch, with its own outcome (claimed or not, stored
//   or duplicate, …), read from the statement's RETURNING rows;
// - writes apply in the order they were started: two writes of the same job never share a statement
//   (the second starts a new stage of the same transaction, run after the first);
// - the conditional UPDATEs settle races with other coordinators exactly as single ones did: a row
//   changed by a concurrent transaction is re-checked against its committed version;
// - a write that fails on its own (a duplicate id, a value PostgreSQL refuses) rejects with its own
//   error and takes nothing of the others with it: the batch rolls back and each of its writes is run
//   again in a transaction of its own;
// - when the commit itself fails or the connection breaks, the outcome is unknown and every write of
//   the batch rejects with StoreBatchError.
import pg from 'pg';
import { StoreBatchError, StoreClosedError } from '../batch-errors.js';
import {
  applyStage,
  type Entry,
  EVENT_SEQ_SPAN,
  jobOf,
  notifyAfterStages,
  tellLostCompletions,
  type WriteKind,
  type WriteOp,
  type WriteOutcome,
} from './batch-statements.js';

interface Pending {
  entry: Entry;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

export interface PgWriteBatchOptions {
  /** Writes in one transaction at most. Default 512. */
  maxWrites?: number;
  /** Longest extra wait of a busy writer for a fuller batch, ms; 0: none. Default 4. */
  gatherMs?: number;
  /** Pending writes that end that wait at once. Default 64 (a dozen jobs' writes). */
  gatherWrites?: number;
}

/** Splits a batch where a job comes back: each stage touches a job at most once. */
function stages(batch: readonly Pending[]): Entry[][] {
  const out: Entry[][] = [];
  let stage: Entry[] = [];
  let seen = new Set<string>();
  for (const p of batch) {
    const job = jobOf(p.entry.op);
    if (job !== null && seen.has(job)) {
      out.push(stage);
      stage = [];
      seen = new Set();
    }
    if (job !== null) seen.add(job);
    stage.push(p.entry);
  }
  if (stage.length > 0) out.push(stage);
  return out;
}

/** A statement failed inside the transaction, which was rolled back cleanly: nothing of it stays. */
class StatementFailed extends Error {
  constructor(readonly original: unknown) {
    super('statement failed');
  }
}

export class PgWriteBatch {
  private pending: Pending[] = [];
  private scheduled: NodeJS.Immediate | null = null;
  private writing: Promise<void> | null = null;
  private closed = false;
  private readonly maxWrites: number;
  private readonly gatherMs: number;
  private readonly gatherWrites: number;
  /** Ends the current gathering wait early (enough writes, or close). */
  private gathered: (() => void) | null = null;
  /**
   * Writes arrived while the last batch committed (before its callers heard back): the writer is
   * busy. A write its callers start once answered does not count: one caller's writes in a row must
   * not wait.
   */
  private busy = false;
  /** Transactions committed and writes in them, for tests and metrics. */
  readonly stats = { batches: 0, writes: 0 };

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
    opts: PgWriteBatchOptions = {},
  ) {
    // A transaction's events are numbered within EVENT_SEQ_SPAN (batch-statements.ts, eventPart).
    this.maxWrites = Math.min(opts.maxWrites ?? 512, EVENT_SEQ_SPAN);
    this.gatherMs = opts.gatherMs ?? 4;
    this.gatherWrites = Math.min(opts.gatherWrites ?? 64, this.maxWrites);
  }

  /** Runs `op` in the batch gathering now; settles with its outcome after that batch's commit. */
  write<K extends WriteKind>(op: Extract<WriteOp, { kind: K }>): Promise<WriteOutcome[K]> {
    if (this.closed) return Promise.reject(new StoreClosedError());
    return new Promise<WriteOutcome[K]>((resolve, reject) => {
      this.pending.push({ entry: { op }, resolve: resolve as (value: unknown) => void, reject });
      if (!this.writing) this.scheduled ??= setImmediate(this.start);
      else if (this.gathered && this.pending.length >= this.gatherWrites) this.gathered();
    });
  }

  private readonly start = (): void => {
    this.scheduled = null;
    if (this.writing || this.pending.length === 0) return;
    this.writing = this.drain().finally(() => {
      this.writing = null;
      // A write started between the last batch and now found a drain running: start another.
      if (this.pending.length > 0 && !this.closed) this.scheduled ??= setImmediate(this.start);
    });
  };

  /** Writes batch after batch until nothing is pending; each gathers while the one before commits. */
  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.maxWrites);
      await this.commit(batch);
      // The continuations of the writes just settled run first and join the next batch.
      if (this.pending.length > 0 && !this.closed) {
        const busy = this.busy;
        await new Promise((r) => setImmediate(r));
        if (busy) await this.gather();
      }
    }
  }

  /** Busy: waits up to gatherMs for gatherWrites pending writes (at once when there are, or closed). */
  private gather(): Promise<void> {
    if (this.gatherMs === 0 || this.closed || this.pending.length >= this.gatherWrites)
      return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.gathered = null;
        resolve();
      };
      const timer = setTimeout(done, this.gatherMs);
      this.gathered = done;
    });
  }

  private async commit(batch: Pending[]): Promise<void> {
    this.busy = false;
    // Each event's place in its transaction, whatever stage it lands in: part of its seq.
    let pos = 0;
    for (const p of batch) if (p.entry.op.kind === 'event') p.entry.pos = pos++;
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      failAll(batch, err);
      return;
    }
    try {
      await this.transaction(client, batch);
    } catch (err) {
      if (!(err instanceof StatementFailed)) {
        // The connection broke or COMMIT failed: the outcome is unknown, the connection unusable.
        client.release(err instanceof Error ? err : new Error(String(err)));
        failAll(batch, err);
        return;
      }
      client.release();
      if (batch.length === 1) {
        batch[0]?.reject(err.original);
        return;
      }
      // One write (or more) is refused on its own: each again in a transaction of its own.
      for (const p of batch) await this.commit([p]);
      return;
    }
    client.release();
    this.stats.batches++;
    this.stats.writes += batch.length;
    this.busy = this.pending.length > 0;
    for (const p of batch) p.resolve(p.entry.out);
  }

  /** The batch's writes, then what its completions not stored were (throws as writeStages). */
  private async transaction(client: pg.PoolClient, batch: readonly Pending[]): Promise<void> {
    await this.writeStages(client, batch);
    // Committed: a read now says which completions not stored were duplicates.
    await tellLostCompletions(
      client,
      batch.map((p) => p.entry),
    );
  }

  /**
   * One stage: its one statement, a transaction of its own, the NOTIFY in it. Several stages (a job
   * written twice in the batch): BEGIN, a statement each, the NOTIFY, COMMIT. Throws StatementFailed
   * when a statement was refused and nothing of the batch stays.
   */
  private async writeStages(client: pg.PoolClient, batch: readonly Pending[]): Promise<void> {
    const all = stages(batch);
    if (all.length === 1) {
      try {
        await applyStage(client, all[0] ?? [], this.channel, true);
      } catch (err) {
        // An error PostgreSQL answered with: the statement, its own transaction, left nothing.
        if (err instanceof pg.DatabaseError) throw new StatementFailed(err);
        throw err;
      }
      return;
    }
    await client.query('BEGIN');
    try {
      for (const stage of all) await applyStage(client, stage, this.channel, false);
      await notifyAfterStages(
        client,
        batch.map((p) => p.entry),
        this.channel,
      );
    } catch (err) {
      // A failed ROLLBACK means the connection itself is gone: that error goes up as it is.
      await client.query('ROLLBACK');
      throw new StatementFailed(err);
    }
    await client.query('COMMIT');
  }

  /** Commits what is pending; later writes reject with StoreClosedError. */
  async close(): Promise<void> {
    this.closed = true;
    this.gathered?.();
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    await this.writing;
    if (this.pending.length > 0) {
      this.writing = this.drain();
      await this.writing;
    }
  }
}

function failAll(batch: readonly Pending[], cause: unknown): void {
  const err = new StoreBatchError(cause);
  for (const p of batch) p.reject(err);
}
