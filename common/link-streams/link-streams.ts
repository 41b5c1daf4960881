// The streams of one agent link (docs/proxy.md), the same on both ends: the table by id, frames in
// dispatched to their stream, and what the streams share. Fairness with job frames: stream data
// leaves only while the link's socket holds less than `linkHighWaterBytes`, so an Assign or a
// result frame never waits behind more than that; job frames are sent at once as before. Memory:
// each stream's receive window starts at `windowBytes` and grows only while the windows of the
// link together stay under `windowBudgetBytes`. Credit leaves once per turn of the event loop
// (setImmediate), every stream's grants of that turn together, not a frame for each grant.
import { LinkStream, type StreamSender } from './link-stream.js';

/** How the table sends frames on its link (the agent's or the coordinator's encoding). */
export interface StreamWire {
  data(id: number, data: Uint8Array): void;
  credit(id: number, bytes: number): void;
  close(id: number, reason: string, message: string): void;
  /** Bytes the link's socket holds unsent. */
  bufferedBytes(): number;
}

export interface LinkStreamsOptions {
  windowBytes: number;
  maxWindowBytes?: number;
  maxDataBytes: number;
  /** Streams open at once on the link. */
  maxStreams: number;
  /** Stream data waits while the link's socket holds more than this. Default 1 MiB. */
  linkHighWaterBytes?: number;
  /** Receive window growth across the link's streams. Default 16 MiB. */
  windowBudgetBytes?: number;
}

function ignore(): void {}

/** How often a stream held for link room looks again when no drain event came. */
const ROOM_POLL_MS = 20;

export class LinkStreams implements StreamSender {
  private readonly streams = new Map<number, LinkStream>();
  private readonly blocked = new Set<LinkStream>();
  private poll: NodeJS.Timeout | null = null;
  /** drained() is handing room to the held streams (they may take it without queueing). */
  private serving = false;
  private grown = 0;
  private closed = false;
  /** Credit granted this turn, by stream, sent at setImmediate (flushCredit). */
  private readonly owed = new Map<number, number>();
  private creditTimer: NodeJS.Immediate | null = null;

  constructor(
    private readonly wire: StreamWire,
    private readonly opts: LinkStreamsOptions,
  ) {}

  get size(): number {
    return this.streams.size;
  }

  get full(): boolean {
    return this.streams.size >= this.opts.maxStreams;
  }

  has(id: number): boolean {
    return this.streams.has(id);
  }

  get(id: number): LinkStream | undefined {
    return this.streams.get(id);
  }

  /** A new stream under `id` (the caller checked it is free and the table not full). */
  open(id: number, windowBytes = this.opts.windowBytes): LinkStream {
    const stream = new LinkStream(id, this, {
      windowBytes,
      maxWindowBytes: this.opts.maxWindowBytes,
      maxDataBytes: this.opts.maxDataBytes,
    });
    // A reset is an outcome, not a crash: its users listen for it; none listening must not throw.
    stream.on('error', ignore);
    this.streams.set(id, stream);
    return stream;
  }

  // ------------------------------------------------------------ frames in

  /** StreamData: false when the peer broke the stream's credit (the stream is reset). */
  onData(id: number, data: Uint8Array): boolean {
    const s = this.streams.get(id);
    if (!s) return true; // a stream that just ended here: its last frames are dropped
    if (s.onData(data)) return true;
    s.abort('protocol', 'data beyond the stream’s credit');
    return false;
  }

  onCredit(id: number, bytes: number): void {
    this.streams.get(id)?.onCredit(bytes);
  }

  onClose(id: number, reason: string, message: string): void {
    this.streams.get(id)?.onClose(reason, message);
  }

