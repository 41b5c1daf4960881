// The events pushed to webhooks and streams.

export const JOB_EVENTS = ['job.completed', 'job.failed'] as const;
export const SWEEP_EVENTS = ['sweep.region_completed', 'sweep.completed'] as const;
/** A recurring sweep's run has finished (coordinator/schedules/). */
export const SCHEDULE_EVENTS = ['sweep.schedule_run'] as const;
/** Every job of a network measurement is final (coordinator/measure/). */
export const MEASUREMENT_EVENTS = ['measurement.completed'] as const;
/** A batch's last job has ended (POST /crawl/v1/batch/new). */
export const BATCH_EVENTS = ['batch.completed'] as const;
/** A site crawl has ended, whichever way (coordinator/site-crawl/). */
export const CRAWL_EVENTS = ['crawl.completed'] as const;
export const PUSH_EVENT_TYPES = [
  ...JOB_EVENTS,
  ...SWEEP_EVENTS,
  ...SCHEDULE_EVENTS,
  ...MEASUREMENT_EVENTS,
  ...BATCH_EVENTS,
  ...CRAWL_EVENTS,
] as const;
export type PushEventType = (typeof PUSH_EVENT_TYPES)[number];

/** The webhook body and the SSE `data`: `data` holds the Job or the Sweep as their GETs show them. */
export interface PushEventBody {
  id: string;
  type: PushEventType;
  /** ISO 8601. */
  timestamp: string;
  data:
    | { job: Record<string, unknown> }
    | { sweep: unknown; region?: string }
    | { schedule_run: Record<string, unknown> }
    | { measurement: unknown }
    | { batch: Record<string, unknown> }
    | { crawl: unknown };
}

/** Types a subject's webhook gets when it names none. */
export type WebhookSubject = 'job' | 'sweep' | 'measurement' | 'batch' | 'crawl';

export function defaultEvents(subject: WebhookSubject): string[] {
  if (subject === 'crawl') return [...CRAWL_EVENTS];
  if (subject === 'measurement') return [...MEASUREMENT_EVENTS];
  if (subject === 'batch') return [...BATCH_EVENTS];
  return subject === 'job' ? [...JOB_EVENTS] : [...SWEEP_EVENTS];
}
