// Sweeps read back with their job refs, written once for both stores over the SqlRunner
// (sql-runner.ts): one by id, and the dashboard's newest with every one's refs in one more statement
// (by a list of ids, SqlRunner.inList), not one statement a sweep.
import type { SweepRecord } from './records.js';
import { rowToSweep, type SweepJobRow, type SweepRow } from './rows.js';
import type { SqlRunner } from './sql-runner.js';

export class SqlSweepReads {
  constructor(private readonly db: SqlRunner) {}

  async get(id: string): Promise<SweepRecord | null> {
    const [row] = await this.db.all<SweepRow>('SELECT * FROM sweeps WHERE id = ?', [id]);
    if (!row) return null;
    const refs = await this.db.all<SweepJobRow>(
      'SELECT * FROM sweep_jobs WHERE sweep_id = ? ORDER BY position',
      [id],
    );
    return rowToSweep(row, refs);
  }

  /** The newest sweeps of every owner, newest first. */
  async recent(limit: number): Promise<SweepRecord[]> {
    const rows = await this.db.all<SweepRow>('SELECT * FROM sweeps ORDER BY created_at DESC, id LIMIT ?', [
      limit,
    ]);
    if (rows.length === 0) return [];
    const refs = await this.db.all<SweepJobRow>(
      `SELECT * FROM sweep_jobs WHERE sweep_id ${this.db.inList} ORDER BY position`,
      [this.db.list(rows.map((r) => r.id))],
    );
    return rows.map((row) =>
      rowToSweep(
        row,
        refs.filter((r) => r.sweep_id === row.id),
      ),
    );
  }
}
