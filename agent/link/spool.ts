// Durable results: each finished result is written before it is sent and forgotten only when the
// coordinator acknowledges it. Results are appended to a segment log (<dir>/seg-<n>.log, files
// segment-file.ts describes): one write, on a file that stays open, instead of a file created, synced
// and deleted per result. A write is complete in the page cache before the result is sent, so a
// killed process loses nothing; fsyncs of the open segments run in batches behind it (group commit),
// so a power cut can lose at most the last `syncDelayMs` of results, which the coordinator then runs
// again (their devices vanished). An acknowledgement appends a small ack record (batched, never
// waited for); a segment whose results are all acknowledged is deleted (or, the current one, emptied).
// A segment stays while any of its results waits, so the disk can hold more than `bytes` (at most a
// segment, SEGMENT_MAX_BYTES, for each result that waits while later ones were acknowledged).
import { close, fsync, readFileSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { decodeAgentFrame } from '../../proto/index.js';
import { Segment, type SpoolRecord, scanSegment } from './segment-file.js';

export interface SpoolEntry {
  jobId: string;
  attempt: number;
  /** Bytes of the result's frames as stored (each with its 4-byte length). */
  bytes: number;
}

interface Stored extends SpoolEntry {
  /** Segment holding it, or a per-result file an older agent version wrote. */
  where: { segment: Segment; offset: number } | { file: string };
}

/** Per-result files of earlier agent versions: read and acknowledged like the others. */
const LEGACY = /^([0-9a-f-]{36})\.(\d+)\.result$/;
/** A segment grows to this size before the next one starts. */
const SEGMENT_MAX_BYTES = 4 * 1024 * 1024;
/** The current segment is emptied (truncated) once nothing in it waits and it is this large. */
const TRUNCATE_AT_BYTES = 256 * 1024;

const fsyncFd = promisify(fsync);
const closeFd = promisify(close);

export class Spool {
  private readonly entries = new Map<string, Stored>();
  /** Waiting results per job id, for hasJob(). */
  private readonly perJob = new Map<string, number>();
  private readonly segments = new Map<number, Segment>();
  private current: Segment | null = null;
  private nextSegment = 1;
  private totalBytes = 0;
  private dirUnsynced = false;
  /**
   * Results written since the last fsync batch and not acknowledged yet: only these need the fsync.
   * With a coordinator that acknowledges within `syncDelayMs`, results never cost an fsync (the
   * old per-file spool skipped them the same way).
   */
  private readonly unsynced = new Set<string>();
  private pendingAcks: Array<{ jobId: string; attempt: number; segment: Segment }> = [];
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

  /** Loads what an earlier run left unacknowledged (its segments, and per-result files of old versions). */
  async open(): Promise<SpoolEntry[]> {
    await mkdir(this.dir, { recursive: true });
    const names = (await readdir(this.dir)).sort();
    for (const name of names) {
      const file = path.join(this.dir, name);
      const id = Segment.idOf(name);
      if (id !== null) {
        this.nextSegment = Math.max(this.nextSegment, id + 1);
        const segment = Segment.openExisting(this.dir, id);
        this.segments.set(id, segment);
        for (const r of scanSegment(readFileSync(file))) this.replay(r, segment);
        continue;
      }
      const m = LEGACY.exec(name);
      if (!m) {
        if (name.endsWith('.tmp')) await rm(file, { force: true });
        continue;
      }
      const buf = await readFile(file);
      if (!Spool.complete(buf)) {
        await rm(file, { force: true }); // torn by a power cut before its sync: the job runs again
        continue;
      }
      this.add({ jobId: m[1] as string, attempt: Number(m[2]), bytes: buf.length, where: { file } });
    }
    // Segments with nothing left to send go; results are appended to a fresh one from here on.
    for (const s of [...this.segments.values()]) if (s.live === 0) await this.dropSegment(s);
    return this.list();
  }

  list(): SpoolEntry[] {
    return [...this.entries.values()].map(({ jobId, attempt, bytes }) => ({ jobId, attempt, bytes }));
  }

  has(jobId: string, attempt: number): boolean {
    return this.entries.has(Spool.key(jobId, attempt));
  }

  /** True when any attempt of the job waits here: its result exists, so the job need not run again. */
  hasJob(jobId: string): boolean {
    return this.perJob.has(jobId);
  }

  /**
   * Appends the frames to the current segment before anything is sent; the fsync follows in a batch.
   * A small result is written synchronously (into the page cache: no round trip through the thread
   * pool before the send), a large one asynchronously; either way writes land in order.
   */
  async put(jobId: string, attempt: number, frames: Uint8Array[]): Promise<void> {
    const { record, payloadAt, payloadBytes } = Segment.resultRecord(jobId, attempt, frames);
    const segment = await this.segmentFor(record.byteLength);
    // Counted before the write, so an ack handled while it is under way cannot empty the segment.
    segment.live++;
    let offset: number;
    try {
      offset = await segment.append(record);
    } catch (err) {
      segment.live--;
      throw err;
    }
    const key = Spool.key(jobId, attempt);
    const old = this.entries.get(key);
    if (old) this.forget(key, old);
    this.add({ jobId, attempt, bytes: payloadBytes, where: { segment, offset: offset + payloadAt } });
    this.unsynced.add(key);
    this.scheduleSync();
  }

  /** fsyncs the segments holding unacknowledged results written since the last batch, then the directory. */
  async flush(): Promise<void> {
    if (this.syncTimer) {
      clearTimeout(this.syncTimer);
      this.syncTimer = null;
    }
    this.writeAcks();
    const run = this.syncing.then(() => this.syncNow());
    this.syncing = run.catch(() => undefined);
    await run;
  }

  /** flush(), then closes the segment files (a later put starts a new segment). Safe twice. */
  async close(): Promise<void> {
    await this.flush();
    this.current = null;
    for (const s of this.segments.values()) {
      if (s.fd === null || s.busy) continue;
      const fd = s.fd;
      s.fd = null;
      await closeFd(fd).catch(() => undefined);
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

  /**
   * The frames of a waiting result, read back for a re-send; none when it was acknowledged while
   * being read (its bytes may be gone or reused by then).
   */
  async read(jobId: string, attempt: number): Promise<Uint8Array[]> {
    const key = Spool.key(jobId, attempt);
    const e = this.entries.get(key);
    if (!e) throw new Error(`no spooled result for ${jobId} attempt ${attempt}`);
    let buf: Buffer;
    if ('file' in e.where) buf = await readFile(e.where.file);
    else {
      const { segment, offset } = e.where;
      const generation = segment.generation;
      buf = Buffer.alloc(e.bytes);
      try {
        // Its own descriptor: the segment's may be closed meanwhile, and its number reused.
        const h = await open(segment.file, 'r');
        try {
          await h.read(buf, 0, e.bytes, offset);
        } finally {
          await h.close();
        }
      } catch (err) {
        if (this.entries.get(key) !== e) return []; // acknowledged, and its segment deleted
        throw err;
      }
      if (this.entries.get(key) !== e || segment.generation !== generation) return [];
    }
    const frames: Uint8Array[] = [];
    let off = 0;
    while (off + 4 <= buf.length) {
      const len = buf.readUInt32BE(off);
      off += 4;
      if (off + len > buf.length) break; // never trust disk
      frames.push(buf.subarray(off, off + len));
      off += len;
    }
    return frames;
  }

  /** The coordinator acknowledged the result: forget it (an ack record follows, batched). */
  async remove(jobId: string, attempt: number): Promise<void> {
    const key = Spool.key(jobId, attempt);
    const entry = this.entries.get(key);
    if (!entry) return;
    this.forget(key, entry);
    if ('file' in entry.where) await rm(entry.where.file, { force: true });
    else await this.released(entry.where.segment, jobId, attempt);
    if (this.entries.size === 0) for (const w of [...this.emptyWaiters]) w();
  }

  /** One record of an earlier run's segment, in the order written. */
  private replay(r: SpoolRecord, segment: Segment): void {
    const key = Spool.key(r.jobId, r.attempt);
    const known = this.entries.get(key);
    if (known) this.forget(key, known);
    if (r.type === 'ack') return;
    this.add({ jobId: r.jobId, attempt: r.attempt, bytes: r.bytes, where: { segment, offset: r.offset } });
    segment.live++;
  }

  private add(e: Stored): void {
    this.entries.set(Spool.key(e.jobId, e.attempt), e);
    this.perJob.set(e.jobId, (this.perJob.get(e.jobId) ?? 0) + 1);
    this.totalBytes += e.bytes;
  }

  private forget(key: string, e: Stored): void {
    this.entries.delete(key);
    this.unsynced.delete(key);
    const n = (this.perJob.get(e.jobId) ?? 1) - 1;
    if (n > 0) this.perJob.set(e.jobId, n);
    else this.perJob.delete(e.jobId);
    this.totalBytes -= e.bytes;
    if (!('file' in e.where)) e.where.segment.live--;
  }

  /** A result of `segment` was acknowledged: record that, or drop or empty the segment if it was the last. */
  private async released(segment: Segment, jobId: string, attempt: number): Promise<void> {
    if (segment.live > 0 || segment.busy) {
      this.queueAck(jobId, attempt, segment);
      return;
    }
    if (segment !== this.current) {
      await this.dropSegment(segment);
      return;
    }
    if (segment.size >= TRUNCATE_AT_BYTES) {
      // Its acks not yet written are moot: the results they acknowledge go with the truncation.
      this.pendingAcks = this.pendingAcks.filter((a) => a.segment !== segment);
      segment.truncate();
      return;
    }
    this.queueAck(jobId, attempt, segment);
  }

  /** Ack records go out together once this turn's acks are in; nothing waits for them. */
  private queueAck(jobId: string, attempt: number, segment: Segment): void {
    this.pendingAcks.push({ jobId, attempt, segment });
    if (this.pendingAcks.length === 1) setImmediate(() => this.writeAcks());
  }

  private writeAcks(): void {
    if (this.pendingAcks.length === 0) return;
    const acks = this.pendingAcks;
    this.pendingAcks = [];
    const segment = this.current;
    // The segments these acks are about may be gone by now; then so are the results.
    const live = acks.filter((a) => this.segments.has(a.segment.id));
    // An ack lost here (or with a crash) only means the result is sent once more after a restart,
    // and the coordinator acknowledges a duplicate again.
    if (!segment || segment.broken || live.length === 0) return;
    // Never synced on their own account: they ride along with the next results' fsync.
    void segment.append(Segment.ackRecords(live)).catch(() => undefined);
  }

  private async segmentFor(bytes: number): Promise<Segment> {
    let s = this.current;
    if (s && !s.broken && (s.size === 0 || s.size + bytes <= SEGMENT_MAX_BYTES)) return s;
    if (s) {
      this.current = null;
      if (s.live === 0 && !s.busy) await this.dropSegment(s);
    }
    s = await Segment.create(this.dir, this.nextSegment++);
    this.segments.set(s.id, s);
    this.current = s;
    this.dirUnsynced = true;
    return s;
  }

  private async dropSegment(s: Segment): Promise<void> {
    this.segments.delete(s.id);
    if (this.current === s) this.current = null;
    await s.remove();
  }

  private scheduleSync(): void {
    this.syncTimer ??= setTimeout(() => {
      this.syncTimer = null;
      // A background sync that fails (the directory gone) leaves nothing to reject to: flush() and
      // close() run their own and report theirs.
      this.syncing = this.syncing.then(() => this.syncNow()).catch(() => undefined);
    }, this.syncDelayMs);
  }

  private async syncNow(): Promise<void> {
    const waiting = new Set<Segment>();
    for (const key of this.unsynced) {
      const e = this.entries.get(key);
      if (e && !('file' in e.where)) waiting.add(e.where.segment);
    }
    this.unsynced.clear();
    await Promise.all(
      [...waiting].map(async (s) => {
        // Closed meanwhile (every result in it acknowledged and the segment dropped): nothing to keep.
        if (s.fd !== null) await fsyncFd(s.fd).catch(() => undefined);
      }),
    );
    // A segment results no longer go to is closed once synced; reads open it on their own.
    for (const s of this.segments.values()) {
      if (s === this.current || s.fd === null || s.busy) continue;
      const fd = s.fd;
      s.fd = null;
      await closeFd(fd).catch(() => undefined);
    }
    if (waiting.size === 0 || !this.dirUnsynced) return;
    this.dirUnsynced = false;
    const dir = await open(this.dir, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }
}
