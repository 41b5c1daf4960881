// One sweep read back with its job refs, written once for both stores over the SqlRunner
// (sql-runner.ts). The dashboard's newest sweeps stay with each store: their refs are read by a list
// of ids, bound as JSON on SQLite and as an array on PostgreSQL.
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
}
