// Recurring sweeps and their firings (store/schedule-types.ts).

/** Migration 8 on both stores (BOOLEAN is an INTEGER affinity on SQLite; BIGINT holds epoch ms). */
export const SCHEDULE_TABLES_SQL = `
  CREATE TABLE sweep_schedules (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    cron TEXT NOT NULL,
    timezone TEXT NOT NULL,
    template TEXT NOT NULL,
    webhook TEXT,
    paused BOOLEAN NOT NULL,
    next_run_ms BIGINT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX sweep_schedules_owner ON sweep_schedules (owner_id, created_at);
  CREATE INDEX sweep_schedules_due ON sweep_schedules (next_run_ms) WHERE NOT paused;
  CREATE TABLE sweep_schedule_runs (
    schedule_id TEXT NOT NULL,
    scheduled_ms BIGINT NOT NULL,
    fired_at TEXT NOT NULL,
    sweep_id TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL,
    reason TEXT NOT NULL,
    coordinator_id TEXT NOT NULL,
    PRIMARY KEY (schedule_id, scheduled_ms)
  );
`;
