// Network measurements (store/measure-types.ts).

/** Migration 13 on both stores: plain types both dialects accept; JSON as TEXT. */
export const MEASUREMENT_TABLE_SQL = `
  CREATE TABLE measurements (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    type TEXT NOT NULL,
    target TEXT NOT NULL,
    options TEXT NOT NULL,
    locations TEXT NOT NULL,
    timeout_sec INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    jobs TEXT NOT NULL
  )`;
