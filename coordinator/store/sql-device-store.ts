// Device rows, written once for both stores over the SqlRunner (sql-runner.ts): enrolled, found by
// token hash on every link (revoked devices never match), seen, listed, revoked once.
import type { DeviceRecord } from './records.js';
import { type DeviceRow, rowToDevice } from './rows.js';
import type { SqlRunner } from './sql-runner.js';

export class SqlDevices {
  constructor(private readonly db: SqlRunner) {}

  async insert(device: DeviceRecord, tokenHash: string): Promise<void> {
    await this.db.run(
      'INSERT INTO devices (id, name, token_hash, created_at, revoked_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)',
      [device.id, device.name, tokenHash, device.createdAt, device.revokedAt, device.lastSeenAt],
    );
  }

  /** Every link: one statement text, prepared once by the runner. */
  findByTokenHash(hash: string): Promise<DeviceRecord | null> {
    return this.db.get(
      'SELECT * FROM devices WHERE token_hash = ? AND revoked_at IS NULL',
      [hash],
      rowToDevice,
    );
  }

  async list(): Promise<DeviceRecord[]> {
    return (await this.db.all<DeviceRow>('SELECT * FROM devices ORDER BY created_at', [])).map(rowToDevice);
  }

  /** False when the device is unknown or already revoked (the first revocation's time stays). */
  async revoke(id: string, at: string): Promise<boolean> {
    return (
      (await this.db.run('UPDATE devices SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [at, id])) >
      0
    );
  }

  /** Revoked or not: a link already open keeps its last-seen time current. */
  async touch(id: string, at: string): Promise<void> {
    await this.db.run('UPDATE devices SET last_seen_at = ? WHERE id = ?', [at, id]);
  }
}
