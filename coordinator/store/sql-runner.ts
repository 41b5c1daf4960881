// What each store hands the stores written once for both dialects (every sql-*-store.ts,
// sql-job-reads.ts, sql-sweep-reads.ts; docs/postgres.md, "One way to write SQL"): reads and writes
// by SQL text with `?` placeholders (PostgreSQL's runner numbers them). Every statement given here
// is SQL that SQLite and PostgreSQL both accept; booleans are bound as 1/0 (SQLite has no boolean
// type, and PostgreSQL reads '1'/'0' as a boolean), and BIGINT or COUNT values, which pg returns as
// strings, are read through Number(). A list of ids is one parameter (`inList`, `list`), the only
// spelling the dialects need of their own here.

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
  /**
   * Rows of a SELECT as arrays of column values in the statement's order: no object with named keys
   * a row (batch status reads fifteen columns of up to thousands of jobs a request).
   */
  tuples<T extends unknown[]>(sql: string, params: readonly unknown[]): Promise<T[]>;
  /**
   * SQL that follows a column to test it against one list parameter (bound with `list`): one
   * statement text and one parameter whatever the number of values, so no bound-parameter cap and
   * no text per length. The dialects spell it differently, the one place the shared SQL needs to:
   * SQLite reads a JSON array (`IN (SELECT value FROM json_each(?))`), PostgreSQL an array
   * (`= ANY(?::text[])`, planned as primary-key lookups).
   */
  readonly inList: string;
  /** The parameter of `inList`: the values as JSON text (SQLite) or as an array (PostgreSQL). */
  list(values: readonly string[]): unknown;
}

/** `n` placeholders: `?, ?, …`. */
export const marks = (n: number): string => Array.from({ length: n }, () => '?').join(', ');
