// Keeps one link's frames in order while the store is asked whose attempt a result is, and counts
// the frames a device sends for work that is not its own (strikes). Holding is bounded by count and
// bytes; repeated strikes and an overfull hold end the link.
import type { AgentFrame } from '../../proto/index.js';
import { CloseCode } from '../../proto/index.js';

/** Frames held while one store read (a few ms) decides a result's verdict. */
const MAX_HELD_FRAMES = 1024;
const MAX_HELD_BYTES = 4 * 1024 * 1024;

export interface FrameGateOptions {
  /** Handles a frame in order (the connection's dispatch). */
  handle: (frame: AgentFrame) => void;
  close: (code: number, reason: string) => void;
  /** Told of each strike (logs, reputation). */
  onStrike: (count: number, why: string) => void;
  /** Strikes before the link is closed 4403. */
  maxStrikes: number;
}

export class FrameGate {
  /** Frames waiting, in order, for a verdict; null when none is pending. */
  private held: AgentFrame[] | null = null;
  private heldBytes = 0;
  private strikes = 0;
  private closed = false;

  constructor(private readonly opts: FrameGateOptions) {}

  /** A decoded frame arrived: handled now, or held behind a pending verdict. */
  offer(frame: AgentFrame, bytes: number): void {
    if (this.held === null) {
      this.opts.handle(frame);
      return;
    }
    this.heldBytes += bytes;
    if (this.held.length >= MAX_HELD_FRAMES || this.heldBytes > MAX_HELD_BYTES) {
      this.opts.close(CloseCode.TooLarge, 'too many frames in flight');
    } else this.held.push(frame);
  }

  /** Holds this frame and every later one until `verdict` settles, then handles them in order. */
  holdUntil(frame: AgentFrame, verdict: Promise<unknown>): void {
    this.held = [frame];
    this.heldBytes = 0;
    void verdict.finally(() => this.release());
  }

  /** Counts a frame for work that is not the device's own; too many close the link. */
  strike(why: string): void {
    this.strikes++;
    this.opts.onStrike(this.strikes, why);
    if (this.strikes >= this.opts.maxStrikes) {
      this.opts.close(CloseCode.Forbidden, 'frames for work not assigned to this device');
    }
  }

  /** The link closed: nothing held is handled any more. */
  clear(): void {
    this.closed = true;
    this.held = null;
  }

  private release(): void {
    const frames = this.held ?? [];
    this.held = null;
    if (this.closed) return;
    for (const frame of frames) {
      // A frame handled here may start another hold: the rest wait behind it, in order.
      if (this.held) (this.held as AgentFrame[]).push(frame);
      else this.opts.handle(frame);
    }
  }
}
