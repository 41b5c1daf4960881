// Network measurements in SQLite (see store/measure-types.ts).
import type Database from 'better-sqlite3';
import {
  MEASUREMENT_COLUMNS,
  type MeasurementRecord,
  type MeasurementRow,
  type MeasurementStore,
  measurementFromRow,
  measurementValues,
} from '../measure-types.js';

export class SqliteMeasurementStore implements MeasurementStore {
  private readonly insert: Database.Statement;
  private readonly getOne: Database.Statement<[string], MeasurementRow>;

  constructor(db: Database.Database) {
    this.insert = db.prepare(
      `INSERT INTO measurements (${MEASUREMENT_COLUMNS.join(', ')}) VALUES (${MEASUREMENT_COLUMNS.map(() => '?').join(', ')})`,
    );
    this.getOne = db.prepare('SELECT * FROM measurements WHERE id = ?');
  }

  async insertMeasurement(m: MeasurementRecord): Promise<void> {
    this.insert.run(...measurementValues(m));
  }

  async getMeasurement(id: string): Promise<MeasurementRecord | null> {
    const row = this.getOne.get(id);
    return row ? measurementFromRow(row) : null;
  }
}
