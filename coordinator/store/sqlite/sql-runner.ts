// The SQLite side of the shared SQL stores (store/sql-crawl-store.ts): reads run at once, writes
// in the store's group commit (write-batch.ts), statements prepared once per text.
import type Database from 'better-sqlite3';
import type { SqlRunner } from '../sql-crawl-store.js';

type Write = <T>(run: () => T) => Promise<T>;

export function sqliteRunner(prepare: Database.Database['prepare'], write: Write): SqlRunner {
  return {
    async all<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
      return prepare(sql).all(...params) as T[];
    },
    writeAll<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
      return write(() => prepare(sql).all(...params) as T[]);
    },
    run(sql: string, params: readonly unknown[]): Promise<number> {
      return write(() => prepare(sql).run(...params).changes);
    },
  };
}
