// Where job content (response body, full page, screenshot, reader text) lives.
import type { Readable } from 'node:stream';

export type StorageType = 'local' | 's3';

export interface ContentStorage {
  readonly type: StorageType;
  /**
   * Stores one object. Atomic: a reader sees either nothing or the whole object, never a part.
   * A Readable is consumed as a stream (never held whole in memory by the backend).
   */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The whole object, or null when it does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** A stream of the object, or null when it does not exist. */
  getStream(key: string): Promise<Readable | null>;
  /** Deletes every object whose key starts with `prefix` (a job's folder). Missing keys are fine. */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Starts an object written piece by piece as its bytes arrive (a large result streamed from a
   * link). Nothing is visible under `key` until `commit()`; `abort()` leaves no trace.
   */
  openWrite(key: string, contentType: string): ContentWrite;
  /** Releases clients and handles; safe to call twice. */
  close(): Promise<void>;
}

/** An object being written (ContentStorage.openWrite): invisible until commit, gone on abort. */
export interface ContentWrite {
  /**
   * Appends bytes. Resolves once the backend has taken them (written to the temp file, or buffered
   * toward a multipart part that has been uploaded when full); call it again only after that.
   */
  write(data: Buffer): Promise<void>;
  /** Bytes the backend holds in memory for this object (an S3 part not yet uploaded). */
  readonly bufferedBytes: number;
  /** Publishes the whole object atomically. A failure leaves nothing visible (and nothing behind). */
  commit(): Promise<void>;
  /** Discards the object: temp file removed, multipart upload aborted. Does nothing after commit. */
  abort(): Promise<void>;
}

/** Key layout shared by every backend: jobs/{owner}/{job_id}/{part}. */
export function contentKey(ownerId: string, jobId: string, part: string): string {
  return `jobs/${ownerId}/${jobId}/${part}`;
}

export function jobPrefix(ownerId: string, jobId: string): string {
  return `jobs/${ownerId}/${jobId}/`;
}
