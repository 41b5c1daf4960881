// Batch status's read on SQLite: the view's columns of many jobs in one prepared statement.
import type Database from 'better-sqlite3';
import type { JobViewRecord } from '../records.js';
import { JOB_VIEW_COLUMNS, type JobViewTuple, tupleToJobView } from '../rows.js';

/** The read: `?` 1 is the ids as a JSON array, `?` 2 the owner. */
export const JOB_VIEWS_SQL = `SELECT ${JOB_VIEW_COLUMNS} FROM jobs WHERE id IN (SELECT value FROM json_each(?)) AND owner_id = ?`;

/**
 * The ids travel as one JSON array (`json_each`), so the statement is the same whatever their
 * number: prepared once, no bound-parameter cap, no chunks. Each id is one lookup in the `jobs_view`
 * index (migration 10), which holds every column the statement reads: the table's rows, with their
 * request and result JSON, are never visited. Rows come back as arrays (`raw()`).
 */
export class SqliteJobViews {
  private readonly stmt: Database.Statement<[string, string], JobViewTuple>;

  constructor(db: Database.Database) {
    this.stmt = db.prepare<[string, string], JobViewTuple>(JOB_VIEWS_SQL).raw(true);
  }

  read(ownerId: string, ids: readonly string[]): JobViewRecord[] {
    if (ids.length === 0) return [];
    return this.stmt.all(JSON.stringify(ids), ownerId).map(tupleToJobView);
  }
}
