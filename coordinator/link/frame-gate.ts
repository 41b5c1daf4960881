// Keeps one link's frames in order while the store is asked whose attempt a result is, and counts
// the frames a device sends for work that is not its own (strikes). Holding is bounded by count and
// bytes; repeated strikes and an overfull hold end the link.
import type { AgentFrame } from '../../proto/index.js';
import { CloseCode } from '../../proto/index.js';

/** Frames held while one store read (a few ms) decides a result's verdict. */
const MAX_HELD_FRAMES = 1024;
const MAX_HELD_BYTES = 4 * 1024 * 1024;

/**
 * The link a gate guards (the agent connection). An interface it implements rather than callbacks:
 * closures per link would cost every idle link memory.
 */
export interface GatedLink {
  /** Handles a frame in order (the connection's dispatch). */
  handleFrame(frame: AgentFrame): void;
  close(code: number, reason: string): void;
  /** Told of each strike (logs, reputation). */
  struck(count: number, why: string): void;
}

export class FrameGate {
  /** Frames waiting, in order, for a verdict; null when none is pending. */
  private held: AgentFrame[] | null = null;
  private heldBytes = 0;
  private strikes = 0;
  private closed = false;

  constructor(
    private readonly link: GatedLink,
    /** Strikes before the link is closed 4403. */
    private readonly maxStrikes: number,
  ) {}

  /** A decoded frame arrived: handled now, or held behind a pending verdict. */
  offer(frame: AgentFrame, bytes: number): void {
    if (this.held === null) {
      this.link.handleFrame(frame);
      return;
    }
    this.heldBytes += bytes;
    if (this.held.length >= MAX_HELD_FRAMES || this.heldBytes > MAX_HELD_BYTES) {
      this.link.close(CloseCode.TooLarge, 'too many frames in flight');
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
    this.link.struck(this.strikes, why);
    if (this.strikes >= this.maxStrikes) {
      this.link.close(CloseCode.Forbidden, 'frames for work not assigned to this device');
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
      else this.link.handleFrame(frame);
    }
  }
}
