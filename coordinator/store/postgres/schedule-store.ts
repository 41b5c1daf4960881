// Sweep schedules and their runs in PostgreSQL (see store/schedule-types.ts). Coordinators race for
// a firing with one conditional UPDATE in a transaction with the run's insert: one of them wins.
import type pg from 'pg';
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
import { withTransaction } from './transactions.js';

const params = (n: number) => Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ');
const INSERT_SCHEDULE = `INSERT INTO sweep_schedules (${SCHEDULE_COLUMNS.join(', ')}) VALUES (${params(SCHEDULE_COLUMNS.length)})`;
const INSERT_RUN = `INSERT INTO sweep_schedule_runs (${RUN_COLUMNS.join(', ')}) VALUES (${params(RUN_COLUMNS.length)}) ON CONFLICT (schedule_id, scheduled_ms) DO NOTHING`;

export class PostgresScheduleStore implements ScheduleStore {
  constructor(private readonly pool: pg.Pool) {}

  /** Rows typed by the caller: pg's QueryResultRow demands an index signature our row interfaces lack. */
  private async rows<T>(sql: string, values: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(sql, values)).rows as T[];
  }

  async insertSchedule(s: ScheduleRecord): Promise<void> {
    await this.pool.query(
      INSERT_SCHEDULE,
      scheduleValues(s, (b) => b),
    );
  }

  async getSchedule(id: string): Promise<ScheduleRecord | null> {
    const [row] = await this.rows<ScheduleRow>('SELECT * FROM sweep_schedules WHERE id = $1', [id]);
    return row ? scheduleFromRow(row) : null;
  }

  async listSchedules(ownerId: string): Promise<ScheduleRecord[]> {
    return (
      await this.rows<ScheduleRow>(
        'SELECT * FROM sweep_schedules WHERE owner_id = $1 ORDER BY created_at, id',
        [ownerId],
      )
    ).map(scheduleFromRow);
  }

  async countSchedules(ownerId: string): Promise<number> {
    const [row] = await this.rows<{ n: string }>(
      'SELECT COUNT(*) AS n FROM sweep_schedules WHERE owner_id = $1',
      [ownerId],
    );
    return Number(row?.n ?? 0);
  }

  async setPaused(id: string, paused: boolean, nextRunMs: number | null): Promise<boolean> {
    const res = await this.pool.query(
      'UPDATE sweep_schedules SET paused = $1, next_run_ms = $2 WHERE id = $3',
      [paused, nextRunMs, id],
    );
    return (res.rowCount ?? 0) > 0;
  }

  async deleteSchedule(id: string): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      await client.query('DELETE FROM sweep_schedule_runs WHERE schedule_id = $1', [id]);
      return ((await client.query('DELETE FROM sweep_schedules WHERE id = $1', [id])).rowCount ?? 0) > 0;
    });
  }

  async listDue(nowMs: number, limit: number): Promise<ScheduleRecord[]> {
    return (
      await this.rows<ScheduleRow>(
        'SELECT * FROM sweep_schedules WHERE NOT paused AND next_run_ms <= $1 ORDER BY next_run_ms LIMIT $2',
        [nowMs, limit],
      )
    ).map(scheduleFromRow);
  }

  async nextDueMs(): Promise<number | null> {
    const [row] = await this.rows<{ m: string | null }>(
      'SELECT MIN(next_run_ms) AS m FROM sweep_schedules WHERE NOT paused',
    );
    return row?.m == null ? null : Number(row.m);
  }

  async claimRun(run: ScheduleRunRecord, dueMs: number, nextMs: number | null): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      // The row lock taken by the UPDATE makes a concurrent claimant wait, then see next_run_ms moved.
      const moved = await client.query(
        'UPDATE sweep_schedules SET next_run_ms = $1 WHERE id = $2 AND next_run_ms = $3 AND NOT paused',
        [nextMs, run.scheduleId, dueMs],
      );
      if ((moved.rowCount ?? 0) === 0) return false;
      return ((await client.query(INSERT_RUN, runValues(run))).rowCount ?? 0) > 0;
    });
  }

  async pruneRuns(scheduleId: string, keep: number): Promise<number> {
    const res = await this.pool.query(
      'DELETE FROM sweep_schedule_runs WHERE schedule_id = $1 AND scheduled_ms < (SELECT scheduled_ms FROM sweep_schedule_runs WHERE schedule_id = $1 ORDER BY scheduled_ms DESC LIMIT 1 OFFSET $2)',
      [scheduleId, keep - 1],
    );
    return res.rowCount ?? 0;
  }

  async finishRun(scheduleId: string, scheduledMs: number, status: RunStatus, reason: string): Promise<void> {
    await this.pool.query(
      'UPDATE sweep_schedule_runs SET status = $1, reason = $2 WHERE schedule_id = $3 AND scheduled_ms = $4',
      [status, reason, scheduleId, scheduledMs],
    );
  }

  async listRuns(scheduleId: string, limit: number): Promise<ScheduleRunRecord[]> {
    return (
      await this.rows<RunRow>(
        'SELECT * FROM sweep_schedule_runs WHERE schedule_id = $1 ORDER BY scheduled_ms DESC LIMIT $2',
        [scheduleId, limit],
      )
    ).map(runFromRow);
  }

  async runBySweep(sweepId: string): Promise<ScheduleRunRecord | null> {
    const [row] = await this.rows<RunRow>('SELECT * FROM sweep_schedule_runs WHERE sweep_id = $1', [sweepId]);
    return row ? runFromRow(row) : null;
  }

  async previousRun(scheduleId: string, scheduledMs: number): Promise<ScheduleRunRecord | null> {
    const [row] = await this.rows<RunRow>(
      "SELECT * FROM sweep_schedule_runs WHERE schedule_id = $1 AND scheduled_ms < $2 AND status = 'submitted' ORDER BY scheduled_ms DESC LIMIT 1",
      [scheduleId, scheduledMs],
    );
    return row ? runFromRow(row) : null;
  }

  async getApiKeyRow(id: string): Promise<ScheduleKeyRow | null> {
    const [row] = await this.rows<ScheduleKeyRow>('SELECT * FROM api_keys WHERE id = $1', [id]);
    return row ?? null;
  }
}
