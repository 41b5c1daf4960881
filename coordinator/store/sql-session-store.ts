// Session rows, written once for both stores over the SqlRunner (sql-runner.ts): created, read,
// pinned to their first device, closed, expired. Every change is one conditional statement, so
// coordinators sharing a database never both pin a session or both expire it.
import type { SessionRecord } from './records.js';
import { rowToSession, type SessionRow } from './rows.js';
import type { SqlRunner } from './sql-runner.js';

export class SqlSessions {
  constructor(private readonly db: SqlRunner) {}

  async insert(s: SessionRecord): Promise<void> {
    await this.db.run(
      'INSERT INTO sessions (id, owner_id, status, created_at, expires_at, expires_at_ms, closed_at, device_id, placement) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [
        s.id,
        s.ownerId,
        s.status,
        s.createdAt,
        s.expiresAt,
        s.expiresAtMs,
        s.closedAt,
        s.deviceId,
        s.placement ? JSON.stringify(s.placement) : null,
      ],
    );
  }

  async get(id: string): Promise<SessionRecord | null> {
    const [row] = await this.db.all<SessionRow>('SELECT * FROM sessions WHERE id = ?', [id]);
    return row ? rowToSession(row) : null;
  }

  async pinDevice(id: string, deviceId: string): Promise<string | null> {
    const [won] = await this.db.writeAll<{ device_id: string }>(
      'UPDATE sessions SET device_id = ? WHERE id = ? AND device_id IS NULL RETURNING device_id',
      [deviceId, id],
    );
    if (won) return won.device_id;
    // Lost the race (or pinned before): a pin is never undone, so the committed one is final.
    const [row] = await this.db.all<{ device_id: string | null }>(
      'SELECT device_id FROM sessions WHERE id = ?',
      [id],
    );
    return row?.device_id ?? null;
  }

  async close(id: string, at: string): Promise<SessionRecord | null> {
    await this.db.run(
      "UPDATE sessions SET status = 'closed', closed_at = ? WHERE id = ? AND status = 'active'",
      [at, id],
    );
    return this.get(id);
  }

  async expire(nowMs: number): Promise<string[]> {
    const rows = await this.db.writeAll<{ id: string }>(
      "UPDATE sessions SET status = 'expired' WHERE status = 'active' AND expires_at_ms <= ? RETURNING id",
      [nowMs],
    );
    return rows.map((r) => r.id);
  }
}
