// Groups of jobs (group-types.ts: batches, measurements, sweeps), written once for both stores over the SqlRunner (sql-runner.ts):
// a group, its kind's record and its members in one transaction of multi-row inserts. The counts
// are moved by the members' terminal statements, which both stores run with MEMBER_ENDED_SQL. A
// driven group (a site crawl) gains members as its driver submits them (addMembers) and is ended by
// that driver (finishGroup), which holds it under the group's lease (claimGroups).
import { BATCH_COLUMNS, batchValues } from './batch-sql.js';
import type {
  GroupEnd,
  GroupKind,
  GroupMember,
  GroupRecord,
  GroupRow,
  GroupStore,
  NewGroup,
} from './group-types.js';
import { groupOwnRecord, rowToGroup } from './group-types.js';
import { MEASUREMENT_COLUMNS, measurementValues } from './measure-types.js';
import { CLAIMED_COLUMNS, jobToRow, sweepToRow } from './rows.js';
import { finishCrawlStatement, firstPagesStatements, newCrawlStatement } from './sql-crawl-store.js';
import { marks, type SqlRunner, type SqlStatement } from './sql-runner.js';

/**
 * A member's end counted in its group, in the member's own terminal statement (its transaction):
 * parameters (completed 0|1, failed 0|1, completed again, failed again, the end's time, group id).
 * SET reads the row as it was, so the last member's statement sees the others' counts and stamps
 * `finished_at` once. On PostgreSQL the row lock orders two coordinators' ends of one group. A
 * driven group's members count and never finish it: its driver does (finishGroup).
 */
export const MEMBER_ENDED_SQL = `UPDATE job_groups SET completed_count = completed_count + ?,
  failed_count = failed_count + ?,
  finished_at = CASE WHEN finished_at IS NULL AND driven = 0 AND completed_count + failed_count + ? + ? >= total THEN ? ELSE finished_at END
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
  'driven',
  'lease_owner',
  'lease_until_ms',
];

const insertOne = (table: string, columns: readonly string[]): string =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${marks(columns.length)})`;

const INSERT_GROUP = insertOne('job_groups', GROUP_COLUMNS);
const INSERT_BATCH = insertOne('batches', BATCH_COLUMNS);
const INSERT_MEASUREMENT = insertOne('measurements', MEASUREMENT_COLUMNS);
const SWEEP_COLUMNS = [
  'id',
  'owner_id',
  'url',
  'regions',
  'tries_per_region',
  'timeout_sec',
  'device_type',
  'created_at',
  'report_token',
] as const;
const INSERT_SWEEP = insertOne('sweeps', SWEEP_COLUMNS);
const JOB_ROW = `(${marks(CLAIMED_COLUMNS.length)})`;

/** Texts by row count, made once each (the runners prepare and number a text once). */
const jobInserts = new Map<number, string>();
const positionInserts = new Map<string, string>();

function jobInsert(rows: number): string {
  let text = jobInserts.get(rows);
  if (text === undefined) {
    text = `INSERT INTO jobs (${CLAIMED_COLUMNS.join(', ')}) VALUES ${Array(rows).fill(JOB_ROW).join(', ')}`;
    jobInserts.set(rows, text);
  }
  return text;
}

/** A batch's item positions, or a sweep's try refs, for `rows` members. */
function positionInsert(kind: 'batch' | 'sweep', rows: number): string {
  const key = `${kind}:${rows}`;
  let text = positionInserts.get(key);
  if (text === undefined) {
    text =
      kind === 'batch'
        ? `INSERT INTO batch_jobs (batch_id, position, job_id) VALUES ${Array(rows).fill('(?, ?, ?)').join(', ')}`
        : `INSERT INTO sweep_jobs (sweep_id, position, job_id, region, try_index) VALUES ${Array(rows).fill('(?, ?, ?, ?, ?)').join(', ')}`;
    positionInserts.set(key, text);
  }
  return text;
}

/** The kind's own row. */
function ownRow(group: NewGroup): SqlStatement {
  switch (group.kind) {
    case 'batch':
      return { sql: INSERT_BATCH, params: batchValues(group.batch) };
    case 'measurement':
      return { sql: INSERT_MEASUREMENT, params: measurementValues(group.measurement) };
    case 'sweep': {
      const row = sweepToRow(group.sweep);
      return { sql: INSERT_SWEEP, params: SWEEP_COLUMNS.map((c) => row[c]) };
    }
    case 'crawl':
      return newCrawlStatement(group.crawl, group.pages);
  }
}

