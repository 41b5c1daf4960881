// Durable results: each finished result is written (atomically) before it is sent and removed only
// when the coordinator acknowledges it. One file per (job, attempt): length-prefixed encoded frames.
// A write is complete in the page cache before it is sent, so a killed process loses nothing;
// fsyncs run in batches behind it (group commit), so a power cut can lose at most the last
// `syncDelayMs` of results, which the coordinator then runs again (their devices vanished).
import { mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeAgentFrame } from '../../proto/index.js';

export interface SpoolEntry {
  jobId: string;
  attempt: number;
  bytes: number;
}

const NAME = /^([0-9a-f-]{36})\.(\d+)\.result$/;

export class Spool {
  private readonly entries = new Map<string, SpoolEntry>();
  private totalBytes = 0;
  private readonly unsynced = new Set<string>();
  private syncTimer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> = Promise.resolve();
  private readonly emptyWaiters = new Set<() => void>();

  constructor(
    private readonly dir: string,
    readonly maxBytes: number,
    private readonly syncDelayMs = 20,
  ) {}

  static key(jobId: string, attempt: number): string {
    return `${jobId}.${attempt}`;
  }

  get depth(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  /** True when another result may not fit; the agent then takes no new jobs. */
  get full(): boolean {
    return this.totalBytes >= this.maxBytes;
  }

  /**
   * Resolves when no result waits here (every one acknowledged), or when `signal` aborts. Driven by
   * remove(), never by polling.
   */
  whenEmpty(signal?: AbortSignal): Promise<void> {
    if (this.entries.size === 0 || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.emptyWaiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      this.emptyWaiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** Loads what an earlier run left unacknowledged. */
  async open(): Promise<SpoolEntry[]> {
    await mkdir(this.dir, { recursive: true });
    for (const name of await readdir(this.dir)) {
      const m = NAME.exec(name);
      if (!m) {
        if (name.endsWith('.tmp')) await rm(path.join(this.dir, name), { force: true });
        continue;
      }
      const file = path.join(this.dir, name);
      const bytes = (await stat(file)).size;
      if (!Spool.complete(await readFile(file))) {
        await rm(file, { force: true }); // torn by a power cut before its sync: the job runs again
        continue;
      }
      const entry = { jobId: m[1] as string, attempt: Number(m[2]), bytes };
      this.entries.set(Spool.key(entry.jobId, entry.attempt), entry);
      this.totalBytes += bytes;
    }
    return this.list();
  }

  list(): SpoolEntry[] {
    return [...this.entries.values()];
  }

  has(jobId: string, attempt: number): boolean {
    return this.entries.has(Spool.key(jobId, attempt));
  }

  /** True when any attempt of the job waits here: its result exists, so the job need not run again. */
  hasJob(jobId: string): boolean {
    for (const e of this.entries.values()) if (e.jobId === jobId) return true;
    return false;
  }

  /**
   * Writes the frames before anything is sent; the fsync follows in a batch. Written in place (no
   * temp file and rename): this process keeps its own index of complete files, and a file torn by a
   * crash fails the frame check in open() and is dropped there.
   */
  async put(jobId: string, attempt: number, frames: Uint8Array[]): Promise<void> {
    const file = this.file(jobId, attempt);
    const parts: Uint8Array[] = [];
    let bytes = 0;
    for (const frame of frames) {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(frame.byteLength);
      parts.push(len, frame);
      bytes += 4 + frame.byteLength;
    }
    await writeFile(file, Buffer.concat(parts, bytes));
    this.unsynced.add(file);
    this.syncTimer ??= setTimeout(() => {
      this.syncTimer = null;
      this.syncing = this.syncing.then(() => this.syncNow());
    }, this.syncDelayMs);
    const key = Spool.key(jobId, attempt);
    const old = this.entries.get(key);
    if (old) this.totalBytes -= old.bytes;
    this.entries.set(key, { jobId, attempt, bytes });
    this.totalBytes += bytes;
  }

  /** fsyncs every file written since the last batch, then the directory (for the new entries). */
  async flush(): Promise<void> {
    if (this.syncTimer) {
      clearTimeout(this.syncTimer);
      this.syncTimer = null;
    }
    this.syncing = this.syncing.then(() => this.syncNow());
    await this.syncing;
  }

  private async syncNow(): Promise<void> {
    const files = [...this.unsynced];
    this.unsynced.clear();
    if (files.length === 0) return;
    await Promise.all(
      files.map(async (f) => {
        const h = await open(f, 'r').catch(() => null); // acked and removed meanwhile
        if (!h) return;
        try {
          await h.sync();
        } finally {
          await h.close();
        }
      }),
    );
    const dir = await open(this.dir, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }

  /** True when the bytes are whole frames to the end and the last one is the result's final frame. */
  static complete(buf: Buffer): boolean {
    let off = 0;
    let last: Buffer | null = null;
    while (off + 4 <= buf.length) {
      const len = buf.readUInt32BE(off);
      if (off + 4 + len > buf.length) return false;
      last = buf.subarray(off + 4, off + 4 + len);
      off += 4 + len;
    }
    if (off !== buf.length || !last) return false;
    try {
      return decodeAgentFrame(last, last.byteLength).body === 'result';
    } catch {
      return false;
    }
  }

  async read(jobId: string, attempt: number): Promise<Uint8Array[]> {
    const buf = await readFile(this.file(jobId, attempt));
    const frames: Uint8Array[] = [];
    let off = 0;
    while (off + 4 <= buf.length) {
      const len = buf.readUInt32BE(off);
      off += 4;
      if (off + len > buf.length) break; // torn tail cannot happen after rename, but never trust disk
      frames.push(buf.subarray(off, off + len));
      off += len;
    }
    return frames;
  }

  async remove(jobId: string, attempt: number): Promise<void> {
    const key = Spool.key(jobId, attempt);
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
    this.unsynced.delete(this.file(jobId, attempt));
    await rm(this.file(jobId, attempt), { force: true });
    if (this.entries.size === 0) for (const w of [...this.emptyWaiters]) w();
  }

  private file(jobId: string, attempt: number): string {
    return path.join(this.dir, `${jobId}.${attempt}.result`);
  }
}
