// Small objects of the local backend, kept as rows of one SQLite file beside the content folder.
// On a disk where every file create, rename and unlink costs a millisecond or more, a file per
// small result was the pipeline's largest cost; one row write (a WAL append) is a few microseconds.
// A row replaces atomically, like the files' rename, and is as durable as the job store. Writes
// are group-committed like the job store's (write-batch.ts): the puts of results that arrive in one
// turn of the event loop share one commit, and each resolves only after it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { WriteBatch } from '../store/sqlite/write-batch.js';

export class SmallObjects {
  private db: Database.Database | null = null;
  private statements: {
    put: Database.Statement<[string, Buffer]>;
    get: Database.Statement<[string], { data: Buffer }>;
    del: Database.Statement<[string]>;
    delRange: Database.Statement<[string, string]>;
    batch: WriteBatch;
  } | null = null;

  constructor(private readonly file: string) {}

  private open(): NonNullable<SmallObjects['statements']> {
    if (this.statements) return this.statements;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const db = new Database(this.file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.exec('CREATE TABLE IF NOT EXISTS objects (key TEXT PRIMARY KEY, data BLOB NOT NULL) WITHOUT ROWID');
    this.db = db;
    this.statements = {
      put: db.prepare('INSERT OR REPLACE INTO objects (key, data) VALUES (?, ?)'),
      get: db.prepare('SELECT data FROM objects WHERE key = ?'),
      del: db.prepare('DELETE FROM objects WHERE key = ?'),
      delRange: db.prepare('DELETE FROM objects WHERE key >= ? AND key < ?'),
      batch: new WriteBatch(db),
    };
    return this.statements;
  }

  /** Commits made and writes in them (tests, metrics). */
  get stats(): Readonly<{ batches: number; writes: number }> {
    return this.statements?.batch.stats ?? { batches: 0, writes: 0 };
  }

  /** Resolves once the row is committed. */
  async put(key: string, data: Buffer): Promise<void> {
    const { batch, put } = this.open();
    await batch.write(() => put.run(key, data));
  }

  get(key: string): Buffer | null {
    return this.open().get.get(key)?.data ?? null;
  }

  async delete(key: string): Promise<void> {
    const { batch, del } = this.open();
    await batch.write(() => del.run(key));
  }

  /** Every key starting with `prefix` (keys are ASCII: U+FFFF sorts after all of them). */
  async deletePrefix(prefix: string): Promise<void> {
    const { batch, delRange } = this.open();
    await batch.write(() => delRange.run(prefix, `${prefix}\uffff`));
  }

  /** Commits what is pending, then closes the file. */
  close(): void {
    this.statements?.batch.close();
    this.db?.close();
    this.db = null;
    this.statements = null;
  }
}
