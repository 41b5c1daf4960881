// The push tables on SQLite: one process opens the file, so a transaction is the whole story.
import type Database from 'better-sqlite3';
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

const DUE_SQL = `SELECT d.id FROM webhook_deliveries d
  WHERE d.status = 'pending' AND d.next_attempt_ms <= ? AND (d.lease_until_ms IS NULL OR d.lease_until_ms < ?)
    AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.status = 'pending'
      AND e.order_key = d.order_key AND e.url = d.url AND e.event_seq < d.event_seq)
  ORDER BY d.event_seq LIMIT ?`;

type Prepare = Database.Database['prepare'];
/** Owners whose default webhook is kept in memory at most (one small object each). */
const OWNER_CACHE_MAX = 10_000;
/** Runs writes in the store's group commit (write-batch.ts). */
type Write = <T>(run: () => T) => Promise<T>;

export class SqlitePushStore implements PushStore {
  /**
   * Owners' default webhooks as last read (null: none). Every job event asks for its owner's, and
   * nearly all owners keep the same one for months, so the read is kept instead of run per event.
   * A change made through this store drops the entry at once; a change committed by another
   * connection (the admin command is another process) shows in `PRAGMA data_version`, asked at
   * most once per event-loop turn, which empties the whole cache.
   */
  private readonly owners = new Map<string, OwnerWebhook | null>();
  private dataVersion = -1;
  private versionChecked = false;

  constructor(
    private readonly db: Database.Database,
    /** The store's prepare-once cache: a job's event costs four statements, compiled once. */
    private readonly prepare: Prepare,
    private readonly write: Write,
    /**
     * For the events: a write that waits a moment for the next commit instead of one of its own.
     * Nothing answers a client from an event's write, and one lost in a crash is written again by
     * the catch-up pass (push/event-log.ts).
     */
    private readonly writeSoon: Write = write,
  ) {}

  async setSubjectWebhook(h: SubjectWebhook): Promise<void> {
    const stmt = this.prepare(
      'INSERT INTO subject_webhooks (subject_id, owner_id, url, events) VALUES (?, ?, ?, ?) ON CONFLICT (subject_id) DO UPDATE SET url = excluded.url, events = excluded.events',
    );
    const events = JSON.stringify(h.events);
    await this.write(() => stmt.run(h.subjectId, h.ownerId, h.url, events));
  }

  async getSubjectWebhook(subjectId: string): Promise<SubjectWebhook | null> {
    const row = this.prepare<[string], HookRow>('SELECT * FROM subject_webhooks WHERE subject_id = ?').get(
      subjectId,
    );
    if (!row) return null;
    return { subjectId, ownerId: row.owner_id, url: row.url ?? '', events: JSON.parse(row.events) };
  }

  async setOwnerWebhook(h: OwnerWebhook): Promise<void> {
    try {
      this.prepare(
        'INSERT INTO owner_webhooks (owner_id, url, events, secret) VALUES (?, ?, ?, ?) ON CONFLICT (owner_id) DO UPDATE SET url = excluded.url, events = excluded.events, secret = excluded.secret',
      ).run(h.ownerId, h.url, JSON.stringify(h.events), h.secret);
    } finally {
      this.owners.delete(h.ownerId);
    }
  }

  async getOwnerWebhook(ownerId: string): Promise<OwnerWebhook | null> {
    this.dropIfChangedElsewhere();
    const known = this.owners.get(ownerId);
    if (known !== undefined) return known;
    const row = this.prepare<[string], HookRow>('SELECT * FROM owner_webhooks WHERE owner_id = ?').get(
      ownerId,
    );
    // Frozen: every caller shares the one object, so a caller that changed it would throw.
    const hook = row
      ? Object.freeze({
          ownerId,
          url: row.url,
          events: Object.freeze(JSON.parse(row.events) as string[]) as string[],
          secret: row.secret ?? '',
        })
      : null;
    if (this.owners.size >= OWNER_CACHE_MAX) this.owners.clear();
    this.owners.set(ownerId, hook);
    return hook;
  }

  /** Empties the owner cache when another connection has committed since the last look. */
  private dropIfChangedElsewhere(): void {
    if (this.versionChecked) return;
    this.versionChecked = true;
    setImmediate(() => {
      this.versionChecked = false;
    });
    const version = this.prepare<[], number>('PRAGMA data_version').pluck().get() as number;
    if (version !== this.dataVersion) {
      this.dataVersion = version;
      this.owners.clear();
    }
  }

