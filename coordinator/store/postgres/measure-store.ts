// Network measurements in PostgreSQL (see store/measure-types.ts).
import type pg from 'pg';
import {
  MEASUREMENT_COLUMNS,
  type MeasurementRecord,
  type MeasurementRow,
  type MeasurementStore,
  measurementFromRow,
  measurementValues,
} from '../measure-types.js';

const INSERT_SQL = `INSERT INTO measurements (${MEASUREMENT_COLUMNS.join(', ')}) VALUES (${MEASUREMENT_COLUMNS.map(
  (_, i) => `$${i + 1}`,
).join(', ')})`;

export class PostgresMeasurementStore implements MeasurementStore {
  constructor(private readonly pool: pg.Pool) {}

  async insertMeasurement(m: MeasurementRecord): Promise<void> {
    await this.pool.query(INSERT_SQL, measurementValues(m));
  }

  async getMeasurement(id: string): Promise<MeasurementRecord | null> {
    const { rows } = await this.pool.query<MeasurementRow>('SELECT * FROM measurements WHERE id = $1', [id]);
    return rows[0] ? measurementFromRow(rows[0]) : null;
  }
}
