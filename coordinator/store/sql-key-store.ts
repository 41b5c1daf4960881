// API key rows, written once for both stores over the SqlRunner (sql-runner.ts): created, found by
// hash on every request (revoked keys never match), listed, revoked once. `admin` is bound as 1/0
// (SQLite's INTEGER, read by PostgreSQL as a BOOLEAN) and read back through Boolean() in rows.ts.
import type { ApiKeyRecord } from './records.js';
import { type ApiKeyRow, rowToApiKey } from './rows.js';
import type { SqlRunner } from './sql-runner.js';

export class SqlApiKeys {
  constructor(private readonly db: SqlRunner) {}

  async insert(key: ApiKeyRecord, hash: string): Promise<void> {
    await this.db.run(
      'INSERT INTO api_keys (id, owner_id, name, hash, admin, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [key.id, key.ownerId, key.name, hash, key.admin ? 1 : 0, key.createdAt, key.revokedAt],
    );
  }

  /** Every authenticated request: one statement text, prepared once by the runner. */
  findByHash(hash: string): Promise<ApiKeyRecord | null> {
    return this.db.get('SELECT * FROM api_keys WHERE hash = ? AND revoked_at IS NULL', [hash], rowToApiKey);
  }

  /** Revoked or not. */
  get(id: string): Promise<ApiKeyRecord | null> {
    return this.db.get('SELECT * FROM api_keys WHERE id = ?', [id], rowToApiKey);
  }

  async list(): Promise<ApiKeyRecord[]> {
    return (await this.db.all<ApiKeyRow>('SELECT * FROM api_keys ORDER BY created_at', [])).map(rowToApiKey);
  }

  /** False when the key is unknown or already revoked (the first revocation's time stays). */
  async revoke(id: string, at: string): Promise<boolean> {
    return (
      (await this.db.run('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [
        at,
        id,
      ])) > 0
    );
  }
}
