// Sweep schedules and their runs (schedule-types.ts), written once for both stores over the
// SqlRunner (sql-runner.ts). Coordinators race for a firing with one conditional UPDATE in a
// transaction with the run's insert: on PostgreSQL the row lock taken by the UPDATE makes a
// concurrent claimant wait, then see next_run_ms moved; SQLite has one writer, and the claim is
// the same conditional UPDATE all the same.
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
} from './schedule-types.js';
import { marks, type SqlRunner, type SqlStatement } from './sql-runner.js';

const INSERT_SCHEDULE = `INSERT INTO sweep_schedules (${SCHEDULE_COLUMNS.join(', ')}) VALUES (${marks(SCHEDULE_COLUMNS.length)})`;
// Only a run already recorded for that time is passed over: any other conflict (a sweep id taken)
// fails the claim, and the schedule stays due.
const INSERT_RUN = `INSERT INTO sweep_schedule_runs (${RUN_COLUMNS.join(', ')}) VALUES (${marks(RUN_COLUMNS.length)})
  ON CONFLICT (schedule_id, scheduled_ms) DO NOTHING`;

export class SqlScheduleStore implements ScheduleStore {
  constructor(private readonly db: SqlRunner) {}

  async insertSchedule(s: ScheduleRecord): Promise<void> {
    await this.db.run(
      INSERT_SCHEDULE,
      scheduleValues(s, (b) => (b ? 1 : 0)),
    );
  }

  async getSchedule(id: string): Promise<ScheduleRecord | null> {
    const [row] = await this.db.all<ScheduleRow>('SELECT * FROM sweep_schedules WHERE id = ?', [id]);
    return row ? scheduleFromRow(row) : null;
  }

  async listSchedules(ownerId: string): Promise<ScheduleRecord[]> {
    const rows = await this.db.all<ScheduleRow>(
      'SELECT * FROM sweep_schedules WHERE owner_id = ? ORDER BY created_at, id',
      [ownerId],
    );
    return rows.map(scheduleFromRow);
  }

  async countSchedules(ownerId: string): Promise<number> {
    const [row] = await this.db.all<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM sweep_schedules WHERE owner_id = ?',
      [ownerId],
    );
    return Number(row?.n ?? 0);
  }

  async setPaused(id: string, paused: boolean, nextRunMs: number | null): Promise<boolean> {
    const changed = await this.db.run('UPDATE sweep_schedules SET paused = ?, next_run_ms = ? WHERE id = ?', [
      paused ? 1 : 0,
      nextRunMs,
      id,
    ]);
    return changed > 0;
  }

  async deleteSchedule(id: string): Promise<boolean> {
    return this.db.transaction(function* (): Generator<SqlStatement, boolean, number> {
      yield { sql: 'DELETE FROM sweep_schedule_runs WHERE schedule_id = ?', params: [id] };
      return (yield { sql: 'DELETE FROM sweep_schedules WHERE id = ?', params: [id] }) > 0;
    });
  }

  async listDue(nowMs: number, limit: number): Promise<ScheduleRecord[]> {
    const rows = await this.db.all<ScheduleRow>(
      'SELECT * FROM sweep_schedules WHERE NOT paused AND next_run_ms <= ? ORDER BY next_run_ms LIMIT ?',
      [nowMs, limit],
    );
    return rows.map(scheduleFromRow);
  }

  async nextDueMs(): Promise<number | null> {
    const [row] = await this.db.all<{ m: number | string | null }>(
      'SELECT MIN(next_run_ms) AS m FROM sweep_schedules WHERE NOT paused',
      [],
    );
    return row?.m == null ? null : Number(row.m);
  }

  async claimRun(run: ScheduleRunRecord, dueMs: number, nextMs: number | null): Promise<boolean> {
    return this.db.transaction(function* (): Generator<SqlStatement, boolean, number> {
      const moved: number = yield {
        sql: 'UPDATE sweep_schedules SET next_run_ms = ? WHERE id = ? AND next_run_ms = ? AND NOT paused',
        params: [nextMs, run.scheduleId, dueMs],
      };
      if (moved === 0) return false;
      return (yield { sql: INSERT_RUN, params: runValues(run) }) > 0;
    });
  }

  async pruneRuns(scheduleId: string, keep: number): Promise<number> {
    return this.db.run(
      'DELETE FROM sweep_schedule_runs WHERE schedule_id = ? AND scheduled_ms < (SELECT scheduled_ms FROM sweep_schedule_runs WHERE schedule_id = ? ORDER BY scheduled_ms DESC LIMIT 1 OFFSET ?)',
      [scheduleId, scheduleId, keep - 1],
    );
  }

  async finishRun(scheduleId: string, scheduledMs: number, status: RunStatus, reason: string): Promise<void> {
    await this.db.run(
      'UPDATE sweep_schedule_runs SET status = ?, reason = ? WHERE schedule_id = ? AND scheduled_ms = ?',
      [status, reason, scheduleId, scheduledMs],
    );
  }

  async listRuns(scheduleId: string, limit: number): Promise<ScheduleRunRecord[]> {
    const rows = await this.db.all<RunRow>(
      'SELECT * FROM sweep_schedule_runs WHERE schedule_id = ? ORDER BY scheduled_ms DESC LIMIT ?',
      [scheduleId, limit],
    );
    return rows.map(runFromRow);
  }

  async runBySweep(sweepId: string): Promise<ScheduleRunRecord | null> {
    const [row] = await this.db.all<RunRow>('SELECT * FROM sweep_schedule_runs WHERE sweep_id = ?', [
      sweepId,
    ]);
    return row ? runFromRow(row) : null;
  }

  async previousRun(scheduleId: string, scheduledMs: number): Promise<ScheduleRunRecord | null> {
    const [row] = await this.db.all<RunRow>(
      "SELECT * FROM sweep_schedule_runs WHERE schedule_id = ? AND scheduled_ms < ? AND status = 'submitted' ORDER BY scheduled_ms DESC LIMIT 1",
      [scheduleId, scheduledMs],
    );
    return row ? runFromRow(row) : null;
  }

  async getApiKeyRow(id: string): Promise<ScheduleKeyRow | null> {
    const [row] = await this.db.all<ScheduleKeyRow>('SELECT * FROM api_keys WHERE id = ?', [id]);
    return row ?? null;
  }
}
