// Idempotency keys of resource-creating requests (coordinator/api/idempotency.ts), behind both stores.

export interface IdempotencyRecord {
  ownerId: string;
  key: string;
  /** SHA-256 of the route and the request body: the same key with another request is refused. */
  requestHash: string;
  /** The id the request creates (chosen before it is created, so a retry after a crash finds it). */
  resourceId: string;
  /** The answer once recorded; null while the first request is still running (or died). */
  statusCode: number | null;
  response: string | null;
  createdAtMs: number;
}

export type IdempotencyBegin =
  /** This request holds the key now: create the resource and record the answer. */
  | { kind: 'new' }
  /** The key is known (answered, running, or left by a request that died). */
  | { kind: 'existing'; record: IdempotencyRecord };

export interface IdempotencyStore {
  /**
   * Takes the key for `record` unless a live one exists; a key older than `ttlMs` is forgotten
   * first. Atomic across coordinators.
   */
  begin(record: IdempotencyRecord, ttlMs: number): Promise<IdempotencyBegin>;
  finish(ownerId: string, key: string, statusCode: number, response: string): Promise<void>;
  /** The key is given up (the request failed before creating anything): a retry starts afresh. */
  release(ownerId: string, key: string): Promise<void>;
  /** Deletes keys older than `beforeMs`; returns how many. */
  prune(beforeMs: number): Promise<number>;
}

export interface IdempotencyRow {
  owner_id: string;
  key: string;
  request_hash: string;
  resource_id: string;
  status_code: number | null;
  response: string | null;
  created_at_ms: number | string;
}

export const idempotencyFromRow = (r: IdempotencyRow): IdempotencyRecord => ({
  ownerId: r.owner_id,
  key: r.key,
  requestHash: r.request_hash,
  resourceId: r.resource_id,
  statusCode: r.status_code === null ? null : Number(r.status_code),
  response: r.response,
  createdAtMs: Number(r.created_at_ms),
});