  /**
   * The link's socket drained: streams held for room send again, in the order they were held. Those
   * not reached before the socket filled stay first in line, ahead of those served now that filled
   * it again, so every stream gets its turn (before, the first held were served first at every
   * drain, and with 200 busy streams the last ones waited minutes, past the idle timeout).
   */
  drained(): void {
    if (this.blocked.size === 0) return;
    const waiting = [...this.blocked];
    this.blocked.clear();
    this.serving = true;
    let i = 0;
    try {
      for (; i < waiting.length && this.roomyNow(); i++) waiting[i]?.linkRoom();
    } finally {
      this.serving = false;
    }
    if (i < waiting.length) {
      const servedAgain = [...this.blocked];
      this.blocked.clear();
      for (let j = i; j < waiting.length; j++) this.blocked.add(waiting[j] as LinkStream);
      for (const s of servedAgain) this.blocked.add(s);
    }
    this.watch();
  }

  /** The link went down: every stream is reset. */
  closeAll(message: string): void {
    this.closed = true;
    if (this.creditTimer) clearImmediate(this.creditTimer);
    this.creditTimer = null;
    this.owed.clear();
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
    for (const s of [...this.streams.values()]) s.destroy(new Error(message));
    this.streams.clear();
    this.blocked.clear();
  }

  // ------------------------------------------------------------ StreamSender

  sendData(id: number, data: Uint8Array): void {
    this.wire.data(id, data);
  }

  /**
   * Credit waits for the end of the event loop's turn (setImmediate): one turn handles many socket
   * reads of data frames, and before nearly every grant was a socket write of its own, and a
   * wake-up of the peer to read it (5.8 writes a MiB at 32 streams, 0.54 now: docs/proxy.md; about
   * 8% of the coordinator's busy profile samples). The sender waits at most one turn longer for
   * credit; the window it bounds is unchanged.
   */
  sendCredit(id: number, bytes: number): void {
    if (this.closed) return;
    this.owed.set(id, (this.owed.get(id) ?? 0) + bytes);
    this.creditTimer ??= setImmediate(() => this.flushCredit());
  }

  sendClose(id: number, reason: string, message: string): void {
    if (this.closed) return;
    // The stream's credit first, as it was granted before its close.
    const owed = this.owed.get(id);
    if (owed !== undefined) {
      this.owed.delete(id);
      this.wire.credit(id, owed);
    }
    this.wire.close(id, reason, message);
  }

  private flushCredit(): void {
    this.creditTimer = null;
    if (this.closed) return;
    for (const [id, bytes] of this.owed) this.wire.credit(id, bytes);
    this.owed.clear();
  }

  roomy(stream: LinkStream): boolean {
    if (this.closed) return false;
    // While streams wait for room, one that was not waiting queues behind them (FIFO), or a stream
    // whose source keeps writing would take every drain's room first.
    if ((this.blocked.size === 0 || this.serving) && this.roomyNow()) return true;
    this.blocked.add(stream);
    this.watch();
    return false;
  }

  reserve(bytes: number): boolean {
    if (this.grown + bytes > (this.opts.windowBudgetBytes ?? 16 * 1024 * 1024)) return false;
    this.grown += bytes;
    return true;
  }

  release(bytes: number): void {
    this.grown = Math.max(0, this.grown - bytes);
  }

  ended(stream: LinkStream): void {
    if (this.streams.get(stream.id) === stream) {
      this.streams.delete(stream.id);
      // Credit for a stream that is over has no use (and the peer would only drop it).
      this.owed.delete(stream.id);
    }
    this.blocked.delete(stream);
  }

  private roomyNow(): boolean {
    return this.wire.bufferedBytes() < (this.opts.linkHighWaterBytes ?? 1024 * 1024);
  }

  /** A poll while streams wait for room, in case the socket's drain event is not seen. */
  private watch(): void {
    if (this.blocked.size === 0) {
      if (this.poll) clearInterval(this.poll);
      this.poll = null;
      return;
    }
    if (this.poll || this.closed) return;
    this.poll = setInterval(() => this.drained(), ROOM_POLL_MS);
    this.poll.unref();
  }
}
