// The statement of the PostgreSQL group commit (write-batch.ts): every write of one stage of a batch,
// whatever their number and kinds, in ONE statement of data-modifying CTEs, one CTE per kind of write
// (its rows travel as array or JSON parameters), the NOTIFY included. A statement outside BEGIN is a
// transaction of its own, so a one-stage batch costs one round trip, where a statement per kind inside
// BEGIN … COMMIT cost six to nine; a round trip (a socket write and wake-up each side, a reply to
// parse) is most of what a small batch costs the coordinator and PostgreSQL alike.
// The text depends only on which kinds a stage holds, so it is built once per set of kinds, prepared
// once per connection and planned once. RETURNING says which rows a conditional CTE changed, and so
// each caller's outcome: the final SELECT gathers them as (kind, id, seq) rows.
// All CTEs of one statement see the same snapshot and none sees another's changes; a stage touches a
// job at most once (write-batch.ts splits stages), so no write of a stage depends on another's.
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
  | { kind: 'count'; keyId: string; charges: readonly CounterCharge[]; shard: string }
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
  /**
   * An event's place among its transaction's events, set by the write batch: its seq is
   * EVENT_SEQ_SPAN × the transaction's id + this (eventPart).
   */
  pos?: number;
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

/** Result rows of the fused statement: which write of which kind changed a row. */
interface OutRow {
  k: string;
  id: string | null;
  seq: string | null;
}

/** One kind's part of the statement: its CTEs, the branch of the final SELECT, its parameters. */
interface Part<K extends WriteKind> {
  /** CTE text; `p(i)` is the placeholder of this part's i-th parameter (0-based). */
  ctes(p: (i: number) => string): string;
  /** The final SELECT's branch for this part's RETURNING rows, if it has any. */
  branch?: string;
  /** The parameters, in the order `p` numbers them; `null`: nothing to write (no CTE). */
  values(entries: readonly Entry<K>[], channel: string): unknown[] | null;
  /** Sets each entry's outcome from the statement's rows of this part. */
  settle(entries: readonly Entry<K>[], rows: readonly OutRow[]): void;
  /**
   * What a write of this kind that changed its job announces to every coordinator: the event type,
   * the CTE whose RETURNING ids name the changed jobs, and how a settled outcome says it changed.
   */
  announces?: { type: 'job_claimed' | 'job_terminal'; cte: string; changed(e: Entry<K>): boolean };
}

const idsOf = (rows: readonly OutRow[], k: string): Set<string | null> =>
  new Set(rows.filter((r) => r.k === k).map((r) => r.id));

// The table's own row type maps each JSON key to its column's type: no type list to keep in step.
const insertPart: Part<'insert'> = {
  ctes: (p) =>
    `ins AS (INSERT INTO jobs (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::jobs, ${p(0)}::json))`,
  values: (entries) => [
    JSON.stringify(
      entries.map(({ op }) => ({
        ...jobToRow(op.job),
        coordinator_id: op.lease?.coordinatorId ?? null,
        lease_until_ms: op.lease?.untilMs ?? null,
      })),
    ),
  ],
  settle: (entries) => {
    for (const e of entries) e.out = undefined;
  },
};

// Under READ COMMITTED an UPDATE that finds a row changed by a concurrent transaction waits for it,
// then re-checks its WHERE against the committed row: of two coordinators' claims one wins.
const claimPart: Part<'claim'> = {
  ctes: (p) => `cl AS (UPDATE jobs j SET status = 'running', device_id = v.device_id, attempt = v.attempt,
    coordinator_id = v.coordinator_id, lease_until_ms = v.until_ms
  FROM unnest(${p(0)}::text[], ${p(1)}::text[], ${p(2)}::int[], ${p(3)}::text[], ${p(4)}::bigint[])
    AS v(id, device_id, attempt, coordinator_id, until_ms)
  WHERE j.id = v.id AND j.status = 'pending' AND j.attempt = v.attempt - 1
  RETURNING j.id)`,
  branch: `SELECT 'claim', id, NULL::bigint FROM cl`,
  values: (entries) => {
    const ops = byId(entries);
    return [
      ops.map((o) => o.id),
      ops.map((o) => o.deviceId),
      ops.map((o) => o.attempt),
      ops.map((o) => o.lease.coordinatorId),
      ops.map((o) => o.lease.untilMs),
    ];
  },
  settle: (entries, rows) => {
    const won = idsOf(rows, 'claim');
    for (const e of entries) e.out = won.has(e.op.id);
  },
  announces: { type: 'job_claimed', cte: 'cl', changed: (e) => e.out === true },
};

