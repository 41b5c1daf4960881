// The SQLite job store's write path as the live coordinator drives it, for the store benches
// (job-ids.ts, sqlite-page-cache.ts): jobs inserted claimed, completed a few turns later.
import { newJobRecord } from '../../../coordinator/jobs/new-job.js';
import type { SqliteStore } from '../../../coordinator/store/sqlite/sqlite-store.js';
import { jobInput, resultRecord } from '../../../test/helpers/records.js';

const lease = { coordinatorId: 'bench', untilMs: Date.now() + 3_600_000 };

function newJob(makeId?: () => string) {
  return newJobRecord(jobInput('owner', makeId ? { id: makeId() } : {}), Date.now());
}

/** `n` finished jobs (inserted claimed, then completed), 1,000 in flight at a time; their ids. */
export async function writeHistory(store: SqliteStore, n: number, makeId?: () => string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1000) {
    const batch: Promise<unknown>[] = [];
    for (let j = 0; j < 1000 && i + j < n; j++) {
      const job = newJob(makeId);
      ids.push(job.id);
      batch.push(
        store
          .insertJob(job, lease)
          .then(() => store.completeJob(job.id, resultRecord(), new Date().toISOString())),
      );
    }
    await Promise.all(batch);
  }
  return ids;
}

/**
 * `jobs` jobs, `perTurn` inserted a turn, each completed five turns after its insert; `afterTurn`
 * runs after each turn's writes have committed, with the ids that turn inserted.
 */
export async function streamJobs(
  store: SqliteStore,
  opts: {
    jobs: number;
    perTurn: number;
    makeId?: () => string;
    afterTurn?: (ids: string[]) => Promise<void>;
  },
): Promise<void> {
  const waiting: string[][] = [];
  for (let n = 0; n < opts.jobs || waiting.length > 0; ) {
    const turn: Promise<unknown>[] = [];
    const ids: string[] = [];
    for (let j = 0; j < opts.perTurn && n < opts.jobs; j++, n++) {
      const job = newJob(opts.makeId);
      ids.push(job.id);
      turn.push(store.insertJob(job, lease));
    }
    if (ids.length > 0) waiting.push(ids);
    if (waiting.length > 5 || (n >= opts.jobs && waiting.length > 0)) {
      for (const id of waiting.shift() ?? [])
        turn.push(store.completeJob(id, resultRecord(), new Date().toISOString()));
    }
    await Promise.all(turn);
    await opts.afterTurn?.(ids);
  }
}
