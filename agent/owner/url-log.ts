// The device's URL log: one JSON line per finished job (time, method, host or full URL, status,
// bytes) in <stateDir>/url-log/, so the owner sees everything their device fetched. Files rotate at
// a size bound and only the newest `files` are kept: url.log, url.log.1, ... url.log.(files-1).
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export interface UrlLogEntry {
  /** ISO 8601 time the job finished. */
  time: string;
  method: string;
  /** The host, or the full URL when the owner chose `url`. */
  target: string;
  /** The target's HTTP status; 0 when none answered. */
  status: number;
  /** Bytes received from the target. */
  bytes: number;
  /** `success` or the job's error type. */
  outcome: string;
  jobId: string;
  /** Proxy streams: how long the connection lasted, and the API key it was for. */
  durationMs?: number;
  keyId?: string;
}

export interface UrlLogOptions {
  dir: string;
  /** `host` records only the host name, `url` the whole URL, `off` nothing. */
  mode: 'host' | 'url' | 'off';
  /** Size of one file before it rotates. */
  maxFileBytes: number;
  /** Files kept, the current one included. */
  files: number;
}

export class UrlLog {
  private readonly file: string;
  private writing: Promise<void> = Promise.resolve();
  /** Lines waiting for the next write, and that write. */
  private pending: string[] = [];
  private batch: Promise<void> | null = null;
  private size = -1;
  /** The current file, open for appends between rotations (no open and close per write). */
  private fd: number | null = null;

  constructor(private readonly opts: UrlLogOptions) {
    this.file = path.join(opts.dir, 'url.log');
  }

  get enabled(): boolean {
    return this.opts.mode !== 'off';
  }

  /** What the log records for `url` under the owner's choice. */
  target(url: string): string {
    if (this.opts.mode === 'url') return url;
    try {
      return new URL(url).host;
    } catch {
      return url.slice(0, 200);
    }
  }

  /**
   * Appends one line; the lines recorded in one turn of the event loop (and while a write is under
   * way) go out together in one write. Resolves when the line is in the file (the page cache).
   */
  record(entry: Omit<UrlLogEntry, 'target'> & { url: string }): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    const { url, ...rest } = entry;
    this.pending.push(`${JSON.stringify({ ...rest, target: this.target(url) })}\n`);
    this.batch ??= this.writing
      .catch(() => undefined)
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(async () => {
        const lines = this.pending;
        this.pending = [];
        this.batch = null;
        await this.append(lines);
      });
    this.writing = this.batch;
    return this.batch;
  }

  /** Closes the file after the writes under way. Safe twice; a later record() opens it again. */
  async close(): Promise<void> {
    await this.writing.catch(() => undefined);
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /** The newest `limit` entries, oldest first, across the rotated files. */
  async read(limit: number): Promise<UrlLogEntry[]> {
    await this.writing.catch(() => undefined);
    const out: UrlLogEntry[] = [];
    for (let i = 0; i < this.opts.files && out.length < limit; i++) {
      let text: string;
      try {
        text = await readFile(this.nth(i), 'utf8');
      } catch {
        break;
      }
      const lines = text.split('\n').filter(Boolean).reverse();
      for (const l of lines) {
        if (out.length >= limit) break;
        try {
          out.push(JSON.parse(l) as UrlLogEntry);
        } catch {
          // a line torn by a crash: skip it
        }
      }
    }
    return out.reverse();
  }

  /** Appends the lines in as few writes as the size bound allows (one, unless a file fills up). */
  private async append(lines: readonly string[]): Promise<void> {
    if (this.size < 0) {
      await mkdir(this.opts.dir, { recursive: true, mode: 0o700 });
      this.size = await stat(this.file).then(
        (s) => s.size,
        () => 0,
      );
    }
    let chunk = '';
    let chunkBytes = 0;
    const write = () => {
      if (chunkBytes === 0) return;
      this.fd ??= openSync(this.file, 'a', 0o600);
      writeSync(this.fd, chunk);
      this.size += chunkBytes;
      chunk = '';
      chunkBytes = 0;
    };
    for (const line of lines) {
      const bytes = Buffer.byteLength(line);
      if (this.size + chunkBytes > 0 && this.size + chunkBytes + bytes > this.opts.maxFileBytes) {
        write();
        await this.rotate();
      }
      chunk += line;
      chunkBytes += bytes;
    }
    write();
  }

  private async rotate(): Promise<void> {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    await rm(this.nth(this.opts.files - 1), { force: true });
    for (let i = this.opts.files - 2; i >= 0; i--) {
      await rename(this.nth(i), this.nth(i + 1)).catch(() => undefined);
    }
    this.size = 0;
  }

  private nth(i: number): string {
    return i === 0 ? this.file : `${this.file}.${i}`;
  }
}