const requeuePart: Part<'requeue'> = {
  ctes: (p) => `rq AS (UPDATE jobs j SET status = 'pending', queue_deadline_ms = v.deadline
  FROM unnest(${p(0)}::text[], ${p(1)}::int[], ${p(2)}::bigint[]) AS v(id, attempt, deadline)
  WHERE j.id = v.id AND j.status = 'running' AND j.attempt = v.attempt
  RETURNING j.id)`,
  branch: `SELECT 'requeue', id, NULL::bigint FROM rq`,
  values: (entries) => {
    const ops = byId(entries);
    return [ops.map((o) => o.id), ops.map((o) => o.attempt), ops.map((o) => o.queueDeadlineMs)];
  },
  settle: (entries, rows) => {
    const done = idsOf(rows, 'requeue');
    for (const e of entries) e.out = done.has(e.op.id);
  },
};

// A completion not stored is told apart (duplicate or stale) by a read after the commit
// (tellLostCompletions): terminal states never change again, so that read cannot race with it.
const completePart: Part<'complete'> = {
  ctes: (
    p,
  ) => `cp AS (UPDATE jobs j SET status = 'completed', result = v.result, completed_at = v.at, device_id = v.device_id
  FROM unnest(${p(0)}::text[], ${p(1)}::text[], ${p(2)}::text[], ${p(3)}::text[]) AS v(id, result, at, device_id)
  WHERE j.id = v.id AND j.status IN ('pending', 'running')
  RETURNING j.id, j.group_id, j.completed_at)`,
  branch: `SELECT 'complete', id, NULL::bigint FROM cp`,
  values: (entries) => {
    const ops = byId(entries);
    return [
      ops.map((o) => o.id),
      ops.map((o) => JSON.stringify(o.result)),
      ops.map((o) => o.completedAt),
      ops.map((o) => o.result.deviceId),
    ];
  },
  settle: (entries, rows) => {
    const stored = idsOf(rows, 'complete');
    // 'stale' until tellLostCompletions reads the state of those not stored.
    for (const e of entries) e.out = stored.has(e.op.id) ? 'stored' : 'stale';
  },
  announces: { type: 'job_terminal', cte: 'cp', changed: (e) => e.out === 'stored' },
};

// `only` NULL: from pending or running; otherwise only from that state (a parameter, never SQL text).
const failPart: Part<'fail'> = {
  ctes: (
    p,
  ) => `fl AS (UPDATE jobs j SET status = 'failed', failure_type = v.type, error_message = v.message, completed_at = v.at
  FROM unnest(${p(0)}::text[], ${p(1)}::text[], ${p(2)}::text[], ${p(3)}::text[], ${p(4)}::text[]) AS v(id, type, message, at, only_if)
  WHERE j.id = v.id AND j.status IN ('pending', 'running') AND (v.only_if IS NULL OR j.status = v.only_if)
  RETURNING j.id, j.group_id, j.completed_at)`,
  branch: `SELECT 'fail', id, NULL::bigint FROM fl`,
  values: (entries) => {
    const ops = byId(entries);
    return [
      ops.map((o) => o.id),
      ops.map((o) => o.failureType),
      ops.map((o) => withoutNul(o.message)),
      ops.map((o) => o.at),
      ops.map((o) => o.onlyIf ?? null),
    ];
  },
  settle: (entries, rows) => {
    const done = idsOf(rows, 'fail');
    for (const e of entries) e.out = done.has(e.op.id);
  },
  announces: { type: 'job_terminal', cte: 'fl', changed: (e) => e.out === true },
};

