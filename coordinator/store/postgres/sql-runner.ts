// The PostgreSQL side of the shared SQL stores (store/sql-runner.ts): `?` placeholders numbered
// `$1…` once per SQL text (the shared SQL holds no `?` inside a literal).
import type pg from 'pg';
import type { SqlRunner, SqlStatement } from '../sql-runner.js';
import { withTransaction } from './transactions.js';

/** SqlRunner.inList on PostgreSQL: the list arrives as one text array. */
export const POSTGRES_IN_LIST = '= ANY(?::text[])';

/** The text pg runs for shared SQL: each `?` numbered `$1…` in order. */
export const numberMarks = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

export function postgresRunner(pool: pg.Pool): SqlRunner {
  const texts = new Map<string, string>();
  const numbered = (sql: string): string => {
    let text = texts.get(sql);
    if (text === undefined) {
      // Texts vary only by list lengths (ids, states): few, but bounded all the same.
      if (texts.size >= 1000) texts.clear();
      text = numberMarks(sql);
      texts.set(sql, text);
    }
    return text;
  };
  const all = async <T>(sql: string, params: readonly unknown[]): Promise<T[]> =>
    (await pool.query(numbered(sql), params as unknown[])).rows as T[];
  return {
    all,
    writeAll: all,
    async get<T, R>(sql: string, params: readonly unknown[], map: (row: T) => R): Promise<R | null> {
      const row = (await pool.query(numbered(sql), params as unknown[])).rows[0] as T | undefined;
      return row === undefined ? null : map(row);
    },
    async run(sql: string, params: readonly unknown[]): Promise<number> {
      return (await pool.query(numbered(sql), params as unknown[])).rowCount ?? 0;
    },
    transaction<T>(steps: () => Generator<SqlStatement, T, number>): Promise<T> {
      return withTransaction(pool, async (client) => {
        const it = steps();
        let step = it.next();
        while (!step.done) {
          const res = await client.query(numbered(step.value.sql), step.value.params as unknown[]);
          step = it.next(res.rowCount ?? 0);
        }
        return step.value;
      });
    },
    async tuples<T extends unknown[]>(sql: string, params: readonly unknown[]): Promise<T[]> {
      // Rows as arrays: pg builds no object with named keys a row.
      const res = await pool.query<T>({ text: numbered(sql), values: params as unknown[], rowMode: 'array' });
      return res.rows;
    },
    inList: POSTGRES_IN_LIST,
    list: (values) => values,
  };
}
