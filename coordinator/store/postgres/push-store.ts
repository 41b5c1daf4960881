// The push tables on PostgreSQL, shared by every coordinator: deliveries are claimed with
// FOR UPDATE SKIP LOCKED under a lease, and events are numbered with no lock, by their writing
// transaction's id (batch-statements.ts, eventPart). Seq order is then not commit order, so every
// read of the log in seq order stops at the horizon: below it every transaction that could still
// commit an event has ended (EVENT_HORIZON), and a stream resuming after seq n can never skip one.
import type pg from 'pg';
import {
  type ClaimedDelivery,
  type DeliveryFilter,
  type DeliveryRecord,
  type DeliveryRow,
  type DeliveryUpdate,
  type EventFilter,
  type EventRow,
  type HookRow,
  type NewPushEvent,
  type OwnerWebhook,
  type PushEventRecord,
  type PushStore,
  rowToClaimed,
  rowToDelivery,
  rowToEvent,
  type SubjectWebhook,
} from '../push-types.js';
import { EVENT_SEQ_SPAN } from './batch-statements.js';
import { ReadBatch } from './read-batch.js';
import { withTransaction } from './transactions.js';
import type { PgWriteBatch } from './write-batch.js';

/** The subjects' ($1) and owners' ($2) webhooks, each row keyed as ReadBatch asks. */
const HOOKS_SQL = `SELECT 's:' || subject_id AS key, subject_id, owner_id, url, events, NULL AS secret
    FROM subject_webhooks WHERE subject_id = ANY($1::text[])
  UNION ALL
  SELECT 'o:' || owner_id, NULL, owner_id, url, events, secret
    FROM owner_webhooks WHERE owner_id = ANY($2::text[])`;

/**
 * The lowest seq an event still uncommitted (or committed after this statement's snapshot) can
 * have: EVENT_SEQ_SPAN × the oldest transaction id running when the statement's snapshot was taken
 * (its xmin). Every transaction below it had ended by then, so every event below it that will ever
 * exist is in the snapshot; every event committed later is above it.
 */
const EVENT_HORIZON = `(SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint * ${EVENT_SEQ_SPAN})`;

/**
 * Waits before reading again, when a read found events above the horizon (committed, but a
 * transaction older than theirs still runs): such a transaction is a batch a few ms from its
 * commit, so the wait doubles from 2 ms and gives up after about a quarter of a second (the caller's
 * next wake-up or poll reads them then).
 */
const HELD_WAITS_MS = [2, 4, 8, 16, 32, 64, 128];

export class PostgresPushStore implements PushStore {
  /**
   * Every event reads its webhooks (its subjects' and its owner's): one statement per turn for all
   * of them, keys `s:<subject>` and `o:<owner>`.
   */
  private readonly hooks = new ReadBatch<HookRow>((keys) => this.readHooks(keys));

  constructor(
    private readonly pool: pg.Pool,
    private readonly writes: PgWriteBatch,
  ) {}

