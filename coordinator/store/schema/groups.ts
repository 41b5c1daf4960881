// Groups of jobs (store/group-types.ts) and each member's `group_id`.

/**
 * Migration 16. The counts move only in the member's terminal statement (sqlite-store.ts,
 * postgres/batch-statements.ts), which reads the member's `group_id` from its own UPDATE.
 * Batches and measurements of older versions become groups here; the batch counters they kept
 * (batches.finished_count, completed_at, batch_jobs.finished) go.
 */
export const GROUP_TABLES_SQL = (finishedAt: string): string => `
  CREATE TABLE job_groups (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    owner_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    total INTEGER NOT NULL,
    completed_count INTEGER NOT NULL DEFAULT 0,
    failed_count INTEGER NOT NULL DEFAULT 0,
    finished_at ${finishedAt}
  );
  CREATE INDEX job_groups_finished ON job_groups (finished_at) WHERE finished_at IS NOT NULL;
  ALTER TABLE jobs ADD COLUMN group_id TEXT;
  INSERT INTO job_groups (id, kind, owner_id, created_at, total, completed_count, failed_count, finished_at)
    SELECT b.id, 'batch', b.owner_id, b.created_at, b.accepted_count,
      (SELECT COUNT(*) FROM batch_jobs p JOIN jobs j ON j.id = p.job_id WHERE p.batch_id = b.id AND j.status = 'completed'),
      (SELECT COUNT(*) FROM batch_jobs p JOIN jobs j ON j.id = p.job_id WHERE p.batch_id = b.id AND j.status = 'failed'),
      b.completed_at
    FROM batches b;
  UPDATE jobs SET group_id = (SELECT p.batch_id FROM batch_jobs p WHERE p.job_id = jobs.id)
    WHERE id IN (SELECT job_id FROM batch_jobs);
  ALTER TABLE batches DROP COLUMN finished_count;
  ALTER TABLE batches DROP COLUMN completed_at;
  ALTER TABLE batch_jobs DROP COLUMN finished;
`;

/** A measurement's group and, when its members are all terminal, its end; `jobs` its members' JSON. */
const measurementGroups = (jobs: string): string => `
  INSERT INTO job_groups (id, kind, owner_id, created_at, total, completed_count, failed_count, finished_at)
    SELECT m.id, 'measurement', m.owner_id, m.created_at, json_array_length(${jobs}),
      (SELECT COUNT(*) FROM jobs j WHERE j.group_id = m.id AND j.status = 'completed'),
      (SELECT COUNT(*) FROM jobs j WHERE j.group_id = m.id AND j.status = 'failed'),
      NULL
    FROM measurements m;
  UPDATE job_groups SET finished_at = (SELECT MAX(j.completed_at) FROM jobs j WHERE j.group_id = job_groups.id)
    WHERE kind = 'measurement' AND completed_count + failed_count >= total;`;

/**
 * Migration 16's measurements: their members are listed in their JSON (`jobs`), read with each
 * dialect's JSON functions. A measurement whose members are all terminal is finished at its last
 * member's end.
 */
export const GROUP_MEASUREMENTS_SQL = {
  sqlite: `
  UPDATE jobs SET group_id = (SELECT m.id FROM measurements m, json_each(m.jobs) r
      WHERE json_extract(r.value, '$.jobId') = jobs.id)
    WHERE group_id IS NULL
      AND id IN (SELECT json_extract(r.value, '$.jobId') FROM measurements m, json_each(m.jobs) r);${measurementGroups('m.jobs')}`,
  postgres: `
  UPDATE jobs SET group_id = r.mid FROM (
      SELECT m.id AS mid, e->>'jobId' AS jid FROM measurements m, json_array_elements(m.jobs::json) e) r
    WHERE jobs.id = r.jid AND jobs.group_id IS NULL;${measurementGroups('m.jobs::json')}`,
};
