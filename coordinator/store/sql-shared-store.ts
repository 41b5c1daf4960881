// The part of the Store contract written once for both stores over their SqlRunner: API keys,
// devices, sessions, the job reads outside the group commits, and a sweep's read. SqliteStore and
// PostgresStore extend it; each gives its runner as `sql`, and the parts are made on first use (a
// store's runner exists only once its constructor has set up the connection and group commit).
import type { ApiKeyRecord, DeviceRecord, JobRecord, SessionRecord, SweepRecord } from './records.js';
import { SqlDevices } from './sql-device-store.js';
import { SqlJobReads } from './sql-job-reads.js';
import { SqlApiKeys } from './sql-key-store.js';
import type { SqlRunner } from './sql-runner.js';
import { SqlSessions } from './sql-session-store.js';
import { SqlSweepReads } from './sql-sweep-reads.js';

interface SharedParts {
  apiKeys: SqlApiKeys;
  devices: SqlDevices;
  jobReads: SqlJobReads;
  sessions: SqlSessions;
  sweeps: SqlSweepReads;
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
