// The tables as Kysely sees them, for the queries written once for both stores (sql/*.ts). Column
// types are what the drivers return; only the tables queried through Kysely are listed.
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
  batches: {
    id: string;
    owner_id: string;
    created_at: string;
    requested_count: number | string;
    accepted_count: number | string;
    finished_count: number | string;
    completed_at: string | null;
    item_errors: string;
  };
  batch_jobs: {
    batch_id: string;
    position: number;
    job_id: string;
    finished: number;
  };
}