  private async rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }

  private async readHooks(keys: string[]): Promise<Map<string, HookRow>> {
    const subjects: string[] = [];
    const owners: string[] = [];
    for (const k of keys) (k.startsWith('s:') ? subjects : owners).push(k.slice(2));
    const { rows } = await this.pool.query<HookRow & { key: string }>({
      name: 'crawl_push_hooks',
      text: HOOKS_SQL,
      values: [subjects, owners],
    });
    return new Map(rows.map((r) => [r.key, r]));
  }

  async setSubjectWebhook(h: SubjectWebhook): Promise<void> {
    await this.pool.query(
      'INSERT INTO subject_webhooks (subject_id, owner_id, url, events) VALUES ($1, $2, $3, $4) ON CONFLICT (subject_id) DO UPDATE SET url = excluded.url, events = excluded.events',
      [h.subjectId, h.ownerId, h.url, JSON.stringify(h.events)],
    );
  }

  async getSubjectWebhook(subjectId: string): Promise<SubjectWebhook | null> {
    const row = await this.hooks.get(`s:${subjectId}`);
    if (!row) return null;
    return { subjectId, ownerId: row.owner_id, url: row.url ?? '', events: JSON.parse(row.events) };
  }

  async setOwnerWebhook(h: OwnerWebhook): Promise<void> {
    await this.pool.query(
      'INSERT INTO owner_webhooks (owner_id, url, events, secret) VALUES ($1, $2, $3, $4) ON CONFLICT (owner_id) DO UPDATE SET url = excluded.url, events = excluded.events, secret = excluded.secret',
      [h.ownerId, h.url, JSON.stringify(h.events), h.secret],
    );
  }

  async getOwnerWebhook(ownerId: string): Promise<OwnerWebhook | null> {
    const row = await this.hooks.get(`o:${ownerId}`);
    if (!row) return null;
    return { ownerId, url: row.url, events: JSON.parse(row.events), secret: row.secret ?? '' };
  }

  appendEvent(event: NewPushEvent): Promise<boolean> {
    // With the batch's other writes: one advisory lock and one multi-row insert for its events.
    return this.writes.write({ kind: 'event', event });
  }

  async listEvents(f: EventFilter): Promise<PushEventRecord[]> {
    const where = ['owner_id = $1', 'seq > $2'];
    const params: unknown[] = [f.ownerId, f.afterSeq];
    if (f.jobId) {
      params.push(f.jobId);
      where.push(`job_id = $${params.length}`);
    }
    if (f.sweepId) {
      params.push(f.sweepId);
      where.push(`sweep_id = $${params.length}`);
    }
    params.push(f.limit);
    // In seq order up to the horizon; `held` marks the first row above it (there are more to come).
    const sql = `SELECT * FROM (SELECT e.*, e.seq >= h.below AS held
        FROM push_events e, (SELECT ${EVENT_HORIZON} AS below) h
        WHERE ${where.join(' AND ')} ORDER BY seq LIMIT $${params.length}) x`;
    for (let i = 0; ; i++) {
      const rows = await this.rows<EventRow & { held: boolean }>(sql, params);
      const below = rows.filter((r) => !r.held);
      const wait = HELD_WAITS_MS[i];
      // An event held for over a second waits on a long transaction, not a batch about to commit:
      // no point waiting here (every stream's read would then take a quarter of a second).
      const first = rows[below.length];
      if (!first || wait === undefined || Date.now() - Number(first.created_at_ms) > 1_000)
        return below.map(rowToEvent);
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  async lastEventSeq(): Promise<number> {
    // The highest seq a reader may start after: one above the horizon could be passed by an
    // event that commits later with a smaller seq.
    const [row] = await this.rows<{ seq: string | null }>(
      `SELECT MAX(seq) AS seq FROM push_events WHERE seq < ${EVENT_HORIZON}`,
    );
    return Number(row?.seq ?? 0);
  }

  async claimDeliveries(
    nowMs: number,
    leaseOwner: string,
    leaseUntilMs: number,
    limit: number,
  ): Promise<ClaimedDelivery[]> {
    // Below the horizon only, so a key's deliveries still go out in seq order: an event of the
    // same key may yet commit with a smaller seq. `held`: due deliveries wait above it.
    const sql = `WITH h AS (SELECT ${EVENT_HORIZON} AS below),
       due AS (
         SELECT d.id FROM webhook_deliveries d
         WHERE d.status = 'pending' AND d.next_attempt_ms <= $1 AND (d.lease_until_ms IS NULL OR d.lease_until_ms < $1)
           AND d.event_seq < (SELECT below FROM h)
           AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.status = 'pending'
             AND e.order_key = d.order_key AND e.url = d.url AND e.event_seq < d.event_seq)
         ORDER BY d.event_seq LIMIT $4 FOR UPDATE SKIP LOCKED),
       up AS (UPDATE webhook_deliveries w SET lease_owner = $2, lease_until_ms = $3
         FROM due, push_events p WHERE w.id = due.id AND p.seq = w.event_seq
         RETURNING w.*, p.payload, p.created_at_ms AS event_created_at_ms),
       held AS (SELECT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.status = 'pending'
         AND d.next_attempt_ms <= $1 AND d.event_seq >= (SELECT below FROM h)) AS held)
       SELECT up.*, held.held FROM held LEFT JOIN up ON true`;
    const out: ClaimedDelivery[] = [];
    for (let i = 0; out.length < limit; i++) {
      // One row with a null id when nothing was claimed: the held flag alone.
      const rows = await this.rows<
        (DeliveryRow | (Omit<DeliveryRow, 'id'> & { id: null })) & { held: boolean }
      >(sql, [nowMs, leaseOwner, leaseUntilMs, limit - out.length]);
      for (const r of rows) if (r.id !== null) out.push(rowToClaimed(r as DeliveryRow));
      const wait = HELD_WAITS_MS[i];
      if (!rows[0]?.held || wait === undefined) break;
      await new Promise((r) => setTimeout(r, wait));
    }
    return out.sort((a, b) => a.eventSeq - b.eventSeq);
  }

  async finishDelivery(id: number, leaseOwner: string, u: DeliveryUpdate): Promise<boolean> {
    const res = await this.pool.query(
      `UPDATE webhook_deliveries SET status = $1, attempts = $2, next_attempt_ms = $3, last_status_code = $4,
       last_error = $5, delivered_at_ms = $6, lease_owner = NULL, lease_until_ms = NULL
       WHERE id = $7 AND lease_owner = $8`,
      [u.status, u.attempts, u.nextAttemptMs, u.lastStatusCode, u.lastError, u.deliveredAtMs, id, leaseOwner],
    );
    return (res.rowCount ?? 0) > 0;
  }

  async releaseLeases(leaseOwner: string | null): Promise<void> {
    await this.pool.query(
      'UPDATE webhook_deliveries SET lease_owner = NULL, lease_until_ms = NULL WHERE lease_owner = coalesce($1, lease_owner)',
      [leaseOwner],
    );
  }

  async listDeliveries(f: DeliveryFilter): Promise<DeliveryRecord[]> {
    const where = ['owner_id = $1', 'id < $2'];
    const params: unknown[] = [f.ownerId, f.beforeId ?? Number.MAX_SAFE_INTEGER];
    if (f.jobId !== undefined) {
      params.push(f.jobId);
      where.push(`job_id = $${params.length}`);
    }
    if (f.sweepId !== undefined) {
      params.push(f.sweepId);
      where.push(`sweep_id = $${params.length}`);
    }
    params.push(f.limit);
    const rows = await this.rows<DeliveryRow>(
      `SELECT * FROM webhook_deliveries WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map(rowToDelivery);
  }

  async pruneEvents(beforeMs: number): Promise<number> {
    return withTransaction(this.pool, async (client) => {
      const keep = `EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_seq = push_events.seq AND d.status = 'pending')`;
      await client.query(
        `DELETE FROM webhook_deliveries WHERE event_seq IN (SELECT seq FROM push_events WHERE created_at_ms < $1 AND NOT ${keep})`,
        [beforeMs],
      );
      const res = await client.query(`DELETE FROM push_events WHERE created_at_ms < $1 AND NOT ${keep}`, [
        beforeMs,
      ]);
      return res.rowCount ?? 0;
    });
  }

  async listTerminalJobIdsWithoutEvent(sinceIso: string, limit: number): Promise<string[]> {
    const rows = await this.rows<{ id: string }>(
      `SELECT j.id FROM jobs j WHERE j.completed_at IS NOT NULL AND j.completed_at >= $1
         AND j.status IN ('completed', 'failed')
         AND NOT EXISTS (SELECT 1 FROM push_events p WHERE p.dedupe_key = 'job:' || j.id)
       ORDER BY j.completed_at LIMIT $2`,
      [sinceIso, limit],
    );
    return rows.map((r) => r.id);
  }
}
