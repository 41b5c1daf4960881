// Job content as plain files under one directory: key `a/b/c` is the file `{rootDir}/a/b/c`.
import { randomUUID } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, readdir, readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { StorageError } from './errors.js';
import { assertValidKey, assertValidPrefix } from './keys.js';
import { LocalWrite } from './local-write.js';
import { SmallObjects } from './small-objects.js';
import { writeAll } from './staged-write.js';
import type { ContentStorage, ContentWrite } from './types.js';

export interface LocalStorageOptions {
  /** Directory holding the objects. Created (with parents) on the first put. */
  rootDir: string;
  /**
   * Buffers up to this size are kept as rows of `{rootDir}/small-objects.db` instead of files
   * (see small-objects.ts); 0 keeps everything in files. Default 64 KiB.
   */
  smallObjectMaxBytes?: number;
}

/**
 * Marks an upload in progress. Temp files live next to their target so the final rename stays on one
 * file system (rename is only atomic there); the random suffix keeps concurrent puts of one key apart.
 */
const TEMP_PREFIX = '.tmp-';

/** Maps a file-system error to a StorageError; a StorageError passes through unchanged. */
export function fromFsError(err: unknown, action: string): StorageError {
  if (err instanceof StorageError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') {
    return new StorageError('STORAGE_FULL', `${action}: no space left for content`, { cause: err });
  }
  return new StorageError('STORAGE_FAILED', `${action} failed${code ? ` (${code})` : ''}`, { cause: err });
}

/** "There is no object here": the file, a parent folder, or a file where a folder was expected. */
function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

export class LocalStorage implements ContentStorage {
  readonly type = 'local' as const;
  readonly rootDir: string;
  /** rootDir with one trailing separator: every object path starts with it. */
  readonly #rootPrefix: string;
  #closed = false;

  readonly #small: SmallObjects;
  readonly #smallMaxBytes: number;

  constructor(options: LocalStorageOptions) {
    this.rootDir = path.resolve(options.rootDir);
    this.#small = new SmallObjects(path.join(this.rootDir, 'small-objects.db'));
    this.#smallMaxBytes = options.smallObjectMaxBytes ?? 64 * 1024;
    this.#rootPrefix = this.rootDir.endsWith(path.sep) ? this.rootDir : this.rootDir + path.sep;
  }

