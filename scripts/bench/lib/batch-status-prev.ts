// The batch status read as it was before rows were read as arrays and SQLite had the jobs_view
// covering index: object rows, mapped to records by name; on SQLite through the primary key's
// index and the table (INDEXED BY, as the planner did before migration 10). The bench times it
// against the store's read on the same data in the same run.
import Database from 'better-sqlite3';
import pg from 'pg';
import type { StorageType } from '../../../coordinator/storage/types.js';
import type { JobStatus, JobViewRecord } from '../../../coordinator/store/records.js';
import { JOB_VIEW_COLUMNS } from '../../../coordinator/store/rows.js';

interface ViewRow {
  id: string;
  url: string;
  method: string;
  status: string;
  submitted_at: string;
  timeout_sec: number;
  placement: string;
  storage_type: string;
  session_id: string | null;
  sweep_id: string | null;
  completed_at: string | null;
  failure_type: string | null;
  error_message: string | null;
  archived_at: string | null;
  device_id: string | null;
}

function rowToJobView(row: ViewRow): JobViewRecord {
  return {
    id: row.id,
    url: row.url,
    method: row.method,
    status: row.status as JobStatus,
    submittedAt: row.submitted_at,
    timeoutSec: row.timeout_sec,
    placement: JSON.parse(row.placement),
    storageType: row.storage_type as StorageType,
    sessionId: row.session_id,
    sweepId: row.sweep_id,
    completedAt: row.completed_at,
    failureType: row.failure_type,
    errorMessage: row.error_message,
    archivedAt: row.archived_at,
    deviceId: row.device_id,
  };
}

export interface PrevRead {
  read(ownerId: string, ids: readonly string[]): Promise<JobViewRecord[]>;
  close(): Promise<void>;
}

/** `dbUrl` as the coordinator takes it: `sqlite:<file>` or a postgres:// URL. */
export function prevRead(dbUrl: string): PrevRead {
  if (dbUrl.startsWith('sqlite:')) {
    const db = new Database(dbUrl.slice('sqlite:'.length), { readonly: true });
    const stmt = db.prepare<[string, string], ViewRow>(
      `SELECT ${JOB_VIEW_COLUMNS} FROM jobs INDEXED BY sqlite_autoindex_jobs_1 WHERE id IN (SELECT value FROM json_each(?)) AND owner_id = ?`,
    );
    return {
      read: async (ownerId, ids) => stmt.all(JSON.stringify(ids), ownerId).map(rowToJobView),
      close: async () => {
        db.close();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
  return {
    read: async (ownerId, ids) => {
      const { rows } = await pool.query<ViewRow>(
        `SELECT ${JOB_VIEW_COLUMNS} FROM jobs WHERE id = ANY($1::text[]) AND owner_id = $2`,
        [ids, ownerId],
      );
      return rows.map(rowToJobView);
    },
    close: () => pool.end(),
  };
}
