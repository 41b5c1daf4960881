// Network measurements (measure-types.ts), written once for both stores over the SqlRunner
// (sql-runner.ts): a measurement is one row, written with its jobs as a group (sql-group-store.ts)
// and read by id.
import {
  type MeasurementRecord,
  type MeasurementRow,
  type MeasurementStore,
  measurementFromRow,
} from './measure-types.js';
import type { SqlRunner } from './sql-runner.js';

export class SqlMeasurementStore implements MeasurementStore {
  constructor(private readonly db: SqlRunner) {}

  async getMeasurement(id: string): Promise<MeasurementRecord | null> {
    const [row] = await this.db.all<MeasurementRow>('SELECT * FROM measurements WHERE id = ?', [id]);
    return row ? measurementFromRow(row) : null;
  }
}
