// The content storages a coordinator runs with: always local, S3 when configured.
import path from 'node:path';
import { LocalStorage } from './local.js';
import { type S3Options, S3Storage } from './s3.js';
import type { ContentStorage, StorageType } from './types.js';

export { isStorageError, StorageError, type StorageErrorCode } from './errors.js';
export { assertValidKey, assertValidPrefix, MAX_KEY_BYTES } from './keys.js';
export { LocalStorage, type LocalStorageOptions } from './local.js';
export { type S3Options, S3Storage } from './s3.js';
export { type ContentStorage, contentKey, jobPrefix, type StorageType } from './types.js';

export interface StoragesConfig {
  /** The coordinator's data folder; local content lives in `${dataDir}/content`. */
  dataDir: string;
  /** S3 settings; absent means S3 is not offered. */
  s3?: S3Options;
}

export interface Storages {
  local: LocalStorage;
  s3: S3Storage | null;
  /** The storage for a job's `storage` choice, or null when that backend is not configured. */
  get(type: StorageType): ContentStorage | null;
  /** Closes every storage; safe twice. */
  close(): Promise<void>;
}

/** Builds the clients only: nothing is read or created until the first call (see S3Storage.ensureBucket). */
export function createStorages(config: StoragesConfig): Storages {
  const local = new LocalStorage({ rootDir: path.join(config.dataDir, 'content') });
  const s3 = config.s3 ? new S3Storage(config.s3) : null;
  return {
    local,
    s3,
    get(type) {
      return type === 'local' ? local : s3;
    },
    async close() {
      await Promise.all([local.close(), s3?.close()]);
    },
  };
}
