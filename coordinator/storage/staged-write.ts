// The write path every backend's ContentWrite shares: an object is staged out of sight (a temp
// file, a multipart upload or a buffer), published whole on commit, and discarded on abort. This
// holds the part that is the same for all of them: open → committed | aborted, a write or commit
// after the end refused, any failure discarding what was staged before the backend's error is
// thrown, and abort a no-op once the object is published or gone. A backend says only how bytes
// are staged, published and discarded.
import type { Readable } from 'node:stream';
import type { ContentWrite } from './types.js';

export type StagedWriteState = 'open' | 'committed' | 'aborted';

export abstract class StagedWrite implements ContentWrite {
  private state: StagedWriteState = 'open';

  abstract readonly bufferedBytes: number;

  /** Takes bytes into the staged object. */
  protected abstract stage(data: Buffer): Promise<void>;
  /** Makes the staged object visible under its key, whole. */
  protected abstract publish(): Promise<void>;
  /** Removes what was staged (best effort; never throws). */
  protected abstract discard(): Promise<void>;
  /** Maps a failure to the storage's error; `action` is `write` or `commit`. */
  protected abstract fail(err: unknown, action: 'write' | 'commit'): Error;
  /**
   * Runs once the object is visible (local: the folder fsync, dropping an older small-object
   * row). A failure here is reported, but the object stays published: nothing is discarded.
   */
  protected async published(): Promise<void> {}

  async write(data: Buffer): Promise<void> {
    if (this.state !== 'open') throw this.fail(new Error(`write after ${this.state}`), 'write');
    try {
      await this.stage(data);
    } catch (err) {
      await this.abort();
      throw this.fail(err, 'write');
    }
  }

  async commit(): Promise<void> {
    if (this.state !== 'open') throw this.fail(new Error(`commit after ${this.state}`), 'commit');
    try {
      await this.publish();
      this.state = 'committed';
      await this.published();
    } catch (err) {
      await this.abort();
      throw this.fail(err, 'commit');
    }
  }

  async abort(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'aborted';
    await this.discard();
  }
}

/**
 * Puts a whole body through a ContentWrite: a Buffer in one write, a Readable a chunk at a time
 * (at most one chunk of the source held), then commits; on any failure, the source's included,
 * the write is aborted and the failure thrown.
 */
export async function writeAll(write: ContentWrite, body: Buffer | Readable): Promise<void> {
  try {
    if (Buffer.isBuffer(body)) {
      await write.write(body);
    } else {
      for await (const chunk of body as AsyncIterable<unknown>) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        if (!(bytes instanceof Uint8Array)) {
          throw new TypeError('put body stream must yield Buffer, Uint8Array or string chunks');
        }
        await write.write(
          Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        );
      }
    }
    await write.commit();
  } catch (err) {
    await write.abort();
    throw err;
  }
}
