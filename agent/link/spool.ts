// Durable results: each finished result is written (atomically) before it is sent and removed only
// when the coordinator acknowledges it. One file per (job, attempt): length-prefixed encoded frames.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export interface SpoolEntry {
  jobId: string;
  attempt: number;
  bytes: number;
}

const NAME = /^([0-9a-f-]{36})\.(\d+)\.result$/;

export class Spool {
  private readonly entries = new Map<string, SpoolEntry>();
  private totalBytes = 0;

  constructor(
    private readonly dir: string,
    readonly maxBytes: number,
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

  /** Loads what an earlier run left unacknowledged. */
  async open(): Promise<SpoolEntry[]> {
    await mkdir(this.dir, { recursive: true });
    for (const name of await readdir(this.dir)) {
      const m = NAME.exec(name);
      if (!m) {
        if (name.endsWith('.tmp')) await rm(path.join(this.dir, name), { force: true });
        continue;
      }
      const bytes = (await stat(path.join(this.dir, name))).size;
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

  /** Writes the frames durably (temp file, fsync, rename) before anything is sent. */
  async put(jobId: string, attempt: number, frames: Uint8Array[]): Promise<void> {
    const file = this.file(jobId, attempt);
    const tmp = `${file}.${randomUUID()}.tmp`;
    const handle = await open(tmp, 'w');
    let bytes = 0;
    try {
      for (const frame of frames) {
        const len = Buffer.alloc(4);
        len.writeUInt32BE(frame.byteLength);
        await handle.write(len);
        await handle.write(frame);
        bytes += 4 + frame.byteLength;
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
    const key = Spool.key(jobId, attempt);
    const old = this.entries.get(key);
    if (old) this.totalBytes -= old.bytes;
    this.entries.set(key, { jobId, attempt, bytes });
    this.totalBytes += bytes;
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
    await rm(this.file(jobId, attempt), { force: true });
  }

  private file(jobId: string, attempt: number): string {
    return path.join(this.dir, `${jobId}.${attempt}.result`);
  }
}
