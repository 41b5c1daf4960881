// Agent releases, the rollout and version pins (release-types.ts), written once for both stores
// over the SqlRunner (sql-runner.ts).
import type { ReleaseRecord, ReleaseStore, RolloutRecord, VersionPinRecord } from './release-types.js';
import type { SqlRunner } from './sql-runner.js';

interface ReleaseRow {
  version: string;
  digest: string;
  signature: string;
  size_bytes: number | string;
  storage_type: string;
  storage_key: string;
  created_at: string;
}

const releaseFromRow = (r: ReleaseRow): ReleaseRecord => ({
  version: r.version,
  digest: r.digest,
  signature: r.signature,
  sizeBytes: Number(r.size_bytes),
  storageType: r.storage_type === 's3' ? 's3' : 'local',
  storageKey: r.storage_key,
  createdAt: r.created_at,
});

/** The rollout is one row. */
const FLEET = 'fleet';

export class SqlReleaseStore implements ReleaseStore {
  constructor(private readonly db: SqlRunner) {}

  async insertRelease(r: ReleaseRecord): Promise<boolean> {
    const changed = await this.db.run(
      `INSERT INTO agent_releases (version, digest, signature, size_bytes, storage_type, storage_key, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (version) DO NOTHING`,
      [r.version, r.digest, r.signature, r.sizeBytes, r.storageType, r.storageKey, r.createdAt],
    );
    return changed > 0;
  }

  getRelease(version: string): Promise<ReleaseRecord | null> {
    return this.db.get('SELECT * FROM agent_releases WHERE version = ?', [version], releaseFromRow);
  }

  async listReleases(): Promise<ReleaseRecord[]> {
    const rows = await this.db.all<ReleaseRow>(
      'SELECT * FROM agent_releases ORDER BY created_at DESC, version DESC',
      [],
    );
    return rows.map(releaseFromRow);
  }

  getRollout(): Promise<RolloutRecord | null> {
    return this.db.get(
      'SELECT version, percent, updated_at FROM agent_rollout WHERE id = ?',
      [FLEET],
      (r: { version: string; percent: number | string; updated_at: string }) => ({
        version: r.version,
        percent: Number(r.percent),
        updatedAt: r.updated_at,
      }),
    );
  }

  async setRollout(r: RolloutRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO agent_rollout (id, version, percent, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET version = excluded.version, percent = excluded.percent,
       updated_at = excluded.updated_at`,
      [FLEET, r.version, r.percent, r.updatedAt],
    );
  }

  async listPins(): Promise<VersionPinRecord[]> {
    const rows = await this.db.all<{ device_id: string; version: string; created_at: string }>(
      'SELECT device_id, version, created_at FROM agent_version_pins',
      [],
    );
    return rows.map((r) => ({ deviceId: r.device_id, version: r.version, createdAt: r.created_at }));
  }

  async setPin(p: VersionPinRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO agent_version_pins (device_id, version, created_at) VALUES (?, ?, ?)
       ON CONFLICT (device_id) DO UPDATE SET version = excluded.version, created_at = excluded.created_at`,
      [p.deviceId, p.version, p.createdAt],
    );
  }

  async deletePin(deviceId: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM agent_version_pins WHERE device_id = ?', [deviceId])) > 0;
  }
}
