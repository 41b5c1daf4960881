// What each store hands the stores written once for both dialects (sql-crawl-store.ts,
// sql-trust-store.ts, sql-measure-store.ts, sql-schedule-store.ts, sql-session-store.ts,
// sql-key-store.ts, sql-device-store.ts, sql-job-reads.ts, sql-sweep-reads.ts): reads and writes
// by SQL text with `?` placeholders (PostgreSQL's runner numbers them). Every statement given here
// is SQL that SQLite and PostgreSQL both accept; booleans are bound as 1/0 (SQLite has no boolean
// type, and PostgreSQL reads '1'/'0' as a boolean), and BIGINT or COUNT values, which pg returns as
// strings, are read through Number().

/** One statement of a transaction (SqlRunner.transaction). */
export interface SqlStatement {
  sql: string;
  params: readonly unknown[];
}

export interface SqlRunner {
  /** Rows of a SELECT, or of a write with RETURNING. */
  all<T>(sql: string, params: readonly unknown[]): Promise<T[]>;
  /**
   * The first row of a SELECT through `map`, or null: for lookups by a unique key on every request
   * (an API key, a device token). Mapping here keeps such a lookup one promise on SQLite, as it was
   * when each store wrote it inline, and SQLite builds no array nor steps past the row.
   */
  get<T, R>(sql: string, params: readonly unknown[], map: (row: T) => R): Promise<R | null>;
  /** A write with RETURNING: its rows (SQLite runs it inside its group commit). */
  writeAll<T>(sql: string, params: readonly unknown[]): Promise<T[]>;
  /** A write; the number of rows it changed. */
  run(sql: string, params: readonly unknown[]): Promise<number>;
  /**
   * Writes that apply all or none: `steps` yields each statement and is handed back the number of
   * rows it changed, so a later statement can depend on an earlier one; what it returns is the
   * result. A generator rather than an async callback because SQLite's group commit runs a write as
   * synchronous code (a savepoint inside its batch); PostgreSQL runs the steps in BEGIN … COMMIT on
   * one connection.
   */
  transaction<T>(steps: () => Generator<SqlStatement, T, number>): Promise<T>;
}

/** `n` placeholders: `?, ?, …`. */
export const marks = (n: number): string => Array.from({ length: n }, () => '?').join(', ');
