// Per-key limits and their fixed-window counters (store/limit-types.ts).

/**
 * Migration 5 on both stores: the keys' limits and their counters, with two indexes the same
 * release added for other reads (sweeps by creation, an owner's unfinished jobs).
 */
export const LIMIT_TABLES_SQL = (t: { bigint: string }): string => `
  ALTER TABLE api_keys ADD COLUMN limits TEXT;
  CREATE TABLE limit_counters (
    key_id TEXT NOT NULL,
    name TEXT NOT NULL,
    window_start_ms ${t.bigint} NOT NULL,
    count ${t.bigint} NOT NULL,
    PRIMARY KEY (key_id, name, window_start_ms)
  );
  CREATE INDEX limit_counters_window ON limit_counters (window_start_ms);
  CREATE INDEX sweeps_created ON sweeps (created_at);
  CREATE INDEX jobs_owner_unfinished ON jobs (owner_id) WHERE status IN ('pending', 'running');
  `;
