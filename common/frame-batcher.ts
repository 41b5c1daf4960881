// Gathers the small frames a link sends in one turn of the event loop into batch frames
// (AgentFrame.batch / CoordinatorFrame.batch, proto/link.proto), for a peer that said it reads
// them. The receiver then handles one WebSocket message, and decodes one envelope, for the accepts
// of a batch of assigns, the assigns of a placed batch of jobs, the acks of the results that
// arrived together. Both ends of the agent link use it.
//
// Frames keep their order: a large frame (a content chunk, a large result) flushes what is pending
// and goes alone after it. Every batch is bounded by MAX_BATCH_FRAMES frames and by the peer's
// frame limit. One immediate per turn flushes every link with pending frames (not one per link).
import {
  BATCH_FRAME_OVERHEAD_BYTES,
  BATCH_OVERHEAD_BYTES,
  encodeFrameBatch,
  MAX_BATCH_FRAMES,
  MAX_BATCHED_FRAME_BYTES,
} from '../proto/index.js';

/** Where a batcher writes: one WebSocket message per call. */
export interface BatchedLink {
  writeFrame(bytes: Uint8Array): void;
}

/** Batchers with frames pending, flushed together at the end of the turn. */
let dirty: FrameBatcher[] = [];
let scheduled = false;

function flushAll(): void {
  scheduled = false;
  const list = dirty;
  dirty = [];
  for (const b of list) b.flush();
}

export class FrameBatcher {
  /** This turn's frames; null between turns (an idle link holds no array). */
  private pending: Uint8Array[] | null = null;
  private pendingBytes = BATCH_OVERHEAD_BYTES;
  private queued = false;

  constructor(
    private readonly link: BatchedLink,
    /** The largest frame the peer reads (its Welcome's max_frame_bytes, or the agent's default). */
    private readonly maxBatchBytes: number,
  ) {}

  /** Frames waiting for the end of the turn. */
  get pendingFrames(): number {
    return this.pending?.length ?? 0;
  }

  /** Sends `bytes` (one encoded frame) in this turn's batch, or alone when it is large. */
  send(bytes: Uint8Array): void {
    const size = bytes.byteLength + BATCH_FRAME_OVERHEAD_BYTES;
    if (bytes.byteLength > MAX_BATCHED_FRAME_BYTES || size + BATCH_OVERHEAD_BYTES > this.maxBatchBytes) {
      this.flush();
      this.link.writeFrame(bytes);
      return;
    }
    if (this.pendingFrames >= MAX_BATCH_FRAMES || this.pendingBytes + size > this.maxBatchBytes) this.flush();
    this.pending ??= [];
    this.pending.push(bytes);
    this.pendingBytes += size;
    if (this.queued) return;
    this.queued = true;
    dirty.push(this);
    if (!scheduled) {
      scheduled = true;
      // setImmediate, not a microtask: frames sent from several I/O or timer callbacks of one loop
      // iteration (results of jobs that ended together, acks of frames read together) share the
      // batch; a microtask would flush after each callback (docs/architecture.md, link batches).
      setImmediate(flushAll);
    }
  }

  /** Writes what is pending now: alone when one frame, else as one batch. */
  flush(): void {
    this.queued = false;
    const frames = this.pending;
    if (frames === null) return;
    const n = frames.length;
    this.pending = null;
    this.pendingBytes = BATCH_OVERHEAD_BYTES;
    this.link.writeFrame(n === 1 ? (frames[0] as Uint8Array) : encodeFrameBatch(frames));
  }

  /** The link closed: what is pending is dropped. */
  clear(): void {
    this.pending = null;
    this.pendingBytes = BATCH_OVERHEAD_BYTES;
  }
}
