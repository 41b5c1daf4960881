// Store on PostgreSQL, shared by several coordinators: every state change is a conditional UPDATE,
// so two coordinators can never both claim or both complete a job; the job writes of one event-loop
// turn commit together (write-batch.ts), and one NOTIFY per commit carries the wake-ups. What both
// stores share is written once (sql-shared-store.ts and the sql-*-store.ts it serves); what stays
// here needs PostgreSQL: the job path's writes as one statement of data-modifying CTEs a turn
// (batch-statements.ts), LISTEN/NOTIFY, the change cursor (xid8), migrations under an advisory lock.
import pg from 'pg';
import type { LimitStore } from '../limit-types.js';
import type { JobRecord, ResultRecord } from '../records.js';
import type { SqlRunner } from '../sql-runner.js';
import { SqlSharedStore } from '../sql-shared-store.js';
import type { JobChanges, StoreEvent } from '../store-events.js';
import type { CompleteOutcome, Lease, Store } from '../types.js';
import { eventChannel } from './connection-spec.js';
import { EventHub } from './event-hub.js';
import type { StoreLog } from './event-subscription.js';
import { readJobChanges } from './job-reads.js';
import { PostgresLimitStore } from './limit-counters.js';
import { migrate } from './migrations.js';
import { PostgresPushStore } from './push-store.js';
import { postgresRunner } from './sql-runner.js';
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
  readonly limits: LimitStore;

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
    this.limits = new PostgresLimitStore(pool, this.writes);
    this.push = new PostgresPushStore(pool, this.writes);
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

  insertJob(job: JobRecord, lease?: Lease): Promise<void> {
    return this.writes.write({ kind: 'insert', job, lease });
  }

  readJobChanges(since: string | null): Promise<JobChanges> {
    return readJobChanges(this.pool, since);
  }

  claimJob(id: string, deviceId: string, attempt: number, lease: Lease): Promise<boolean> {
    return this.writes.write({ kind: 'claim', id, deviceId, attempt, lease });
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
