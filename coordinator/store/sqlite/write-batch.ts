// Group commit for the SQLite store. Every write a caller starts during one turn of the event loop
// runs, in the order it was started, inside one transaction committed at the end of that turn
// (setImmediate), and each caller's promise settles only after that commit. A commit is the
// expensive part of a small write (WAL frames, locks, page writes), and a job makes several: with
// many jobs in flight, one commit serves them all.
//
// What a caller may rely on, as with one transaction per write:
// - its write is durable, in the sense the connection's `synchronous` setting gives, once its
//   promise resolves (never before: nothing is answered from an uncommitted transaction);
// - writes apply in the order they were started; a read started after a write resolved sees it;
// - a write that fails on its own (a constraint, a conflict) rejects with its own error and takes
//   nothing of the others with it: a single statement is atomic in SQLite, and a write of several
//   statements runs in `db.transaction()`, which nests as a savepoint;
// - when the batch as a whole fails (cannot take the write lock, commit refused, an I/O error that
//   rolled the transaction back), every write of the batch rejects with StoreBatchError.
import type Database from 'better-sqlite3';
import { StoreBatchError, StoreClosedError } from '../batch-errors.js';

export { StoreBatchError, StoreClosedError };

interface PendingWrite {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

export interface WriteBatchOptions {
  /** Writes in one transaction at most; more are committed at once. Default 512. */
  maxWrites?: number;
  /** How long a write started with writeSoon() waits for company before it commits alone. Default 2 ms. */
  soonMs?: number;
}

export class WriteBatch {
  private pending: PendingWrite[] = [];
  private scheduled: NodeJS.Immediate | null = null;
  /** The commit of writeSoon() writes that nothing else has joined yet. */
  private late: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly maxWrites: number;
  private readonly soonMs: number;
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;
  /** Batches committed and writes in them, for tests and metrics. */
  readonly stats = { batches: 0, writes: 0 };

  constructor(
    private readonly db: Database.Database,
    opts: WriteBatchOptions = {},
  ) {
    this.maxWrites = opts.maxWrites ?? 512;
    this.soonMs = opts.soonMs ?? 2;
    // IMMEDIATE: the write lock is taken at BEGIN, so a busy file fails the batch as a whole.
    this.begin = db.prepare('BEGIN IMMEDIATE');
    this.commit = db.prepare('COMMIT');
    this.rollback = db.prepare('ROLLBACK');
  }

  /** Runs `run` (synchronous statements) in the current batch; settles after its commit. */
  write<T>(run: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new StoreClosedError());
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ run, resolve: resolve as (value: unknown) => void, reject });
      if (this.pending.length >= this.maxWrites) this.flush();
      else this.scheduled ??= setImmediate(this.flush);
    });
  }

  /**
   * As write(), for a write nobody waits on to answer anyone: it rides with the next commit when
   * another write comes within `soonMs`, and commits alone after that. The push event a job's end
   * writes is one: written in a turn of its own after the completion's commit, it cost a commit of
   * its own per job whenever jobs come one at a time, in the path of the next job's insert, which
   * now takes it along. Order, atomicity and durability on resolve are those of write().
   */
  writeSoon<T>(run: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new StoreClosedError());
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ run, resolve: resolve as (value: unknown) => void, reject });
      if (this.pending.length >= this.maxWrites) this.flush();
      else if (!this.scheduled) this.late ??= setTimeout(this.flush, this.soonMs);
    });
  }

  /** Commits what is pending now (close() does, and a full batch). */
  readonly flush = (): void => {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    if (this.late) clearTimeout(this.late);
    this.late = null;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    const outcomes: Array<{ ok: boolean; value: unknown }> = [];
    try {
      this.begin.run();
    } catch (err) {
      failAll(batch, err);
      return;
    }
    for (const w of batch) {
      try {
        outcomes.push({ ok: true, value: w.run() });
      } catch (err) {
        // Some errors (I/O, a full disk) roll the whole transaction back: nothing of it remains.
        if (!this.db.inTransaction) {
          failAll(batch, err);
          return;
        }
        outcomes.push({ ok: false, value: err });
      }
    }
    try {
      this.commit.run();
    } catch (err) {
      if (this.db.inTransaction) this.rollback.run();
      failAll(batch, err);
      return;
    }
    this.stats.batches++;
    this.stats.writes += batch.length;
    batch.forEach((w, i) => {
      const o = outcomes[i] as { ok: boolean; value: unknown };
      if (o.ok) w.resolve(o.value);
      else w.reject(o.value);
    });
  };

  /** Commits what is pending; later writes reject with StoreClosedError. */
  close(): void {
    this.flush();
    this.closed = true;
  }
}

function failAll(batch: readonly PendingWrite[], cause: unknown): void {
  const err = new StoreBatchError(cause);
  for (const w of batch) w.reject(err);
}
