// The stored body of a result, as text, for the trust checks (canary answers, fingerprints).
import { readPart } from '../results/content.js';
import type { ContentStorage, StorageType } from '../storage/types.js';
import type { JobRecord, ResultRecord } from '../store/records.js';

export type ReadBody = (job: JobRecord, result: ResultRecord) => Promise<string | null>;

/** Reads bodies through the job's storage; null when the job has none or storage is not configured. */
export function bodyReader(storages: (type: StorageType) => ContentStorage | null): ReadBody {
  return async (job, result) => {
    const storage = storages(job.storageType);
    if (!storage) return null;
    const data = await readPart(storage, job, result, 'body');
    return data ? data.toString('utf8') : null;
  };
}
