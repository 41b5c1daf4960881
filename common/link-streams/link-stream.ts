// One proxied TCP connection carried over the agent link, as a Duplex on either end: what is written
// to it leaves as StreamData frames, what arrives is read from it. Credit-based flow control bounds
// both sides: a sender never has more than the receiver's window of data unconsumed, and the
// receiver gives credit back only once the data has left its readable buffer (its consumer, a TCP
// socket through pipe(), has taken it), in batches of a quarter window, not per chunk. A receiver
// that keeps up grows the window (up to maxWindowBytes) while the link's memory budget allows.
import { Duplex } from 'node:stream';

/** How a stream sends its frames: the link's side of it (LinkStreams). */
export interface StreamSender {
  sendData(id: number, data: Uint8Array): void;
  sendCredit(id: number, bytes: number): void;
  sendClose(id: number, reason: string, message: string): void;
  /** False while the link's socket holds too much: the stream waits for resume(). */
  roomy(stream: LinkStream): boolean;
  /** Asks for `bytes` more receive window from the link's budget; false: not granted. */
  reserve(bytes: number): boolean;
  /** Gives window bytes back to the budget (the stream ended). */
  release(bytes: number): void;
  /** The stream is over (both directions, or reset). */
  ended(stream: LinkStream): void;
}

/** Why a stream ended other than by both sides closing: the peer's (or a local) reason. */
export class StreamResetError extends Error {
  readonly code = 'STREAM_RESET';
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message || `stream reset: ${reason}`);
    this.name = 'StreamResetError';
  }
}

export interface LinkStreamOptions {
  /** Credit each side starts with (StreamOpen.window_bytes). */
  windowBytes: number;
  /** Largest receive window the stream grows to. Default 1 MiB. */
  maxWindowBytes?: number;
  /** Largest StreamData payload (under the link's frame limit). */
  maxDataBytes: number;
}

export class LinkStream extends Duplex {
  /** Bytes we may still send before the peer's next credit. */
  private sendCredit: number;
  /** Bytes the peer may still send us. */
  private recvAllowance: number;
  /** Our receive window now (grows while the consumer keeps up). */
  private recvWindow: number;
  private readonly maxWindow: number;
  /** Received bytes that have left the readable buffer but were not yet credited back. */
  private received = 0;
  private credited = 0;
  /** A write waiting for credit or link room: the rest of its chunk and its callback. */
  private pending: { chunk: Uint8Array; cb: (err?: Error | null) => void } | null = null;
  private finalCb: ((err?: Error | null) => void) | null = null;
  private sentEnd = false;
  private gotEnd = false;
  private reset = false;
  private over = false;
  /** Bytes sent and received (for metering). */
  bytesOut = 0;
  bytesIn = 0;

  constructor(
    readonly id: number,
    private readonly link: StreamSender,
    private readonly opts: LinkStreamOptions,
  ) {
    super({ allowHalfOpen: true, readableHighWaterMark: 64 * 1024, writableHighWaterMark: 64 * 1024 });
    this.sendCredit = opts.windowBytes;
    this.recvAllowance = opts.windowBytes;
    this.recvWindow = opts.windowBytes;
    this.maxWindow = Math.max(opts.windowBytes, opts.maxWindowBytes ?? 1024 * 1024);
    // Both directions ended (autoDestroy) or reset: the stream leaves its table.
    this.once('close', () => this.finish());
  }

  // ------------------------------------------------------------ frames in (LinkStreams calls these)

  /** StreamData from the peer; false when it sent beyond its credit (a protocol breach). */
  onData(data: Uint8Array): boolean {
    if (this.reset || this.gotEnd) return true; // late frames after our reset: dropped
    if (data.byteLength > this.recvAllowance) return false;
    this.recvAllowance -= data.byteLength;
    this.bytesIn += data.byteLength;
    this.received += data.byteLength;
    this.push(data);
    return true;
  }

  onCredit(bytes: number): void {
    if (this.reset) return;
    this.sendCredit += bytes;
    this.flushPending();
  }

