// Network measurements (measure-types.ts), written once for both stores over the SqlRunner
// (sql-runner.ts): a measurement is one row, written once and read by id.
import {
  MEASUREMENT_COLUMNS,
  type MeasurementRecord,
  type MeasurementRow,
  type MeasurementStore,
  measurementFromRow,
  measurementValues,
} from './measure-types.js';
import { marks, type SqlRunner } from './sql-runner.js';

const INSERT_SQL = `INSERT INTO measurements (${MEASUREMENT_COLUMNS.join(', ')}) VALUES (${marks(MEASUREMENT_COLUMNS.length)})`;

export class SqlMeasurementStore implements MeasurementStore {
  constructor(private readonly db: SqlRunner) {}

  async insertMeasurement(m: MeasurementRecord): Promise<void> {
    await this.db.run(INSERT_SQL, measurementValues(m));
  }

  async getMeasurement(id: string): Promise<MeasurementRecord | null> {
    const [row] = await this.db.all<MeasurementRow>('SELECT * FROM measurements WHERE id = ?', [id]);
    return row ? measurementFromRow(row) : null;
  }
}