// Unconditional increments (Store.limits.addCounts): summed per counter row first, since one
// INSERT … ON CONFLICT DO UPDATE may not touch a row twice. Each goes to the writing store's own
// shard row (limit-counters.ts), which no other coordinator's statement waits on.
const countPart: Part<'count'> = {
  ctes: (p) => `cn AS (INSERT INTO limit_counters AS c (key_id, name, window_start_ms, shard, count)
  SELECT * FROM unnest(${p(0)}::text[], ${p(1)}::text[], ${p(2)}::bigint[], ${p(3)}::text[], ${p(4)}::bigint[])
  ON CONFLICT (key_id, name, window_start_ms, shard) DO UPDATE SET count = c.count + EXCLUDED.count)`,
  values: (entries) => {
    const sums = new Map<
      string,
      { keyId: string; name: string; ws: number; shard: string; amount: number }
    >();
    for (const { op } of entries) {
      for (const c of op.charges) {
        const k = JSON.stringify([op.keyId, c.name, c.windowStartMs, op.shard]);
        const row = sums.get(k);
        if (row) row.amount += c.amount;
        else
          sums.set(k, {
            keyId: op.keyId,
            name: c.name,
            ws: c.windowStartMs,
            shard: op.shard,
            amount: c.amount,
          });
      }
    }
    const rows = [...sums.values()];
    if (rows.length === 0) return null;
    return [
      rows.map((r) => r.keyId),
      rows.map((r) => r.name),
      rows.map((r) => r.ws),
      rows.map((r) => r.shard),
      rows.map((r) => r.amount),
    ];
  },
  settle: (entries) => {
    for (const e of entries) e.out = undefined;
  },
};

/**
 * Events a transaction may write: its events' seqs are EVENT_SEQ_SPAN × its transaction id (xid8)
 * plus their place, so the write batch commits at most this many writes a transaction. 2^10 leaves
 * 2^43 transaction ids below 2^53 (a JavaScript number's exact range, and 16 digits of
 * Last-Event-ID).
 */
export const EVENT_SEQ_SPAN = 1024;