  /** StreamClose from the peer: '' ends its direction; anything else resets the stream. */
  onClose(reason: string, message: string): void {
    if (reason === '') {
      if (this.gotEnd) return;
      this.gotEnd = true;
      this.push(null);
      return;
    }
    this.reset = true;
    this.destroy(new StreamResetError(reason, message));
  }

  /** The link's socket drained: a write held for room goes on. */
  linkRoom(): void {
    this.flushPending();
  }

  /** Resets the stream and tells the peer why (a refusal, a cap, a breach). */
  abort(reason: string, message: string): void {
    if (this.over || this.reset) return;
    this.reset = true;
    this.link.sendClose(this.id, reason, message);
    this.destroy(new StreamResetError(reason, message));
  }

  // ------------------------------------------------------------ Duplex

  override _read(): void {
    this.grant();
  }

  /**
   * Every read (pipe's flow, a consumer's read()) may have taken data out of the buffer: credit is
   * looked at again. _read alone is not enough: when it grants nothing (less than a quarter window
   * consumed) it pushes nothing, and Readable calls it again only after a push, so a sender out of
   * credit would wait for data it may not send.
   */
  override read(size?: number): unknown {
    const chunk: unknown = super.read(size);
    this.grant();
    return chunk;
  }

  override _write(chunk: Uint8Array, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    this.pending = { chunk, cb };
    this.flushPending();
  }

  override _final(cb: (err?: Error | null) => void): void {
    this.finalCb = cb;
    this.flushPending();
  }

  override _destroy(err: Error | null, cb: (err?: Error | null) => void): void {
    if (!this.reset && !(this.sentEnd && this.gotEnd)) {
      this.reset = true;
      this.link.sendClose(this.id, 'reset', err?.message ?? 'closed');
    }
    this.pending = null;
    this.finish();
    cb(err);
  }

  private flushPending(): void {
    const p = this.pending;
    if (p) {
      let off = 0;
      const size = p.chunk.byteLength;
      while (off < size && this.sendCredit > 0 && this.link.roomy(this)) {
        const n = Math.min(size - off, this.sendCredit, this.opts.maxDataBytes);
        // A view, not a copy: the encoder copies it into the frame once.
        this.link.sendData(this.id, off === 0 && n === size ? p.chunk : p.chunk.subarray(off, off + n));
        this.sendCredit -= n;
        this.bytesOut += n;
        off += n;
      }
      if (off < size) {
        this.pending = { chunk: p.chunk.subarray(off), cb: p.cb };
        return;
      }
      this.pending = null;
      p.cb();
    }
    if (this.finalCb && !this.pending) {
      const cb = this.finalCb;
      this.finalCb = null;
      this.sentEnd = true;
      this.link.sendClose(this.id, '', '');
      cb();
    }
  }

  /** Credits back what left the readable buffer, a quarter window at a time (or all at the end). */
  private grant(): void {
    if (this.reset || this.gotEnd) return;
    const consumed = this.received - this.readableLength;
    let owed = consumed - this.credited;
    // Never a small grant: it would make the sender cut its data into small frames. No deadlock: a
    // sender out of credit has a whole window unacknowledged here, which is owed once consumed.
    if (owed < this.recvWindow / 4) return;
    // The consumer keeps up (nothing waits in the buffer): a larger window, if the link can afford it.
    if (this.readableLength === 0 && this.recvWindow < this.maxWindow) {
      const extra = Math.min(this.recvWindow, this.maxWindow - this.recvWindow);
      if (this.link.reserve(extra)) {
        this.recvWindow += extra;
        this.credited -= extra; // granted without having been received
        owed += extra;
      }
    }
    this.credited += owed;
    this.recvAllowance += owed;
    this.link.sendCredit(this.id, owed);
  }

  private finish(): void {
    if (this.over) return;
    this.over = true;
    this.link.release(this.recvWindow - this.opts.windowBytes);
    this.link.ended(this);
  }
}
