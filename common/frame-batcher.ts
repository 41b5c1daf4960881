// Gathers the small frames a link sends in one turn of the event loop into batch frames
// (AgentFrame.batch / CoordinatorFrame.batch, proto/link.proto), for a peer that said it reads
// them. The receiver then handles one WebSocket message, and decodes one envelope, for the accepts
// of a batch of assigns, the assigns of a placed batch of jobs, the acks of the results that
// arrived together. Both ends of the agent link use it.
//
// Frames keep their order: a large frame (a content chunk, a large result) flushes what is pending
// and goes alone after it. Every batch is bounded by MAX_BATCH_FRAMES frames and by the peer's
// frame limit. One scheduled flush writes every link with pending frames (not one per link); when
// it runs is the side's choice (FlushAt).
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

/**
 * When a batcher writes what it gathered:
 * - 'iteration': at the end of the event loop's iteration (setImmediate), so frames sent from
 *   several I/O and timer callbacks of one iteration share a message. The agent's results end in
 *   separate callbacks (one per target response), and gathering them is what cut its messages in
 *   ten (docs/scaling.md, "Link batches").
 * - 'tick': once the current callback and every promise continuation it set off have run (a
 *   tick queued from a microtask, below). The coordinator's frames come in bursts from one
 *   callback (a placed batch's assigns, the acks of one commit's results), and a frame sent from
 *   the check phase (after a commit) would otherwise wait a whole loop iteration, the next poll
 *   phase's I/O included, before it leaves: the Assign of a job stored at once, in the path of
 *   every single job.
 */
export type FlushAt = 'iteration' | 'tick';

/** Batchers with frames pending, flushed together; one list per kind of flush. */
const queues: Record<FlushAt, { dirty: FrameBatcher[]; scheduled: boolean }> = {
  iteration: { dirty: [], scheduled: false },
  tick: { dirty: [], scheduled: false },
};

function flushQueue(at: FlushAt): void {
  const q = queues[at];
  q.scheduled = false;
  const list = q.dirty;
  q.dirty = [];
  for (const b of list) b.flush();
}
const flushIteration = () => flushQueue('iteration');
const flushTick = () => flushQueue('tick');
// A tick queued from a microtask runs once the microtask queue is empty: after every continuation
// the callback set off, those queued after this one included. (A tick queued from the callback
// itself would run before its continuations.)
const flushAfterContinuations = () => process.nextTick(flushTick);

export class FrameBatcher {
  /** This turn's frames; null between turns (an idle link holds no array). */
  private pending: Uint8Array[] | null = null;
  private pendingBytes = BATCH_OVERHEAD_BYTES;
  private queued = false;

  constructor(
    private readonly link: BatchedLink,
    /** The largest frame the peer reads (its Welcome's max_frame_bytes, or the agent's default). */
    private readonly maxBatchBytes: number,
    private readonly flushAt: FlushAt = 'iteration',
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
    const q = queues[this.flushAt];
    q.dirty.push(this);
    if (q.scheduled) return;
    q.scheduled = true;
    if (this.flushAt === 'tick') queueMicrotask(flushAfterContinuations);
    else setImmediate(flushIteration);
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
