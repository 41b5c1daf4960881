// Site crawls become groups of jobs (store/group-types.ts): a crawl's page jobs are its members, its
// end is stamped on its group by its driver, and the lease on the coordinator driving it moves to
// the group, one lease for whatever drives a group across coordinators.

/**
 * Migration 19. `driven`: a group its driver grows and ends (a crawl): its members' ends count but
 * never finish it (MEMBER_ENDED_SQL, postgres/batch-statements.ts). Crawls of older versions become
 * groups, running or ended, their page jobs (the one each frontier row names) members, their lease
 * carried over; the crawls' own lease columns go.
 */
export const CRAWL_GROUPS_SQL = (bigint: string): string => `
  ALTER TABLE job_groups ADD COLUMN driven INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE job_groups ADD COLUMN lease_owner TEXT;
  ALTER TABLE job_groups ADD COLUMN lease_until_ms ${bigint} NOT NULL DEFAULT 0;
  CREATE INDEX job_groups_driven ON job_groups (kind, lease_until_ms) WHERE driven = 1 AND finished_at IS NULL;
  UPDATE jobs SET group_id = p.crawl_id FROM crawl_pages p WHERE p.job_id = jobs.id AND jobs.group_id IS NULL;
  INSERT INTO job_groups (id, kind, owner_id, created_at, total, completed_count, failed_count, finished_at,
      driven, lease_owner, lease_until_ms)
    SELECT c.id, 'crawl', c.owner_id, c.created_at, COALESCE(m.n, 0), COALESCE(m.done, 0), COALESCE(m.failed, 0),
      c.finished_at, 1, c.lease_owner, c.lease_until_ms
    FROM crawls c LEFT JOIN (
      SELECT group_id, COUNT(*) AS n,
        SUM(CASE WHEN status = 'completed' THEN 1 ELSE 0 END) AS done,
        SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END) AS failed
      FROM jobs WHERE group_id IN (SELECT id FROM crawls) GROUP BY group_id) m ON m.group_id = c.id;
  DROP INDEX crawls_running;
  ALTER TABLE crawls DROP COLUMN lease_owner;
  ALTER TABLE crawls DROP COLUMN lease_until_ms;
`;
