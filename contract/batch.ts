// Batch submission: many jobs in one request (docs/api.md "Batches").
import { type Static, Type } from 'typebox';
import { caseInsensitive, JOB_METHODS, Job, Nullable, Placement } from './common.js';
import { SubmitBody } from './jobs.js';
import { WebhookSpec } from './push.js';

/** Most jobs one POST /crawl/v1/batch/new may carry. */
export const MAX_BATCH_JOBS = 1000;
/** Most job ids one page of GET /crawl/v1/batch/{id} lists. */
export const MAX_BATCH_PAGE = 1000;

/** Fields a batch may set once for all its jobs; a job's own value wins. */
export const BATCH_DEFAULT_FIELDS = [
  'method',
  'timeout_sec',
  'headers',
  'placement',
  'session_id',
  'storage_type',
  'webhook',
] as const;

export const BatchSubmitBody = Type.Object({
  jobs: Type.Array(Type.Unknown(), {
    maxItems: MAX_BATCH_JOBS,
    description:
      'each the body of POST /crawl/v1/new; each is checked on its own, and one that fails is answered with its error while the others are created',
  }),
  method: Nullable(
    Type.String({ pattern: caseInsensitive(JOB_METHODS), description: 'default for every job' }),
  ),
  timeout_sec: Nullable(Type.Integer({ minimum: 1, maximum: 300, description: 'default for every job' })),
  headers: SubmitBody.properties.headers,
  placement: Nullable(Placement),
  session_id: Nullable(Type.String({ format: 'uuid', description: 'default for every job' })),
  storage_type: Nullable(Type.Union([Type.Literal('local'), Type.Literal('s3')])),
  webhook: Nullable(WebhookSpec),
  api_key: Type.Optional(
    Type.Unknown({ description: 'API key (a string) as an alternative to the Authorization header' }),
  ),
});
export type BatchSubmitBody = Static<typeof BatchSubmitBody>;

/** The error codes a batch item may be answered with, and the message /crawl/v1/new would give. */
export const BATCH_ITEM_ERROR_CODES = ['invalid_request', 'rate_limited', 'queue_full'] as const;

export const BatchItem = Type.Union([
  Type.Object({ job: Job }),
  Type.Object({
    error: Type.Object({
      code: Type.Union([
        Type.Literal('invalid_request'),
        Type.Literal('rate_limited'),
        Type.Literal('queue_full'),
      ]),
      message: Type.String({ description: 'exactly what POST /crawl/v1/new answers for this job' }),
    }),
  }),
]);
export type BatchItem = Static<typeof BatchItem>;

export const BatchCreated = Type.Object({
  batch_id: Type.String({ format: 'uuid' }),
  requested_count: Type.Integer({ minimum: 0 }),
  accepted_count: Type.Integer({ minimum: 0 }),
  results: Type.Array(BatchItem, { description: 'one per requested job, in the order given' }),
});
export type BatchCreated = Static<typeof BatchCreated>;

export const BatchStatusQuery = Type.Object({
  cursor: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,6}$', description: 'next_cursor of the page before' }),
  ),
  limit: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,4}$', description: `1–${MAX_BATCH_PAGE}, default ${MAX_BATCH_PAGE}` }),
  ),
});

export const BatchStatus = Type.Object({
  batch_id: Type.String({ format: 'uuid' }),
  created_at: Type.String(),
  requested_count: Type.Integer({ minimum: 0 }),
  accepted_count: Type.Integer({ minimum: 0 }),
  counts: Type.Object(
    {
      pending: Type.Integer({ minimum: 0 }),
      running: Type.Integer({ minimum: 0 }),
      completed: Type.Integer({ minimum: 0 }),
      failed: Type.Integer({ minimum: 0 }),
    },
    { description: 'the accepted jobs by status' },
  ),
  completed: Type.Boolean({ description: 'true once every accepted job is completed or failed' }),
  completed_at: Nullable(Type.String()),
  job_ids: Type.Array(Type.String({ format: 'uuid' }), {
    description: 'the accepted jobs, in the order submitted',
  }),
  next_cursor: Nullable(Type.String({ description: 'pass as `cursor` for the next page; null at the end' })),
});
export type BatchStatus = Static<typeof BatchStatus>;

/** POST /crawl/v1/batch/{id}/cancel: the batch as its GET answers it, and how many jobs this cancel ended. */
export const BatchCancelled = Type.Object({
  ...BatchStatus.properties,
  cancelled_count: Type.Integer({
    minimum: 0,
    description: 'jobs this request cancelled (those still pending or running); 0 when every job had ended',
  }),
});
export type BatchCancelled = Static<typeof BatchCancelled>;
