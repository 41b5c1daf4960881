// Sweep schedules and their runs in SQLite (see store/schedule-types.ts). One process owns the file;
// the claim is still a conditional UPDATE so that the code path matches PostgreSQL's.
import type Database from 'better-sqlite3';
import {
  RUN_COLUMNS,
  type RunRow,
  type RunStatus,
  runFromRow,
  runValues,
  SCHEDULE_COLUMNS,
  type ScheduleKeyRow,
  type ScheduleRecord,
  type ScheduleRow,
  type ScheduleRunRecord,
  type ScheduleStore,
  scheduleFromRow,
  scheduleValues,
} from '../schedule-types.js';

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export class SqliteScheduleStore implements ScheduleStore {
  constructor(
    private readonly db: Database.Database,
    private readonly prepare: Database.Database['prepare'],
  ) {}

  async insertSchedule(s: ScheduleRecord): Promise<void> {
    this.prepare(
      `INSERT INTO sweep_schedules (${SCHEDULE_COLUMNS.join(', ')}) VALUES (${placeholders(SCHEDULE_COLUMNS.length)})`,
    ).run(...scheduleValues(s, (b) => (b ? 1 : 0)));
  }

  async getSchedule(id: string): Promise<ScheduleRecord | null> {
    const row = this.prepare<[string], ScheduleRow>('SELECT * FROM sweep_schedules WHERE id = ?').get(id);
    return row ? scheduleFromRow(row) : null;
  }

  async listSchedules(ownerId: string): Promise<ScheduleRecord[]> {
    return this.prepare<[string], ScheduleRow>(
      'SELECT * FROM sweep_schedules WHERE owner_id = ? ORDER BY created_at, id',
    )
      .all(ownerId)
      .map(scheduleFromRow);
  }

  async countSchedules(ownerId: string): Promise<number> {
    const row = this.prepare<[string], { n: number }>(
      'SELECT COUNT(*) AS n FROM sweep_schedules WHERE owner_id = ?',
    ).get(ownerId);
    return row?.n ?? 0;
  }

  async setPaused(id: string, paused: boolean, nextRunMs: number | null): Promise<boolean> {
    return (
      this.prepare('UPDATE sweep_schedules SET paused = ?, next_run_ms = ? WHERE id = ?').run(
        paused ? 1 : 0,
        nextRunMs,
        id,
      ).changes > 0
    );
  }

  async deleteSchedule(id: string): Promise<boolean> {
    return this.db.transaction(() => {
      this.prepare('DELETE FROM sweep_schedule_runs WHERE schedule_id = ?').run(id);
      return this.prepare('DELETE FROM sweep_schedules WHERE id = ?').run(id).changes > 0;
    })();
  }

  async listDue(nowMs: number, limit: number): Promise<ScheduleRecord[]> {
    return this.prepare<[number, number], ScheduleRow>(
      'SELECT * FROM sweep_schedules WHERE NOT paused AND next_run_ms <= ? ORDER BY next_run_ms LIMIT ?',
    )
      .all(nowMs, limit)
      .map(scheduleFromRow);
  }

  async nextDueMs(): Promise<number | null> {
    const row = this.prepare<[], { m: number | null }>(
      'SELECT MIN(next_run_ms) AS m FROM sweep_schedules WHERE NOT paused',
    ).get();
    return row?.m ?? null;
  }

  async claimRun(run: ScheduleRunRecord, dueMs: number, nextMs: number | null): Promise<boolean> {
    return this.db.transaction(() => {
      const moved = this.prepare(
        'UPDATE sweep_schedules SET next_run_ms = ? WHERE id = ? AND next_run_ms = ? AND NOT paused',
      ).run(nextMs, run.scheduleId, dueMs).changes;
      if (moved === 0) return false;
      return (
        this.prepare(
          `INSERT OR IGNORE INTO sweep_schedule_runs (${RUN_COLUMNS.join(', ')}) VALUES (${placeholders(RUN_COLUMNS.length)})`,
        ).run(...runValues(run)).changes > 0
      );
    })();
  }

  async pruneRuns(scheduleId: string, keep: number): Promise<number> {
    return this.prepare(
      'DELETE FROM sweep_schedule_runs WHERE schedule_id = ? AND scheduled_ms < (SELECT scheduled_ms FROM sweep_schedule_runs WHERE schedule_id = ? ORDER BY scheduled_ms DESC LIMIT 1 OFFSET ?)',
    ).run(scheduleId, scheduleId, keep - 1).changes;
  }

  async finishRun(scheduleId: string, scheduledMs: number, status: RunStatus, reason: string): Promise<void> {
    this.prepare(
      'UPDATE sweep_schedule_runs SET status = ?, reason = ? WHERE schedule_id = ? AND scheduled_ms = ?',
    ).run(status, reason, scheduleId, scheduledMs);
  }

  async listRuns(scheduleId: string, limit: number): Promise<ScheduleRunRecord[]> {
    return this.prepare<[string, number], RunRow>(
      'SELECT * FROM sweep_schedule_runs WHERE schedule_id = ? ORDER BY scheduled_ms DESC LIMIT ?',
    )
      .all(scheduleId, limit)
      .map(runFromRow);
  }

  async runBySweep(sweepId: string): Promise<ScheduleRunRecord | null> {
    const row = this.prepare<[string], RunRow>('SELECT * FROM sweep_schedule_runs WHERE sweep_id = ?').get(
      sweepId,
    );
    return row ? runFromRow(row) : null;
  }

  async previousRun(scheduleId: string, scheduledMs: number): Promise<ScheduleRunRecord | null> {
    const row = this.prepare<[string, number], RunRow>(
      "SELECT * FROM sweep_schedule_runs WHERE schedule_id = ? AND scheduled_ms < ? AND status = 'submitted' ORDER BY scheduled_ms DESC LIMIT 1",
    ).get(scheduleId, scheduledMs);
    return row ? runFromRow(row) : null;
  }

  async getApiKeyRow(id: string): Promise<ScheduleKeyRow | null> {
    return this.prepare<[string], ScheduleKeyRow>('SELECT * FROM api_keys WHERE id = ?').get(id) ?? null;
  }
}