  /**
   * Writes to a temp file in the target's folder, fsyncs it, then renames it over the target, so a
   * reader sees the old object or the whole new one, and a crash leaves at worst a stray temp file:
   * the same path as openWrite (local-write.ts), fed the whole body. The content type is not kept:
   * local readers get bytes only.
   */
  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    try {
      this.#assertOpen();
      if (Buffer.isBuffer(body) && body.byteLength <= this.#smallMaxBytes) {
        this.#pathOf(key); // the key is checked as for a file
        // A row wins over a file of the same key (get looks at rows first), so no unlink is needed.
        await this.#small.put(key, body);
        return;
      }
      await writeAll(
        this.#stagedWrite(key, () => `put ${key}`),
        body,
      );
    } catch (err) {
      // The source cannot be replayed by the caller anyway; destroying it releases its resources.
      if (!Buffer.isBuffer(body)) body.destroy();
      throw fromFsError(err, `put ${key}`);
    }
  }

  /**
   * Appends to a temp file in the target's folder as bytes arrive; commit fsyncs it and renames it
   * over the target (as put does), abort removes it. A crash mid-write leaves a `.tmp-*` file only.
   */
  openWrite(key: string, _contentType: string): ContentWrite {
    return this.#stagedWrite(key, (action) => `${action} ${key}`);
  }

  #stagedWrite(key: string, label: (action: string) => string): LocalWrite {
    this.#assertOpen();
    const target = this.#pathOf(key);
    const dir = path.dirname(target);
    const temp = path.join(dir, `${TEMP_PREFIX}${path.basename(target)}.${randomUUID()}`);
    return new LocalWrite({
      target,
      temp,
      create: () => {
        this.#assertOpen();
        return this.#createTemp(dir, temp);
      },
      published: async () => {
        await syncDir(dir);
        await this.#small.delete(key); // an older small version must not shadow this one
      },
      fail: (err, action) => fromFsError(err, label(action)),
    });
  }

  async get(key: string): Promise<Buffer | null> {
    this.#assertOpen();
    try {
      const target = this.#pathOf(key);
      const small = this.#small.get(key);
      if (small) return small;
      return await readFile(target);
    } catch (err) {
      if (isMissing(err)) return null;
      throw fromFsError(err, `get ${key}`);
    }
  }

  /** The stream owns an open file: consume it or destroy() it. It keeps reading the version it opened. */
  async getStream(key: string): Promise<Readable | null> {
    this.#assertOpen();
    let handle: FileHandle | undefined;
    try {
      const target = this.#pathOf(key);
      const small = this.#small.get(key);
      if (small) return Readable.from([small]);
      handle = await open(target, 'r');
      // open() succeeds on a folder on Linux; a folder is not an object.
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        return null;
      }
      return handle.createReadStream();
    } catch (err) {
      await handle?.close().catch(() => {});
      if (isMissing(err)) return null;
      throw fromFsError(err, `getStream ${key}`);
    }
  }

  /**
   * Same meaning as an S3 prefix: `jobs/o/j/` removes that folder; `jobs/o/j` also removes `jobs/o/j2/`.
   * Folders left empty are removed up to (not including) rootDir.
   */
  async deletePrefix(prefix: string): Promise<void> {
    this.#assertOpen();
    assertValidPrefix(prefix);
    const slash = prefix.lastIndexOf('/');
    const dirKey = prefix.slice(0, Math.max(slash, 0));
    const namePrefix = prefix.slice(slash + 1);
    const dir = dirKey ? this.#pathOf(dirKey) : this.rootDir;
    try {
      await this.#small.deletePrefix(prefix);
      if (namePrefix === '') {
        await rm(dir, { recursive: true, force: true });
        await this.#pruneEmpty(path.dirname(dir));
        return;
      }
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      for (const name of names) {
        if (name.startsWith(namePrefix)) await rm(path.join(dir, name), { recursive: true, force: true });
      }
      await this.#pruneEmpty(dir);
    } catch (err) {
      throw fromFsError(err, `deletePrefix ${prefix}`);
    }
  }

  /** Closes the small-object file; later calls fail STORAGE_CLOSED. Safe twice. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#small.close();
  }

  #assertOpen(): void {
    if (this.#closed) throw new StorageError('STORAGE_CLOSED', 'local storage is closed');
  }

  #pathOf(key: string): string {
    assertValidKey(key);
    const full = path.join(this.rootDir, ...key.split('/'));
    // assertValidKey already refuses '..' and absolute keys; this guards against any gap in it.
    if (!full.startsWith(this.#rootPrefix)) {
      throw new StorageError('INVALID_KEY', 'storage key resolves outside the storage root');
    }
    return full;
  }

  /**
   * A concurrent deletePrefix may prune the folder between our mkdir and open; a second try
   * recreates it. 'wx' because the name is ours alone.
   */
  async #createTemp(dir: string, temp: string): Promise<FileHandle> {
    for (let attempt = 1; ; attempt++) {
      await mkdir(dir, { recursive: true });
      try {
        return await open(temp, 'wx', 0o640);
      } catch (err) {
        if (attempt >= 2 || (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }

  async #pruneEmpty(from: string): Promise<void> {
    let current = from;
    while (current.startsWith(this.#rootPrefix) && current !== this.rootDir) {
      try {
        await rmdir(current);
      } catch {
        return; // not empty (or already gone): everything above it is in use too
      }
      current = path.dirname(current);
    }
  }
}

/** Makes the rename itself durable. Best effort: some file systems refuse fsync on a folder. */
async function syncDir(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // The object is already complete and visible; only durability across power loss is weaker.
  } finally {
    await handle?.close().catch(() => {});
  }
}