  async appendEvent(e: NewPushEvent): Promise<boolean> {
    const insert = this.prepare(
      'INSERT INTO push_events (id, dedupe_key, owner_id, type, job_id, sweep_id, created_at_ms, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING',
    );
    const add = this.prepare(
      `INSERT INTO webhook_deliveries (event_seq, event_id, event_type, owner_id, order_key, job_id, sweep_id, url, status, attempts, next_attempt_ms, created_at_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
    );
    const run = (): boolean => {
      const inserted = insert.run(
        e.id,
        e.dedupeKey,
        e.ownerId,
        e.type,
        e.jobId,
        e.sweepId,
        e.createdAtMs,
        e.payload,
      );
      if (inserted.changes === 0) return false;
      const seq = Number(inserted.lastInsertRowid);
      for (const d of e.deliveries) {
        add.run(
          seq,
          e.id,
          e.type,
          e.ownerId,
          d.orderKey,
          e.jobId,
          e.sweepId,
          d.url,
          e.createdAtMs,
          e.createdAtMs,
        );
      }
      return true;
    };
    // One statement without deliveries; with them, a savepoint makes the event and its outbox rows one.
    return this.writeSoon(e.deliveries.length === 0 ? run : this.db.transaction(run));
  }

  async listEvents(f: EventFilter): Promise<PushEventRecord[]> {
    const where = ['owner_id = ?', 'seq > ?'];
    const params: unknown[] = [f.ownerId, f.afterSeq];
    if (f.jobId) {
      where.push('job_id = ?');
      params.push(f.jobId);
    }
    if (f.sweepId) {
      where.push('sweep_id = ?');
      params.push(f.sweepId);
    }
    params.push(f.limit);
    return this.prepare<unknown[], EventRow>(
      `SELECT * FROM push_events WHERE ${where.join(' AND ')} ORDER BY seq LIMIT ?`,
    )
      .all(...params)
      .map(rowToEvent);
  }

  async lastEventSeq(): Promise<number> {
    const row = this.db.prepare<[], { seq: number | null }>('SELECT MAX(seq) AS seq FROM push_events').get();
    return row?.seq ?? 0;
  }

  async claimDeliveries(
    nowMs: number,
    leaseOwner: string,
    leaseUntilMs: number,
    limit: number,
  ): Promise<ClaimedDelivery[]> {
    return this.db.transaction(() => {
      const ids = this.prepare<[number, number, number], { id: number }>(DUE_SQL)
        .all(nowMs, nowMs, limit)
        .map((r) => r.id);
      const lease = this.prepare(
        'UPDATE webhook_deliveries SET lease_owner = ?, lease_until_ms = ? WHERE id = ?',
      );
      const read = this.db.prepare<[number], DeliveryRow>(
        `SELECT d.*, p.payload, p.created_at_ms AS event_created_at_ms
         FROM webhook_deliveries d JOIN push_events p ON p.seq = d.event_seq WHERE d.id = ?`,
      );
      const out: ClaimedDelivery[] = [];
      for (const id of ids) {
        lease.run(leaseOwner, leaseUntilMs, id);
        const row = read.get(id);
        if (row) out.push(rowToClaimed(row));
      }
      return out;
    })();
  }

  async finishDelivery(id: number, leaseOwner: string, u: DeliveryUpdate): Promise<boolean> {
    return (
      this.prepare(
        `UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_ms = ?, last_status_code = ?,
           last_error = ?, delivered_at_ms = ?, lease_owner = NULL, lease_until_ms = NULL
           WHERE id = ? AND lease_owner = ?`,
      ).run(
        u.status,
        u.attempts,
        u.nextAttemptMs,
        u.lastStatusCode,
        u.lastError,
        u.deliveredAtMs,
        id,
        leaseOwner,
      ).changes > 0
    );
  }

  async releaseLeases(leaseOwner: string | null): Promise<void> {
    this.prepare(
      'UPDATE webhook_deliveries SET lease_owner = NULL, lease_until_ms = NULL WHERE lease_owner = coalesce(?, lease_owner)',
    ).run(leaseOwner);
  }

  async listDeliveries(f: DeliveryFilter): Promise<DeliveryRecord[]> {
    const where = ['owner_id = ?', 'id < ?'];
    const params: unknown[] = [f.ownerId, f.beforeId ?? Number.MAX_SAFE_INTEGER];
    if (f.jobId !== undefined) {
      where.push('job_id = ?');
      params.push(f.jobId);
    }
    if (f.sweepId !== undefined) {
      where.push('sweep_id = ?');
      params.push(f.sweepId);
    }
    params.push(f.limit);
    return this.prepare<unknown[], DeliveryRow>(
      `SELECT * FROM webhook_deliveries WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ?`,
    )
      .all(...params)
      .map(rowToDelivery);
  }

  async pruneEvents(beforeMs: number): Promise<number> {
    return this.db.transaction(() => {
      const keep = `EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_seq = push_events.seq AND d.status = 'pending')`;
      this.prepare(
        `DELETE FROM webhook_deliveries WHERE event_seq IN (SELECT seq FROM push_events WHERE created_at_ms < ? AND NOT ${keep})`,
      ).run(beforeMs);
      return this.prepare(`DELETE FROM push_events WHERE created_at_ms < ? AND NOT ${keep}`).run(beforeMs)
        .changes;
    })();
  }

  async listTerminalJobIdsWithoutEvent(sinceIso: string, limit: number): Promise<string[]> {
    return this.prepare<[string, number], { id: string }>(
      `SELECT j.id FROM jobs j WHERE j.completed_at IS NOT NULL AND j.completed_at >= ?
           AND j.status IN ('completed', 'failed')
           AND NOT EXISTS (SELECT 1 FROM push_events p WHERE p.dedupe_key = 'job:' || j.id)
         ORDER BY j.completed_at LIMIT ?`,
    )
      .all(sinceIso, limit)
      .map((r) => r.id);
  }
}
