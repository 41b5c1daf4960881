// The SQLite side of the shared SQL stores (store/sql-runner.ts): reads run at once, writes in the
// store's group commit (write-batch.ts), statements prepared once per text. A transaction is
// `db.transaction()`, which nests as a savepoint inside the batch's own transaction.
import type Database from 'better-sqlite3';
import type { SqlRunner, SqlStatement } from '../sql-runner.js';

type Write = <T>(run: () => T) => Promise<T>;

/** SqlRunner.inList on SQLite: the list arrives as one JSON array text, read row by row. */
export const SQLITE_IN_LIST = 'IN (SELECT value FROM json_each(?))';

export function sqliteRunner(
  db: Database.Database,
  prepare: Database.Database['prepare'],
  write: Write,
): SqlRunner {
  // Statements that return rows as arrays (`raw`), apart from `prepare`'s: raw mode is a setting of
  // the statement, so one shared with the object reads would change theirs.
  const rawStatements = new Map<string, Database.Statement<unknown[], unknown[]>>();
  return {
    async all<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
      return prepare(sql).all(...params) as T[];
    },
    async get<T, R>(sql: string, params: readonly unknown[], map: (row: T) => R): Promise<R | null> {
      const row = prepare(sql).get(...params) as T | undefined;
      return row === undefined ? null : map(row);
    },
    writeAll<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
      return write(() => prepare(sql).all(...params) as T[]);
    },
    run(sql: string, params: readonly unknown[]): Promise<number> {
      return write(() => prepare(sql).run(...params).changes);
    },
    transaction<T>(steps: () => Generator<SqlStatement, T, number>): Promise<T> {
      return write(
        db.transaction(() => {
          const it = steps();
          let step = it.next();
          while (!step.done) step = it.next(prepare(step.value.sql).run(...step.value.params).changes);
          return step.value;
        }),
      );
    },
    async tuples<T extends unknown[]>(sql: string, params: readonly unknown[]): Promise<T[]> {
      let stmt = rawStatements.get(sql);
      if (stmt === undefined) {
        stmt = db.prepare<unknown[], unknown[]>(sql).raw(true);
        rawStatements.set(sql, stmt);
      }
      return stmt.all(...params) as T[];
    },
    inList: SQLITE_IN_LIST,
    list: (values) => JSON.stringify(values),
  };
}
