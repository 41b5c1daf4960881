// Key checks shared by every backend, so a key that one backend refuses is refused by all of them
// (a key that is fine on S3 must not become a path traversal on disk).
import { StorageError } from './errors.js';

/** S3's own limit; also keeps local paths well under PATH_MAX. */
export const MAX_KEY_BYTES = 1024;

function check(value: string, what: 'key' | 'prefix'): void {
  if (typeof value !== 'string' || value.length === 0) {
    throw new StorageError('INVALID_KEY', `storage ${what} must be a non-empty string`);
  }
  if (Buffer.byteLength(value) > MAX_KEY_BYTES) {
    throw new StorageError('INVALID_KEY', `storage ${what} is longer than ${MAX_KEY_BYTES} bytes`);
  }
  if (value.includes('\0')) {
    throw new StorageError('INVALID_KEY', `storage ${what} contains a NUL byte`);
  }
  // A backslash is a separator on Windows and a plain character on POSIX: refuse it rather than
  // have two meanings.
  if (value.includes('\\')) {
    throw new StorageError('INVALID_KEY', `storage ${what} contains a backslash`);
  }
  if (value.startsWith('/')) {
    throw new StorageError('INVALID_KEY', `storage ${what} must be relative`);
  }
  // A prefix names a folder and may end with '/'; a key names an object and may not.
  const body = what === 'prefix' && value.endsWith('/') ? value.slice(0, -1) : value;
  for (const segment of body.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new StorageError('INVALID_KEY', `storage ${what} has an empty, '.' or '..' segment`);
    }
  }
}

/** Throws StorageError INVALID_KEY unless `key` is a relative `a/b/c` path without `.`/`..`/NUL. */
export function assertValidKey(key: string): void {
  check(key, 'key');
}

/** As assertValidKey, but a trailing '/' is allowed. An empty prefix is refused: it would mean "everything". */
export function assertValidPrefix(prefix: string): void {
  check(prefix, 'prefix');
}
