// The idempotency key statements, written once for both stores (see store/idempotency-types.ts).
import { param, query } from './compile.js';

type Key = { ownerId: string; key: string };

/** An expired key of this owner and name goes first, so a stale one never answers. */
export const EXPIRE_KEY = query<Key & { before: number }>((db) =>
  db
    .deleteFrom('idempotency_keys')
    .where('owner_id', '=', param<string>('ownerId'))
    .where('key', '=', param<string>('key'))
    .where('created_at_ms', '<', param<number>('before')),
);

/** Takes the key, or does nothing when another request holds it (atomic on both stores). */
export const INSERT_KEY = query<Key & { requestHash: string; resourceId: string; createdAtMs: number }>(
  (db) =>
    db
      .insertInto('idempotency_keys')
      .values({
        owner_id: param<string>('ownerId'),
        key: param<string>('key'),
        request_hash: param<string>('requestHash'),
        resource_id: param<string>('resourceId'),
        created_at_ms: param<number>('createdAtMs'),
      })
      .onConflict((oc) => oc.columns(['owner_id', 'key']).doNothing()),
);

export const READ_KEY = query<Key>((db) =>
  db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('owner_id', '=', param<string>('ownerId'))
    .where('key', '=', param<string>('key')),
);

export const FINISH_KEY = query<Key & { statusCode: number; response: string }>((db) =>
  db
    .updateTable('idempotency_keys')
    .set({ status_code: param<number>('statusCode'), response: param<string>('response') })
    .where('owner_id', '=', param<string>('ownerId'))
    .where('key', '=', param<string>('key')),
);

export const RELEASE_KEY = query<Key>((db) =>
  db
    .deleteFrom('idempotency_keys')
    .where('owner_id', '=', param<string>('ownerId'))
    .where('key', '=', param<string>('key')),
);

export const PRUNE_KEYS = query<{ before: number }>((db) =>
  db.deleteFrom('idempotency_keys').where('created_at_ms', '<', param<number>('before')),
);
