// Store on better-sqlite3: WAL, migrations, conditional updates for every state change. What both
// stores share is written once (sql-shared-store.ts and the sql-*-store.ts it serves); what stays
// here needs SQLite: the job path's writes run as synchronous closures of prepared statements inside
// the group commit (write-batch.ts), where PostgreSQL's turn into one multi-row statement; events
// reach only this process's listeners (one process owns the file); migrations run through exec().
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { LimitStore } from '../limit-types.js';
import { migrationsFor } from '../migrations.js';
import type { JobRecord, ResultRecord } from '../records.js';
import { CLAIMED_COLUMNS, JOB_COLUMNS, jobToRow, withoutNul } from '../rows.js';
import { MEMBER_ENDED_SQL } from '../sql-group-store.js';
import type { SqlRunner } from '../sql-runner.js';
import { SqlSharedStore } from '../sql-shared-store.js';
import type { StoreEvent } from '../store-events.js';
import type { CompleteOutcome, Lease, Store } from '../types.js';
import { SqliteLimitStore } from './limit-counters.js';
import { SqlitePushStore } from './push-store.js';
import { sqliteRunner } from './sql-runner.js';
import { type CloseCheckpointer, useWal } from './wal-checkpointer.js';
import { WriteBatch } from './write-batch.js';

export interface SqliteStoreOptions {
  /** How long a write waits for another process's lock on the file (admin CLI). Default 5000 ms. */
  busyTimeoutMs?: number;
  /** Writes committed together at most (group commit, see write-batch.ts). Default 512. */
  maxBatchWrites?: number;
  /** How long a push event's write waits for the next commit (WriteBatch.writeSoon). Default 2 ms. */
  soonMs?: number;
  /** WAL checkpoints in a worker thread, not in the event loop's COMMITs (wal-checkpointer.ts). */
  checkpointInWorker?: boolean;
  /** The connection's page cache in KiB (`PRAGMA cache_size = -n`). Default PAGE_CACHE_KIB. */
  pageCacheKib?: number;
}

/**
 * SQLite's own default page cache (2 MiB), not the 16 MiB better-sqlite3 builds with. A B-tree
 * rebalance that reorders its new pages (balance_nonroot) parks one of them at the pending-byte
 * page number (262,145 at 4 KiB pages) for a moment, which leaves the cache's highest page number
 * there; every COMMIT then truncates the cache to the file's size with a walk of the whole cache,
 * since that number is far above the file's last page (until the file passes 1 GiB). The job
 * path's updates rebalance in nearly every commit, so each commit walked all ~3,900 cached pages
 * (10% of a commit-heavy loop's CPU, 2% of the coordinator's). With 2 MiB the walk is ~500 pages;
 * pages not kept come back from the OS's file cache (docs/scaling.md, "Batches: warm code, the page
 * cache walk, owners' webhooks").
 */
export const PAGE_CACHE_KIB = 2000;

export class SqliteStore extends SqlSharedStore implements Store {
  readonly shared = false;
  readonly push: SqlitePushStore;
  private readonly db: Database.Database;
  readonly limits: LimitStore;
  private readonly insertJobStmt: Database.Statement;
  private readonly insertClaimedStmt: Database.Statement;
  /** Group commit: the job path's writes of one event-loop turn share one transaction. */
  readonly batch: WriteBatch;
  private closed = false;
  private readonly closeCheckpointer: CloseCheckpointer;
  private readonly listeners = new Set<(event: StoreEvent) => void>();
  private readonly statements = new Map<string, Database.Statement<unknown[], unknown>>();
  /**
   * db.prepare, once per SQL text: compiling a statement costs more than running most of these, and
   * at fleet scale (claims, results, device lookups at thousands a second) it showed in profiles.
   */
  private readonly prepare = ((source: string) => {
    let stmt = this.statements.get(source);
    if (!stmt) {
      stmt = this.db.prepare(source);
      this.statements.set(source, stmt);
    }
    return stmt;
  }) as Database.Database['prepare'];

  protected readonly sql: SqlRunner;