// Numbered with no lock: seq = EVENT_SEQ_SPAN × the writing transaction's id (xid8, unique and
// assigned as transactions first write) + the event's place in it, in the batch's order. Seq order
// is then not commit order: a reader reads only below the horizon of the oldest transaction still
// running (push-store.ts, EVENT_HORIZON), so a stream resuming after seq n never skips one. A dedupe
// key already stored (or earlier in the same batch) inserts nothing. The webhook deliveries of the
// events stored join on their seq.
const eventPart: Part<'event'> = {
  ctes: (
    p,
  ) => `ev AS (INSERT INTO push_events (seq, id, dedupe_key, owner_id, type, job_id, sweep_id, created_at_ms, payload)
  SELECT pg_current_xact_id()::text::bigint * ${EVENT_SEQ_SPAN} + v.pos, v.id, v.dedupe_key, v.owner_id, v.type,
    v.job_id, v.sweep_id, v.created_at_ms, v.payload
  FROM unnest(${p(0)}::text[], ${p(1)}::text[], ${p(2)}::text[], ${p(3)}::text[], ${p(4)}::text[], ${p(5)}::text[], ${p(6)}::bigint[], ${p(7)}::text[], ${p(8)}::int[])
    WITH ORDINALITY AS v(id, dedupe_key, owner_id, type, job_id, sweep_id, created_at_ms, payload, pos, i)
  ORDER BY v.i
  ON CONFLICT (dedupe_key) DO NOTHING RETURNING id, seq),
dl AS (INSERT INTO webhook_deliveries (event_seq, event_id, event_type, owner_id, order_key, job_id,
    sweep_id, url, status, attempts, next_attempt_ms, created_at_ms)
  SELECT ev.seq, v.event_id, v.event_type, v.owner_id, v.order_key, v.job_id, v.sweep_id, v.url, 'pending', 0, v.at, v.at
  FROM unnest(${p(9)}::text[], ${p(10)}::text[], ${p(11)}::text[], ${p(12)}::text[], ${p(13)}::text[], ${p(14)}::text[], ${p(15)}::text[], ${p(16)}::bigint[])
    AS v(event_id, event_type, owner_id, order_key, job_id, sweep_id, url, at)
  JOIN ev ON ev.id = v.event_id)`,
  branch: `SELECT 'event', id, seq FROM ev`,
  values: (entries) => {
    const evs = entries.map((e) => e.op.event);
    const d = evs.flatMap((e) => e.deliveries.map((x) => ({ e, url: x.url, orderKey: x.orderKey })));
    return [
      evs.map((e) => e.id),
      evs.map((e) => e.dedupeKey),
      evs.map((e) => e.ownerId),
      evs.map((e) => e.type),
      evs.map((e) => e.jobId),
      evs.map((e) => e.sweepId),
      evs.map((e) => e.createdAtMs),
      evs.map((e) => e.payload),
      entries.map((e, i) => e.pos ?? i),
      d.map((x) => x.e.id),
      d.map((x) => x.e.type),
      d.map((x) => x.e.ownerId),
      d.map((x) => x.orderKey),
      d.map((x) => x.e.jobId),
      d.map((x) => x.e.sweepId),
      d.map((x) => x.url),
      d.map((x) => x.e.createdAtMs),
    ];
  },
  settle: (entries, rows) => {
    const stored = idsOf(rows, 'event');
    for (const e of entries) e.out = stored.has(e.op.event.id);
  },
};

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

/**
 * What a stage announces whatever its outcome: the events published, and job_pending for each job
 * inserted unclaimed (claimable by any coordinator; an insert fails with its whole statement).
 */
function announcedAlways(entries: readonly Entry[]): StoreEvent[] {
  const events: StoreEvent[] = [];
  for (const e of entries) {
    if (e.op.kind === 'notify') events.push(e.op.event);
    else if (e.op.kind === 'insert' && e.op.lease === undefined)
      events.push({ type: 'job_pending', jobId: e.op.job.id });
  }
  return events;
}

/**
 * The NOTIFY of a one-stage statement: the events published and the unclaimed inserts' job_pending
 * (announcedAlways: `$2`, a JSON array) and, when `$3`, a job_claimed for each job its claims
 * took and a job_terminal for each its completions and failures changed, read from their CTEs'
 * RETURNING, so a write that lost its race announces nothing. PostgreSQL sends it at commit and
 * serialises notifying commits: one per statement, none when there is nothing to say. A SELECT in
 * WITH runs only when read, so the final SELECT reads it.
 */
function notifyCte(p: (i: number) => string, changed: ReadonlyArray<{ type: string; cte: string }>): string {
  // The types are the parts' own constants, never input.
  const announced =
    changed.length === 0
      ? "'[]'::jsonb"
      : `COALESCE((SELECT jsonb_agg(jsonb_build_object('type', a.type, 'jobId', a.id))
      FROM (${changed.map(({ type, cte }) => `SELECT '${type}' AS type, id FROM ${cte}`).join(' UNION ALL ')}) a
      WHERE ${p(2)}::boolean), '[]'::jsonb)`;
  return `nt AS (SELECT pg_notify(${p(0)}::text, x.payload) FROM (
    SELECT (${p(1)}::jsonb || ${announced})::text AS payload) x
  WHERE x.payload <> '[]')`;
}

/**
 * The terminal writes' rows as (group_id, completed, failed, at): a member's end counts in its group
 * (store/group-types.ts) in the statement that ends it.
 */
