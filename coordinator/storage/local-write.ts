// One object of the local backend written piece by piece (LocalStorage.openWrite): appended to a
// temp file beside its target as bytes arrive, fsynced and renamed over the target on commit.
import type { FileHandle } from 'node:fs/promises';
import { rename, unlink } from 'node:fs/promises';
import { StagedWrite } from './staged-write.js';

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

export class LocalWrite extends StagedWrite {
  readonly bufferedBytes = 0;
  private handle: FileHandle | null = null;
  private opening: Promise<FileHandle> | null = null;

  constructor(private readonly t: LocalWriteTarget) {
    super();
  }

  protected async stage(data: Buffer): Promise<void> {
    const handle = await this.file();
    let offset = 0;
    while (offset < data.byteLength) {
      const { bytesWritten } = await handle.write(data, offset);
      offset += bytesWritten;
    }
  }

  protected async publish(): Promise<void> {
    const handle = await this.file();
    await handle.sync();
    await handle.close();
    this.handle = null;
    await rename(this.t.temp, this.t.target);
  }

  protected override published(): Promise<void> {
    return this.t.published();
  }

  protected async discard(): Promise<void> {
    const handle = this.handle ?? (await this.opening?.catch(() => null)) ?? null;
    this.handle = null;
    await handle?.close().catch(() => {});
    if (handle) await unlink(this.t.temp).catch(() => {});
  }

  protected fail(err: unknown, action: string): Error {
    return this.t.fail(err, action);
  }

  /** The temp file, created at the first write (an object never written never touches the disk). */
  private async file(): Promise<FileHandle> {
    if (this.handle) return this.handle;
    this.opening ??= this.t.create();
    this.handle = await this.opening;
    return this.handle;
  }
}
