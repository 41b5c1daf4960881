// Store on PostgreSQL, shared by several coordinators: every state change is a conditional UPDATE,
// so two coordinators can never both claim or both complete a job; the job writes of one event-loop
// turn commit together (write-batch.ts), and one NOTIFY per commit carries the wake-ups.
import pg from 'pg';
import type { BatchStore } from '../batch-types.js';
import type { CrawlStore } from '../crawl-types.js';
import type { GroupStore } from '../group-types.js';
import type { IdempotencyStore } from '../idempotency-types.js';
import type { LimitStore } from '../limit-types.js';
import type { MeasurementStore } from '../measure-types.js';
import type { JobRecord, JobViewRecord, ResultRecord, SweepRecord } from '../records.js';
import { type JobRow, rowToJob } from '../rows.js';
import type { ScheduleStore } from '../schedule-types.js';
import { SqlBatchStore } from '../sql-batch-store.js';
import { SqlCrawlStore } from '../sql-crawl-store.js';
import { SqlGroupStore } from '../sql-group-store.js';
import { SqlMeasurementStore } from '../sql-measure-store.js';
import { SqlReleaseStore } from '../sql-release-store.js';
import type { SqlRunner } from '../sql-runner.js';
import { SqlScheduleStore } from '../sql-schedule-store.js';
import { SqlSharedStore } from '../sql-shared-store.js';
import { SqlTrustStore } from '../sql-trust-store.js';
import type { JobChanges, StoreEvent } from '../store-events.js';
import type { TrustStore } from '../trust-types.js';
import type { CompleteOutcome, Lease, Store } from '../types.js';
import { eventChannel } from './connection-spec.js';
import { EventHub } from './event-hub.js';
import type { StoreLog } from './event-subscription.js';
import { PostgresIdempotencyStore } from './idempotency-store.js';
import { readJobChanges, readJobs, readJobViews } from './job-reads.js';
import { PostgresLimitStore } from './limit-counters.js';
import { migrate } from './migrations.js';
import { PostgresPushStore } from './push-store.js';
import { postgresRunner } from './sql-runner.js';
import { readRecentSweeps } from './sweep-reads.js';
import { insertSweepRows, withTransaction } from './transactions.js';
import { PgWriteBatch } from './write-batch.js';

export interface PostgresStoreOptions {
  /** Pool connections (the one LISTEN connection, shared by every subscriber, is extra). Default 10. */
  poolSize?: number;
  /** Schema for the tables, created if missing; default null (the server's search_path, i.e. public). */
  schema?: string | null;
  /** Where connection trouble is reported. Default: nowhere. */
  log?: StoreLog;
  /** Longest wait of a busy writer for a fuller batch, ms (write-batch.ts). Default 4. */
  commitGatherMs?: number;
}

export class PostgresStore extends SqlSharedStore implements Store {
  /** Several coordinators share one database; leases decide who owns a running job. */
  readonly shared = true;
  private readonly events: EventHub;
  /** The job writes of one event-loop turn, committed together (write-batch.ts). */
  readonly writes: PgWriteBatch;
  private closing: Promise<void> | null = null;
  readonly push: PostgresPushStore;

  readonly trust: TrustStore;
  readonly releases: SqlReleaseStore;
  readonly idempotency: IdempotencyStore;
  readonly limits: LimitStore;
  readonly schedules: ScheduleStore;
  readonly measurements: MeasurementStore;
  readonly batches: BatchStore;
  readonly groups: GroupStore;
  readonly crawls: CrawlStore;

  protected readonly sql: SqlRunner;

  private constructor(
    private readonly pool: pg.Pool,
    clientConfig: pg.ClientConfig,
    channel: string,
    options: PostgresStoreOptions,
  ) {
    super();
    const log = options.log;
    this.events = new EventHub({ clientConfig, channel, log });
    this.writes = new PgWriteBatch(pool, channel, { gatherMs: options.commitGatherMs });
    const sql = postgresRunner(pool);
    this.sql = sql;
    this.trust = new SqlTrustStore(sql);
    this.releases = new SqlReleaseStore(sql);
    this.idempotency = new PostgresIdempotencyStore(pool);
    this.limits = new PostgresLimitStore(pool, this.writes);
    this.push = new PostgresPushStore(pool, this.writes);
    this.schedules = new SqlScheduleStore(sql);
    this.measurements = new SqlMeasurementStore(sql);
    this.batches = new SqlBatchStore(sql);
    this.groups = new SqlGroupStore(sql);
    this.crawls = new SqlCrawlStore(sql);
  }

