// Store on PostgreSQL, shared by several coordinators: every state change is a conditional UPDATE,
// so two coordinators can never both claim or both complete a job; the job writes of one event-loop
// turn commit together (write-batch.ts), and one NOTIFY per commit carries the wake-ups.
import pg from 'pg';
import type { CrawlStore } from '../crawl-types.js';
import type { IdempotencyStore } from '../idempotency-types.js';
import type { LimitStore } from '../limit-types.js';
import type { MeasurementStore } from '../measure-types.js';
import type {
  ApiKeyRecord,
  DeviceRecord,
  JobRecord,
  JobViewRecord,
  ResultRecord,
  SessionRecord,
  SweepRecord,
} from '../records.js';
import { type JobRow, rowToJob } from '../rows.js';
import type { ScheduleStore } from '../schedule-types.js';
import { SqlCrawlStore } from '../sql-crawl-store.js';
import { SqlDevices } from '../sql-device-store.js';
import { SqlJobReads } from '../sql-job-reads.js';
import { SqlApiKeys } from '../sql-key-store.js';
import { SqlMeasurementStore } from '../sql-measure-store.js';
import { SqlScheduleStore } from '../sql-schedule-store.js';
import { SqlSessions } from '../sql-session-store.js';
import { SqlSweepReads } from '../sql-sweep-reads.js';
import { SqlTrustStore } from '../sql-trust-store.js';
import type { JobChanges, StoreEvent } from '../store-events.js';
import type { TrustStore } from '../trust-types.js';
import type { CompleteOutcome, Lease, Store } from '../types.js';
import { PostgresBatchStore } from './batch-store.js';
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

export class PostgresStore implements Store {
  /** Several coordinators share one database; leases decide who owns a running job. */
  readonly shared = true;
  private readonly events: EventHub;
  /** The job writes of one event-loop turn, committed together (write-batch.ts). */
  readonly writes: PgWriteBatch;
  private closing: Promise<void> | null = null;
  readonly push: PostgresPushStore;

  readonly trust: TrustStore;
  readonly idempotency: IdempotencyStore;
  readonly limits: LimitStore;
  readonly schedules: ScheduleStore;
  readonly measurements: MeasurementStore;
  readonly batches: PostgresBatchStore;
  readonly crawls: CrawlStore;
  private readonly sessions: SqlSessions;
  private readonly apiKeys: SqlApiKeys;
  private readonly devices: SqlDevices;
  private readonly jobReads: SqlJobReads;
  private readonly sweeps: SqlSweepReads;

  private constructor(
    private readonly pool: pg.Pool,
    clientConfig: pg.ClientConfig,
    channel: string,
    options: PostgresStoreOptions,
  ) {
    const log = options.log;
    this.events = new EventHub({ clientConfig, channel, log });
    this.writes = new PgWriteBatch(pool, channel, { gatherMs: options.commitGatherMs });
    const sql = postgresRunner(pool);
    this.trust = new SqlTrustStore(sql);
    this.idempotency = new PostgresIdempotencyStore(pool);
    this.batches = new PostgresBatchStore(pool);
    this.limits = new PostgresLimitStore(pool, this.writes);
    this.push = new PostgresPushStore(pool, this.writes);
    this.schedules = new SqlScheduleStore(sql);
    this.measurements = new SqlMeasurementStore(sql);
    this.crawls = new SqlCrawlStore(sql);
    this.sessions = new SqlSessions(sql);
    this.apiKeys = new SqlApiKeys(sql);
    this.devices = new SqlDevices(sql);
    this.jobReads = new SqlJobReads(sql);
    this.sweeps = new SqlSweepReads(sql);
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

  insertApiKey(key: ApiKeyRecord, hash: string): Promise<void> {
    return this.apiKeys.insert(key, hash);
  }

  findApiKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    return this.apiKeys.findByHash(hash);
  }

  getApiKey(id: string): Promise<ApiKeyRecord | null> {
    return this.apiKeys.get(id);
  }

  listApiKeys(): Promise<ApiKeyRecord[]> {
    return this.apiKeys.list();
  }

  revokeApiKey(id: string, at: string): Promise<boolean> {
    return this.apiKeys.revoke(id, at);
  }

  insertDevice(device: DeviceRecord, tokenHash: string): Promise<void> {
    return this.devices.insert(device, tokenHash);
  }

  findDeviceByTokenHash(hash: string): Promise<DeviceRecord | null> {
    return this.devices.findByTokenHash(hash);
  }

  listDevices(): Promise<DeviceRecord[]> {
    return this.devices.list();
  }

  revokeDevice(id: string, at: string): Promise<boolean> {
    return this.devices.revoke(id, at);
  }

  touchDevice(id: string, at: string): Promise<void> {
    return this.devices.touch(id, at);
  }

  insertJob(job: JobRecord, lease?: Lease): Promise<void> {
    return this.writes.write({ kind: 'insert', job, lease });
  }

  getJob(id: string): Promise<JobRecord | null> {
    return this.jobReads.get(id);
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

  listSessionJobs(sessionId: string): Promise<JobRecord[]> {
    return this.jobReads.listSession(sessionId);
  }

  listSessionJobIds(sessionId: string): Promise<string[]> {
    return this.jobReads.listSessionIds(sessionId);
  }

  listUnfinishedJobs(): Promise<JobRecord[]> {
    return this.jobReads.listUnfinished();
  }

  claimJob(id: string, deviceId: string, attempt: number, lease: Lease): Promise<boolean> {
    return this.writes.write({ kind: 'claim', id, deviceId, attempt, lease });
  }

  renewLeases(coordinatorId: string, untilMs: number): Promise<void> {
    return this.jobReads.renewLeases(coordinatorId, untilMs);
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

  markArchived(id: string, at: string): Promise<void> {
    return this.jobReads.markArchived(id, at);
  }

  listArchivable(storageType: string, completedBefore: string, limit: number): Promise<JobRecord[]> {
    return this.jobReads.listArchivable(storageType, completedBefore, limit);
  }

  insertSession(s: SessionRecord): Promise<void> {
    return this.sessions.insert(s);
  }

  getSession(id: string): Promise<SessionRecord | null> {
    return this.sessions.get(id);
  }

  pinSessionDevice(id: string, deviceId: string): Promise<string | null> {
    return this.sessions.pinDevice(id, deviceId);
  }

  closeSession(id: string, at: string): Promise<SessionRecord | null> {
    return this.sessions.close(id, at);
  }

  expireSessions(nowMs: number): Promise<string[]> {
    return this.sessions.expire(nowMs);
  }

  async insertSweep(sweep: SweepRecord, jobs: readonly JobRecord[]): Promise<void> {
    await withTransaction(this.pool, (client) => insertSweepRows(client, sweep, jobs));
  }

  listRecentSweeps(limit: number): Promise<SweepRecord[]> {
    return readRecentSweeps(this.pool, limit);
  }

  getSweep(id: string): Promise<SweepRecord | null> {
    return this.sweeps.get(id);
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
