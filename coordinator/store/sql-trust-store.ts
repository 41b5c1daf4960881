// Device standing and disputes (trust-types.ts), written once for both stores over the SqlRunner
// (sql-runner.ts). Each write is one statement; a record is replaced whole by an upsert.
import { marks, type SqlRunner } from './sql-runner.js';
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
} from './trust-types.js';

const UPSERT_SQL = `INSERT INTO device_trust (${TRUST_COLUMNS.join(', ')}) VALUES (${marks(TRUST_COLUMNS.length)})
  ON CONFLICT (device_id) DO UPDATE SET ${TRUST_COLUMNS.slice(1)
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')}`;

/**
 * Ids per read of listDeviceTrust. Every read binds exactly this many (NULL past the last id, which
 * matches no row), so there is one SQL text for any fleet size: SQLite prepares it once. Well under
 * SQLite's 32,766 and PostgreSQL's 65,535 parameters.
 */
const IDS_PER_READ = 500;
const LIST_SQL = `SELECT * FROM device_trust WHERE device_id IN (${marks(IDS_PER_READ)})`;

export class SqlTrustStore implements TrustStore {
  constructor(private readonly db: SqlRunner) {}

  async getDeviceTrust(deviceId: string): Promise<DeviceTrustRecord | null> {
    const [row] = await this.db.all<TrustRow>('SELECT * FROM device_trust WHERE device_id = ?', [deviceId]);
    return row ? trustFromRow(row) : null;
  }

  /** The known devices among `deviceIds`, each once, in no particular order. */
  async listDeviceTrust(deviceIds: readonly string[]): Promise<DeviceTrustRecord[]> {
    const ids = [...new Set(deviceIds)];
    const out: DeviceTrustRecord[] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_READ) {
      const chunk: Array<string | null> = ids.slice(i, i + IDS_PER_READ);
      while (chunk.length < IDS_PER_READ) chunk.push(null);
      for (const row of await this.db.all<TrustRow>(LIST_SQL, chunk)) out.push(trustFromRow(row));
    }
    return out;
  }

  async putDeviceTrust(record: DeviceTrustRecord): Promise<void> {
    await this.db.run(
      UPSERT_SQL,
      trustValues(record, (b) => (b ? 1 : 0)),
    );
  }

  async insertDispute(d: DisputeRecord): Promise<void> {
    await this.db.run(
      'INSERT INTO disputes (id, job_id, check_job_id, device_a, device_b, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [d.id, d.jobId, d.checkJobId, d.deviceA, d.deviceB, d.detail, d.createdAt],
    );
  }

  async listDisputes(limit: number): Promise<DisputeRecord[]> {
    const rows = await this.db.all<DisputeRow>('SELECT * FROM disputes ORDER BY created_at DESC LIMIT ?', [
      limit,
    ]);
    return rows.map(disputeFromRow);
  }
}
