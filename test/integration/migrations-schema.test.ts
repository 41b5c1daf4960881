// The one list of migrations (coordinator/store/migrations.ts) builds the same tables and columns on
// an empty SQLite file and an empty PostgreSQL database, through each store's own migration runner.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { MIGRATIONS, migrationsFor } from '../../coordinator/store/migrations.js';
import { openStore } from '../../coordinator/store/open.js';
import { postgresSkip } from '../helpers/needs.js';
import { type FreshPostgres, freshPostgresUrl } from '../helpers/postgres.js';

/** Columns only PostgreSQL has, each from a PostgreSQL-only migration (a SQLite file is never shared). */
const POSTGRES_ONLY_COLUMNS = ['jobs.change_xid'];

type Schema = Map<string, string[]>;

const pgSkip = await postgresSkip();

function sqliteSchema(file: string): Schema {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all();
    return new Map(
      tables.map(({ name }) => [
        name,
        db
          .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${name}')`)
          .all()
          .map((c) => c.name)
          .sort(),
      ]),
    );
  } finally {
    db.close();
  }
}

async function postgresSchema(url: string): Promise<Schema> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
       ORDER BY c.table_name, c.column_name`,
    );
    const out: Schema = new Map();
    for (const r of rows) {
      if (POSTGRES_ONLY_COLUMNS.includes(`${r.table_name}.${r.column_name}`)) continue;
      out.set(r.table_name, [...(out.get(r.table_name) ?? []), r.column_name]);
    }
    return out;
  } finally {
    await client.end();
  }
}

describe('migrations: one list for both stores', () => {
  it('versions are unique, and every entry gives each dialect SQL or leaves it out on purpose', () => {
    const versions = MIGRATIONS.map((m) => m.version);
    assert.equal(new Set(versions).size, versions.length, 'no version twice');
    for (const m of MIGRATIONS) {
      const shared = m.sql !== undefined;
      assert.ok(
        shared !== (m.sqlite !== undefined || m.postgres !== undefined),
        `version ${m.version}: sql or per dialect`,
      );
    }
    const sqlite = migrationsFor('sqlite').map((m) => m.version);
    assert.deepEqual(
      sqlite,
      sqlite.map((_, i) => i + 1),
      'SQLite versions are 1…n with no gap',
    );
    assert.deepEqual(
      migrationsFor('postgres')
        .filter((m) => m.version > 1000)
        .map((m) => m.version),
      MIGRATIONS.filter((m) => m.sqlite === undefined && m.sql === undefined).map((m) => m.version),
      'only PostgreSQL-only changes are numbered past 1000',
    );
  });

  describe('applied to empty databases', { skip: pgSkip }, () => {
    let dir: string;
    let db: FreshPostgres;
    before(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
      db = await freshPostgresUrl();
    });
    after(async () => {
      await db?.drop();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('SQLite and PostgreSQL end with the same tables and columns', async () => {
      const file = path.join(dir, 'crawl.db');
      await (await openStore(`sqlite:${file}`)).close();
      await (await openStore(db.url)).close();
      const lite = sqliteSchema(file);
      const post = await postgresSchema(db.url);
      assert.ok(lite.has('jobs') && lite.has('push_events'), 'the migrations ran');
      assert.deepEqual([...post.keys()].sort(), [...lite.keys()].sort(), 'the same tables');
      for (const [table, columns] of lite) {
        assert.deepEqual(post.get(table), columns, `the same columns in ${table}`);
      }
    });
  });
});
