// What the push features (webhooks, server-sent events) keep in the store: an ordered event log
// that streams replay, the webhook outbox with its delivery log, and the webhook settings.

/** One announced event: the body a webhook receives and an SSE stream sends. */
export interface PushEventRecord {
  /** Ordered per store; the SSE event id (Last-Event-ID resumes after it). */
  seq: number;
  /** Stable event id (the webhook-id header, the body's `id`). */
  id: string;
  ownerId: string;
  /** job.completed | job.failed | sweep.region_completed | sweep.completed */
  type: string;
  jobId: string | null;
  sweepId: string | null;
  createdAtMs: number;
  /** The JSON body, exactly as delivered. */
  payload: string;
}

export interface NewPushEvent extends Omit<PushEventRecord, 'seq'> {
  /** At most one event per key (`job:<id>`, `sweep:<id>:region:<r>`, `sweep:<id>`). */
  dedupeKey: string;
  /** Webhook deliveries to queue with the event, in the same transaction. */
  deliveries: Array<{ url: string; orderKey: string }>;
}

/** A webhook named on one job or sweep. */
export interface SubjectWebhook {
  subjectId: string;
  ownerId: string;
  url: string;
  /** Event types delivered; empty means the subject's defaults. */
  events: string[];
}

/** The owner's default webhook and signing secret (set with the admin command). */
export interface OwnerWebhook {
  ownerId: string;
  url: string | null;
  events: string[];
  /** whsec_<base64>: signs every delivery of this owner. */
  secret: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'dead';

export interface DeliveryRecord {
  id: number;
  eventId: string;
  eventSeq: number;
  eventType: string;
  ownerId: string;
  /** Deliveries with the same key and url go out in event order (the job or sweep id). */
  orderKey: string;
  /** The event's job (job events), else null. */
  jobId: string | null;
  /** The event's sweep (sweep events, and job events of a sweep's jobs), else null. */
  sweepId: string | null;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptMs: number;
  createdAtMs: number;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAtMs: number | null;
}

/** A claimed delivery with what is needed to send it. */
export interface ClaimedDelivery extends DeliveryRecord {
  payload: string;
  eventCreatedAtMs: number;
}

export interface DeliveryUpdate {
  status: DeliveryStatus;
  attempts: number;
  nextAttemptMs: number;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAtMs: number | null;
}

export interface EventFilter {
  ownerId: string;
  jobId?: string;
  sweepId?: string;
  afterSeq: number;
  limit: number;
}

/** One page of an owner's delivery log, newest first, optionally of one job or one sweep. */
export interface DeliveryFilter {
  ownerId: string;
  limit: number;
  /** Only deliveries with an id below this one (paging back). */
  beforeId?: number;
  /** Only the deliveries of this job's events. */
  jobId?: string;
  /** Only the deliveries of this sweep's events (its jobs' events included). */
  sweepId?: string;
}

export interface PushStore {
  setSubjectWebhook(hook: SubjectWebhook): Promise<void>;
  getSubjectWebhook(subjectId: string): Promise<SubjectWebhook | null>;
  setOwnerWebhook(hook: OwnerWebhook): Promise<void>;
  getOwnerWebhook(ownerId: string): Promise<OwnerWebhook | null>;
  /** The event and its deliveries in one transaction; false (nothing written) when its key exists. */
  appendEvent(event: NewPushEvent): Promise<boolean>;
  listEvents(filter: EventFilter): Promise<PushEventRecord[]>;
  /** Highest seq written so far (0 when none). */
  lastEventSeq(): Promise<number>;
  /**
   * Leases up to `limit` pending deliveries that are due, whose lease is free, and that have no
   * earlier pending delivery with the same order key and url. One claimant per row cluster-wide.
   */
  claimDeliveries(
    nowMs: number,
    leaseOwner: string,
    leaseUntilMs: number,
    limit: number,
  ): Promise<ClaimedDelivery[]>;
  /** Records an attempt and frees the lease (only when `leaseOwner` still holds it). */
  finishDelivery(id: number, leaseOwner: string, update: DeliveryUpdate): Promise<boolean>;
  /** Frees the leases `leaseOwner` holds; null frees every lease (a store only one process uses). */
  releaseLeases(leaseOwner: string | null): Promise<void>;
  /** Newest first; `beforeId` pages back; `jobId` / `sweepId` narrow it to one job or sweep. */
  listDeliveries(filter: DeliveryFilter): Promise<DeliveryRecord[]>;
  /**
   * Deletes events written before `beforeMs` that no pending delivery needs, with their delivery
   * records; returns how many events went.
   */
  pruneEvents(beforeMs: number): Promise<number>;
  /** Terminal jobs finished since `sinceIso` that have no event yet (a crash between the two). */
  listTerminalJobIdsWithoutEvent(sinceIso: string, limit: number): Promise<string[]>;
}

export interface DeliveryRow {
  id: number | string;
  event_id: string;
  event_seq: number | string;
  event_type: string;
  owner_id: string;
  order_key: string;
  job_id: string | null;
  sweep_id: string | null;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_ms: number | string;
  created_at_ms: number | string;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at_ms: number | string | null;
  payload?: string;
  event_created_at_ms?: number | string;
}

export function rowToDelivery(r: DeliveryRow): DeliveryRecord {
  return {
    id: Number(r.id),
    eventId: r.event_id,
    eventSeq: Number(r.event_seq),
    eventType: r.event_type,
    ownerId: r.owner_id,
    orderKey: r.order_key,
    jobId: r.job_id,
    sweepId: r.sweep_id,
    url: r.url,
    status: r.status,
    attempts: r.attempts,
    nextAttemptMs: Number(r.next_attempt_ms),
    createdAtMs: Number(r.created_at_ms),
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    deliveredAtMs: r.delivered_at_ms === null ? null : Number(r.delivered_at_ms),
  };
}

export function rowToClaimed(r: DeliveryRow): ClaimedDelivery {
  return { ...rowToDelivery(r), payload: r.payload ?? '', eventCreatedAtMs: Number(r.event_created_at_ms) };
}

export interface EventRow {
  seq: number | string;
  id: string;
  owner_id: string;
  type: string;
  job_id: string | null;
  sweep_id: string | null;
  created_at_ms: number | string;
  payload: string;
}

export function rowToEvent(r: EventRow): PushEventRecord {
  return {
    seq: Number(r.seq),
    id: r.id,
    ownerId: r.owner_id,
    type: r.type,
    jobId: r.job_id,
    sweepId: r.sweep_id,
    createdAtMs: Number(r.created_at_ms),
    payload: r.payload,
  };
}

export interface HookRow {
  subject_id?: string;
  owner_id: string;
  url: string | null;
  events: string;
  secret?: string;
}
