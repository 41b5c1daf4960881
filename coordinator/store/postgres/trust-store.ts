// Device standing and disputes in PostgreSQL (see store/trust-types.ts).
import type pg from 'pg';
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

const UPSERT_SQL = `INSERT INTO device_trust (${TRUST_COLUMNS.join(', ')}) VALUES (${TRUST_COLUMNS.map(
  (_, i) => `$${i + 1}`,
).join(', ')}) ON CONFLICT (device_id) DO UPDATE SET ${TRUST_COLUMNS.slice(1)
  .map((c) => `${c} = EXCLUDED.${c}`)
  .join(', ')}`;

export class PostgresTrustStore implements TrustStore {
  constructor(private readonly pool: pg.Pool) {}

  async getDeviceTrust(deviceId: string): Promise<DeviceTrustRecord | null> {
    const { rows } = await this.pool.query<TrustRow>('SELECT * FROM device_trust WHERE device_id = $1', [
      deviceId,
    ]);
    return rows[0] ? trustFromRow(rows[0]) : null;
  }

  async listDeviceTrust(deviceIds: readonly string[]): Promise<DeviceTrustRecord[]> {
    if (deviceIds.length === 0) return [];
    const { rows } = await this.pool.query<TrustRow>('SELECT * FROM device_trust WHERE device_id = ANY($1)', [
      [...deviceIds],
    ]);
    return rows.map(trustFromRow);
  }

  async putDeviceTrust(record: DeviceTrustRecord): Promise<void> {
    await this.pool.query(
      UPSERT_SQL,
      trustValues(record, (b) => b),
    );
  }

  async insertDispute(d: DisputeRecord): Promise<void> {
    await this.pool.query(
      'INSERT INTO disputes (id, job_id, check_job_id, device_a, device_b, detail, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [d.id, d.jobId, d.checkJobId, d.deviceA, d.deviceB, d.detail, d.createdAt],
    );
  }

  async listDisputes(limit: number): Promise<DisputeRecord[]> {
    const { rows } = await this.pool.query<DisputeRow>(
      'SELECT * FROM disputes ORDER BY created_at DESC LIMIT $1',
      [limit],
    );
    return rows.map(disputeFromRow);
  }
}