const MEMBER_ENDS: Partial<Record<WriteKind, string>> = {
  complete: 'SELECT group_id, 1 AS c, 0 AS f, completed_at AS at FROM cp',
  fail: 'SELECT group_id, 0 AS c, 1 AS f, completed_at AS at FROM fl',
};

/**
 * The groups' counts moved by this statement's terminal writes, summed per group first (one UPDATE
 * may not touch a row twice), `finished_at` stamped by the end that reaches the total (never a
 * driven group's: its driver ends it): the same rule as MEMBER_ENDED_SQL, which SQLite runs per
 * job. A data-modifying CTE runs whether or not the final SELECT reads it.
 */
function groupCountCte(ends: readonly string[]): string {
  return `gp AS (UPDATE job_groups g SET completed_count = g.completed_count + e.c,
    failed_count = g.failed_count + e.f,
    finished_at = CASE WHEN g.finished_at IS NULL AND g.driven = 0
      AND g.completed_count + g.failed_count + e.c + e.f >= g.total
      THEN e.at ELSE g.finished_at END
  FROM (SELECT group_id, SUM(c)::int AS c, SUM(f)::int AS f, MAX(at) AS at
    FROM (${ends.join(' UNION ALL ')}) x WHERE group_id IS NOT NULL GROUP BY group_id) e
  WHERE g.id = e.group_id)`;
}

/** The kinds in the order of their CTEs (a stage holds at most one write per job: no order changes an outcome). */
const PARTS: ReadonlyArray<[WriteKind, Part<WriteKind>]> = [
  ['insert', erase(insertPart)],
  ['claim', erase(claimPart)],
  ['requeue', erase(requeuePart)],
  ['complete', erase(completePart)],
  ['fail', erase(failPart)],
  ['count', erase(countPart)],
  ['event', erase(eventPart)],
];
/** The NOTIFY's bit in a statement's mask, after the parts'. */
const NOTIFY_BIT = 1 << PARTS.length;

/** A part in the list of all kinds: applyStage hands each part only entries of its own kind. */
function erase<K extends WriteKind>(part: Part<K>): Part<WriteKind> {
  return part as unknown as Part<WriteKind>;
}

/** Statement text by the set of kinds it writes (a bit per PARTS index, then NOTIFY_BIT): built once each. */
const texts = new Map<number, string>();

function statementText(mask: number): string {
  let text = texts.get(mask);
  if (text !== undefined) return text;
  const ctes: string[] = [];
  const branches: string[] = [];
  let next = 1;
  const add = (cte: (p: (i: number) => string) => string): void => {
    const base = next;
    let used = 0;
    ctes.push(
      cte((n) => {
        used = Math.max(used, n + 1);
        return `$${base + n}`;
      }),
    );
    next = base + used;
  };
  const changed: Array<{ type: string; cte: string }> = [];
  for (const [i, [, part]] of PARTS.entries()) {
    if ((mask & (1 << i)) === 0) continue;
    add((p) => part.ctes(p));
    if (part.branch) branches.push(part.branch);
    if (part.announces) changed.push(part.announces);
  }
  const ends = PARTS.flatMap(([kind], i) => ((mask & (1 << i)) !== 0 ? (MEMBER_ENDS[kind] ?? []) : []));
  if (ends.length > 0) ctes.push(groupCountCte(ends));
  if (mask & NOTIFY_BIT) {
    add((p) => notifyCte(p, changed));
    branches.push(`SELECT 'notify', NULL, NULL::bigint FROM nt`);
  }
  const select =
    branches.length > 0
      ? branches.join('\nUNION ALL ')
      : 'SELECT NULL::text, NULL::text, NULL::bigint WHERE false';
  text = `WITH ${ctes.join(',\n')}\nSELECT * FROM (${select}) AS out(k, id, seq)`;
  texts.set(mask, text);
  return text;
}

