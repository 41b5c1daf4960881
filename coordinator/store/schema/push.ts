// Push: the event log (SSE replays it), the webhook outbox and delivery log, webhook settings
// (store/push-types.ts).

/** Migration 7 on both stores, with the index of finished jobs that the event feed reads. */
export const PUSH_TABLES_SQL = (t: { serial: string; bigint: string }): string => `
  CREATE TABLE push_events (
    seq ${t.serial},
    id TEXT NOT NULL UNIQUE,
    dedupe_key TEXT NOT NULL UNIQUE,
    owner_id TEXT NOT NULL,
    type TEXT NOT NULL,
    job_id TEXT,
    sweep_id TEXT,
    created_at_ms ${t.bigint} NOT NULL,
    payload TEXT NOT NULL
  );
  CREATE INDEX push_events_owner ON push_events (owner_id, seq);
  CREATE INDEX push_events_job ON push_events (job_id, seq) WHERE job_id IS NOT NULL;
  CREATE INDEX push_events_sweep ON push_events (sweep_id, seq) WHERE sweep_id IS NOT NULL;
  CREATE TABLE webhook_deliveries (
    id ${t.serial},
    event_seq ${t.bigint} NOT NULL REFERENCES push_events (seq),
    event_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    owner_id TEXT NOT NULL,
    order_key TEXT NOT NULL,
    url TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_ms ${t.bigint} NOT NULL,
    created_at_ms ${t.bigint} NOT NULL,
    lease_owner TEXT,
    lease_until_ms ${t.bigint},
    last_status_code INTEGER,
    last_error TEXT,
    delivered_at_ms ${t.bigint}
  );
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_ms) WHERE status = 'pending';
  CREATE INDEX webhook_deliveries_order ON webhook_deliveries (order_key, event_seq) WHERE status = 'pending';
  CREATE INDEX webhook_deliveries_owner ON webhook_deliveries (owner_id, id);
  CREATE TABLE subject_webhooks (
    subject_id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    url TEXT NOT NULL,
    events TEXT NOT NULL
  );
  CREATE INDEX jobs_finished_at ON jobs (completed_at) WHERE completed_at IS NOT NULL;
  CREATE TABLE owner_webhooks (
    owner_id TEXT PRIMARY KEY,
    url TEXT,
    events TEXT NOT NULL,
    secret TEXT NOT NULL
  );
  `;

/**
 * Migration 12 on both stores: each delivery names its event's job and sweep, so the delivery log
 * says what a delivery was for and can be read for one job or one sweep from an index of its own.
 * Rows written before it take the ids from their event (an event and its deliveries are pruned
 * together, so every row still has one).
 */
export const DELIVERY_SUBJECT_SQL = `
  ALTER TABLE webhook_deliveries ADD COLUMN job_id TEXT;
  ALTER TABLE webhook_deliveries ADD COLUMN sweep_id TEXT;
  UPDATE webhook_deliveries SET
    job_id = (SELECT p.job_id FROM push_events p WHERE p.seq = webhook_deliveries.event_seq),
    sweep_id = (SELECT p.sweep_id FROM push_events p WHERE p.seq = webhook_deliveries.event_seq);
  CREATE INDEX webhook_deliveries_job ON webhook_deliveries (job_id, id) WHERE job_id IS NOT NULL;
  CREATE INDEX webhook_deliveries_sweep ON webhook_deliveries (sweep_id, id) WHERE sweep_id IS NOT NULL;
`;
