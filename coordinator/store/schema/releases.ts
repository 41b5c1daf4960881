// Agent releases, the fleet rollout and per-device version pins (store/release-types.ts).

/** Migration 17 on both stores, over the two column types the dialects spell differently. */
export const RELEASE_TABLES_SQL = (sortedText: string, bigint: string): string => `
  CREATE TABLE agent_releases (
    version TEXT PRIMARY KEY,
    digest TEXT NOT NULL,
    signature TEXT NOT NULL,
    size_bytes ${bigint} NOT NULL,
    storage_type TEXT NOT NULL,
    storage_key TEXT NOT NULL,
    created_at ${sortedText} NOT NULL
  );
  CREATE TABLE agent_rollout (
    id TEXT PRIMARY KEY,
    version TEXT NOT NULL,
    percent DOUBLE PRECISION NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE agent_version_pins (
    device_id TEXT PRIMARY KEY,
    version TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
`;