function partOf(kind: WriteKind): Part<WriteKind> | undefined {
  return PARTS.find(([k]) => k === kind)?.[1];
}

/** The event a write announces if it changes its job (Part.announces); null for the other kinds. */
function announcement(e: Entry): StoreEvent | null {
  const type = partOf(e.op.kind)?.announces?.type;
  return type && 'id' in e.op ? { type, jobId: e.op.id } : null;
}

/**
 * Every write of one stage in one statement; outside BEGIN a transaction of its own. With
 * `notify`, the statement carries the NOTIFY (notifyCte): the stage's published events and the
 * announcements of the jobs it claimed, completed or failed. Without, the stage's notify entries wait for
 * notifyAfterStages.
 */
export async function applyStage(
  db: Q,
  entries: readonly Entry[],
  channel: string,
  notify: boolean,
): Promise<void> {
  let mask = 0;
  const values: unknown[] = [];
  const settle: Array<() => void> = [];
  let rows: OutRow[] = [];
  for (const [i, [kind, part]] of PARTS.entries()) {
    const some = entries.filter((e) => e.op.kind === kind);
    if (some.length === 0) continue;
    const v = part.values(some, channel);
    settle.push(() => part.settle(some, rows));
    if (v === null) continue;
    mask |= 1 << i;
    values.push(...v);
  }
  const published = entries.filter((e) => e.op.kind === 'notify') as Entry<'notify'>[];
  if (notify) {
    const events = announcedAlways(entries);
    // What the NOTIFY would carry were every write that announces a change to change its job.
    const candidates = entries.flatMap((e) => announcement(e) ?? []);
    if (events.length + candidates.length > 0) {
      mask |= NOTIFY_BIT;
      const all = [...events, ...candidates];
      // Too long for one NOTIFY: a `resync` (and the session events) stands for the job events.
      const fits = JSON.stringify(all).length <= MAX_PAYLOAD;
      values.push(channel, fits ? JSON.stringify(events) : notifyPayload(all));
      // The flag is a parameter only where there are changes to announce (notifyCte).
      if (candidates.length > 0) values.push(fits);
    }
  }
  if (mask !== 0) {
    const res = await db.query<OutRow>({ name: `crawl_batch_${mask}`, text: statementText(mask), values });
    rows = res.rows;
  }
  for (const s of settle) s();
  for (const e of published) e.out = undefined;
}

/**
 * The one NOTIFY of a transaction of several stages, last before its COMMIT: what it announces
 * whatever the outcome (announcedAlways) and the jobs its stages completed or failed.
 */
export async function notifyAfterStages(db: Q, entries: readonly Entry[], channel: string): Promise<void> {
  const events = announcedAlways(entries);
  for (const e of entries) {
    const event = announcement(e);
    if (event && partOf(e.op.kind)?.announces?.changed(e)) events.push(event);
  }
  if (events.length === 0) return;
  await db.query({
    name: 'crawl_batch_notify',
    text: 'SELECT pg_notify($1, $2)',
    values: [channel, notifyPayload(events)],
  });
}

const STATUS_OF = 'SELECT id, status FROM jobs WHERE id = ANY($1::text[])';

/**
 * Completions a committed batch did not store: a duplicate where the job is completed already,
 * stale otherwise. Read after the commit: terminal states never change, so it cannot race.
 */
export async function tellLostCompletions(db: Q, entries: readonly Entry[]): Promise<void> {
  const lost = entries.filter((e) => e.op.kind === 'complete' && e.out !== 'stored') as Entry<'complete'>[];
  if (lost.length === 0) return;
  const r = await db.query<{ id: string; status: string }>({
    name: 'crawl_batch_status',
    text: STATUS_OF,
    values: [lost.map((e) => e.op.id)],
  });
  const status = new Map(r.rows.map((row) => [row.id, row.status]));
  for (const e of lost) e.out = status.get(e.op.id) === 'completed' ? 'duplicate' : 'stale';
}
