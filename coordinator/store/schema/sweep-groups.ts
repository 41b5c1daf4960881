// Sweeps become groups of jobs (store/group-types.ts): a sweep's tries are its members, its
// sweep.completed comes from the last try's terminal write like a batch's batch.completed.

/**
 * Migration 18. Sweeps of older versions become groups: their tries (sweep_jobs) members, their
 * counts read from the tries' states, finished at their last try's end when every try has ended.
 */
export const SWEEP_GROUPS_SQL = `
  UPDATE jobs SET group_id = sweep_id
    WHERE group_id IS NULL AND sweep_id IS NOT NULL AND id IN (SELECT job_id FROM sweep_jobs);
  INSERT INTO job_groups (id, kind, owner_id, created_at, total, completed_count, failed_count, finished_at)
    SELECT s.id, 'sweep', s.owner_id, s.created_at,
      (SELECT COUNT(*) FROM sweep_jobs r WHERE r.sweep_id = s.id),
      (SELECT COUNT(*) FROM jobs j WHERE j.group_id = s.id AND j.status = 'completed'),
      (SELECT COUNT(*) FROM jobs j WHERE j.group_id = s.id AND j.status = 'failed'),
      NULL
    FROM sweeps s;
  UPDATE job_groups SET finished_at = (SELECT MAX(j.completed_at) FROM jobs j WHERE j.group_id = job_groups.id)
    WHERE kind = 'sweep' AND completed_count + failed_count >= total;
`;
