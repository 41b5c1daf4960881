// One segment of the result spool (spool.ts): an append-only file of records.
//   record = type u8 | crc32 u32 | attempt u32 | id length u8 | body length u32 | job id | body
// type 1 is a result (body: its frames, each as u32 length + bytes), type 2 an acknowledgement of
// one (no body). The CRC covers everything after itself, so a tail torn by a crash (or left as zeros
// by a power cut before the sync) ends the scan there. Writes land in order at reserved offsets: a
// small one synchronously, a large one asynchronously, with every later write queued behind it.
import { closeSync, ftruncateSync, openSync, write, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';

const HEADER_BYTES = 14;
const RESULT = 1;
const ACK = 2;
/** Records up to this size are written synchronously (a copy into the page cache). */
const SYNC_WRITE_MAX_BYTES = 1024 * 1024;
const NAME = /^seg-(\d{12})\.log$/;

const writeAt = promisify(write);

export type SpoolRecord =
  | { type: 'result'; jobId: string; attempt: number; offset: number; bytes: number }
  | { type: 'ack'; jobId: string; attempt: number };

export class Segment {
  /** Open for appends and reads; null once closed (a segment of an earlier run, or rotated out). */
  fd: number | null;
  size: number;
  /** Results in it still waiting for their acknowledgement. */
  live = 0;
  /** A write failed: nothing more is appended (the spool starts another segment). */
  broken = false;
  /** Counts truncations: an offset read before one may hold other bytes after it. */
  generation = 0;
  private tail: Promise<void> | null = null;

  private constructor(
    readonly id: number,
    readonly file: string,
    fd: number | null,
    size: number,
  ) {
    this.fd = fd;
    this.size = size;
  }

  static idOf(name: string): number | null {
    const m = NAME.exec(name);
    return m ? Number(m[1]) : null;
  }

  static fileName(id: number): string {
    return `seg-${String(id).padStart(12, '0')}.log`;
  }

  /** A new, empty segment open for appends. */
  static async create(dir: string, id: number): Promise<Segment> {
    const file = path.join(dir, Segment.fileName(id));
    return new Segment(id, file, openSync(file, 'wx+', 0o600), 0);
  }

  /** A segment an earlier run left: read, never appended to. */
  static openExisting(dir: string, id: number): Segment {
    return new Segment(id, path.join(dir, Segment.fileName(id)), null, 0);
  }

  /** An asynchronous write is in flight: the segment may not be emptied or closed. */
  get busy(): boolean {
    return this.tail !== null;
  }

  /** Appends `record`; resolves with its offset once it is in the file (the page cache). */
  append(record: Buffer): Promise<number> {
    const fd = this.fd;
    if (fd === null || this.broken) return Promise.reject(new Error(`spool segment ${this.id} is closed`));
    const offset = this.size;
    this.size += record.byteLength;
    if (this.tail === null && record.byteLength <= SYNC_WRITE_MAX_BYTES) {
      try {
        writeAllSync(fd, record, offset);
        return Promise.resolve(offset);
      } catch (err) {
        this.broken = true;
        return Promise.reject(err);
      }
    }
    const mine = (this.tail ?? Promise.resolve()).then(async () => {
      if (this.broken) throw new Error(`spool segment ${this.id} failed an earlier write`);
      try {
        await writeAll(fd, record, offset);
      } catch (err) {
        this.broken = true;
        throw err;
      }
    });
    const tail = mine.catch(() => undefined);
    this.tail = tail;
    void tail.then(() => {
      if (this.tail === tail) this.tail = null;
    });
    return mine.then(() => offset);
  }

  /** Empties the segment (nothing in it waits); later records start at offset 0. */
  truncate(): void {
    if (this.fd === null || this.busy) return;
    ftruncateSync(this.fd, 0);
    this.size = 0;
    this.generation++;
  }

  /** Closes and deletes the file. */
  async remove(): Promise<void> {
    const fd = this.fd;
    this.fd = null;
    this.broken = true;
    if (fd !== null) closeSync(fd);
    await rm(this.file, { force: true });
  }

  /** The record of one result, and where its body (the stored frames) starts within the record. */
  static resultRecord(
    jobId: string,
    attempt: number,
    frames: Uint8Array[],
  ): { record: Buffer; payloadAt: number; payloadBytes: number } {
    let payloadBytes = 0;
    for (const f of frames) payloadBytes += 4 + f.byteLength;
    const idLen = Buffer.byteLength(jobId);
    const payloadAt = HEADER_BYTES + idLen;
    const record = Buffer.allocUnsafe(payloadAt + payloadBytes);
    writeHeader(record, RESULT, attempt, jobId, idLen, payloadBytes);
    let off = payloadAt;
    for (const f of frames) {
      record.writeUInt32BE(f.byteLength, off);
      record.set(f, off + 4);
      off += 4 + f.byteLength;
    }
    record.writeUInt32BE(crc32(record.subarray(5)), 1);
    return { record, payloadAt, payloadBytes };
  }

  static ackRecords(acks: ReadonlyArray<{ jobId: string; attempt: number }>): Buffer {
    const parts = acks.map(({ jobId, attempt }) => {
      const idLen = Buffer.byteLength(jobId);
      const r = Buffer.allocUnsafe(HEADER_BYTES + idLen);
      writeHeader(r, ACK, attempt, jobId, idLen, 0);
      r.writeUInt32BE(crc32(r.subarray(5)), 1);
      return r;
    });
    return Buffer.concat(parts);
  }
}

function writeHeader(r: Buffer, type: number, attempt: number, jobId: string, idLen: number, body: number) {
  if (idLen > 255) throw new Error('job id too long for the spool');
  r.writeUInt8(type, 0);
  r.writeUInt32BE(attempt >>> 0, 5);
  r.writeUInt8(idLen, 9);
  r.writeUInt32BE(body, 10);
  r.write(jobId, HEADER_BYTES, 'utf8');
}

/** The records of a segment's bytes, up to the first that is torn or does not check. */
export function scanSegment(buf: Buffer): SpoolRecord[] {
  const out: SpoolRecord[] = [];
  let off = 0;
  while (off + HEADER_BYTES <= buf.length) {
    const type = buf.readUInt8(off);
    const idLen = buf.readUInt8(off + 9);
    const body = buf.readUInt32BE(off + 10);
    const end = off + HEADER_BYTES + idLen + body;
    if ((type !== RESULT && type !== ACK) || end > buf.length) break;
    if (buf.readUInt32BE(off + 1) !== crc32(buf.subarray(off + 5, end))) break;
    const jobId = buf.toString('utf8', off + HEADER_BYTES, off + HEADER_BYTES + idLen);
    const attempt = buf.readUInt32BE(off + 5);
    if (type === RESULT)
      out.push({ type: 'result', jobId, attempt, offset: off + HEADER_BYTES + idLen, bytes: body });
    else out.push({ type: 'ack', jobId, attempt });
    off = end;
  }
  return out;
}

function writeAllSync(fd: number, buf: Buffer, position: number): void {
  let done = 0;
  while (done < buf.byteLength) done += writeSync(fd, buf, done, buf.byteLength - done, position + done);
}

async function writeAll(fd: number, buf: Buffer, position: number): Promise<void> {
  let done = 0;
  while (done < buf.byteLength) {
    const { bytesWritten } = await writeAt(fd, buf, done, buf.byteLength - done, position + done);
    done += bytesWritten;
  }
}
