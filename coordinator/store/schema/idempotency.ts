// The idempotency keys of resource-creating requests (store/idempotency-types.ts).

/** Migration 6 on both stores: plain types both dialects accept. */
export const IDEMPOTENCY_TABLE_SQL = `
  CREATE TABLE idempotency_keys (
    owner_id TEXT NOT NULL,
    key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    resource_id TEXT NOT NULL,
    status_code INTEGER,
    response TEXT,
    created_at_ms BIGINT NOT NULL,
    PRIMARY KEY (owner_id, key)
  );
  CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at_ms);
`;
