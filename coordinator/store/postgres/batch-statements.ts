// The multi-row statements of the PostgreSQL group commit (write-batch.ts): one statement per kind of
// write for every write of that kind in a batch, whatever their number. Each statement text is fixed
// (its rows travel as array or JSON parameters), so it is prepared once per connection and planned
// once; RETURNING says which rows a conditional statement changed, and so each caller's outcome.
import type pg from 'pg';
import type { CounterCharge } from '../limit-types.js';
import type { NewPushEvent } from '../push-types.js';
import type { JobRecord, ResultRecord } from '../records.js';
import { CLAIMED_COLUMNS, jobToRow, withoutNul } from '../rows.js';
import type { StoreEvent } from '../store-events.js';
import type { CompleteOutcome, Lease } from '../types.js';

/** One write of a batch and what its caller learns. */
export type WriteOp =
  | { kind: 'insert'; job: JobRecord; lease: Lease | undefined }
  | { kind: 'claim'; id: string; deviceId: string; attempt: number; lease: Lease }
  | { kind: 'requeue'; id: string; attempt: number; queueDeadlineMs: number }
  | { kind: 'complete'; id: string; result: ResultRecord; completedAt: string }
  | {
      kind: 'fail';
      id: string;
      failureType: string;
      message: string;
      at: string;
      onlyIf: 'pending' | 'running' | undefined;
    }
  | { kind: 'count'; keyId: string; charges: readonly CounterCharge[] }
  | { kind: 'event'; event: NewPushEvent }
  | { kind: 'notify'; event: StoreEvent };

export type WriteKind = WriteOp['kind'];

/** The outcome each kind of write resolves with. */
export interface WriteOutcome {
  insert: undefined;
  claim: boolean;
  requeue: boolean;
  complete: CompleteOutcome;
  fail: boolean;
  count: undefined;
  event: boolean;
  notify: undefined;
}

/** A write and the slot its outcome goes in. */
export interface Entry<K extends WriteKind = WriteKind> {
  op: Extract<WriteOp, { kind: K }>;
  /** Set by the kind's statement (a WriteOutcome[K]); read once the batch committed. */
  out?: unknown;
}

type Q = pg.PoolClient;

/**
 * The writes of a conditional statement in id order: two coordinators' statements then take their
 * row locks in the same order, and a batch meeting another in the middle waits instead of
 * deadlocking (a deadlock would still be safe: the batch is rolled back and its writes run again).
 */
