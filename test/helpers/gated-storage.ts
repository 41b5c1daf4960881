// Wraps a real content storage so a test can make its writes fail (a storage outage) and see them
// attempted. Reads and deletes pass through.
import type { Readable } from 'node:stream';
import type { ContentStorage, ContentWrite } from '../../coordinator/storage/types.js';

export class GatedStorage implements ContentStorage {
  failing = false;
  attempts = 0;
  /** While set, writes wait for it (a slow storage). */
  held: Promise<void> | null = null;
  private readonly waiters: Array<() => void> = [];

  constructor(private readonly inner: ContentStorage) {}

  get type() {
    return this.inner.type;
  }

  /** Makes writes wait until the returned function is called. */
  hold(): () => void {
    let resolveHeld: () => void = () => {};
    this.held = new Promise<void>((resolve) => {
      resolveHeld = resolve;
    });
    return () => {
      this.held = null;
      resolveHeld();
    };
  }

  /** Resolves at the next write attempt (a result reached the coordinator). */
  nextAttempt(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    this.attempts++;
    for (const w of this.waiters.splice(0)) w();
    if (this.failing) throw new Error('storage outage (test)');
    if (this.held) await this.held;
    return this.inner.put(key, body, contentType);
  }

  /** A streamed object: each write counts as an attempt and waits or fails like put. */
  openWrite(key: string, contentType: string): ContentWrite {
    const inner = this.inner.openWrite(key, contentType);
    const gate = async (): Promise<void> => {
      this.attempts++;
      for (const w of this.waiters.splice(0)) w();
      if (this.failing) throw new Error('storage outage (test)');
      if (this.held) await this.held;
    };
    return {
      get bufferedBytes() {
        return inner.bufferedBytes;
      },
      write: async (data) => {
        await gate();
        return inner.write(data);
      },
      commit: async () => {
        await gate();
        return inner.commit();
      },
      abort: () => inner.abort(),
    };
  }

  get(key: string) {
    return this.inner.get(key);
  }

  getStream(key: string) {
    return this.inner.getStream(key);
  }

  deletePrefix(prefix: string) {
    return this.inner.deletePrefix(prefix);
  }

  close() {
    return this.inner.close();
  }
}