  constructor(file: string, opts: SqliteStoreOptions = {}) {
    super();
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.closeCheckpointer = useWal(this.db, file, { checkpointInWorker: opts.checkpointInWorker });
    this.db.pragma(`busy_timeout = ${opts.busyTimeoutMs ?? 5000}`);
    this.db.pragma('foreign_keys = ON');
    this.db.pragma(`cache_size = -${Math.trunc(opts.pageCacheKib ?? PAGE_CACHE_KIB)}`);
    this.migrate();
    this.batch = new WriteBatch(this.db, { maxWrites: opts.maxBatchWrites, soonMs: opts.soonMs });
    const write = <T>(run: () => T) => this.batch.write(run);
    const sql = sqliteRunner(this.db, this.prepare, write);
    this.sql = sql;
    this.push = new SqlitePushStore(this.db, this.prepare, write, (run) => this.batch.writeSoon(run));
    this.insertJobStmt = this.prepare(
      `INSERT INTO jobs (${JOB_COLUMNS.join(', ')}) VALUES (${JOB_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.insertClaimedStmt = this.prepare(
      `INSERT INTO jobs (${CLAIMED_COLUMNS.join(', ')}) VALUES (${CLAIMED_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.limits = new SqliteLimitStore(this.db, this.prepare, write);
  }

  private migrate(): void {
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT)',
    );
    const done = new Set(
      this.prepare<[], { version: number }>('SELECT version FROM schema_migrations')
        .all()
        .map((r) => r.version),
    );
    for (const { version, sql } of migrationsFor('sqlite')) {
      if (done.has(version)) continue;
      this.db.transaction(() => {
        this.db.exec(sql);
        this.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(
          version,
          new Date().toISOString(),
        );
      })();
    }
  }

  async insertJob(job: JobRecord, lease?: Lease): Promise<void> {
    const row = jobToRow(job);
    if (!lease) {
      await this.batch.write(() => this.insertJobStmt.run(row));
      await this.publish({ type: 'job_pending', jobId: job.id });
      return;
    }
    const claimed = { ...row, coordinator_id: lease.coordinatorId, lease_until_ms: lease.untilMs };
    await this.batch.write(() => this.insertClaimedStmt.run(claimed));
  }

  async claimJob(id: string, deviceId: string, attempt: number, lease: Lease): Promise<boolean> {
    const stmt = this.prepare(
      "UPDATE jobs SET status = 'running', device_id = ?, attempt = ?, coordinator_id = ?, lease_until_ms = ? WHERE id = ? AND status = 'pending' AND attempt = ?",
    );
    const claimed = await this.batch.write(
      () => stmt.run(deviceId, attempt, lease.coordinatorId, lease.untilMs, id, attempt - 1).changes > 0,
    );
    if (claimed) await this.publish({ type: 'job_claimed', jobId: id });
    return claimed;
  }

  async publish(event: StoreEvent): Promise<void> {
    // One process owns a SQLite file: events only need to reach this process's listeners.
    for (const l of this.listeners) l(event);
  }

  async subscribe(listener: (event: StoreEvent) => void): Promise<() => Promise<void>> {
    this.listeners.add(listener);
    return async () => {
      this.listeners.delete(listener);
    };
  }

  async requeueJob(id: string, attempt: number, queueDeadlineMs: number): Promise<boolean> {
    const stmt = this.prepare(
      "UPDATE jobs SET status = 'pending', queue_deadline_ms = ? WHERE id = ? AND status = 'running' AND attempt = ?",
    );
    return this.batch.write(() => stmt.run(queueDeadlineMs, id, attempt).changes > 0);
  }

  async completeJob(id: string, result: ResultRecord, completedAt: string): Promise<CompleteOutcome> {
    const update = this.prepare<[string, string, string, string], { group_id: string | null }>(
      "UPDATE jobs SET status = 'completed', result = ?, completed_at = ?, device_id = ? WHERE id = ? AND status IN ('pending', 'running') RETURNING group_id",
    );
    const status = this.prepare<[string], { status: string }>('SELECT status FROM jobs WHERE id = ?');
    const json = JSON.stringify(result);
    const outcome = await this.batch.write((): CompleteOutcome => {
      const changed = update.get(json, completedAt, result.deviceId, id);
      if (changed) {
        this.memberEnded(changed.group_id, 'completed', completedAt);
        return 'stored';
      }
      return status.get(id)?.status === 'completed' ? 'duplicate' : 'stale';
    });
    if (outcome === 'stored') await this.publish({ type: 'job_terminal', jobId: id });
    return outcome;
  }

  async failJob(
    id: string,
    failureType: string,
    message: string,
    at: string,
    onlyIf?: 'pending' | 'running',
  ): Promise<boolean> {
    // One statement text: `onlyIf` is a parameter (NULL: from pending or running), never SQL text.
    const stmt = this.prepare<unknown[], { group_id: string | null }>(
      "UPDATE jobs SET status = 'failed', failure_type = ?, error_message = ?, completed_at = ? WHERE id = ? AND status IN ('pending', 'running') AND (? IS NULL OR status = ?) RETURNING group_id",
    );
    const only = onlyIf ?? null;
    const failed = await this.batch.write(() => {
      const changed = stmt.get(failureType, withoutNul(message), at, id, only, only);
      if (changed) this.memberEnded(changed.group_id, 'failed', at);
      return changed !== undefined;
    });
    if (failed) await this.publish({ type: 'job_terminal', jobId: id });
    return failed;
  }

  /** A member's end counted in its group, inside the terminal write's transaction (group-types.ts). */
  private memberEnded(groupId: string | null, status: 'completed' | 'failed', at: string): void {
    if (groupId === null) return;
    const c = status === 'completed' ? 1 : 0;
    this.prepare(MEMBER_ENDED_SQL).run(c, 1 - c, c, 1 - c, at, groupId);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.batch.close();
    await this.closeCheckpointer();
    this.db.close();
  }
}
