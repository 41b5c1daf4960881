// Where a large result's content goes while it is still arriving: each part is written to its
// final key through ContentStorage.openWrite (invisible until committed), so the coordinator holds
// a bounded buffer per result instead of the whole content. Ingest commits the parts once the
// final frame has been checked; anything else (a dropped link, a lying final) aborts them.
import type { PartName } from '../../proto/index.js';
import { StorageError } from '../storage/errors.js';
import type { ContentStorage, ContentWrite, StorageType } from '../storage/types.js';
import { contentKey } from '../storage/types.js';
import type { Store } from '../store/types.js';
import { partName } from './content.js';

/** A part already written to storage, published by `commit()` (ContentWrite.commit). */
export interface StagedContent {
  readonly bytes: number;
  commit(): Promise<void>;
}

/** One part of a result as ingest takes it: assembled bytes, or content staged in storage. */
export type IngestPart = Buffer | StagedContent;

/** Opens one part of an attempt's content for writing. */
export type PartOpener = (part: PartName) => ContentWrite;

/**
 * The writer factory for (job, attempt), or null when nothing of it is to be stored (the job is
 * gone, completed or failed: its final frame is still acknowledged as a duplicate). Throws a
 * StorageError when the job's storage is not configured.
 */
export async function openStaging(
  store: Store,
  storages: (type: StorageType) => ContentStorage | null,
  jobId: string,
  attempt: number,
): Promise<PartOpener | null> {
  const job = await store.getJob(jobId);
  if (!job || job.status === 'completed' || job.status === 'failed') return null;
  const storage = storages(job.storageType);
  if (!storage) {
    throw new StorageError('STORAGE_UNAVAILABLE', `storage ${job.storageType} is not configured`);
  }
  return (part) =>
    storage.openWrite(contentKey(job.ownerId, job.id, partName(attempt, part)), 'application/octet-stream');
}
