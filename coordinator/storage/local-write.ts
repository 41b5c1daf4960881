// One object of the local backend written piece by piece (LocalStorage.openWrite): appended to a
// temp file beside its target as bytes arrive, fsynced and renamed over the target on commit.
import type { FileHandle } from 'node:fs/promises';
import { rename, unlink } from 'node:fs/promises';
import type { ContentWrite } from './types.js';

export interface LocalWriteTarget {
  /** Final path of the object. */
  target: string;
  /** Temp file path (unique), in the target's folder. */
  temp: string;
  /** Creates the temp file (and its folder). */
  create(): Promise<FileHandle>;
  /** Runs after the rename: folder fsync, dropping an older small-object row of the key. */
  published(): Promise<void>;
  /** Maps a file-system failure to the storage's error. */
  fail(err: unknown, action: string): Error;
}

export class LocalWrite implements ContentWrite {
  readonly bufferedBytes = 0;
  private handle: FileHandle | null = null;
  private opening: Promise<FileHandle> | null = null;
  private state: 'open' | 'committed' | 'aborted' = 'open';

  constructor(private readonly t: LocalWriteTarget) {}

  async write(data: Buffer): Promise<void> {
    if (this.state !== 'open') throw this.t.fail(new Error(`write after ${this.state}`), 'write');
    try {
      const handle = await this.file();
      let offset = 0;
      while (offset < data.byteLength) {
        const { bytesWritten } = await handle.write(data, offset);
        offset += bytesWritten;
      }
    } catch (err) {
      await this.abort();
      throw this.t.fail(err, 'write');
    }
  }

  async commit(): Promise<void> {
    if (this.state !== 'open') throw this.t.fail(new Error(`commit after ${this.state}`), 'commit');
    try {
      const handle = await this.file();
      await handle.sync();
      await handle.close();
      this.handle = null;
      await rename(this.t.temp, this.t.target);
      this.state = 'committed';
      await this.t.published();
    } catch (err) {
      if (this.state === 'open') await this.abort();
      throw this.t.fail(err, 'commit');
    }
  }

  async abort(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'aborted';
    const handle = this.handle ?? (await this.opening?.catch(() => null)) ?? null;
    this.handle = null;
    await handle?.close().catch(() => {});
    if (handle) await unlink(this.t.temp).catch(() => {});
  }

  /** The temp file, created at the first write (an object never written never touches the disk). */
  private async file(): Promise<FileHandle> {
    if (this.handle) return this.handle;
    this.opening ??= this.t.create();
    this.handle = await this.opening;
    return this.handle;
  }
}