  /** Connects, applies pending migrations (once across coordinators) and returns the store. */
  static async open(connectionString: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const schema = options.schema ?? null;
    const clientConfig: pg.ClientConfig = {
      connectionString,
      // Set at connection start, so every pooled connection and the LISTEN one use the schema.
      options: schema === null ? undefined : `-c search_path=${schema}`,
      // Notices a silently dead peer (a LISTEN connection idles forever otherwise).
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: 'crawl-coordinator',
    };
    const pool = new pg.Pool({ ...clientConfig, max: options.poolSize ?? 10 });
    // Without a handler an idle connection dropped by the server would crash the process; the pool
    // discards it and opens a new one on the next query.
    pool.on('error', (err) => options.log?.warn({ err }, 'idle postgres connection failed'));
    try {
      await migrate(pool, schema);
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
    return new PostgresStore(pool, clientConfig, eventChannel(schema), options);
  }

  /** Rows typed by the caller: pg's QueryResultRow demands an index signature our row interfaces lack. */
  private async rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }

  insertJob(job: JobRecord, lease?: Lease): Promise<void> {
    return this.writes.write({ kind: 'insert', job, lease });
  }

  getJobs(ids: readonly string[]): Promise<JobRecord[]> {
    return readJobs(this.pool, ids);
  }

  getJobViews(ownerId: string, ids: readonly string[]): Promise<JobViewRecord[]> {
    return readJobViews(this.pool, ownerId, ids);
  }

  readJobChanges(since: string | null): Promise<JobChanges> {
    return readJobChanges(this.pool, since);
  }

  claimJob(id: string, deviceId: string, attempt: number, lease: Lease): Promise<boolean> {
    return this.writes.write({ kind: 'claim', id, deviceId, attempt, lease });
  }

  async requeueExpiredLeases(nowMs: number, queueDeadlineMs: number): Promise<JobRecord[]> {
    // One statement: a coordinator running the same sweep at the same moment waits on the row locks
    // and then skips rows that are no longer running, so each job comes back exactly once.
    return (
      await this.rows<JobRow>(
        "UPDATE jobs SET status = 'pending', queue_deadline_ms = $1, coordinator_id = NULL WHERE status = 'running' AND lease_until_ms < $2 RETURNING *",
        [queueDeadlineMs, nowMs],
      )
    ).map(rowToJob);
  }

  requeueJob(id: string, attempt: number, queueDeadlineMs: number): Promise<boolean> {
    return this.writes.write({ kind: 'requeue', id, attempt, queueDeadlineMs });
  }

  completeJob(id: string, result: ResultRecord, completedAt: string): Promise<CompleteOutcome> {
    return this.writes.write({ kind: 'complete', id, result, completedAt });
  }

  failJob(
    id: string,
    failureType: string,
    message: string,
    at: string,
    onlyIf?: 'pending' | 'running',
  ): Promise<boolean> {
    return this.writes.write({ kind: 'fail', id, failureType, message, at, onlyIf });
  }

  async insertSweep(sweep: SweepRecord, jobs: readonly JobRecord[]): Promise<void> {
    await withTransaction(this.pool, (client) => insertSweepRows(client, sweep, jobs));
  }

  listRecentSweeps(limit: number): Promise<SweepRecord[]> {
    return readRecentSweeps(this.pool, limit);
  }

  publish(event: StoreEvent): Promise<void> {
    // Joins the batch gathering now: one NOTIFY per transaction, sent on its commit to every
    // session LISTENing on this database, ours included.
    return this.writes.write({ kind: 'notify', event });
  }

  async subscribe(listener: (event: StoreEvent) => void): Promise<() => Promise<void>> {
    if (this.closing) throw new Error('postgres store is closed');
    return this.events.subscribe(listener);
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.writes.close();
      await this.events.close();
      await this.pool.end();
    })();
    return this.closing;
  }
}
