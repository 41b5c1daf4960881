// Push: the `webhook` object on job and sweep creation, the delivery log, the default webhook, and
// the server-sent event streams (docs/push.md).
import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';

export const WEBHOOK_EVENT_TYPES = [
  'job.completed',
  'job.failed',
  'sweep.region_completed',
  'sweep.completed',
  'sweep.schedule_run',
  // Network measurements: every device of the measurement has finished.
  'measurement.completed',
  // A batch's last job ended (POST /crawl/v1/batch/new).
  'batch.completed',
  // A site crawl ended: completed, failed or cancelled (POST /crawl/v1/crawl/new).
  'crawl.completed',
] as const;

const EventType = Type.Union(WEBHOOK_EVENT_TYPES.map((t) => Type.Literal(t)));

/** Unknown keys are refused (a 400 naming them), as in every object of our own. */
export const WebhookSpec = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'http or https URL on a public address' }),
    events: Nullable(
      Type.Array(EventType, {
        uniqueItems: true,
        description:
          "event types to deliver; default job.completed and job.failed for a job, the sweep events for a sweep, sweep.schedule_run for a schedule, measurement.completed for a measurement; a batch's webhook is every job's default, and gets batch.completed too; crawl.completed for a site crawl",
      }),
    ),
  },
  { additionalProperties: false },
);
export type WebhookSpec = Static<typeof WebhookSpec>;

export const Delivery = Type.Object({
  id: Type.Integer(),
  event_id: Type.String(),
  event_type: Type.String(),
  job_id: Nullable(
    Type.String({
      format: 'uuid',
      description: 'the job the event is about (job events); null for sweep events',
    }),
  ),
  sweep_id: Nullable(
    Type.String({
      format: 'uuid',
      description: "the sweep the event is about: sweep events, and job events of a sweep's jobs; else null",
    }),
  ),
  url: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('dead')]),
  attempts: Type.Integer({ minimum: 0 }),
  created_at: Type.String({ format: 'date-time' }),
  next_attempt_at: Nullable(Type.String({ format: 'date-time' })),
  delivered_at: Nullable(Type.String({ format: 'date-time' })),
  last_status_code: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
});

export const DeliveryList = Type.Object({
  deliveries: Type.Array(Delivery, { description: 'newest first' }),
  next_before: Nullable(Type.Integer({ description: 'pass as `before` for the next page; null at the end' })),
});

export const DeliveriesQuery = Type.Object({
  limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$', description: '1–500, default 100' })),
  before: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })),
  job_id: Type.Optional(Type.String({ format: 'uuid', description: "only this job's deliveries" })),
  sweep_id: Type.Optional(
    Type.String({ format: 'uuid', description: "only this sweep's deliveries, its jobs' events included" }),
  ),
});

export const DefaultWebhookBody = Type.Object({
  url: Nullable(Type.String({ maxLength: 2048, description: 'the default webhook; null removes it' })),
  events: Nullable(Type.Array(EventType, { uniqueItems: true, description: 'default: every type' })),
  rotate_secret: Nullable(Type.Boolean({ description: 'make a new signing secret (shown once)' })),
});

export const DefaultWebhook = Type.Object({
  url: Nullable(Type.String()),
  events: Type.Array(Type.String()),
  secret: Nullable(
    Type.String({ description: 'whsec_… signing secret: present only when it was just made; store it now' }),
  ),
});

export const EventStream = Type.String({
  description:
    'text/event-stream: `id:` (resume with Last-Event-ID), `event:` (the type), `data:` (the event JSON); comment lines are heartbeats',
});