/** The members' positions in their group's own table (a measurement keeps them in its JSON). */
function positionRows(group: NewGroup, chunk: readonly GroupMember[]): SqlStatement | null {
  const refs: unknown[] = [];
  if (group.kind === 'batch') {
    for (const m of chunk) refs.push(group.batch.id, m.index, m.job.id);
    return { sql: positionInsert('batch', chunk.length), params: refs };
  }
  if (group.kind === 'sweep') {
    for (const m of chunk) {
      const ref = group.sweep.jobs[m.index];
      if (!ref || ref.jobId !== m.job.id)
        throw new Error(`sweep ${group.sweep.id}: member ${m.index} is not its ref`);
      refs.push(group.sweep.id, m.index, m.job.id, ref.region, ref.tryIndex);
    }
    return { sql: positionInsert('sweep', chunk.length), params: refs };
  }
  return null;
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
  const own = groupOwnRecord(group);
  // A group of no members is finished as it is made (a batch whose every item was refused); a
  // driven one (a crawl) starts with none and gains them as it runs.
  const driven = group.kind === 'crawl';
  const finishedAt = total === 0 && !driven ? own.createdAt : null;
  const lease = group.kind === 'crawl' ? group.lease : undefined;
  return [
    own.id,
    group.kind,
    own.ownerId,
    own.createdAt,
    total,
    0,
    0,
    finishedAt,
    driven ? 1 : 0,
    lease?.owner ?? null,
    lease?.untilMs ?? 0,
  ];
}

export class SqlGroupStore implements GroupStore {
  constructor(private readonly db: SqlRunner) {}

  async insertGroup(group: NewGroup, members: readonly GroupMember[]): Promise<void> {
    const statements: SqlStatement[] = [
      { sql: INSERT_GROUP, params: groupRowOf(group, members.length) },
      ownRow(group),
    ];
    const id = groupOwnRecord(group).id;
    if (group.kind === 'crawl') statements.push(...firstPagesStatements(id, group.pages));
    for (let at = 0; at < members.length; at += ROWS_PER_INSERT) {
      const chunk = members.slice(at, at + ROWS_PER_INSERT);
      const values: unknown[] = [];
      for (const m of chunk) pushMemberValues(values, m, id);
      statements.push({ sql: jobInsert(chunk.length), params: values });
      const positions = positionRows(group, chunk);
      if (positions) statements.push(positions);
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
      `SELECT g.id, g.kind FROM job_groups g WHERE g.finished_at >= ? AND g.total > 0 AND g.driven = 0
         AND NOT EXISTS (SELECT 1 FROM push_events p WHERE p.dedupe_key = g.kind || ':' || g.id)
       ORDER BY g.finished_at LIMIT ?`,
      [sinceIso, limit],
    );
    return rows.map((r) => ({ id: r.id, kind: r.kind as GroupKind }));
  }

  async addMembers(groupId: string, members: readonly GroupMember[]): Promise<boolean> {
    if (members.length === 0) return (await this.getGroup(groupId))?.finishedAt === null;
    const inserts: SqlStatement[] = [];
    for (let at = 0; at < members.length; at += ROWS_PER_INSERT) {
      const chunk = members.slice(at, at + ROWS_PER_INSERT);
      const values: unknown[] = [];
      for (const m of chunk) pushMemberValues(values, m, groupId);
      inserts.push({ sql: jobInsert(chunk.length), params: values });
    }
    return this.db.transaction(function* () {
      // The group's row first: its lock orders this against the driver's finishGroup, and a group
      // already ended takes no member.
      const open: number = yield {
        sql: 'UPDATE job_groups SET total = total + ? WHERE id = ? AND finished_at IS NULL AND driven = 1',
        params: [members.length, groupId],
      };
      if (open === 0) return false;
      for (const s of inserts) yield s;
      return true;
    });
  }

  finishGroup(end: GroupEnd): Promise<boolean> {
    const at = new Date().toISOString();
    const own = finishCrawlStatement(end.id, end.status, end.error, at);
    return this.db.transaction(function* () {
      const ended: number = yield own;
      if (ended === 0) return false;
      yield {
        sql: 'UPDATE job_groups SET finished_at = ?, lease_owner = NULL, lease_until_ms = 0 WHERE id = ? AND finished_at IS NULL',
        params: [at, end.id],
      };
      return true;
    });
  }

  async claimGroups(
    kind: GroupKind,
    owner: string,
    nowMs: number,
    untilMs: number,
    limit: number,
  ): Promise<string[]> {
    // The lease condition is on the UPDATE itself too: PostgreSQL re-checks it on a row another
    // coordinator changed meanwhile, so two claims of one group cannot both succeed.
    const free =
      'kind = ? AND driven = 1 AND finished_at IS NULL AND (lease_until_ms < ? OR lease_owner = ?)';
    const rows = await this.db.writeAll<{ id: string }>(
      `UPDATE job_groups SET lease_owner = ?, lease_until_ms = ?
       WHERE ${free} AND id IN (SELECT id FROM job_groups WHERE ${free} ORDER BY created_at LIMIT ?)
       RETURNING id`,
      [owner, untilMs, kind, nowMs, owner, kind, nowMs, owner, limit],
    );
    return rows.map((r) => r.id);
  }

  async renewGroups(owner: string, ids: readonly string[], untilMs: number): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.writeAll<{ id: string }>(
      `UPDATE job_groups SET lease_until_ms = ? WHERE lease_owner = ? AND finished_at IS NULL AND id IN (${marks(ids.length)}) RETURNING id`,
      [untilMs, owner, ...ids],
    );
    return rows.map((r) => r.id);
  }

  async releaseGroups(owner: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.run(
      `UPDATE job_groups SET lease_owner = NULL, lease_until_ms = 0 WHERE lease_owner = ? AND id IN (${marks(ids.length)})`,
      [owner, ...ids],
    );
  }
}
