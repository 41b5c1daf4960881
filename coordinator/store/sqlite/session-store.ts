// Session rows in SQLite: created, read, pinned to their first device, closed, expired. Writes go
// through the store's group commit (write-batch.ts).
import type Database from 'better-sqlite3';
import type { SessionRecord } from '../records.js';
import { rowToSession, type SessionRow } from '../rows.js';
import type { WriteBatch } from './write-batch.js';

export class SqliteSessions {
  constructor(
    private readonly db: Database.Database,
    private readonly prepare: Database.Database['prepare'],
    private readonly batch: WriteBatch,
  ) {}

  async insert(s: SessionRecord): Promise<void> {
    const stmt = this.prepare(
      'INSERT INTO sessions (id, owner_id, status, created_at, expires_at, expires_at_ms, closed_at, device_id, placement) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    await this.batch.write(() =>
      stmt.run(
        s.id,
        s.ownerId,
        s.status,
        s.createdAt,
        s.expiresAt,
        s.expiresAtMs,
        s.closedAt,
        s.deviceId,
        s.placement ? JSON.stringify(s.placement) : null,
      ),
    );
  }

  async get(id: string): Promise<SessionRecord | null> {
    const row = this.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?').get(id);
    return row ? rowToSession(row) : null;
  }

  async pinDevice(id: string, deviceId: string): Promise<string | null> {
    const pin = this.prepare('UPDATE sessions SET device_id = ? WHERE id = ? AND device_id IS NULL');
    const read = this.prepare<[string], { device_id: string | null }>(
      'SELECT device_id FROM sessions WHERE id = ?',
    );
    return this.batch.write(() => {
      pin.run(deviceId, id);
      return read.get(id)?.device_id ?? null;
    });
  }

  async close(id: string, at: string): Promise<SessionRecord | null> {
    const stmt = this.prepare(
      "UPDATE sessions SET status = 'closed', closed_at = ? WHERE id = ? AND status = 'active'",
    );
    await this.batch.write(() => stmt.run(at, id));
    return this.get(id);
  }

  async expire(nowMs: number): Promise<string[]> {
    return this.batch.write(
      this.db.transaction(() => {
        const ids = this.prepare<[number], { id: string }>(
          "SELECT id FROM sessions WHERE status = 'active' AND expires_at_ms <= ?",
        )
          .all(nowMs)
          .map((r) => r.id);
        const upd = this.prepare("UPDATE sessions SET status = 'expired' WHERE id = ? AND status = 'active'");
        for (const id of ids) upd.run(id);
        return ids;
      }),
    );
  }
}
