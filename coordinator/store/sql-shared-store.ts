// The part of the Store contract written once for both stores over their SqlRunner: API keys,
// devices, sessions, the job reads outside the group commits, sweeps' reads, and the stores of the
// features (trust, releases, idempotency keys, schedules, measurements, batches, groups, crawls).
// SqliteStore and PostgresStore extend it; each gives its runner as `sql`, and the parts are made on
// first use (a store's runner exists only once its constructor has set up the connection and group
// commit). What stays with each store is what its dialect needs: the job path's group commit, the
// events, migrations, push and limit counters.
import type {
  ApiKeyRecord,
  DeviceRecord,
  JobRecord,
  JobViewRecord,
  SessionRecord,
  SweepRecord,
} from './records.js';
import { SqlBatchStore } from './sql-batch-store.js';
import { SqlCrawlStore } from './sql-crawl-store.js';
import { SqlDevices } from './sql-device-store.js';
import { SqlGroupStore } from './sql-group-store.js';
import { SqlIdempotencyStore } from './sql-idempotency-store.js';
import { SqlJobReads } from './sql-job-reads.js';
import { SqlApiKeys } from './sql-key-store.js';
import { SqlMeasurementStore } from './sql-measure-store.js';
import { SqlReleaseStore } from './sql-release-store.js';
import type { SqlRunner } from './sql-runner.js';
import { SqlScheduleStore } from './sql-schedule-store.js';
import { SqlSessions } from './sql-session-store.js';
import { SqlSweepReads } from './sql-sweep-reads.js';
import { SqlTrustStore } from './sql-trust-store.js';

interface SharedParts {
  apiKeys: SqlApiKeys;
  devices: SqlDevices;
  jobReads: SqlJobReads;
  sessions: SqlSessions;
  sweeps: SqlSweepReads;
}

/** The features' stores (Store.trust, Store.releases, …), one of each a store. */
interface FeatureStores {
  trust: SqlTrustStore;
  releases: SqlReleaseStore;
  idempotency: SqlIdempotencyStore;
  schedules: SqlScheduleStore;
  measurements: SqlMeasurementStore;
  batches: SqlBatchStore;
  groups: SqlGroupStore;
  crawls: SqlCrawlStore;
}

export abstract class SqlSharedStore {
  /** The store's runner (SQLite's runs writes in its group commit; PostgreSQL's numbers `?`). */
  protected abstract readonly sql: SqlRunner;
  private parts: SharedParts | undefined;

  private get common(): SharedParts {
    this.parts ??= {
      apiKeys: new SqlApiKeys(this.sql),
      devices: new SqlDevices(this.sql),
      jobReads: new SqlJobReads(this.sql),
      sessions: new SqlSessions(this.sql),
      sweeps: new SqlSweepReads(this.sql),
    };
    return this.parts;
  }

  private featureStores: FeatureStores | undefined;

  private get features(): FeatureStores {
    this.featureStores ??= {
      trust: new SqlTrustStore(this.sql),
      releases: new SqlReleaseStore(this.sql),
      idempotency: new SqlIdempotencyStore(this.sql),
      schedules: new SqlScheduleStore(this.sql),
      measurements: new SqlMeasurementStore(this.sql),
      batches: new SqlBatchStore(this.sql),
      groups: new SqlGroupStore(this.sql),
      crawls: new SqlCrawlStore(this.sql),
    };
    return this.featureStores;
  }

  get trust(): SqlTrustStore {
    return this.features.trust;
  }

  get releases(): SqlReleaseStore {
    return this.features.releases;
  }

  get idempotency(): SqlIdempotencyStore {
    return this.features.idempotency;
  }

  get schedules(): SqlScheduleStore {
    return this.features.schedules;
  }

  get measurements(): SqlMeasurementStore {
    return this.features.measurements;
  }

  get batches(): SqlBatchStore {
    return this.features.batches;
  }

  get groups(): SqlGroupStore {
    return this.features.groups;
  }

  get crawls(): SqlCrawlStore {
    return this.features.crawls;
  }

  insertApiKey(key: ApiKeyRecord, hash: string): Promise<void> {
    return this.common.apiKeys.insert(key, hash);
  }

  findApiKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    return this.common.apiKeys.findByHash(hash);
  }

  getApiKey(id: string): Promise<ApiKeyRecord | null> {
    return this.common.apiKeys.get(id);
  }

  listApiKeys(): Promise<ApiKeyRecord[]> {
    return this.common.apiKeys.list();
  }

  revokeApiKey(id: string, at: string): Promise<boolean> {
    return this.common.apiKeys.revoke(id, at);
  }

  insertDevice(device: DeviceRecord, tokenHash: string): Promise<void> {
    return this.common.devices.insert(device, tokenHash);
  }

  findDeviceByTokenHash(hash: string): Promise<DeviceRecord | null> {
    return this.common.devices.findByTokenHash(hash);
  }

  listDevices(): Promise<DeviceRecord[]> {
    return this.common.devices.list();
  }

  revokeDevice(id: string, at: string): Promise<boolean> {
    return this.common.devices.revoke(id, at);
  }

  touchDevice(id: string, at: string): Promise<void> {
    return this.common.devices.touch(id, at);
  }

  getJob(id: string): Promise<JobRecord | null> {
    return this.common.jobReads.get(id);
  }

  getJobs(ids: readonly string[]): Promise<JobRecord[]> {
    return this.common.jobReads.getMany(ids);
  }

  getJobViews(ownerId: string, ids: readonly string[]): Promise<JobViewRecord[]> {
    return this.common.jobReads.views(ownerId, ids);
  }

  requeueExpiredLeases(nowMs: number, queueDeadlineMs: number): Promise<JobRecord[]> {
    return this.common.jobReads.requeueExpired(nowMs, queueDeadlineMs);
  }

  listSessionJobs(sessionId: string): Promise<JobRecord[]> {
    return this.common.jobReads.listSession(sessionId);
  }

  listSessionJobIds(sessionId: string): Promise<string[]> {
    return this.common.jobReads.listSessionIds(sessionId);
  }

  listUnfinishedJobs(): Promise<JobRecord[]> {
    return this.common.jobReads.listUnfinished();
  }

  renewLeases(coordinatorId: string, untilMs: number): Promise<void> {
    return this.common.jobReads.renewLeases(coordinatorId, untilMs);
  }

  getSweep(id: string): Promise<SweepRecord | null> {
    return this.common.sweeps.get(id);
  }

  listRecentSweeps(limit: number): Promise<SweepRecord[]> {
    return this.common.sweeps.recent(limit);
  }

  markArchived(id: string, at: string): Promise<void> {
    return this.common.jobReads.markArchived(id, at);
  }

  listArchivable(storageType: string, completedBefore: string, limit: number): Promise<JobRecord[]> {
    return this.common.jobReads.listArchivable(storageType, completedBefore, limit);
  }

  insertSession(s: SessionRecord): Promise<void> {
    return this.common.sessions.insert(s);
  }

  getSession(id: string): Promise<SessionRecord | null> {
    return this.common.sessions.get(id);
  }

  pinSessionDevice(id: string, deviceId: string): Promise<string | null> {
    return this.common.sessions.pinDevice(id, deviceId);
  }

  closeSession(id: string, at: string): Promise<SessionRecord | null> {
    return this.common.sessions.close(id, at);
  }

  expireSessions(nowMs: number): Promise<string[]> {
    return this.common.sessions.expire(nowMs);
  }
}
