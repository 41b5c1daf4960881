// Device standing and disputes in SQLite (see store/trust-types.ts).
import type Database from 'better-sqlite3';
import {
  type DeviceTrustRecord,
  type DisputeRecord,
  type DisputeRow,
  disputeFromRow,
  TRUST_COLUMNS,
  type TrustRow,
  type TrustStore,
  trustFromRow,
  trustValues,
} from '../trust-types.js';

export class SqliteTrustStore implements TrustStore {
  private readonly upsert: Database.Statement;
  private readonly getOne: Database.Statement<[string], TrustRow>;

  constructor(private readonly db: Database.Database) {
    const cols = TRUST_COLUMNS.join(', ');
    this.upsert = db.prepare(
      `INSERT OR REPLACE INTO device_trust (${cols}) VALUES (${TRUST_COLUMNS.map(() => '?').join(', ')})`,
    );
    this.getOne = db.prepare('SELECT * FROM device_trust WHERE device_id = ?');
  }

  async getDeviceTrust(deviceId: string): Promise<DeviceTrustRecord | null> {
    const row = this.getOne.get(deviceId);
    return row ? trustFromRow(row) : null;
  }

  async listDeviceTrust(deviceIds: readonly string[]): Promise<DeviceTrustRecord[]> {
    const out: DeviceTrustRecord[] = [];
    for (const id of deviceIds) {
      const row = this.getOne.get(id);
      if (row) out.push(trustFromRow(row));
    }
    return out;
  }

  async putDeviceTrust(record: DeviceTrustRecord): Promise<void> {
    this.upsert.run(...trustValues(record, (b) => (b ? 1 : 0)));
  }

  async insertDispute(d: DisputeRecord): Promise<void> {
    this.db
      .prepare(
        'INSERT INTO disputes (id, job_id, check_job_id, device_a, device_b, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(d.id, d.jobId, d.checkJobId, d.deviceA, d.deviceB, d.detail, d.createdAt);
  }

  async listDisputes(limit: number): Promise<DisputeRecord[]> {
    return this.db
      .prepare<[number], DisputeRow>('SELECT * FROM disputes ORDER BY created_at DESC LIMIT ?')
      .all(limit)
      .map(disputeFromRow);
  }
}