function byId<O extends { id: string }>(entries: ReadonlyArray<{ op: O }>): O[] {
  return entries.map((e) => e.op).sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

/** The job a write changes: two writes of one job never share a statement (see write-batch.ts). */
export function jobOf(op: WriteOp): string | null {
  switch (op.kind) {
    case 'insert':
      return op.job.id;
    case 'claim':
    case 'requeue':
    case 'complete':
    case 'fail':
      return op.id;
    default:
      return null;
  }
}

const cols = CLAIMED_COLUMNS.join(', ');
// The table's own row type maps each JSON key to its column's type: no type list to keep in step.
const INSERT_JOBS = `INSERT INTO jobs (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::jobs, $1::json)`;

async function insertJobs(db: Q, entries: Entry<'insert'>[]): Promise<void> {
  const rows = entries.map(({ op }) => ({
    ...jobToRow(op.job),
    coordinator_id: op.lease?.coordinatorId ?? null,
    lease_until_ms: op.lease?.untilMs ?? null,
  }));
  await db.query({ name: 'crawl_batch_insert_jobs', text: INSERT_JOBS, values: [JSON.stringify(rows)] });
  for (const e of entries) e.out = undefined;
}

// Under READ COMMITTED an UPDATE that finds a row changed by a concurrent transaction waits for it,
// then re-checks its WHERE against the committed row: of two coordinators' claims one wins.
const CLAIM = `UPDATE jobs j SET status = 'running', device_id = v.device_id, attempt = v.attempt,
    coordinator_id = v.coordinator_id, lease_until_ms = v.until_ms
  FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::bigint[])
    AS v(id, device_id, attempt, coordinator_id, until_ms)
  WHERE j.id = v.id AND j.status = 'pending' AND j.attempt = v.attempt - 1
  RETURNING j.id`;

async function claimJobs(db: Q, entries: Entry<'claim'>[]): Promise<void> {
  const ops = byId(entries);
  const res = await db.query<{ id: string }>({
    name: 'crawl_batch_claim',
    text: CLAIM,
    values: [
      ops.map((o) => o.id),
      ops.map((o) => o.deviceId),
      ops.map((o) => o.attempt),
      ops.map((o) => o.lease.coordinatorId),
      ops.map((o) => o.lease.untilMs),
    ],
  });
  const won = new Set(res.rows.map((r) => r.id));
  for (const e of entries) e.out = won.has(e.op.id);
}

const REQUEUE = `UPDATE jobs j SET status = 'pending', queue_deadline_ms = v.deadline
  FROM unnest($1::text[], $2::int[], $3::bigint[]) AS v(id, attempt, deadline)
  WHERE j.id = v.id AND j.status = 'running' AND j.attempt = v.attempt
  RETURNING j.id`;

async function requeueJobs(db: Q, entries: Entry<'requeue'>[]): Promise<void> {
  const ops = byId(entries);
  const res = await db.query<{ id: string }>({
    name: 'crawl_batch_requeue',
    text: REQUEUE,
    values: [ops.map((o) => o.id), ops.map((o) => o.attempt), ops.map((o) => o.queueDeadlineMs)],
  });
  const done = new Set(res.rows.map((r) => r.id));
  for (const e of entries) e.out = done.has(e.op.id);
}

const COMPLETE = `UPDATE jobs j SET status = 'completed', result = v.result, completed_at = v.at, device_id = v.device_id
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS v(id, result, at, device_id)
  WHERE j.id = v.id AND j.status IN ('pending', 'running')
  RETURNING j.id`;
const STATUS_OF = 'SELECT id, status FROM jobs WHERE id = ANY($1::text[])';

async function completeJobs(db: Q, entries: Entry<'complete'>[]): Promise<void> {
  const ops = byId(entries);
  const res = await db.query<{ id: string }>({
    name: 'crawl_batch_complete',
    text: COMPLETE,
    values: [
      ops.map((o) => o.id),
      ops.map((o) => JSON.stringify(o.result)),
      ops.map((o) => o.completedAt),
      ops.map((o) => o.result.deviceId),
    ],
  });
  const stored = new Set(res.rows.map((r) => r.id));
  const lost = ops.filter((o) => !stored.has(o.id)).map((o) => o.id);
  // Terminal states never change again, so this read cannot race with the UPDATE above.
  const status = new Map<string, string>();
  if (lost.length > 0) {
    const r = await db.query<{ id: string; status: string }>({
      name: 'crawl_batch_status',
      text: STATUS_OF,
      values: [lost],
    });
    for (const row of r.rows) status.set(row.id, row.status);
  }
  for (const e of entries) {
    e.out = stored.has(e.op.id) ? 'stored' : status.get(e.op.id) === 'completed' ? 'duplicate' : 'stale';
  }
}

// `only` NULL: from pending or running; otherwise only from that state (a parameter, never SQL text).
const FAIL = `UPDATE jobs j SET status = 'failed', failure_type = v.type, error_message = v.message, completed_at = v.at
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS v(id, type, message, at, only_if)
  WHERE j.id = v.id AND j.status IN ('pending', 'running') AND (v.only_if IS NULL OR j.status = v.only_if)
  RETURNING j.id`;

async function failJobs(db: Q, entries: Entry<'fail'>[]): Promise<void> {
  const ops = byId(entries);
  const res = await db.query<{ id: string }>({
    name: 'crawl_batch_fail',
    text: FAIL,
    values: [
      ops.map((o) => o.id),
      ops.map((o) => o.failureType),
      ops.map((o) => withoutNul(o.message)),
      ops.map((o) => o.at),
      ops.map((o) => o.onlyIf ?? null),
    ],
  });
  const done = new Set(res.rows.map((r) => r.id));
  for (const e of entries) e.out = done.has(e.op.id);
}

// Unconditional increments (Store.limits.addCounts): summed per counter row first, since one
// INSERT … ON CONFLICT DO UPDATE may not touch a row twice.
const COUNT = `INSERT INTO limit_counters AS c (key_id, name, window_start_ms, count)
  SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[])
  ON CONFLICT (key_id, name, window_start_ms) DO UPDATE SET count = c.count + EXCLUDED.count`;

async function addCounts(db: Q, entries: Entry<'count'>[]): Promise<void> {
  const sums = new Map<string, { keyId: string; name: string; ws: number; amount: number }>();
  for (const { op } of entries) {
    for (const c of op.charges) {
      const k = JSON.stringify([op.keyId, c.name, c.windowStartMs]);
      const row = sums.get(k);
      if (row) row.amount += c.amount;
      else sums.set(k, { keyId: op.keyId, name: c.name, ws: c.windowStartMs, amount: c.amount });
    }
  }
  const rows = [...sums.values()];
  if (rows.length > 0) {
    await db.query({
      name: 'crawl_batch_count',
      text: COUNT,
      values: [
        rows.map((r) => r.keyId),
        rows.map((r) => r.name),
        rows.map((r) => r.ws),
        rows.map((r) => r.amount),
      ],
    });
  }
  for (const e of entries) e.out = undefined;
}

/** Advisory lock key serialising event inserts (arbitrary constant, distinct from the migration key). */
const EVENT_LOCK_KEY = 0x7075_7368;

// Numbered under a transaction-scoped lock, so seq order is commit order (a stream resuming after
// seq n never skips one); in the batch's order; a dedupe key already stored (or earlier in the
// same batch) inserts nothing.
const EVENTS = `WITH held AS (SELECT pg_advisory_xact_lock($9))
  INSERT INTO push_events (id, dedupe_key, owner_id, type, job_id, sweep_id, created_at_ms, payload)
  SELECT v.id, v.dedupe_key, v.owner_id, v.type, v.job_id, v.sweep_id, v.created_at_ms, v.payload
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[])
    WITH ORDINALITY AS v(id, dedupe_key, owner_id, type, job_id, sweep_id, created_at_ms, payload, i), held
  ORDER BY v.i
  ON CONFLICT (dedupe_key) DO NOTHING RETURNING id, seq`;
const DELIVERIES = `INSERT INTO webhook_deliveries (event_seq, event_id, event_type, owner_id, order_key, job_id,
    sweep_id, url, status, attempts, next_attempt_ms, created_at_ms)
  SELECT v.seq, v.event_id, v.event_type, v.owner_id, v.order_key, v.job_id, v.sweep_id, v.url, 'pending', 0, v.at, v.at
  FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bigint[])
    AS v(seq, event_id, event_type, owner_id, order_key, job_id, sweep_id, url, at)`;

async function appendEvents(db: Q, entries: Entry<'event'>[]): Promise<void> {
  const evs = entries.map((e) => e.op.event);
  const res = await db.query<{ id: string; seq: string }>({
    name: 'crawl_batch_events',
    text: EVENTS,
    values: [
      evs.map((e) => e.id),
      evs.map((e) => e.dedupeKey),
      evs.map((e) => e.ownerId),
      evs.map((e) => e.type),
      evs.map((e) => e.jobId),
      evs.map((e) => e.sweepId),
      evs.map((e) => e.createdAtMs),
      evs.map((e) => e.payload),
      EVENT_LOCK_KEY,
    ],
  });
  const seqOf = new Map(res.rows.map((r) => [r.id, r.seq]));
  const d: Array<{ seq: string; e: NewPushEvent; url: string; orderKey: string }> = [];
  for (const e of evs) {
    const seq = seqOf.get(e.id);
    if (seq !== undefined) for (const x of e.deliveries) d.push({ seq, e, url: x.url, orderKey: x.orderKey });
  }
  if (d.length > 0) {
    await db.query({
      name: 'crawl_batch_deliveries',
      text: DELIVERIES,
      values: [
        d.map((x) => x.seq),
        d.map((x) => x.e.id),
        d.map((x) => x.e.type),
        d.map((x) => x.e.ownerId),
        d.map((x) => x.orderKey),
        d.map((x) => x.e.jobId),
        d.map((x) => x.e.sweepId),
        d.map((x) => x.url),
        d.map((x) => x.e.createdAtMs),
      ],
    });
  }
  for (const e of entries) e.out = seqOf.has(e.op.event.id);
}

/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7_900;

/**
 * The one NOTIFY of a transaction: its events as a JSON array. When they do not fit, the job
 * events give way to one `resync` (every listener then reads the change cursor); session events,
 * which the cursor does not carry, stay.
 */
export function notifyPayload(events: readonly StoreEvent[]): string {
  const all = JSON.stringify(events);
  if (all.length <= MAX_PAYLOAD) return all;
  const kept: StoreEvent[] = [{ type: 'resync' }];
  for (const e of events) {
    if (e.type !== 'session_ended') continue;
    if (JSON.stringify([...kept, e]).length > MAX_PAYLOAD) break;
    kept.push(e);
  }
  return JSON.stringify(kept);
}

async function notify(db: Q, entries: Entry<'notify'>[], channel: string): Promise<void> {
  await db.query({
    name: 'crawl_batch_notify',
    text: 'SELECT pg_notify($1, $2)',
    values: [channel, notifyPayload(entries.map((e) => e.op.event))],
  });
  for (const e of entries) e.out = undefined;
}

/**
 * Every write of one stage, a statement per kind, in this order (a stage holds at most one write
 * per job, so the order between kinds changes no outcome). The NOTIFY comes last: PostgreSQL sends
 * it at commit, and it serialises notifying commits, so it goes once per transaction.
 */
export async function applyStage(db: Q, entries: readonly Entry[]): Promise<void> {
  const steps: Array<[WriteKind, (db: Q, e: never[]) => Promise<void>]> = [
    ['insert', insertJobs],
    ['claim', claimJobs],
    ['requeue', requeueJobs],
    ['complete', completeJobs],
    ['fail', failJobs],
    ['count', addCounts],
    ['event', appendEvents],
  ];
  for (const [kind, run] of steps) {
    const some = entries.filter((e) => e.op.kind === kind);
    if (some.length > 0) await run(db, some as never[]);
  }
}

/** The stages' notifies, merged into the transaction's one NOTIFY. */
export async function notifyAll(db: Q, entries: readonly Entry[], channel: string): Promise<void> {
  const some = entries.filter((e) => e.op.kind === 'notify') as Entry<'notify'>[];
  if (some.length > 0) await notify(db, some, channel);
}
