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
}
