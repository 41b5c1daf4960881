// Queries written once with Kysely and compiled, once per dialect when first used, to the SQL text
// the existing drivers run (better-sqlite3, pg): Kysely here only builds text, it never connects
// (a DummyDriver). Values are named placeholders (`param('ownerId')`), so one compiled statement
// serves every call: binding is an array lookup per parameter, with no query building on the hot
// path (scripts/bench/sql-compile.ts measures both).
import {
  type Compilable,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Dialect } from '../migrations.js';
import type { Tables } from './tables.js';

function builder(dialect: Dialect): Kysely<Tables> {
  return dialect === 'sqlite'
    ? new Kysely<Tables>({
        dialect: {
          createAdapter: () => new SqliteAdapter(),
          createDriver: () => new DummyDriver(),
          createIntrospector: (db) => new SqliteIntrospector(db),
          createQueryCompiler: () => new SqliteQueryCompiler(),
        },
      })
    : new Kysely<Tables>({
        dialect: {
          createAdapter: () => new PostgresAdapter(),
          createDriver: () => new DummyDriver(),
          createIntrospector: (db) => new PostgresIntrospector(db),
          createQueryCompiler: () => new PostgresQueryCompiler(),
        },
      });
}

const builders: Record<Dialect, Kysely<Tables>> = {
  sqlite: builder('sqlite'),
  postgres: builder('postgres'),
};

/** A named placeholder in a query being compiled; bound by name at each call. */
class Param {
  constructor(readonly name: string) {}
}

/** Stands for the value of `args[name]` (typed as the column it is compared with or written to). */
export function param<T>(name: string): T {
  return new Param(name) as unknown as T;
}

/** A statement compiled for one dialect: its text and how to order a call's arguments. */
export interface Compiled<A> {
  readonly sql: string;
  bind(args: A): unknown[];
}

/**
 * Compiles `build` for `dialect`; every value in it must be a `param`. `A` names the arguments.
 * Throws at compile time (module load) when a value is not a param, so no constant slips in.
 */
export function compile<A extends object>(
  dialect: Dialect,
  build: (db: Kysely<Tables>) => Compilable,
): Compiled<A> {
  const { sql, parameters } = build(builders[dialect]).compile();
  const names = parameters.map((p) => {
    if (!(p instanceof Param)) throw new Error(`a query value must be a param(), got ${JSON.stringify(p)}`);
    return p.name as keyof A;
  });
  return { sql, bind: (args) => names.map((n) => args[n]) };
}

/** One query for both dialects: compiled for each on first use, then reused. */
export function query<A extends object>(
  build: (db: Kysely<Tables>) => Compilable,
): (d: Dialect) => Compiled<A> {
  const cache: Partial<Record<Dialect, Compiled<A>>> = {};
  return (d) => {
    cache[d] ??= compile<A>(d, build);
    return cache[d];
  };
}
