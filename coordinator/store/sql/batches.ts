// The batch statements both stores run as they are, written once (see store/batch-types.ts); the
// multi-row job inserts and the finished count differ by dialect and stay in each store.
import type { BatchRow } from '../batch-sql.js';
import { param, query } from './compile.js';

export const INSERT_BATCH = query<BatchRow>((db) =>
  db.insertInto('batches').values({
    id: param<string>('id'),
    owner_id: param<string>('owner_id'),
    created_at: param<string>('created_at'),
    requested_count: param<number>('requested_count'),
    accepted_count: param<number>('accepted_count'),
    finished_count: param<number>('finished_count'),
    completed_at: param<string | null>('completed_at'),
    item_errors: param<string>('item_errors'),
  }),
);

export const GET_BATCH = query<{ id: string }>((db) =>
  db.selectFrom('batches').selectAll().where('id', '=', param<string>('id')),
);

/** A page of the batch's positions after `afterIndex`, in order. */
export const LIST_BATCH_JOBS = query<{ batchId: string; afterIndex: number; limit: number }>((db) =>
  db
    .selectFrom('batch_jobs')
    .select(['position', 'job_id'])
    .where('batch_id', '=', param<string>('batchId'))
    .where('position', '>', param<number>('afterIndex'))
    .orderBy('position')
    .limit(param<number>('limit')),
);
