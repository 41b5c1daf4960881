// Batch status's read on SQLite: the view's columns of many jobs in one prepared statement.
import type Database from 'better-sqlite3';
import { JOB_VIEW_COLUMNS, type JobViewRow, rowToJobView } from '../rows.js';
import type { JobViewRecord } from '../types.js';

/**
 * The ids travel as one JSON array (`json_each`), so the statement is the same whatever their
 * number: prepared once, no bound-parameter cap, no chunks. The primary key finds each row.
 */
export class SqliteJobViews {
  private readonly stmt: Database.Statement<[string, string], JobViewRow>;

  constructor(db: Database.Database) {
    this.stmt = db.prepare<[string, string], JobViewRow>(
      `SELECT ${JOB_VIEW_COLUMNS} FROM jobs WHERE id IN (SELECT value FROM json_each(?)) AND owner_id = ?`,
    );
  }

  read(ownerId: string, ids: readonly string[]): JobViewRecord[] {
    if (ids.length === 0) return [];
    return this.stmt.all(JSON.stringify(ids), ownerId).map(rowToJobView);
  }
}
