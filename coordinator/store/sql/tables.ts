// The tables as Kysely sees them, for the queries written once for both stores (sql/*.ts). Column
// types are what the drivers return; only the tables queried through Kysely are listed.
import type { BatchRow } from '../batch-sql.js';

export interface Tables {
  idempotency_keys: {
    owner_id: string;
    key: string;
    request_hash: string;
    resource_id: string;
    status_code: number | null;
    response: string | null;
    created_at_ms: number | string;
  };
  batches: BatchRow;
  batch_jobs: {
    batch_id: string;
    position: number;
    job_id: string;
    finished: number;
  };
}
