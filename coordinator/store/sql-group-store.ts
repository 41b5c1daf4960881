// Groups of jobs (group-types.ts), written once for both stores over the SqlRunner (sql-runner.ts):
// a group, its kind's record and its members in one transaction of multi-row inserts. The counts
// are moved by the members' terminal statements, which both stores run with MEMBER_ENDED_SQL.
import { BATCH_COLUMNS, batchValues } from './batch-sql.js';
import type { GroupKind, GroupMember, GroupRecord, GroupRow, GroupStore, NewGroup } from './group-types.js';
import { rowToGroup } from './group-types.js';
import { MEASUREMENT_COLUMNS, measurementValues } from './measure-types.js';
import { CLAIMED_COLUMNS, jobToRow } from './rows.js';
import { marks, type SqlRunner, type SqlStatement } from './sql-runner.js';

/**
 * A member's end counted in its group, in the member's own terminal statement (its transaction):
 * parameters (completed 0|1, failed 0|1, completed again, failed again, the end's time, group id).
 * SET reads the row as it was, so the last member's statement sees the others' counts and stamps
 * `finished_at` once. On PostgreSQL the row lock orders two coordinators' ends of one group.
 */
export const MEMBER_ENDED_SQL = `UPDATE job_groups SET completed_count = completed_count + ?,
  failed_count = failed_count + ?,
  finished_at = CASE WHEN finished_at IS NULL AND completed_count + failed_count + ? + ? >= total THEN ? ELSE finished_at END
  WHERE id = ?`;

/** Rows per INSERT: 250 rows of 26 columns stay inside SQLite's 32,766 bound parameters. */
const ROWS_PER_INSERT = 250;

const GROUP_COLUMNS = [
  'id',
  'kind',
  'owner_id',
  'created_at',
  'total',
  'completed_count',
  'failed_count',
  'finished_at',
];

const insertOne = (table: string, columns: readonly string[]): string =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${marks(columns.length)})`;

const INSERT_GROUP = insertOne('job_groups', GROUP_COLUMNS);
const INSERT_BATCH = insertOne('batches', BATCH_COLUMNS);
const INSERT_MEASUREMENT = insertOne('measurements', MEASUREMENT_COLUMNS);
const JOB_ROW = `(${marks(CLAIMED_COLUMNS.length)})`;

/** Texts by row count, made once each (the runners prepare and number a text once). */
const jobInserts = new Map<number, string>();
const positionInserts = new Map<number, string>();

function jobInsert(rows: number): string {
  let text = jobInserts.get(rows);
  if (text === undefined) {
    text = `INSERT INTO jobs (${CLAIMED_COLUMNS.join(', ')}) VALUES ${Array(rows).fill(JOB_ROW).join(', ')}`;
    jobInserts.set(rows, text);
  }
  return text;
}

function positionInsert(rows: number): string {
  let text = positionInserts.get(rows);
  if (text === undefined) {
    text = `INSERT INTO batch_jobs (batch_id, position, job_id) VALUES ${Array(rows).fill('(?, ?, ?)').join(', ')}`;
    positionInserts.set(rows, text);
  }
  return text;
}

/** Appends one member's values in CLAIMED_COLUMNS order (the lease's columns null when unclaimed). */
function pushMemberValues(values: unknown[], { job, lease }: GroupMember, groupId: string): void {
  const row = jobToRow(job) as unknown as Record<string, unknown>;
  for (const c of CLAIMED_COLUMNS) {
    if (c === 'coordinator_id') values.push(lease?.coordinatorId ?? null);
    else if (c === 'lease_until_ms') values.push(lease?.untilMs ?? null);
    else if (c === 'group_id') values.push(groupId);
    else values.push(row[c]);
  }
}

function groupRowOf(group: NewGroup, total: number): unknown[] {
  const own = group.kind === 'batch' ? group.batch : group.measurement;
  // A group of no members is finished as it is made (a batch whose every item was refused).
  return [own.id, group.kind, own.ownerId, own.createdAt, total, 0, 0, total === 0 ? own.createdAt : null];
}

export class SqlGroupStore implements GroupStore {
  constructor(private readonly db: SqlRunner) {}

  async insertGroup(group: NewGroup, members: readonly GroupMember[]): Promise<void> {
    const statements: SqlStatement[] = [{ sql: INSERT_GROUP, params: groupRowOf(group, members.length) }];
    const id = group.kind === 'batch' ? group.batch.id : group.measurement.id;
    if (group.kind === 'batch') statements.push({ sql: INSERT_BATCH, params: batchValues(group.batch) });
    else statements.push({ sql: INSERT_MEASUREMENT, params: measurementValues(group.measurement) });
    for (let at = 0; at < members.length; at += ROWS_PER_INSERT) {
      const chunk = members.slice(at, at + ROWS_PER_INSERT);
      const values: unknown[] = [];
      for (const m of chunk) pushMemberValues(values, m, id);
      statements.push({ sql: jobInsert(chunk.length), params: values });
      if (group.kind === 'batch') {
        const refs: unknown[] = [];
        for (const m of chunk) refs.push(id, m.index, m.job.id);
        statements.push({ sql: positionInsert(chunk.length), params: refs });
      }
    }
    await this.db.transaction(function* () {
      for (const s of statements) yield s;
    });
  }

  getGroup(id: string): Promise<GroupRecord | null> {
    return this.db.get<GroupRow, GroupRecord>('SELECT * FROM job_groups WHERE id = ?', [id], rowToGroup);
  }

  async listFinishedWithoutEvent(
    sinceIso: string,
    limit: number,
  ): Promise<Array<{ id: string; kind: GroupKind }>> {
    const rows = await this.db.all<{ id: string; kind: string }>(
      `SELECT g.id, g.kind FROM job_groups g WHERE g.finished_at >= ? AND g.total > 0
         AND NOT EXISTS (SELECT 1 FROM push_events p WHERE p.dedupe_key = g.kind || ':' || g.id)
       ORDER BY g.finished_at LIMIT ?`,
      [sinceIso, limit],
    );
    return rows.map((r) => ({ id: r.id, kind: r.kind as GroupKind }));
  }
}
